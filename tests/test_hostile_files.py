"""Hostile input, one class at a time, with the exact message expected: each
refusal names the file, the line and the column, and comes before the work it
would have cost (no traceback, no hang, no memory exhausted, nothing read
outside the project).  The fuzz test (test_fuzz_files.py) and ``make fuzz``
try the same classes at random."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys

import pytest

from mancala_diagrams import limits
from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files.yamlio import load_yaml, load_yaml_file

from conftest import ROOT


def refusal(text, file="f.yaml") -> str:
    with pytest.raises(MancalaError) as info:
        load_yaml(text, file)
    return str(info.value)


def file_refusal(path) -> str:
    with pytest.raises(MancalaError) as info:
        load_yaml_file(path)
    return str(info.value)


# -- aliases --------------------------------------------------------------------------------------
def test_a_recursive_alias_is_refused_at_the_alias():
    assert refusal("moves: &r [1, *r]\n") == (
        "f.yaml:1:15: the alias *r is inside the value it names (a recursive alias) "
        "(expected an alias of a value that is complete)")


def test_a_recursive_alias_in_a_mapping_is_refused():
    assert refusal("a: &m\n  b: 1\n  c: *m\n") == (
        "f.yaml:3:6: the alias *m is inside the value it names (a recursive alias) "
        "(expected an alias of a value that is complete)")


BILLION_LAUGHS = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{n}: &{n} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n" for p, n in zip("abcdefgh", "bcdefghi"))


def test_billion_laughs_is_refused_by_its_expanded_size_without_expanding_it():
    # each key and each list count one value: a's list stands for 10 values,
    # b's for 1 + 9 x 10 = 91, c's 820, d's 7,381, e's 66,430; with the mapping
    # and the keys the file holds 74,738 values when e's list ends, 74,740 when
    # f's begins, and its first *e (line 6, column 8) brings 66,430 more
    message = refusal(BILLION_LAUGHS)
    assert message == ("f.yaml:6:8: with its aliases expanded, the file holds more than 100,000 values "
                       "(the alias *e stands for 66,430) (expected at most 100,000 values)")


def test_an_alias_is_built_once_and_shared():
    data = load_yaml("a: &a [1, 2]\nb: *a\n")
    assert data["b"] is data["a"]
    assert data.loc("b") == (2, 4)          # located where it is used


def test_an_alias_with_no_anchor_is_refused():
    assert refusal("a: 1\nb: *nowhere\n") == (
        "f.yaml:2:4: the alias *nowhere names no anchor before it (expected &nowhere on a value above)")


# -- nesting ---------------------------------------------------------------------------------------
def test_nesting_deeper_than_the_limit_is_refused_at_the_first_level_too_many():
    assert limits.MAX_DEPTH == 32
    # the top mapping is the first level: the 32nd '[' is the 33rd level
    assert refusal("a: " + "[" * 40 + "]" * 40) == (
        "f.yaml:1:35: more than 32 mappings and lists inside one another (expected at most 32 levels)")


def test_fifty_thousand_levels_neither_crash_nor_recurse():
    assert refusal("[" * 50_000).startswith("f.yaml:1:33: more than 32 mappings and lists")
    assert refusal("- " * 50_000 + "1").startswith("f.yaml:1:65: more than 32 mappings and lists")


# -- tags ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, message", [
    ("captures: !!bool maybe\n", "f.yaml:1:11: 'maybe' is not a valid !!bool (expected true or false)"),
    ("columns: !!int 0xZZ\n", "f.yaml:1:10: '0xZZ' is not a valid !!int (expected a whole number)"),
    ("date: !!timestamp 2024-13-45\n",
     "f.yaml:1:7: '2024-13-45' is not a valid !!timestamp (expected a date such as 2024-05-01)"),
    ("x: !!float one\n", "f.yaml:1:4: 'one' is not a valid !!float (expected a number)"),
    ("x: !!python/object/apply:os.system [ls]\n",
     "f.yaml:1:4: YAML tag '!!python/object/apply:os.system' is not allowed (files are plain data) "
     "(expected text, numbers, true/false, null, lists and mappings)"),
    ("x: !!binary aGVsbG8=\n", "f.yaml:1:4: YAML tag '!!binary' is not allowed (files are plain data) "
                               "(expected text, numbers, true/false, null, lists and mappings)"),
    ("x: !!set {a, b}\n", "f.yaml:1:4: YAML tag '!!set' is not allowed (files are plain data) "
                          "(expected text, numbers, true/false, null, lists and mappings)"),
    ("id: !!merge x\n", "f.yaml:1:5: YAML tag '!!merge' is not allowed (files are plain data) "
                         "(expected text, numbers, true/false, null, lists and mappings)"),
    ("x: !!int " + "9" * 200 + "\n",
     "f.yaml:1:4: a number of 200 characters is too long (expected at most 100 characters)"),
])
def test_a_tag_that_cannot_be_read_is_located(text, message):
    assert refusal(text) == message


def test_a_plain_number_too_long_to_be_one_is_text():
    assert load_yaml("x: " + "9" * 5000) == {"x": "9" * 5000}


# -- encodings and characters --------------------------------------------------------------------
def test_bytes_that_are_not_utf8_are_located_from_their_offset(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_bytes("rules: katro\ntitle: {en: caf\xe9, fr: caf".encode("latin-1") + b"\xff\n")
    assert file_refusal(path) == (f"{path}:2:16: not UTF-8 text: byte 0xE9 (invalid continuation byte) "
                                  "(expected a file saved as UTF-8)")


@pytest.mark.parametrize("text, message", [
    ("a: 1\nb: x\x00y\n", "f.yaml:2:5: character U+0000 (NUL) is not allowed in a YAML file"),
    ("a: 1\r\nb: \x1b[31m\n", "f.yaml:2:4: character U+001B (ESC) is not allowed in a YAML file"),
    ("a: \x07\n", "f.yaml:1:4: character U+0007 (a control character) is not allowed in a YAML file"),
])
def test_nul_and_control_characters_are_located(text, message):
    assert refusal(text) == message + " (expected printable text, tabs and line breaks)"


def test_a_parse_error_is_one_line_with_its_place():
    assert refusal("a: 1\nb: [1, 2\nc: 3\n") == (
        "f.yaml:3:2: invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence)")


def test_a_character_that_cannot_start_a_value_is_named():
    assert refusal("a: 1\nb: @c\n") == (
        "f.yaml:2:4: invalid YAML: found character '@' that cannot start any token "
        "(while scanning for the next token)")


def test_a_list_a_thousand_levels_deep_after_a_key_is_refused_at_its_first_level_too_many():
    # libyaml stops looking ahead at a thousand levels: the refusal still
    # names the 33rd (the mapping is the first level, the 'sources' list the
    # second, at column 10: the 33rd level is the 32nd '[', column 41)
    text = "rules: x\nsources: " + "[" * 5000 + "]" * 5000 + "\n"
    assert refusal(text) == (
        "f.yaml:2:41: more than 32 mappings and lists inside one another (expected at most 32 levels)")


# -- numbers ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("written", ["6_0", "1:30", "1:30.5", "010", "0x1F", "0b11", "1_000.5", "190:20:30"])
def test_a_number_in_a_form_other_than_decimal_digits_is_text(written):
    # YAML 1.1 reads 6_0 as 60, 1:30 as 90 and 010 as 8: none is what a
    # contributor meant, so none becomes a number
    assert load_yaml(f"x: {written}\n") == {"x": written}


@pytest.mark.parametrize("written, value", [("60", 60), ("-3", -3), ("+5", 5), ("0", 0), ("1.5", 1.5),
                                            ("1.0e+308", 1.0e308), (".5", 0.5)])
def test_a_number_in_decimal_digits_is_a_number(written, value):
    assert load_yaml(f"x: {written}\n") == {"x": value}


# -- sizes -----------------------------------------------------------------------------------------
def test_a_file_larger_than_the_limit_is_refused_before_parsing(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("a: 1\n" + "# " + "x" * (limits.MAX_FILE_BYTES) + "\n", encoding="utf-8")
    assert file_refusal(path) == (f"{path}:2:1048572: the file is larger than 1,048,576 bytes "
                                  "(expected at most 1,048,576 bytes (1 MiB))")


def test_a_list_longer_than_the_limit_is_refused_at_the_first_item_too_many():
    text = "moves:\n" + "- 1\n" * (limits.MAX_ITEMS + 5)
    assert refusal(text) == "f.yaml:1002:3: a list of more than 1,000 items (expected at most 1,000 items)"


def test_a_file_of_too_many_values_is_refused():
    text = "".join(f"k{i}: [" + ", ".join(["1"] * 999) + "]\n" for i in range(120))
    assert refusal(text) == ("f.yaml:100:2701: the file holds more than 100,000 values "
                             "(expected at most 100,000 values)")


# -- special files -----------------------------------------------------------------------------
def test_a_fifo_is_refused_without_blocking(tmp_path):
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    assert file_refusal(path) == f"{path}:1:1: a named pipe (FIFO), not a regular file (expected a YAML file)"


def test_a_symbolic_link_loop_is_named(tmp_path):
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    assert file_refusal(tmp_path / "a.yaml") == f"{tmp_path / 'a.yaml'}:1:1: a symbolic link that leads round in a loop"


def test_a_dangling_symbolic_link_says_where_it_points(tmp_path):
    (tmp_path / "a.yaml").symlink_to("gone.yaml")
    assert file_refusal(tmp_path / "a.yaml") == (
        f"{tmp_path / 'a.yaml'}:1:1: a symbolic link to 'gone.yaml', which does not exist")


def test_a_folder_and_a_device_are_not_files(tmp_path):
    (tmp_path / "d.yaml").mkdir()
    assert file_refusal(tmp_path / "d.yaml") == (
        f"{tmp_path / 'd.yaml'}:1:1: a folder, not a regular file (expected a YAML file)")
    assert file_refusal("/dev/zero") == "/dev/zero:1:1: a device, not a regular file (expected a YAML file)"


def test_a_socket_is_not_a_file(tmp_path):
    path = tmp_path / "s.yaml"
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind(str(path))
        assert file_refusal(path) == f"{path}:1:1: a socket, not a regular file (expected a YAML file)"
    finally:
        s.close()


# -- names and paths ---------------------------------------------------------------------------
@pytest.fixture
def project(tmp_path):
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    (tmp_path / "sources" / "x").mkdir(parents=True)
    shutil.copytree(ROOT / "docs" / "data", tmp_path / "docs" / "data")       # the known pages
    shutil.copy(ROOT / "docs" / "bibliography.md", tmp_path / "docs")
    return tmp_path


EXAMPLE = """example: ex
rules: {rules}
title: {{en: x, fr: x}}
source: {{page: katro, describes: [busser]}}
start: {{}}
diagrams: [{{id: x-1, at: start, board: "1"}}]
"""


def example_refusal(project, rules_name) -> str:
    from mancala_diagrams.files.examples import ExampleLoader
    from mancala_diagrams.files.loader import RulesLibrary
    path = project / "sources" / "x" / "ex.yaml"
    path.write_text(EXAMPLE.format(rules=rules_name), encoding="utf-8")
    with pytest.raises(MancalaError) as info:
        ExampleLoader(RulesLibrary(project / "rules")).load(path)
    return str(info.value).replace(str(project), "P")


def test_a_rules_name_that_climbs_out_is_refused_before_it_becomes_a_path(project):
    outside = project.parent / "outside"
    outside.mkdir(exist_ok=True)
    (outside / "evil.yaml").write_text("secret_key: 1\n", encoding="utf-8")
    message = example_refusal(project, "../../outside/evil")
    assert message == ("P/sources/x/ex.yaml:2:8: '../../outside/evil' is not a rules name (expected lower-case "
                       "letters, digits and '-' (at most 100), the name of a file of rules/ without .yaml)")
    assert "secret_key" not in message


@pytest.mark.parametrize("name", ["/etc/passwd", "katro/../katro-6", "Katro-6", "katro-6.yaml", "a\\b", "x" * 101])
def test_names_with_separators_dots_or_capitals_are_not_names(project, name):
    assert f"{name!r} is not a rules name" in example_refusal(project, f"'{name}'")


def test_a_name_that_ends_in_a_line_break_is_not_a_name(project):
    # a regular expression's $ matches before a final line break: the name is matched whole
    assert example_refusal(project, '"katro-6\\n"').startswith(
        "P/sources/x/ex.yaml:2:8: 'katro-6\\n' is not a rules name")


def test_a_name_too_long_is_not_a_name_and_is_not_echoed_whole(project):
    assert example_refusal(project, "x" * 5000) == (
        f"P/sources/x/ex.yaml:2:8: '{'x' * 99}…' (5,000 characters) is not a rules name "
        "(expected lower-case letters, digits and '-' (at most 100), the name of a file of rules/ without .yaml)")


def test_a_message_that_quotes_another_cuts_only_quoted_values():
    # explain names the file it could not load, whose refusal quotes a long TODO: the text
    # between the two messages' quoted values (over 200 characters) is not a quoted value
    from mancala_diagrams.errors import MancalaError
    todo = "TODO: no continuation from p-03 reaches p-04 within 2 turns" + " (every decision tried)" * 8
    inner = MancalaError(f"the file still holds a TODO: {todo!r}", file="sources/p/" + "p-draft-p-04-todo" * 6
                         + ".yaml", line=2, column=3, expected="the text the TODO asks for")
    outer = str(MancalaError(f"no example transcribes 'p-04' (page p); 1 file of sources/ could not be read or "
                             f"loaded, the first: {inner}: give the position to search from"))
    assert outer.startswith("no example transcribes 'p-04' (page p); 1 file of sources/ could not be read or "
                            "loaded, the first: sources/p/p-draft-p-04-todo")
    assert ":2:3: the file still holds a TODO: 'TODO: no continuation from p-03" in outer
    assert f"…' ({len(todo):,} characters)" in outer and outer.endswith(": give the position to search from")


def test_a_list_where_the_rules_name_goes_is_not_a_name(project):
    assert example_refusal(project, "[katro-6]").startswith(
        "P/sources/x/ex.yaml:2:8: ['katro-6'] is not a rules name")


def test_a_rules_link_that_leads_outside_the_rules_folder_is_refused(project):
    outside = project.parent / "elsewhere.yaml"
    outside.write_text("rules: leak\n", encoding="utf-8")
    (project / "rules" / "leak.yaml").symlink_to(outside)
    assert example_refusal(project, "leak") == (
        f"P/rules/leak.yaml:1:1: a symbolic link that leads outside rules/ (to {outside}) "
        "(expected a file inside P/rules)")


def test_a_dangling_rules_link_is_not_a_missing_name(project):
    (project / "rules" / "gone.yaml").symlink_to("nowhere.yaml")
    assert example_refusal(project, "gone") == (
        "P/rules/gone.yaml:1:1: a symbolic link to 'nowhere.yaml', which does not exist")


def test_a_rules_link_loop_is_named(project):
    (project / "rules" / "loop.yaml").symlink_to("loop.yaml")
    assert example_refusal(project, "loop") == "P/rules/loop.yaml:1:1: a symbolic link that leads round in a loop"


def test_a_rules_fifo_is_refused_without_blocking(project):
    os.mkfifo(project / "rules" / "pipe.yaml")
    assert example_refusal(project, "pipe") == (
        "P/rules/pipe.yaml:1:1: a named pipe (FIFO), not a regular file (expected a YAML file)")


def test_an_example_link_in_sources_that_leads_outside_is_refused(project):
    from mancala_diagrams.files.examples import ExampleLoader
    from mancala_diagrams.files.loader import RulesLibrary
    outside = project.parent / "stolen.yaml"
    outside.write_text("example: stolen\n", encoding="utf-8")
    (project / "sources" / "x" / "stolen.yaml").symlink_to(outside)
    with pytest.raises(MancalaError) as info:
        ExampleLoader(RulesLibrary(project / "rules")).load(project / "sources" / "x" / "stolen.yaml")
    assert str(info.value) == (f"{project}/sources/x/stolen.yaml:1:1: a symbolic link that leads outside "
                               f"sources/ (to {outside}) (expected a file inside {project}/sources)")


# -- the command line ----------------------------------------------------------------------------
def run_cli(*args, stdout=subprocess.PIPE, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "mancala_diagrams.cli", *args], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, cwd=cwd, timeout=120)


def test_check_on_an_empty_folder_is_an_error(tmp_path):
    done = run_cli("check", str(tmp_path))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"mancala-diagrams: check: the folder '{tmp_path}' holds no .yaml file "
                           "(expected a rules or example file, or a folder that holds some)\n")


def test_check_on_a_folder_named_like_a_yaml_file_is_an_error(tmp_path):
    (tmp_path / "x.yaml").mkdir()
    done = run_cli("check", str(tmp_path / "x.yaml"))
    assert done.returncode == 2
    assert done.stderr == (f"mancala-diagrams: check: the folder '{tmp_path / 'x.yaml'}' holds no .yaml file "
                           "(expected a rules or example file, or a folder that holds some)\n")


def test_a_closed_output_is_one_line_and_a_failure():
    read, write = os.pipe()
    os.close(read)                      # as `| head -1` does once it has its line
    try:
        done = run_cli("rules", stdout=write)
    finally:
        os.close(write)
    assert done.returncode == 1
    assert done.stderr == "mancala-diagrams: the output was closed before the end (broken pipe)\n"


def test_a_full_output_is_one_line_and_a_failure():
    with open("/dev/full", "w") as full:
        done = run_cli("rules", stdout=full)
    assert done.returncode == 1
    assert done.stderr == "mancala-diagrams: cannot write the output: No space left on device\n"


# -- sizes the engine would pay for -------------------------------------------------------------
def test_a_move_that_would_sow_ten_million_seeds_is_refused_before_sowing():
    from mancala_diagrams.engine.geometry import CW
    from conftest import board, rules
    from mancala_diagrams.errors import LimitExceeded
    r = rules("katro-4")
    pos = board("""
        1 1 1 1
        1 1 1 1
        10000000 1 1 1
        1 1 1 1""")
    with pytest.raises(LimitExceeded) as info:
        r.play(pos, [("start", (r.geometry.parse("a2"), CW))])
    assert str(info.value) == ("the turn would sow more than 100,000 seeds (lap 1 takes 10,000,000) "
                               "(expected at most 100,000, the limit MAX_SOWN_PER_TURN)")


def test_a_turn_with_too_many_laps_is_cut(monkeypatch):
    from mancala_diagrams.engine import turn
    from mancala_diagrams.engine.geometry import CW
    from conftest import board, rules
    from mancala_diagrams.errors import LimitExceeded
    monkeypatch.setattr(turn, "MAX_LAPS_PER_TURN", 2)     # a relay of three laps goes past it
    r = rules("katro-4")
    pos = board("""
        1 1 1 1
        1 1 1 1
        1 1 1 1
        1 1 1 1""")
    with pytest.raises(LimitExceeded) as info:
        r.play(pos, [("start", (r.geometry.parse("a2"), CW))])
    assert str(info.value).startswith("the turn did not end after 2 laps")


def test_a_replay_that_records_too_many_events_is_cut(monkeypatch):
    from mancala_diagrams.engine import turn
    from mancala_diagrams.engine.geometry import CW
    from conftest import board, rules
    from mancala_diagrams.errors import LimitExceeded
    monkeypatch.setattr(turn, "MAX_EVENTS", 3)
    r = rules("katro-4")
    pos = board("""
        . . . .
        . . . .
        3 . . .
        . . . .""")
    with pytest.raises(LimitExceeded) as info:
        r.play(pos, [("start", (r.geometry.parse("a2"), CW))], events=[])
    assert str(info.value) == ("the replay records more than 3 events (each a picture of the board) "
                               "(expected at most 3, the limit MAX_EVENTS)")


# The Fianarantsoa katro on 2 columns as fuzzing left it, its mandry taken out
# by a tag (``!!null x``): no lap ends the turn, so each of the four openings
# relays until MAX_LAPS_PER_TURN cuts it.  Listing the legal moves played
# every choice of every decision out that far: 136 replays and 1.16 million
# laps for the eight variants of the base, some 56 s.
NO_NAP = """\
rules: katro-no-nap-2
title: {en: Katro of Fianarantsoa without mandry, fr: Katro de Fianarantsoa sans mandry}
summary: {en: x, fr: x}
sources: [devoogt-1998]
board: {rows_per_player: 3, columns: 2, notation: letters, track: boustrophedon}
start: {seeds_per_hole: 2}
mechanics:
  choose-hole: {outermost_row: true}
  direction: {choice: per-turn}
  mandry: !!null x
  capture: {take: opposite}
  row-shift: {}
  relay: {}
  goal: {win: last-mover}
