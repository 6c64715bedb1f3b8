"""Every path the project opens goes through one check (files/project.py
``project_file``, and ``yaml_files`` for the folders it lists): a link that
loops or leads out, a folder named like a file, a named pipe, a file or folder
that cannot be read, a name with a line break, in every command, each refused
with one located sentence, never a traceback, a hang or a silent skip."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from mancala_diagrams.cli.main import main
from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files.project import project_file, yaml_files

import hostile
from conftest import ROOT

EXAMPLE = "katro/katro-lap-ends-in-empty-hole.yaml"


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A copy of the project's rules and one example, without ../shared."""
    root = tmp_path / "project"
    shutil.copytree(ROOT / "rules", root / "rules")
    (root / "sources" / "katro").mkdir(parents=True)
    shutil.copy(ROOT / "sources" / EXAMPLE, root / "sources" / EXAMPLE)
    shutil.copytree(ROOT / "docs" / "data", root / "docs" / "data")
    shutil.copy(ROOT / "docs" / "bibliography.md", root / "docs")
    monkeypatch.setenv("MANCALA_PUBLISHED", str(tmp_path / "no-published"))
    monkeypatch.chdir(root)
    return root


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# -- one function ---------------------------------------------------------------------------------
def test_a_file_whose_name_ends_in_a_line_break_is_refused_with_the_name_escaped(tmp_path):
    path = tmp_path / "ex.yaml\n"
    path.write_text("example: ex\n")
    with pytest.raises(MancalaError) as info:
        project_file(path)
    assert str(info.value) == (f"{tmp_path}/ex.yaml\\n:1:1: a file name with a line break or a control "
                               "character in it (expected a name of printable characters)")


def test_a_path_through_a_file_is_no_such_file(tmp_path):
    (tmp_path / "f").write_text("x")
    with pytest.raises(MancalaError) as info:
        project_file(tmp_path / "f" / "ex.yaml")
    assert str(info.value) == f"{tmp_path}/f/ex.yaml:1:1: no such file (a part of the path is a file, not a folder)"


def test_the_listing_walks_a_thousand_folders_deep_without_recursion(tmp_path):
    here = tmp_path
    for _ in range(1000):
        here = here / "d"
        here.mkdir()
    (here / "x.yaml").write_text("x: 1\n")
    try:
        found = yaml_files(tmp_path)
        assert list(found) == [here / "x.yaml"] and found.refused == []
    finally:        # pytest's clean-up recurses into each folder: removed here, deepest first
        (here / "x.yaml").unlink()
        while here != tmp_path:
            here.rmdir()
            here = here.parent


def test_the_listing_refuses_links_that_loop_or_lead_out_and_follows_one_inside(tmp_path):
    sources = tmp_path / "sources"
    (sources / "a").mkdir(parents=True)
    (sources / "a" / "ex.yaml").write_text("x: 1\n")
    (sources / "a" / "up").symlink_to("..")                 # sources/a/up/a/up ... for ever
    (sources / "etc").symlink_to("/etc")
    (sources / "b").symlink_to(tmp_path / "sources" / "a")  # the same folder twice
    (sources / "loop.yaml").symlink_to("loop.yaml")         # named like a file: listed, refused when read
    found = yaml_files(sources)
    assert [p.relative_to(sources) for p in found] == [p.relative_to(sources) for p in
                                                       (sources / "a" / "ex.yaml", sources / "loop.yaml")]
    assert sorted(str(e).replace(str(sources), "S") for e in found.refused) == [
        "S/a/up:1:1: a symbolic link to a folder that holds it (a loop): S (expected each folder listed once)",
        "S/b:1:1: a symbolic link to a folder listed already: S/a (expected each folder listed once)",
        "S/etc:1:1: a symbolic link to a folder outside sources/ (to /etc) (expected a folder inside S)",
    ]


# -- every command -------------------------------------------------------------------------------
SPECIAL = {
    "loop": (lambda p: p.symlink_to(p.name), "a symbolic link that leads round in a loop"),
    "folder": (lambda p: p.mkdir(), "a folder, not a regular file (expected a YAML file)"),
    "fifo": (lambda p: os.mkfifo(p), "a named pipe (FIFO), not a regular file (expected a YAML file)"),
    "dangling": (lambda p: p.symlink_to("gone.yaml"), "a symbolic link to 'gone.yaml', which does not exist"),
    "not-utf8": (lambda p: p.write_bytes(b"example: x\n\xff\n"),
                 "not UTF-8 text: byte 0xFF (invalid start byte) (expected a file saved as UTF-8)"),
}


@pytest.mark.parametrize("kind", SPECIAL)
def test_verify_names_a_special_file_in_sources_and_fails(project, capsys, kind):
    make, sentence = SPECIAL[kind]
    make(project / "sources" / "katro" / "bad.yaml")
    status, out, err = run(capsys, "verify")
    assert status == 1 and err == ""
    line = f"{project}/sources/katro/bad.yaml:{'2' if kind == 'not-utf8' else '1'}:1: {sentence}"
    assert line in out.splitlines()[1].strip() or line == out.splitlines()[1].strip(), out


