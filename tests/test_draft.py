"""`mancala-diagrams draft PAGE` on tiny hand-made pages (issue 17): which
rules a page is drafted with, a diagram that shows another continuation of an
earlier position, a page that starts mid-game, the start shown again with its
marks, and how the drafted files are counted.  The pages are made up, so
nothing here depends on the real pages or on time."""
import json
import shutil
import textwrap

import pytest

from mancala_diagrams.cli.main import main
from mancala_diagrams.files.draft import draft_page, measure, page_rules
from mancala_diagrams.files.verify import Verifier

from conftest import ROOT, published_rows as grid


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "rules").mkdir()
    (tmp_path / "sources").mkdir()
    for name in ("katro", "katro-4", "katro-6", "katro-gorobaka", "katro-gorobaka-4"):
        shutil.copy(ROOT / "rules" / f"{name}.yaml", tmp_path / "rules")
    pub = tmp_path / "published"
    pub.mkdir()
    monkeypatch.setenv("MANCALA_PUBLISHED", str(pub))
    monkeypatch.chdir(tmp_path)
    return tmp_path




def publish(project, page, *diagrams, heading=None, game=None):
    """A page of (id, board text[, marks]) diagrams, each after a line of text."""
    blocks = [{"kind": "h1", "text": heading}] if heading else []
    for i, (did, rows, *marks) in enumerate(diagrams):
        blocks.append({"kind": "p", "text": f"text before diagram {i + 1}"})
        blocks.append({"kind": "diagram", "id": did, "rows": grid(rows), **({"marks": marks[0]} if marks else {})})
    page_data = {"blocks": blocks, **({"game": game} if game else {})}
    (project / "published" / f"{page}.json").write_text(json.dumps(page_data))


START4 = "2 2 2 2\n" * 4
# South plays a2 clockwise from the start of katro on 4 columns (worked out by
# hand in test_source_claims.py): lap 1 captures c3, then two relays
AFTER_A2_CW = """
    2 2 2 2
    2 2 . 2
    1 4 1 3
    . 3 3 3"""
# South plays d1 counterclockwise from the same start (the board of
# docs/anatomy/anatomy-lines.yaml's third diagram, which the suite replays)
AFTER_D1_CCW = """
    2 2 2 2
    2 2 . 2
    3 3 1 4
    3 3 . 1"""
# North replies to AFTER_A2_CW with d3 counterclockwise (the board of
# docs/anatomy/anatomy-lines.yaml's second diagram, which the suite replays)
NORTH_REPLIES = """
    4 4 1 .
    1 3 1 1
    . 4 1 3
    . 3 3 3"""
# ... or with a3 clockwise: another page's board, as the engine plays that move
# (the test is about where the draft puts it; verify replays it)
NORTH_REPLIES_OTHERWISE = """
    5 2 1 5
    2 1 3 2
    1 . 1 .
    . 3 3 3"""
# South plays a1 counterclockwise: three laps (worked out by hand in test_explain.py)
THREE_LAPS_BEFORE = """
    . . . .
    1 . . .
    . . . 1
    2 1 1 1"""
THREE_LAPS_AFTER = """
    . . . .
    1 . . .
    . 1 1 .
    . 2 . 2"""


def draft(project, page, **kw):
    v = Verifier(project)
    files = draft_page(v, page, **kw)
    return files, measure(v, files, project / "drafts")


def test_the_rules_named_like_the_page_are_tried_first_and_its_examples_are_not_read(project):
    publish(project, "gorobaka", ("g-01", START4), heading="Katro gorobaka")
    # an example of the page that names other rules is not looked at
    (project / "sources" / "ex.yaml").write_text(
        "example: ex\nrules: katro-6\ntitle: {en: t, fr: t}\nsource: {page: gorobaka}\nstart: {to_move: south}\n"
        "diagrams: []\n")
    names = [r.name for r in page_rules(Verifier(project), project / "published", "gorobaka")]
    assert names[0] == "katro-gorobaka-4"
    assert set(names) == {"katro-gorobaka-4", "katro-4"}     # abstract rules and other sizes are left out


def test_a_page_named_after_the_game_tries_the_game_before_a_variant_its_game_line_also_names(project):
    # the katro page's game line speaks of katro gorobaka too; its name and heading are "katro"
    publish(project, "katro", ("k-01", START4), heading="Katro",
            game="katro (Dandouau, Linton), with katro gorobaka and mandry dia homana")
    names = [r.name for r in page_rules(Verifier(project), project / "published", "katro")]
    assert names == ["katro-4", "katro-gorobaka-4"]


