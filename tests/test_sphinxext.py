"""The Sphinx extension, built with ``sphinx.testing`` on a small project
(tests/roots/test-mancala) that uses every directive, in English and French."""
from __future__ import annotations

import re
import shutil
from html import unescape
from pathlib import Path

import pytest

from mancala_diagrams.files.project import published_dir

pytest_plugins = ("sphinx.testing.fixtures",)

ROOTS = Path(__file__).resolve().parent / "roots"


@pytest.fixture
def rootdir():
    return ROOTS


@pytest.fixture
def project(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(ROOTS / "test-mancala", src)
    return src


def build(make_app, srcdir, tmp_path, buildername="html", parallel=0, **conf):
    overrides = {"mancala_image_cache": str(tmp_path / "images"), **conf}
    out = tmp_path / f"out-{buildername}-{conf.get('language', 'en')}-{parallel}"
    app = make_app(buildername, srcdir=srcdir, builddir=out, confoverrides=overrides, parallel=parallel)
    app.build()
    return app


def figures(html: str) -> list[dict]:
    out = []
    # (between the class and the id: the data attributes of a figure, data-position ...)
    for m in re.finditer(r'<figure class="([^"]*)"(?: data-[\w-]+="[^"]*")*(?: id="([^"]*)")?>(.*?)</figure>',
                         html, re.S):
        body = m.group(3)
        # the caption's own words: without the status badge, the credit and the citation
        caption = re.search(r'<span class="caption-text">(.*?)</span>(?:<a class="headerlink"|</p>)', body, re.S)
        words = caption and re.sub(r'<(a|span) class="mancala-badge[^"]*"[^>]*>[^<]*</\1> '
                                   r'|\s*<span class="mancala-(credit|cite)">.*?</span>(?=\s*<span|$)', "",
                                   caption.group(1), flags=re.S)
        out.append({
            "classes": m.group(1).split(),
            "id": m.group(2),
            "images": re.findall(r'<img alt="([^"]*)"[^>]*src="([^"]+)"', body),
            "caption": unescape(re.sub(r"<[^>]+>", "", words)) if caption else None,
        })
    return out


def warnings_of(app) -> list[str]:
    return [w for w in app.warning.getvalue().splitlines() if "WARNING" in w]


def test_every_directive_in_english(make_app, project, tmp_path):
    app = build(make_app, project, tmp_path)
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    figs = figures(html)
    ids = [f["id"] for f in figs]
    # the worked example: one figure per published diagram, anchored by its id
    for n in range(6, 11):
        assert f"katro-{n:02d}" in ids
    example = {f["id"]: f for f in figs}
    assert example["katro-07"]["caption"] == "katro-07. South takes the 3 seeds of a1 in hand."
    assert example["katro-10"]["caption"] == (
        "katro-10. South drops the last seed into c2, which was empty, so the turn ends.")
    for f in figs:
        for alt, src in f["images"]:
            assert alt.startswith("A board of"), alt
            assert (app.outdir / src).is_file(), src
    # alt text states the position in words
    alt = unescape(example["katro-07"]["images"][0][0])
    assert "South’s outer row: empty, 2, 4, 2, 3, 3." in alt
    # the position and the track
    assert "one-position" in ids and "a-track" in ids
    assert example["a-track"]["caption"].startswith("South’s sowing order from c1, clockwise")
    # the erratum: published and replayed side by side, with the reason
    err = example["test-01"]
    assert "mancala-erratum" in err["classes"] and len(err["images"]) == 2
    assert "The diagram shows 2 seeds in c2 instead of 1." in err["caption"]
    assert "Differs from the published diagram: c2." in unescape(err["images"][0][0])
    # the legend: a sample per highlight (six rings and squares, two arrows, a question mark)
    assert html.count('class="mancala-legend-sample') == 9
    for words in ("dashed orange ring", "white arrow pointing right", "white arrow pointing left", "question mark"):
        assert words in html
    # the errata page links to the drawing
    errata = (app.outdir / "errata.html").read_text(encoding="utf-8")
    assert re.search(r'href="index.html#test-01"[^>]*>test-01</a>', errata)
    # the verification page lists published diagrams with their status
    verification = (app.outdir / "verification.html").read_text(encoding="utf-8")
    assert "katro-06" in verification and ">replayed<" in verification
    assert 'href="index.html#katro-06"' in verification


def test_bad_input_gives_a_located_warning_not_a_crash(make_app, project, tmp_path):
    app = build(make_app, project, tmp_path)
    warnings = warnings_of(app)
    bad = [w for w in warnings if "bad.yaml" in w]
    assert len(bad) == 1, warnings
    # where the directive is (index.md line 36), and where in the YAML the problem is (line 9)
    assert re.search(r"index\.md:36: WARNING: mancala-example: \S*examples/bad\.yaml:9:1: unknown key 'mvoes'",
                     bad[0]), bad[0]
    # a bad board row in a reST page: the line of that row
    row = [w for w in warnings if "page.rst" in w]
    assert len(row) == 1 and re.search(r"page\.rst:16: WARNING: mancala-position: .*'1 x \.'", row[0]), row
    assert len(warnings) == 2, warnings
    # nothing half-written in the image cache
    assert not list((tmp_path / "images").glob(".tmp-*"))


def test_french_build_shares_the_images_and_writes_french(make_app, project, tmp_path):
    en = build(make_app, project, tmp_path)
    cache = tmp_path / "images"
    before = {p.name: p.stat().st_mtime_ns for p in cache.iterdir()}
    fr = build(make_app, project, tmp_path, language="fr")
    after = {p.name: p.stat().st_mtime_ns for p in cache.iterdir()}
    assert after == before            # nothing redrawn, nothing added
    en_figs = {f["id"]: f for f in figures((en.outdir / "index.html").read_text(encoding="utf-8"))}
    fr_figs = {f["id"]: f for f in figures((fr.outdir / "index.html").read_text(encoding="utf-8"))}
    assert [s for f in en_figs.values() for _, s in f["images"]] == \
        [s for f in fr_figs.values() for _, s in f["images"]]
    assert fr_figs["katro-07"]["caption"] == "katro-07. Sud prend en main les 3 graines d’a1."
    assert unescape(fr_figs["katro-07"]["images"][0][0]).startswith("Un plateau de 4 rangées de 6 cases")


def test_same_build_twice_gives_the_same_images(make_app, project, tmp_path):
    build(make_app, project, tmp_path)
    first = {p.name: p.read_bytes() for p in (tmp_path / "images").iterdir()}
    shutil.rmtree(tmp_path / "images")
    shutil.rmtree(tmp_path / "out-html-en-0")
    build(make_app, project, tmp_path)
    second = {p.name: p.read_bytes() for p in (tmp_path / "images").iterdir()}
    assert first == second


def test_parallel_build(make_app, project, tmp_path):
    # enough pages for Sphinx to read them in several processes
    for n in range(8):
        (project / f"extra{n}.md").write_text(
            f"---\norphan: true\n---\n# Extra {n}\n\n```{{mancala-position}} {n},1/2,3 south\n```\n",
            encoding="utf-8")
    app = build(make_app, project, tmp_path, parallel=2)
    assert app.parallel == 2
    html = (app.outdir / "errata.html").read_text(encoding="utf-8")
    assert "test-01" in html                      # env data merged back from the workers
    verification = (app.outdir / "verification.html").read_text(encoding="utf-8")
    assert 'href="index.html#katro-06"' in verification
    assert len(warnings_of(app)) == 2
    for n in range(8):
        assert figures((app.outdir / f"extra{n}.html").read_text(encoding="utf-8"))[0]["images"]


def test_gettext_leaves_generated_words_out(make_app, project, tmp_path):
    app = build(make_app, project, tmp_path, buildername="gettext")
    pot = (app.outdir / "index.pot").read_text(encoding="utf-8")
    assert "A broken example" in pot            # the page's own prose is extracted
    assert "South takes" not in pot and "A board of" not in pot


ERRATUM_AND_DEPARTURE = """\
example: {name}
rules: katro-4c
title: {{en: t, fr: t}}
source: {{page: katro}}
start: {{to_move: south}}
moves:
  - hole: a2
    direction: counterclockwise
    departure:
      rule: compulsory-capture
      reason: {{en: The page forgets the capture., fr: La page oublie la prise.}}
diagrams:
  - id: {did}
    at: turn 1 end
    board: |
{board}
{erratum}"""


def test_errata_page_and_departure_note(make_app, tmp_path, monkeypatch):
    """The errata page draws each erratum: published grid and replay side by side,
    the differing hole highlighted, the evidence in words; a departure is noted
    beside its diagram."""
    from mancala_diagrams.files.loader import RulesLibrary
    from mancala_diagrams.engine.geometry import parse_direction
    root = tmp_path / "project"
    (root / "rules").mkdir(parents=True)
    (root / "sources").mkdir()
    for name in ("katro", "katro-4"):
        shutil.copy(ROOTS.parent.parent / "rules" / f"{name}.yaml", root / "rules")
    (root / "rules" / "katro-4c.yaml").write_text(
        "rules: katro-4c\nextends: katro-4\nmechanics:\n  compulsory-capture: {}\n")
    rules = RulesLibrary(root / "rules").load("katro-4")
    after = rules.play(rules.initial_position(), [("start", (rules.geometry.parse("a2"), parse_direction("ccw")))])
    rows = after.rows(empty=0)
    text = lambda rs: "\n".join("      " + " ".join(str(v) if v else "." for v in r) for r in rs)
    misprint = [list(r) for r in rows]
    misprint[3][3] += 1                                  # d1: one seed too many
    erratum = ("    erratum:\n      reason: {en: One seed too many in d1., fr: Une graine de trop en d1.}\n"
               "      search: {from: start, turns: 1}\n"
               "      rules_board: |\n" + "\n".join("  " + l for l in text(rows).splitlines()) + "\n")
    (root / "sources" / "ex.yaml").write_text(ERRATUM_AND_DEPARTURE.format(
        name="ex", did="k-01", board=text(misprint), erratum=erratum))
    pub = tmp_path / "published"
    pub.mkdir()
    (pub / "katro.json").write_text('{"blocks": [{"kind": "diagram", "id": "k-01", "rows": %s}]}'
                                    % str([[v or None for v in r] for r in misprint]).replace("None", "null"))
    monkeypatch.setenv("MANCALA_PUBLISHED", str(pub))
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["myst_parser", "mancala_diagrams.sphinx"]\n')
    (src / "index.md").write_text("# Test\n\n```{mancala-example} /../project/sources/ex.yaml\n```\n\n"
                                  "```{toctree}\nerrata\n```\n")
    (src / "errata.md").write_text("# Errata\n\n```{mancala-errata}\n```\n")
    for lang, words in (("en", ("Departure: turn 1 is played as the page plays it, against its own rule "
                                "compulsory-capture. The page forgets the capture.",
                                "1 hole differs: d1 (published: 4, replayed: 3).",
                                "One seed too many in d1.", "mancala-diagrams verify sources/ex.yaml",
                                "Replayed: sources/ex.yaml, at turn 1, end.", "As published", "As replayed by the engine")),
                        ("fr", ("Écart\u00a0: le tour 1 est joué comme la page le joue, contre sa propre règle "
                                "compulsory-capture. La page oublie la prise.",
                                "1 case diffère\u00a0: d1 (publié\u00a0: 4, rejoué\u00a0: 3).",
                                "Une graine de trop en d1.", "mancala-diagrams verify sources/ex.yaml",
                                "Rejoué\u00a0: sources/ex.yaml, moment\u00a0: tour 1, fin.", "Tel que publié",
                                "Tel que rejoué par le moteur"))):
        app = build(make_app, src, tmp_path, language=lang, mancala_project_root=str(root))
        drawn = {f["id"]: f for f in figures((app.outdir / "index.html").read_text(encoding="utf-8"))}
        assert words[0] in drawn["k-01"]["caption"], drawn["k-01"]["caption"]
        errata = (app.outdir / "errata.html").read_text(encoding="utf-8")
        page = figures(errata)
        assert [f["id"] for f in page] == ["erratum-k-01-boards"]
        fig = page[0]
        assert "mancala-erratum" in fig["classes"] and len(fig["images"]) == 2
        # an entry: its heading, the boards labelled, the evidence as a list, the command as code
        assert re.search(r'<h2 class="[^"]*rubric[^"]*" id="erratum-k-01">k-01</h2>', errata)
        text = unescape(re.sub(r"<[^>]+>", "", errata))
        for w in words[1:]:
            assert w in text, w
        assert re.search(r'<pre[^>]*>.*\.venv/bin/mancala-diagrams.*verify.*sources/ex\.yaml', errata)
        assert all((app.outdir / src_).is_file() for _alt, src_ in fig["images"])
        assert "d1" in unescape(fig["images"][0][0])          # the differing hole, named in the alt text


def test_one_view_per_build_for_the_errata_and_verification_pages(make_app, project, tmp_path, monkeypatch):
    """The errata page and the verification page of one build share one view
    of the project (every example loaded, verified and drawn once; the digest
    of every file it reads taken once), and both pages still show it; the
    French build reads it back."""
    from mancala_diagrams.view import cache, project as project_module
    made, digested = [], []
    real_make, real_digests = project_module.make_view, cache.digests
    monkeypatch.setattr(project_module, "make_view", lambda *a: made.append(a) or real_make(*a))
    monkeypatch.setattr(project_module, "digests", lambda *a: digested.append(a) or real_digests(*a))
    app = build(make_app, project, tmp_path)
    assert len(made) == 1
    assert len(digested) == 2       # when the build starts, and again once the view is made, before it is kept
    errata = (app.outdir / "errata.html").read_text(encoding="utf-8")
    assert re.search(r'href="index.html#test-01"[^>]*>test-01</a>', errata)
    verification = (app.outdir / "verification.html").read_text(encoding="utf-8")
    assert 'href="index.html#katro-06"' in verification
    build(make_app, project, tmp_path, language="fr")
    assert len(made) == 1




def test_a_figure_carries_what_a_player_starts_from_and_its_status(make_app, project, tmp_path):
    """Each figure of a worked example says, as data attributes, the rules it is
    played by, the position a game played from it starts from, as a position
    text (the board drawn between two turns; for a moment inside a turn, the
    board that turn began with) and the verifier's status; a position has its
    text, a sowing order neither."""
    from mancala_diagrams.engine.position import Position
    app = build(make_app, project, tmp_path)
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    tags = {m.group(2): dict(re.findall(r'(data-[\w-]+)="([^"]*)"', m.group(1)))
            for m in re.finditer(r'<figure ([^>]*id="([^"]+)"[^>]*)>', html)}
    start = [[2, 0, 5, 0, 4, 0], [4, 1, 0, 0, 4, 2], [2, 3, 0, 2, 2, 0], [3, 2, 4, 2, 3, 3]]   # katro-06's board
    for fid in ("katro-06", "katro-07", "katro-10"):     # the start, then the seeds picked up and sown
        step = tags[fid]
        assert step["data-rules"] == "katro-6"
        position = Position.from_text(unescape(step["data-position"]))
        assert position.rows(empty=0) == start and position.hand is None and position.to_move == "south"
    assert tags["katro-07"]["data-status"] == tags["katro-10"]["data-status"] == "replayed"
    # its id is no published diagram's; without the transcriptions (../shared/published), the erratum it
    # declares is checked against the example's own transcription
    published = published_dir(ROOTS.parent.parent) is not None
    assert tags["test-01"]["data-status"] == ("mismatch" if published else "erratum")
    assert set(tags["one-position"]) == {"data-position"}
    assert Position.from_text(unescape(tags["one-position"]["data-position"])).rows(empty=0)[0] == [2, 0, 5]
    assert tags["a-track"] == {}