"""


def test_listing_the_moves_stops_when_its_choices_go_on_for_thousands_of_laps(project):
    import time
    from mancala_diagrams.errors import LimitExceeded
    from mancala_diagrams.files.loader import RulesLibrary
    (project / "rules" / "katro-no-nap-2.yaml").write_text(NO_NAP, encoding="utf-8")
    r = RulesLibrary(project / "rules").load("katro-no-nap-2")
    began = time.process_time()
    with pytest.raises(LimitExceeded) as info:
        r.legal_moves(r.initial_position(), limit=20)
    assert time.process_time() - began < 2         # four choices of 10,000 laps: some 0.3 s
    assert str(info.value) == (
        "listing the legal moves plays more than 30,000 laps in choices after which the turn never ends or "
        "goes past 10,000 laps (expected at most 30,000, the limit MAX_LAPS_LEFT_OUT)")


def test_listing_the_moves_stops_at_its_budget_of_laps(monkeypatch):
    from conftest import rules
    from mancala_diagrams.engine import rules as engine_rules
    from mancala_diagrams.errors import LimitExceeded
    r = rules("katro-4")
    start = r.initial_position()
    assert len(r.legal_moves(start)) == 16
    monkeypatch.setattr(engine_rules, "MAX_LAPS_LEGAL_MOVES", 5)
    with pytest.raises(LimitExceeded) as info:
        r.legal_moves(start)
    assert str(info.value) == ("listing the legal moves plays more than 5 laps in all "
                               "(expected at most 5, the limit MAX_LAPS_LEGAL_MOVES)")


def test_new_example_says_which_turn_could_not_be_listed(project, monkeypatch):
    from mancala_diagrams.engine import rules as engine_rules
    from mancala_diagrams.errors import LimitExceeded
    from mancala_diagrams.files.scaffold import new_example
    monkeypatch.setattr(engine_rules, "MAX_LAPS_LEGAL_MOVES", 2)     # katro-4's first move has three laps
    with pytest.raises(LimitExceeded) as info:
        new_example(project, "x-new", "katro-4", directory=project / "sources" / "x", turns=2)
    assert str(info.value) == ("--turns 2: turn 1 of katro-4: listing the legal moves plays more than 2 laps "
                               "in all (expected at most 2, the limit MAX_LAPS_LEGAL_MOVES)")
    assert not (project / "sources" / "x" / "x-new.yaml").exists()


def rules_refusal(project, name, old, new, load=None) -> str:
    from mancala_diagrams.files.loader import RulesLibrary
    path = project / "rules" / f"{name}.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(MancalaError) as info:
        RulesLibrary(project / "rules").load(load or name)
    return str(info.value).replace(str(project), "P")


@pytest.mark.parametrize("name, old, new, message", [
    ("mraha-wa-ntso-6", "nyumba: {column: 4}", "nyumba: {column: 1000000000}",
     "P/rules/mraha-wa-ntso-6.yaml:20:3: block 'nyumba': column 1000000000 is off a board of 6 columns (1 to 6) "
     "[refused: nyumba-off-board]"),
    ("mraha-wa-ntso-6", "columns: 6", "columns: 1.0e+308",
     "P/rules/mraha-wa-ntso-6.yaml:11:12: board: columns: found the number 1e+308 (expected a whole number "
     "from 1 to 26)"),
    ("mraha-wa-ntso-6", "columns: 6", "columns: 1e308",
     "P/rules/mraha-wa-ntso-6.yaml:11:12: board: columns: found the text '1e308' (expected a whole number "
     "from 1 to 26)"),
    ("mraha-wa-ntso-6", "columns: 6", "columns: 100",
     "P/rules/mraha-wa-ntso-6.yaml:11:12: board: columns: 100 is more than 26 (expected at most 26, the limit "
     "MAX_COLUMNS)"),
    ("katro", "seeds_per_hole: 2", "seeds_per_hole: 1000000000",
     "P/rules/katro.yaml:12:19: start: seeds_per_hole: 1,000,000,000 is more than 1,000 (expected at most "
     "1,000, the limit MAX_SEEDS_PER_HOLE)"),
    ("katro", "seeds_per_hole: 2", "seeds_per_hole: 1000",
     "P/rules/katro.yaml:11:1: the start holds 24,000 seeds, more than 10,000 (expected at most 10,000 seeds "
     "in all, the limit MAX_SEEDS)"),
    ("mraha-wa-ntso-6", "    . 2 6 . . .\n", "    . 2 6 . 1001 .\n",
     "P/rules/mraha-wa-ntso-6.yaml:15:10: start board: 1001 seeds in one hole is more than 1,000 (expected "
     "at most 1,000, the limit MAX_SEEDS_PER_HOLE)"),
])
def test_sizes_in_a_rules_file_are_bounded_and_located(project, name, old, new, message):
    # katro.yaml is abstract: its variant katro-6 (6 columns, 24 holes) is loaded
    assert rules_refusal(project, name, old, new, "katro-6" if name == "katro" else None) == message


def test_the_limits_page_lists_every_limit_with_its_value():
    import re
    text = (ROOT / "docs" / "howto-variant.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(MAX_\w+)` \| ([\d,]+) \|", text, re.M)
    assert {name: int(value.replace(",", "")) for name, value in rows} == {
        name: value for name, (value, _) in limits.ALL.items()}
    assert set(limits.ALL) == {name for name in vars(limits) if name.startswith("MAX_")}


@pytest.mark.parametrize("what, extra", [("variant", ["--from", "katro-6"]), ("example", ["--rules", "katro-6"])])
def test_new_refuses_a_name_that_is_a_path(project, what, extra):
    done = run_cli("new", what, "../../evil", *extra, cwd=project)
    assert done.returncode == 2
    assert done.stderr == ("mancala-diagrams: '../../evil' is not a name for a new file (expected lower-case "
                           "letters, digits and '-' (at most 100), without .yaml)\n")
    assert not (project.parent / "evil.yaml").exists()


def test_more_turns_than_the_limit_are_refused_before_any_is_read(project):
    from mancala_diagrams.files.examples import ExampleLoader
    from mancala_diagrams.files.loader import RulesLibrary
    path = project / "sources" / "x" / "ex.yaml"
    text = EXAMPLE.format(rules="katro-6").replace("diagrams:", "moves:\n" + "  - {hole: z9}\n" * 501 + "diagrams:")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MancalaError) as info:
        ExampleLoader(RulesLibrary(project / "rules")).load(path)
    # five lines, then "moves:" on line 6: the 501st turn is on line 6 + 501
    assert str(info.value).replace(str(project), "P") == (
        "P/sources/x/ex.yaml:507:5: more than 500 turns in one line (expected at most 500, the limit MAX_MOVES)")


# -- rules that extend rules ----------------------------------------------------------------------
def write_rules(project, name, body):
    (project / "rules" / f"{name}.yaml").write_text(f"rules: {name}\n{body}", encoding="utf-8")


def test_a_diamond_of_bases_is_walked_once_per_file(project, monkeypatch):
    # fourteen levels, each file extending the two of the level below (with
    # katro-6 and katro, a chain of 16 files, the limit): 28 files, and 2^14
    # paths from the top file to katro-6, which a walk per path would take
    from mancala_diagrams.files.loader import RulesLibrary
    for level in range(14):
        for side in "ab":
            below = "katro-6" if level == 0 else f"[d{level - 1}-a, d{level - 1}-b]"
            write_rules(project, f"d{level}-{side}", f"extends: {below}\n")
    lib = RulesLibrary(project / "rules")
    walked = []
    bases = lib._bases
    monkeypatch.setattr(lib, "_bases", lambda name: walked.append(name) or bases(name))
    lineage = lib.lineage("d13-a")
    assert lineage[:4] == ["katro", "katro-6", "d0-a", "d0-b"] and lineage[-2:] == ["d12-b", "d13-a"]
    assert len(lineage) == 29
    assert max(walked.count(n) for n in set(walked)) <= 2        # once when walked down, once when merged
    assert lib.load("d13-a").geometry.columns == 6


def test_a_chain_of_extends_longer_than_the_limit_is_refused_where_it_goes_past(project):
    from mancala_diagrams.files.loader import RulesLibrary
    for i in range(1000):
        write_rules(project, f"c{i}", f"extends: {'katro-6' if i == 0 else f'c{i - 1}'}\n")
    with pytest.raises(MancalaError) as info:
        RulesLibrary(project / "rules").load("c999")
    # c999 is the first file of the chain, c984 the 16th: its extends names a 17th
    assert str(info.value).replace(str(project), "P") == (
        "P/rules/c984.yaml:2:10: more than 16 rules files extend one another in a chain: c999 -> c998 -> ... "
        "-> c985 -> c984 -> c983 (expected at most 16 files from a variant to its first base, the limit MAX_EXTENDS)")
    assert RulesLibrary(project / "rules").load("c12").geometry.columns == 6     # 13 files, katro-6, katro


@pytest.mark.parametrize("files, message", [
    ({"r-1": "r-1"}, "P/rules/r-1.yaml:2:10: rules extend each other in a circle: r-1 -> r-1"),
    ({"r-1": "r-2", "r-2": "[katro-6, r-3]", "r-3": "r-1"},
     "P/rules/r-3.yaml:2:10: rules extend each other in a circle: r-1 -> r-2 -> r-3 -> r-1"),
])
def test_rules_that_extend_each_other_in_a_circle_are_refused(project, files, message):
    from mancala_diagrams.files.loader import RulesLibrary
    for name, bases in files.items():
        write_rules(project, name, f"extends: {bases}\n")
    with pytest.raises(MancalaError) as info:
        RulesLibrary(project / "rules").load("r-1")
    assert str(info.value).replace(str(project), "P") == message


# -- numbers where they are read ------------------------------------------------------------------
@pytest.mark.parametrize("body, message", [
    ("start: {seeds_per_hole: 1.0e+308}\n",
     "P/rules/base.yaml:4:25: start: seeds_per_hole: found the number 1e+308 (expected a whole number from 0 to "
     "1,000)"),
    ("board: {rows_per_player: 1000000}\n",
     "P/rules/base.yaml:4:26: board: rows_per_player: 1,000,000 is more than 6 (expected at most 6, the limit "
     "MAX_ROWS_PER_PLAYER)"),
    ("start: {seeds_per_hole: 6_0}\n",
     "P/rules/base.yaml:4:25: start: seeds_per_hole: found the text '6_0' (expected a whole number from 0 to 1,000)"),
    ("start: {reserve: 1:30}\n",
     "P/rules/base.yaml:4:18: start: reserve: found the text '1:30' (expected a whole number from 0 to 10,000)"),
    ("mechanics: {tsibongy: {zone: -1}}\n", "P/rules/base.yaml:4:30: block 'tsibongy': zone must be 0 or more, not -1"),
    ("mechanics: {choose-hole: {min_seeds: 1.0e+5}}\n",
     "P/rules/base.yaml:4:38: block 'choose-hole': min_seeds: found the number 100000.0 (expected a whole number of "
     "at least 0)"),
])
def test_numbers_of_an_abstract_base_are_checked_as_it_is_read(project, body, message):
    # katro is abstract too: no variant of this base need be played for its numbers to be refused
    from mancala_diagrams.files.loader import RulesLibrary
    write_rules(project, "base", "extends: katro\nabstract: true\n" + body)
    with pytest.raises(MancalaError) as info:
        RulesLibrary(project / "rules").raw("base")
    assert str(info.value).replace(str(project), "P") == message


BEVOHOKA = """example: ex
rules: katro-bevohoka-6
title: {en: x, fr: x}
source: {page: katro-bevohoka}
start:
  board: |
    3 3 3 . 3 4
    2 2 2 2 . .
  state: {STATE}