def test_the_rules_title_names_the_game_in_every_language(project):
    # "Fifangakely (katra fandatsaka on 4 columns)": a page "Katra fandatsaka" tries it before
    # the rules named "katra-..." of another game; the words of one language ("columns") do not count
    for name in ("fifangakely", "katra-fandatsaka", "katra-paika", "katra-paika-4"):
        shutil.copy(ROOT / "rules" / f"{name}.yaml", project / "rules")
    publish(project, "katra-fandatsaka", ("f-01", START4), heading="Katra fandatsaka")
    names = [r.name for r in page_rules(Verifier(project), project / "published", "katra-fandatsaka")]
    assert names.index("fifangakely") < names.index("katra-paika-4")


def test_the_start_shown_alone_is_drafted_as_a_start_example(project):
    publish(project, "katro", ("k-01", START4), ("k-02", START4))
    files, m = draft(project, "katro", rules_names=["katro-4"])
    assert len(files) == 1 and "kind: start\n" in files[0].text
    assert m.rules_start == ["k-01", "k-02"] and m.decisions == [] and m.todo == []


def test_a_diagram_that_shows_another_opening_from_the_same_start_is_drafted_as_a_line_of_the_same_file(project):
    publish(project, "katro", ("k-01", START4), ("k-02", AFTER_A2_CW), ("k-03", AFTER_D1_CCW))
    files, m = draft(project, "katro", rules_names=["katro-4"])
    assert [f.chained for f in files] == [["k-02", "k-03"]]
    text = files[0].text
    assert textwrap.dedent("""\
        lines:
          main:
            moves:
              - {hole: a2, direction: clockwise}
            diagrams:
              # page: text before diagram 1
              - id: k-01
                at: turn 1 start
        """) in text
    assert textwrap.indent(textwrap.dedent("""\
        # another continuation, which the page shows in k-03: it starts at the start of main
        shows-k-03:
          from: {line: main, turn: 0}
          moves:
            - {hole: d1, direction: counterclockwise}
          diagrams:
            # page: text before diagram 3
            - id: k-03
              at: turn 1 end
              board: |
                2 2 2 2
                2 2 . 2
                3 3 1 4
                3 3 . 1
        """), "  ") in text
    # the board of k-03 is the one of the turn's last drop and of its end: the anchor is the turn's end
    # verify accepts the file as written: both continuations are counted
    assert m.decisions == ["k-02", "k-03"] and m.rules_start == ["k-01"] and m.todo == [] and m.refused == []


def test_a_continuation_of_a_later_turn_shares_the_turns_before_it(project):
    # k-02 is South's a2 clockwise; k-03 North's reply; k-04 another reply to the same a2
    publish(project, "katro", ("k-01", START4), ("k-02", AFTER_A2_CW), ("k-03", NORTH_REPLIES),
            ("k-04", NORTH_REPLIES_OTHERWISE))
    files, m = draft(project, "katro", rules_names=["katro-4"])
    assert len(files) == 1
    assert "    from: {line: main, turn: 1}\n" in files[0].text
    assert m.decisions == ["k-02", "k-03", "k-04"] and m.refused == []


def test_a_page_that_starts_mid_game_starts_from_its_first_board(project):
    publish(project, "katro", ("k-01", THREE_LAPS_BEFORE), ("k-02", THREE_LAPS_AFTER))
    files, m = draft(project, "katro", rules_names=["katro-4"])
    text = files[0].text
    assert "start:\n  from: k-01\n  to_move: south\n" in text
    assert "  - {hole: a1, direction: counterclockwise}\n" in text
    assert "  - id: k-01\n    at: start\n" in text
    assert m.own_start == ["k-01"] and m.decisions == ["k-02"] and m.todo == []


def test_the_start_shown_again_with_its_marks_is_placed_by_the_move_after_it(project):
    marks = [[None] * 4, [None] * 4, ["lightgreen", None, None, None], [None] * 4]
    publish(project, "katro", ("k-01", START4), ("k-02", START4, marks), ("k-03", AFTER_A2_CW))
    files, m = draft(project, "katro", rules_names=["katro-4"])
    text = files[0].text
    assert "  - id: k-02\n    at: turn 1 start\n" in text
    assert "    marks_show: {lightgreen: next-pickup}\n" in text
    assert m.decisions == ["k-03"] and m.rules_start == ["k-01", "k-02"] and m.todo == []


