"""The typed figures of the view (mancala_diagrams/view/figures.py), without
Sphinx: what a page, the errata page and the in-page player read of a worked
example.  Expected boards are copied by hand from the published diagrams the
examples transcribe (katra-fandatsaka-13 to 16), not from the code."""
from __future__ import annotations

from pathlib import Path

import pytest
from docutils.nodes import make_id

from mancala_diagrams.engine.position import Position
from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files.project import published_dir
from mancala_diagrams.files.verify import Verifier
from mancala_diagrams.view.figures import anchor_of, position_figure, track_figure
from mancala_diagrams.view.project import Project
from mancala_diagrams.view.rows import evidence_status, in_words

ROOT = Path(__file__).resolve().parent.parent
RELAY = ROOT / "sources" / "katra-fandatsaka" / "katra-fandatsaka-relay-facing-empty-hole.yaml"
PUBLISHED = published_dir(ROOT) is not None     # ../shared/published, if it holds the pages


@pytest.fixture(scope="module")
def project():
    return Project(ROOT)


def test_a_worked_examples_figures_say_what_a_page_draws_and_what_a_player_starts_from(project):
    view = project.example(RELAY, "en")
    assert view.path == "sources/katra-fandatsaka/katra-fandatsaka-relay-facing-empty-hole.yaml"
    assert [f.id for f in view.figures] == [f"katra-fandatsaka-{n}" for n in range(13, 17)]
    for f in view.figures:
        assert f.anchor == f.id and f.caption.startswith(f"{f.id}. ")
        assert f.rules == "fifangakely" and f.example == view.path     # the rules the file names
        assert f.credit is not None and (f.credit.page, f.credit.number) == ("katra-fandatsaka", int(f.id[-2:]))
    # the player's start: the board drawn between two turns (the start, the turn's end,
    # with the other player to move), the turn's start for a moment inside it (a lap's end)
    starts = [Position.from_text(f.position) for f in view.figures]
    drawn = [f.pictures[-1].position for f in view.figures]
    assert starts[0].cells == drawn[0].cells and starts[1] == starts[2] == starts[0]
    assert starts[1].cells != drawn[1].cells and starts[2].cells != drawn[2].cells
    assert starts[3].cells == drawn[3].cells and starts[3].to_move != starts[0].to_move
    *steps, last = view.figures
    assert all(len(f.pictures) == 1 and f.pictures[0].side is None and f.erratum is None for f in steps)
    # the erratum: the published board and the replayed one, the holes that differ marked on both
    published, replayed = last.pictures
    assert (published.side, replayed.side) == ("published", "replayed")
    assert published.position.rows(empty=0)[3] == [0, 0, 1, 1] and replayed.position.rows(empty=0)[3] == [0, 1, 1, 0]
    differs = sorted(published.position.geometry.parse(h) for h in ("b1", "d1"))
    assert published.highlights["differs"] == differs and replayed.highlights["differs"] == differs
    assert last.erratum.startswith("from diagram 15 the turn has no decision left")
    assert "The board as published, then as replayed by the engine" in last.caption
    if PUBLISHED:
        assert [f.status for f in view.figures] == ["given", "replayed", "replayed", "erratum"]   # 13 is the start copied from the page
        assert "no continuation reaches the published board" in last.evidence
    fr = project.example(RELAY, "fr")
    assert [f.id for f in fr.figures] == [f.id for f in view.figures] and fr.title != view.title
    assert "Le plateau tel que publié, puis tel que rejoué par le moteur" in fr.figures[-1].caption


@pytest.mark.skipif(not PUBLISHED, reason="../shared/published is not beside the project")
def test_the_errata_page_draws_each_accepted_erratum_from_the_rows(project):
    found = project.errata("en")
    erratum_rows = [r for r in project.rows() if r.status == "erratum"]
    claim_rows = [r for r in project.rows() if r.claim_erratum is not None]     # the page's words are wrong
    assert [f.id for f in found] == sorted(r.diagram for r in erratum_rows + claim_rows)
    assert len({f.anchor for f in found}) == len(found)
    relay = next(f for f in found if f.id == "katra-fandatsaka-16")
    assert relay.anchor == "erratum-katra-fandatsaka-16"
    assert [p.side for p in relay.pictures] == ["published", "replayed"]
    assert relay.caption == "katra-fandatsaka-16. The marked holes differ between the two boards."
    assert relay.example == "sources/katra-fandatsaka/katra-fandatsaka-relay-facing-empty-hole.yaml"
    assert relay.points[0].startswith("Replayed: sources/katra-fandatsaka/katra-fandatsaka-relay-facing-empty-hole.yaml")
    assert relay.points[1] == "2 holes differ: b1 (published: empty, replayed: 1); d1 (published: 1, replayed: 0)."
    assert (relay.credit.page, relay.credit.number) == ("katra-fandatsaka", 16)
    assert project.errata("en", [RELAY]) == [relay]