moves:
  - {hole: a2, direction: counterclockwise}
diagrams:
  - {id: ID, at: start, board: "3 3 3 . 3 4\\n2 2 2 2 . ."}
"""


def bevohoka_refusal(project, state="{target.south: f2, direction.south: ccw}", did="x-1") -> str:
    from mancala_diagrams.files.examples import ExampleLoader
    from mancala_diagrams.files.loader import RulesLibrary
    path = project / "sources" / "x" / "ex.yaml"
    path.write_text(BEVOHOKA.replace("{STATE}", state).replace("ID", did), encoding="utf-8")
    with pytest.raises(MancalaError) as info:
        ExampleLoader(RulesLibrary(project / "rules")).load(path)
    return str(info.value).replace(str(project), "P")


@pytest.mark.parametrize("state, message", [
    ("{'': f2}", "P/sources/x/ex.yaml:9:11: state: '' is not the state of a block of the rules katro-bevohoka-6 "
                 "(expected BLOCK.PLAYER with BLOCK one of choose, direction, mandry, relay, target and PLAYER south)"),
    ("{target.east: f2}", "P/sources/x/ex.yaml:9:11: state: 'target.east' is not the state of a block of the rules "
                          "katro-bevohoka-6 (expected BLOCK.PLAYER with BLOCK one of choose, direction, mandry, relay, "
                          "target and PLAYER south); did you mean 'target.south'?"),
    ("{target.south: 'f2 x=1'}", "P/sources/x/ex.yaml:9:25: state: target.south: the text 'f2 x=1' is not a state "
                                 "(expected one word: a hole (f2), a direction (cw, ccw), present or gone)"),
    ("{target.south: ''}", "P/sources/x/ex.yaml:9:25: state: target.south: the text '' is not a state "
                           "(expected one word: a hole (f2), a direction (cw, ccw), present or gone)"),
])
def test_a_state_with_empty_or_odd_keys_or_values_is_refused(project, state, message):
    assert bevohoka_refusal(project, state) == message


@pytest.mark.parametrize("did", ["east", "katro-²", "Katro-06", "katro 06", "-1", "a" * 101 + "1"])
def test_a_diagram_id_that_is_not_a_page_and_a_number_is_refused(project, did):
    assert bevohoka_refusal(project, did=f"'{did}'").startswith(
        f"P/sources/x/ex.yaml:13:10: {did!r} is not a diagram's id")


# -- what one file may cost -----------------------------------------------------------------------
LINES = """example: ex
rules: katro-4
title: {en: x, fr: x}
source: {page: katro}
start:
  board: |
    . . . .
    1 . . .
    . . . 1
    2 1 1 1