def test_a_board_nothing_reaches_gets_a_todo_and_is_not_counted(project, capsys):
    nine = THREE_LAPS_AFTER.replace(". 2 . 2", "9 9 9 9")      # more seeds than the game has
    publish(project, "katro", ("k-01", START4), ("k-02", AFTER_A2_CW), ("k-03", nine))
    out = project / "out"
    assert main(["draft", "katro", "--rules", "katro-4", "--dir", str(out)]) == 0
    printed = capsys.readouterr().out
    assert f"{out / 'katro-draft-k-03-todo.yaml'}" in printed and " katro-4: TODO: k-03 not reached" in printed
    todo = (out / "katro-draft-k-03-todo.yaml").read_text()
    assert "# TODO: no continuation from k-02 reaches k-03" in todo
    assert ("katro: 3 diagrams; 2 in files verify accepts once reviewed (66%): 1 chained with decisions, "
            "1 at the rules' start, 0 starting from their own board, 0 drawn from the rules (a sowing order, "
            "coloured holes); 1 TODO. Of the 2 that follow an earlier diagram, 1 reached by decisions (50%)"
            ) in printed
    assert main(["check", str(out / "katro-draft-k-03-todo.yaml")]) == 1


def test_a_todo_says_how_explain_can_search_for_its_diagram(project, capsys):
    # explain searches from the diagram before the one asked for in its example: the TODO file
    # starts from the diagram's own board, so the TODO says where to put the diagram first
    nine = AFTER_A2_CW.replace("1 4 1 3", "1 4 1 4")     # 33 seeds: one more than the game has
    publish(project, "katro", ("k-01", START4), ("k-02", AFTER_A2_CW), ("k-03", nine))
    out = project / "sources" / "katro"
    assert main(["draft", "katro", "--rules", "katro-4", "--dir", str(out)]) == 0
    todo = out / "katro-draft-k-03-todo.yaml"
    assert ("# To search further, move this diagram into the file that lists k-02, after it, with the\n"
            "# last turn it may show (`at: turn N end`), and run `mancala-diagrams explain k-03`: it searches up to\n"
            "# that turn from k-02") in todo.read_text()
    # done as it says, explain searches from k-02 and shows the closest boards
    todo.unlink()
    chained = out / "katro-draft-01.yaml"
    chained.write_text(chained.read_text() + "  - id: k-03\n    at: turn 2 end\n    board: |\n"
                       + "".join(f"      {line.strip()}\n" for line in nine.strip().splitlines()))
    capsys.readouterr()
    assert main(["explain", "k-03"]) == 1
    printed = capsys.readouterr().out
    # k-02 is drafted at the end of turn 1 (its board is the turn's last drop's and its end's): the
    # search starts after that turn, where k-03's turn begins
    assert "# k-03 (published grid), rules katro-4, searched from the end of turn 1 (k-02) " in printed
    assert "# closest 1: 1 hole differs, " in printed


def test_new_page_says_where_to_put_a_todo_before_explain(project, capsys):
    nine = THREE_LAPS_AFTER.replace(". 2 . 2", "9 9 9 9")
    publish(project, "katro", ("k-01", START4), ("k-02", AFTER_A2_CW), ("k-03", nine))
    page = json.loads((project / "published" / "katro.json").read_text())
    page.update(origin="Alain Busser, 'Jeux mathématiques de l'océan Indien'", page="katro.html")
    (project / "published" / "katro.json").write_text(json.dumps(page))
    (project / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "references.bib", project / "docs")
    assert main(["new", "page", "katro", "--rules", "katro-4", "--title", "Katro"]) == 0
    assert ("sources/katro/katro-draft-k-03-todo.yaml: a diagram nothing reached (k-03): find its moves (move it "
            "after the diagram before it, as the file's TODO says, then: mancala-diagrams explain k-03), or declare "
            "an erratum; then remove the TODO") in capsys.readouterr().out


