"""One vocabulary of evidence (issue 31): the statuses `verify --json` gives,
the words and definitions the verification page and the figures' badges show,
and the claim erratum of katro-gorobaka-04 on the errata page, with evidence
anyone can re-run."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from mancala_diagrams import cli
from mancala_diagrams.drawing.catalog import languages
from mancala_diagrams.files.project import published_dir
from mancala_diagrams.view.project import Project
from mancala_diagrams.view.rows import PASSED, STATUSES, status_words

ROOT = Path(__file__).resolve().parent.parent
PUBLISHED = published_dir(ROOT) is not None
GOROBAKA_04 = "sources/katro-gorobaka/katro-gorobaka-winning-start-4.yaml"

#: the statuses the issue asks for, as verify --json writes them
ASKED = ("replayed", "set-up", "sowing-order", "marks", "picture", "given", "erratum", "claim-erratum", "departure")


@pytest.fixture(scope="module")
def rows():
    exe = Path(sys.executable).parent / "mancala-diagrams"
    run = subprocess.run([str(exe), "verify", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    return json.loads(run.stdout)


def copied_starts() -> set[str]:
    """The published diagrams drawn at their example's own start when that start
    is a board of the example's (read from the YAML files themselves: a
    ``start:`` with a ``board:`` or a ``from:``, and a diagram at ``start``)."""
    found = set()
    for path in sorted((ROOT / "sources").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("generated") or data.get("kind", "game") != "game":
            continue
        start = data.get("start")
        if not isinstance(start, dict) or not ({"board", "from"} & set(start)):
            continue
        for line in [data, *(data.get("lines") or {}).values()]:
            for d in line.get("diagrams") or []:
                if d.get("at") == "start":
                    found.add(d["id"])
    return found


def test_verify_json_speaks_the_vocabulary(rows):
    statuses = {r["status"] for r in rows}
    assert statuses <= set(STATUSES), statuses - set(STATUSES)
    assert "verified" not in statuses and all(isinstance(s, str) for s in statuses)
    if PUBLISHED:
        assert set(ASKED) <= statuses, set(ASKED) - statuses


@pytest.mark.skipif(not PUBLISHED, reason="../shared/published is not beside the project")
def test_no_board_copied_from_its_own_start_is_called_replayed(rows):
    copied = copied_starts()
    assert len(copied) >= 20        # katra be, katra fandatsaka, katro, katro bevohoka, mraha wa ntso
    status = {r["diagram"]: r["status"] for r in rows if r["diagram"]}
    # a start equal to the rules' own set-up is no copy; every other one is given
    called = {d: status[d] for d in copied}
    assert set(called.values()) <= {"given", "set-up"}, {d: s for d, s in called.items()
                                                         if s not in ("given", "set-up")}
    given = {r["diagram"] for r in rows if r["status"] == "given"}
    assert given == {d for d, s in called.items() if s == "given"}
    # and each says what is known of it: reached, unreachable or unknown, with why
    for r in rows:
        if r["status"] == "given":
            assert r["given"]["result"] in ("reached", "unreachable", "unknown"), r
            assert r["given"]["words"]["en"] and r["given"]["words"]["fr"]


def test_every_status_has_a_word_and_a_definition_in_every_language():
    for lang in languages():
        seen = set()
        for status in STATUSES:
            word, definition = status_words(status, lang)
            assert word and definition.endswith("."), (lang, status)
            seen.add(word)
        assert len(seen) == len(STATUSES), lang
    # French is its catalog's, not the English
    assert status_words("given", "fr") != status_words("given", "en")
    assert status_words("claim-erratum", "fr")[0] == "erratum du texte"
    assert status_words("unknown thing", "fr") == ("unknown thing", "")
    assert set(PASSED) < set(STATUSES) and not {"mismatch", "error", "missing", "drafted"} & set(PASSED)


@pytest.mark.skipif(not PUBLISHED, reason="../shared/published is not beside the project")
def test_katro_gorobaka_04_is_a_claim_erratum_on_the_errata_page_in_both_languages(rows, capsys):
    row = next(r for r in rows if r["diagram"] == "katro-gorobaka-04")
    assert row["status"] == "claim-erratum" and row["claim_erratum"]["evidence"]["fr"]
    project = Project(ROOT)
    for lang, says in (("en", "the page says that the turn ends"), ("fr", "la page dit que le tour s’arrête")):
        found = [f for f in project.errata(lang) if f.id == "katro-gorobaka-04"]
        assert len(found) == 1, lang
        figure = found[0]
        assert figure.status == "claim-erratum" and figure.anchor == "claim-erratum-katro-gorobaka-04"
        assert says in " ".join(figure.points), figure.points
        # the commands that show it again are the errata page's code block (test_site_figures)
        # the figure drawn on its game page says so too, with the author's reason
        view = project.example(GOROBAKA_04, lang)
        step = next(f for f in view.figures if f.id == "katro-gorobaka-04")
        assert step.status == "claim-erratum" and step.erratum and says in step.evidence
    # the evidence, re-run as the caption says: the turn goes on after the diagram's moment
    assert cli.main(["replay", GOROBAKA_04, "--boards"]) == 0
    out = capsys.readouterr().out
    assert "turn 1 lap 4 merge" in out and "turn 1 lap 5 pickup" in out
    assert cli.main(["verify", GOROBAKA_04]) == 0
    lines = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert ["katro-gorobaka-04", "claim-erratum"] in [line[:2] for line in lines]


def test_a_third_language_is_only_a_catalog_and_gets_the_evidence(tmp_path):
    """The verifier's evidence is said from the caption catalogs: a language
    whose catalog translates the messages has it, with nothing else to add."""
    from mancala_diagrams.drawing import catalog
    from mancala_diagrams.files.evidence import seed_count_flag
    from mancala_diagrams.view.rows import in_words
    folder = tmp_path / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    fr = (catalog.LOCALES / "fr" / "LC_MESSAGES" / "captions.po").read_text(encoding="utf-8")
    (folder / "captions.po").write_text(fr.replace("Language: fr", "Language: xx"), encoding="utf-8")
    catalog.use_locale_dirs([tmp_path])
    try:
        words = in_words(seed_count_flag([[33, 33]], off_board=0, game=64)["words"])
        assert set(words) == {"en", "fr", "xx"} and words["xx"] == words["fr"] != words["en"]
        assert status_words("given", "xx") == status_words("given", "fr")
    finally:
        catalog.use_locale_dirs([])


def test_a_given_starts_figure_says_what_is_known_of_that_start_in_its_language():
    project = Project(ROOT)
    for lang, says in (("en", "within 3 turns is this start"), ("fr", "à 3 tours ou moins n’est ce départ")):
        view = project.example("sources/katro/katro-relay-in-outer-row.yaml", lang)
        first, second = view.figures[:2]
        assert (first.id, first.status) == ("katro-11", "given") and says in first.evidence
        assert second.status == "replayed"