lines:
"""


def lines_example(project, body) -> "Path":
    path = project / "sources" / "x" / "ex.yaml"
    path.write_text(LINES + body, encoding="utf-8")
    return path


def test_the_events_of_every_line_of_a_file_share_one_budget(project, monkeypatch):
    from mancala_diagrams.files import examples
    from mancala_diagrams.files.examples import ExampleLoader, replay
    from mancala_diagrams.files.loader import RulesLibrary
    # a1 counterclockwise: three laps, 13 events (start, 3 pickups, 6 drops, 3 lap ends, turn end ...)
    body = "".join(f"  l{i}:\n    moves: [{{hole: a1, direction: counterclockwise}}]\n"
                   f"    diagrams: [{{id: x-{i}, at: start, board: \". . . .\\n1 . . .\\n. . . 1\\n2 1 1 1\"}}]\n"
                   for i in range(3))
    path = lines_example(project, body)
    one = len(replay(ExampleLoader(RulesLibrary(project / "rules")).load(path))[0].events)
    monkeypatch.setattr(examples, "MAX_EVENTS", 2 * one + 1)        # room for two lines, not three
    reps = replay(ExampleLoader(RulesLibrary(project / "rules")).load(path))
    assert [r.error is None for r in reps] == [True, True, False]
    assert str(reps[2].error).replace(str(project), "P") == (
        f"P/sources/x/ex.yaml:19:20: turn 1, the replay records more than {2 * one + 1:,} events (each a picture of "
        f"the board) in the example's lines together (expected at most {2 * one + 1:,} in one example file, the limit "
        "MAX_EVENTS)")


def test_a_chain_of_a_thousand_lines_each_branching_from_the_one_before_is_replayed_without_recursion(project):
    from mancala_diagrams.files.examples import ExampleLoader, replay_line
    from mancala_diagrams.files.loader import RulesLibrary
    board = '". . . .\\n1 . . .\\n. . . 1\\n2 1 1 1"'
    first = f"  l0:\n    moves: []\n    diagrams: [{{id: x-0, at: start, board: {board}}}]\n"
    body = first + "".join(f"  l{i}:\n    after: l{i - 1}\n    diagrams: [{{id: x-{i}, at: start, board: "
                           f"\". . . .\\n1 . . .\\n. . . 1\\n2 1 1 1\"}}]\n" for i in range(1, 1000))
    example = ExampleLoader(RulesLibrary(project / "rules")).load(lines_example(project, body))
    rep = replay_line(example, example.lines[-1])
    assert rep.error is None and len(rep.positions) == 1


def test_a_run_keeps_the_replays_of_the_files_read_last_only(project, monkeypatch):
    from mancala_diagrams.files import examples
    from mancala_diagrams.files.examples import ExampleLoader, replay
    from mancala_diagrams.files.loader import RulesLibrary
    monkeypatch.setattr(examples, "KEPT_EVENTS", 20)        # one example's 13 events, not two
    loaded = []
    for name in ("ex", "ey"):
        path = project / "sources" / "x" / f"{name}.yaml"
        path.write_text((LINES + "  main:\n    moves: [{hole: a1, direction: counterclockwise}]\n"
                         "    diagrams: [{id: x-1, at: start, board: \". . . .\\n1 . . .\\n. . . 1\\n2 1 1 1\"}]\n")
                        .replace("example: ex", f"example: {name}"), encoding="utf-8")
        loaded.append(ExampleLoader(RulesLibrary(project / "rules")).load(path))
        replay(loaded[-1])
    assert loaded[0].replays == {} and len(loaded[1].replays) == 1
    assert replay(loaded[0])[0].error is None       # replayed again when asked for