def test_a_drafted_diagram_that_verify_refuses_is_not_counted(project):
    publish(project, "katro", ("k-01", START4), ("k-02", AFTER_A2_CW))
    v = Verifier(project)
    files = draft_page(v, "katro", rules_names=["katro-4"])
    files[-1].text = files[-1].text.replace("direction: clockwise", "direction: counterclockwise")
    m = measure(v, files, project / "drafts")
    assert m.decisions == [] and "k-02" in m.todo
    assert m.refused[0][:2] == ("k-02", "mismatch")


def test_a_search_out_of_time_has_not_searched_its_bound():
    from conftest import rules
    from mancala_diagrams.engine.search import Bound, search
    r = rules("katro-4")
    bound = Bound(turns=3, seconds=0)
    result = search(r, r.initial_position(), (99,) + (0,) * 15, bound)
    assert result.found is None and not result.exhausted and result.stopped == "seconds"
    assert bound.describe() == "3 turns, at most 1,000,000 positions, at most 0 seconds"


# South's track on katro's loop, as the real katro page numbers it on 6 columns
# (katro-04: from c1 counterclockwise, along the outer row to the right, then
# the inner row to the left): on 4 columns, from b1, five holes
TRACK5 = """
    . . . .
    . . . .
    . . 5 4
    . 1 2 3"""


def test_a_numbered_sowing_order_is_drafted_as_a_track_example(project):
    publish(project, "katro", ("k-01", TRACK5))
    files, m = draft(project, "katro", rules_names=["katro-4"])
    text = files[0].text
    assert "kind: track\n" in text
    assert "track: {player: south, from: b1, direction: counterclockwise, numbering: 1, count: 5}\n" in text
    assert m.drawn == ["k-01"] and m.decisions == [] and m.todo == []


def test_a_sowing_order_the_rules_do_not_give_is_left_as_a_todo(project):
    publish(project, "katro", ("k-01", TRACK5.replace("5 4", "4 5")))
    files, m = draft(project, "katro", rules_names=["katro-4"])
    assert m.todo == ["k-01"] and m.drawn == []
    assert "# TODO: k-01 is not a board of seeds" in files[0].text


def test_coloured_holes_on_an_empty_board_are_drafted_as_special_holes(project):
    marks = [["lightcyan"] * 4, ["lightcyan"] * 4, [None] * 4, [None] * 4]
    publish(project, "katro", ("k-01", ". . . .\n" * 4, marks))
    files, m = draft(project, "katro", rules_names=["katro-4"])
    text = files[0].text
    assert "kind: special-holes\n" in text and "legend: {lightcyan: holes.north}\n" in text
    assert m.drawn == ["k-01"] and m.todo == []


# katra paika on 4 columns, South's first turn from the start (the paika page's
# example game): b2 counterclockwise takes b3's 2 seeds and sows them from the
# right tsibongy leftwards, into d2 and c2
PAIKA_AFTER_B2 = """
    2 2 2 2
    2 . 2 2
    2 2 3 3
    2 2 2 2"""


def test_a_search_from_given_first_decisions_looks_only_at_their_continuations():
    from conftest import rules
    from mancala_diagrams.engine.geometry import CCW, CW
    from mancala_diagrams.engine.search import Bound, search
    r = rules("katra-paika-4")
    start, g = r.initial_position(), r.geometry
    target = tuple(v or 0 for row in grid(PAIKA_AFTER_B2) for v in row)
    free = search(r, start, target, Bound(turns=1))
    kind, value = free.found.moves[0][0]
    assert value == (g.parse("b2"), CCW)
    given = search(r, start, target, Bound(turns=1), first_decisions=((kind, value),))
    assert given.found.moves[0][0] == (kind, value)
    other = search(r, start, target, Bound(turns=1), first_decisions=((kind, (g.parse("a2"), CW)),))
    assert other.found is None and other.exhausted


def test_a_board_past_a_set_up_is_started_in_each_state_the_set_up_can_leave():
    """katro bevohoka's first turn chooses the special hole and the direction
    (state the board does not show): a board from the middle of a game is
    tried in each state a set-up leaves; rules without a set-up give none."""
    from conftest import rules
    from mancala_diagrams.files.draft import _setup_states
    bevohoka = rules("katro-bevohoka-2")
    states = _setup_states(bevohoka)
    holes = len(bevohoka.geometry.track("south"))
    assert len(states) == 2 * holes      # each hole as the special one, each direction
    assert all({k for k, _ in s} == {"target.south", "direction.south"} for s in states)
    assert _setup_states(rules("katro-4")) == []