@pytest.mark.parametrize("kind", SPECIAL)
def test_check_names_a_special_file_given_or_found_in_a_folder(project, capsys, kind):
    make, sentence = SPECIAL[kind]
    make(project / "sources" / "katro" / "bad.yaml")
    for given in ("sources/katro/bad.yaml", "sources"):
        status, out, err = run(capsys, "check", given)
        if kind == "folder" and given.endswith(".yaml"):    # a folder given: its YAML files are checked
            assert (status, err) == (2, "mancala-diagrams: check: the folder 'sources/katro/bad.yaml' holds no "
                                        ".yaml file (expected a rules or example file, or a folder that holds some)\n")
            continue
        assert status == 1 and err == ""
        assert f"sources/katro/bad.yaml:{'2' if kind == 'not-utf8' else '1'}:1: {sentence}" in out


@pytest.mark.parametrize("kind", SPECIAL)
def test_a_special_rules_file_is_named_by_check_rules_and_the_examples_that_use_it(project, capsys, kind):
    make, sentence = SPECIAL[kind]
    path = project / "rules" / "katro-6.yaml"
    path.unlink()
    make(path)
    where = f"rules/katro-6.yaml:{'2' if kind == 'not-utf8' else '1'}:1: {sentence}"
    if kind != "folder":        # a folder given is searched for YAML files (see above)
        status, out, _ = run(capsys, "check", "rules/katro-6.yaml")
        assert status == 1 and where in out
    status, out, _ = run(capsys, "check", f"sources/{EXAMPLE}")
    assert status == 1 and where in out
    status, _, err = run(capsys, "rules", "katro-6")
    assert status == 2 and where in err


def test_explain_reads_only_what_it_needs_past_a_pipe_a_folder_and_bad_bytes(project, capsys):
    for kind in ("fifo", "folder", "not-utf8", "loop"):
        SPECIAL[kind][0](project / "sources" / "katro" / f"a-{kind}.yaml")
    status, out, err = run(capsys, "explain", "katro-07")
    assert (status, err) == (0, "") and "the diagram goes at lap 1 pickup\n" in out
    status, out, err = run(capsys, "explain", "katro-99")
    assert status == 2
    assert err.startswith("mancala-diagrams: no published diagram and no example has the id 'katro-99'; "
                          "4 files of sources/ could not be read or loaded, the first: ")


def test_a_folder_named_rules_inside_sources_holds_examples(project, capsys):
    (project / "sources" / "rules").mkdir()
    shutil.move(project / "sources" / EXAMPLE, project / "sources" / "rules" / "ex.yaml")
    text = (project / "sources" / "rules" / "ex.yaml").read_text()
    (project / "sources" / "rules" / "ex.yaml").write_text(text.replace("example: katro-lap-ends-in-empty-hole",
                                                                       "example: ex"))
    status, out, _ = run(capsys, "check", "sources/rules/ex.yaml")
    assert "katro-06               given         sources/rules/ex.yaml (start)" in out and "ok:" not in out


def test_a_directive_argument_that_loops_is_a_sentence(tmp_path):
    from mancala_diagrams.files.project import directive_file
    (tmp_path / "docs").mkdir()
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "loop.yaml").symlink_to("loop.yaml")
    with pytest.raises(MancalaError) as info:
        directive_file(tmp_path / "docs", tmp_path, tmp_path / "docs", "../sources/loop.yaml")
    assert str(info.value).endswith("loop.yaml:1:1: a symbolic link that leads round in a loop")


# -- files and folders that cannot be read ---------------------------------------------------------
def run_unreadable(project, *argv):
    """The command in a child that cannot read a file of mode 000 (root gives
    up the capabilities that would let it: see hostile.drop_file_capabilities)."""
    return subprocess.run([sys.executable, "-m", "mancala_diagrams.cli", *argv], capture_output=True, text=True,
                          cwd=project, preexec_fn=hostile.drop_file_capabilities, timeout=120)


@pytest.fixture
def locked(project):
    folder = project / "sources" / "locked"
    folder.mkdir()
    shutil.copy(project / "sources" / EXAMPLE, folder / "ex.yaml")
    text = project / "sources" / "katro" / "text.yaml"
    shutil.copy(project / "sources" / EXAMPLE, text)
    folder.chmod(0)
    text.chmod(0)
    yield project
    folder.chmod(0o755)
    text.chmod(0o644)


def test_verify_says_which_folder_and_file_it_cannot_read_and_fails(locked):
    done = run_unreadable(locked, "verify")
    if "Operation not permitted" in done.stderr:
        pytest.skip("cannot drop the capabilities that let root read every file")
    assert done.returncode == 1, done.stderr
    lines = [line.strip() for line in done.stdout.splitlines()]
    assert (f"{locked}/sources/locked:1:1: cannot list this folder: permission denied (expected a file (and "
            "folders) the user running the command may read)") in lines
    assert (f"{locked}/sources/katro/text.yaml:1:1: cannot read it: permission denied (expected a file (and "
            "folders) the user running the command may read)") in lines