def test_the_rows_of_the_view_are_the_verifiers(project):
    """The same rows, each status the vocabulary's word for the verifier's judgement."""
    ours = [r.to_json() for r in project.rows()]
    theirs = Verifier(ROOT).verify(coverage=True)
    # the verifier's words said in each language of the caption catalogs
    assert [{**r, "status": None} for r in ours] == [{**in_words(r), "status": None} for r in theirs]
    assert [r["status"] for r in ours] == [evidence_status(r) for r in theirs]


def test_a_position_and_a_track_are_figures_too():
    fig = position_figure(Position.from_text("2,0,5/4,1,0/0,3,1/3,2,4 south"), "en", {"last": "c2"},
                          "a1=red", None, None, None, "One position")
    assert (fig.id, fig.anchor, fig.caption, fig.authored) == ("One position", "one-position", None, False)
    (picture,) = fig.pictures
    assert picture.highlights == {"last": [picture.position.geometry.parse("c2")]}
    assert picture.marks == {picture.position.geometry.parse("a1"): "red"}
    assert fig.position == "2,0,5/4,1,0/0,3,1/3,2,4 south" and fig.rules is None
    track = track_figure(6, "en", start="c1", direction="clockwise", caption="My words")
    assert track.caption == "My words" and track.authored and track.pictures[0].numbers
    with pytest.raises(MancalaError, match="no player 'east'"):
        track_figure(6, "en", player="east")
    with pytest.raises(MancalaError, match="HOLE=COLOUR"):
        position_figure(Position.from_text("2,2/2,2 south"), "en", marks="a1")


@pytest.mark.parametrize("text", ["katro-06", "Katro 06", "katra-fandatsaka-16", "Éléphant & co", "2 rova",
                                  "  a__b..c  ", "x-", "-y", "m'raha wa ntso"])
def test_an_anchor_is_the_id_docutils_makes(text):
    assert anchor_of(text) == make_id(text)


def test_a_caption_catalog_that_cannot_be_read_fails_its_own_language_only(tmp_path):
    from mancala_diagrams.drawing import catalog
    broken = tmp_path / "locales" / "xx" / "LC_MESSAGES" / "captions.po"
    broken.parent.mkdir(parents=True)
    broken.write_text("garbage, not a catalog\n", encoding="utf-8")
    catalog.use_locale_dirs([tmp_path / "locales"])
    try:
        assert "xx" in catalog.languages()
        project = Project(ROOT)
        assert project.example(RELAY, "en").figures and project.example(RELAY, "fr").figures
        with pytest.raises(MancalaError, match="not a readable gettext catalog"):
            project.example(RELAY, "xx")
    finally:
        catalog.use_locale_dirs([])


def test_a_lines_caption_is_said_under_its_first_diagram(project):
    """katra paika's first turn: the line 'counterclockwise' (the other
    direction South could have chosen) says what it plays under its first
    diagram, katra-paika-08, before the words of the move; the main line's
    under katra-paika-05, before that diagram's own caption; no other figure
    repeats them."""
    path = ROOT / "sources" / "katra-paika" / "katra-paika-first-turn-6.yaml"
    for lang, other, main, own in (
            ("en", "katra-paika-08. Had South chosen the other direction, the first capture would have gone to "
                   "the right tsibongy. ",
             "katra-paika-05. South opens from c2 clockwise, so the first capture goes to the left tsibongy; "
             "the later captures go where South chooses. ",
             "South shows the hole chosen, c2, by lifting one of its seeds."),
            ("fr", "katra-paika-08. Si Sud avait choisi l’autre sens, la première prise serait partie du "
                   "tsibongy droit. ",
             "katra-paika-05. Sud ouvre depuis c2 dans le sens des aiguilles d’une montre\u00a0: la première "
             "prise part donc du tsibongy gauche\u00a0; les suivantes, d’où Sud le choisit. ",
             "Sud montre la case choisie, c2, en en soulevant une graine.")):
        figures = {f.id: f.caption for f in project.example(path, lang).figures}
        assert figures["katra-paika-08"].startswith(other)
        assert figures["katra-paika-08"] != other.strip()         # the move's words follow
        assert figures["katra-paika-05"].startswith(main + own)
        assert [i for i, c in figures.items() if main.split(". ", 1)[1][:30] in c or
                other.split(". ", 1)[1][:30] in c] == ["katra-paika-05", "katra-paika-08"]
