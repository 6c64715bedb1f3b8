"""What the Sphinx extension writes for the step-through viewer (built with
``sphinx.testing`` on tests/roots/test-mancala), what ``make bench`` changes of
it (bench/patched_sphinx.py), the renderer's ``tray_room`` option, and the
solutions page's dependency."""
from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest
from PIL import Image

from mancala_diagrams.drawing import render
from mancala_diagrams.engine.position import Hand, Position

pytest_plugins = ("sphinx.testing.fixtures",)

ROOTS = Path(__file__).resolve().parent / "roots"
STEPS = ["katro-06", "katro-07", "katro-08", "katro-09", "katro-10"]


@pytest.fixture
def project(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(ROOTS / "test-mancala", src)
    return src


def build(make_app, srcdir, tmp_path, name="out", **conf):
    overrides = {"mancala_image_cache": str(tmp_path / "images"), **conf}
    app = make_app("html", srcdir=srcdir, builddir=tmp_path / name, confoverrides=overrides)
    app.build()
    return app


def steps_div(html):
    m = re.search(r'<div class="mancala-steps"([^>]*)>', html)
    assert m, "no steps container"
    return m.start(), dict(re.findall(r'(data-[\w-]+)="([^"]*)"', m.group(1)))


def test_example_steps_are_wrapped_with_labels_in_the_build_language(make_app, project, tmp_path):
    html = (build(make_app, project, tmp_path).outdir / "index.html").read_text(encoding="utf-8")
    start, attrs = steps_div(html)
    assert attrs["data-label-prev"] == "Previous step"
    assert attrs["data-label-next"] == "Next step"
    assert attrs["data-label-step"] == "Step {n} of {total}"
    ids = re.findall(r'<figure[^>]*id="([^"]+)"', html[start:])
    assert ids[:5] == STEPS
    # the single-figure erratum example is not a player
    assert html.count('<div class="mancala-steps"') == 1
    assert 'src="_static/mancala-viewer.js' in html
    fr = (build(make_app, project, tmp_path, name="fr", language="fr").outdir / "index.html")
    _start, attrs = steps_div(fr.read_text(encoding="utf-8"))
    assert unescape(attrs["data-label-prev"]) == "Étape précédente"
    assert unescape(attrs["data-label-step"]) == "Étape {n} sur {total}"


def test_every_step_image_of_an_example_has_the_same_size(make_app, project, tmp_path):
    app = build(make_app, project, tmp_path)
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    sizes = {}
    for fid, body in re.findall(r'<figure[^>]*id="([^"]+)"[^>]*>(.*?)</figure>', html, re.S):
        if fid in STEPS:
            src = re.search(r'src="([^"]+)"', body).group(1)
            width = re.search(r'width:\s*(\d+)px|width="(\d+)', body)
            with Image.open(app.outdir / src) as img:
                sizes[fid] = (img.size, width.group(0) if width else None)
    assert len(sizes) == 5
    assert len(set(sizes.values())) == 1, sizes


def patched_sphinx(options, srcdir, out, images):
    """bench/patched_sphinx.py in a process of its own (it replaces the directives' run)."""
    bench = Path(__file__).resolve().parent.parent / "bench" / "patched_sphinx.py"
    return subprocess.run([sys.executable, str(bench), *options, "-q", "-b", "html",
                           "-D", f"mancala_image_cache={images}", "-d", str(out / "doctrees"),
                           str(srcdir), str(out / "html")], capture_output=True, text=True, timeout=300)


def given_content(mode, record, srcdir, out, images):
    return patched_sphinx([f"--{mode}", str(record)], srcdir, out, images)


@pytest.mark.heavy
def test_the_benchs_plain_build_replaces_the_drawings_with_a_paragraph(project, tmp_path):
    made = patched_sphinx(["--plain"], project, tmp_path / "plain", tmp_path / "images")
    assert made.returncode == 0, made.stderr
    html = (tmp_path / "plain" / "html" / "index.html").read_text(encoding="utf-8")
    assert "<img" not in html
    assert "[mancala-example examples/test-empty-hole.yaml]" in html
    assert not (tmp_path / "images").exists() or not list((tmp_path / "images").glob("*.png"))


@pytest.mark.heavy
def test_bench_replay_of_the_recorded_directives_makes_the_same_pages(project, tmp_path):
    images, record = tmp_path / "images", tmp_path / "record.pickle"
    made = given_content("record", record, project, tmp_path / "recorded", images)
    assert made.returncode == 0, made.stderr
    # nothing is drawn again: the replay cannot reach the engine or the drawing
    drawn = {p.name: p.stat().st_mtime_ns for p in images.glob("*.png")}
    assert drawn
    again = given_content("replay", record, project, tmp_path / "replayed", images)
    assert again.returncode == 0, again.stderr
    assert {p.name: p.stat().st_mtime_ns for p in images.glob("*.png")} == drawn
    pages = {}
    for page in ("index.html", "errata.html", "verification.html"):
        pages[page] = (tmp_path / "recorded" / "html" / page).read_text(encoding="utf-8")
        assert (tmp_path / "replayed" / "html" / page).read_text(encoding="utf-8") == pages[page], page
    assert pages["index.html"].count("<img") > 5 and "mancala-verification" in pages["verification.html"]


@pytest.mark.heavy
def test_bench_replay_stops_at_a_directive_it_did_not_record(project, tmp_path):
    images, record = tmp_path / "images", tmp_path / "record.pickle"
    assert given_content("record", record, project, tmp_path / "recorded", images).returncode == 0
    index = project / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\n```{mancala-position} 2,2,2,2/2,2,2,2\n```\n",
                     encoding="utf-8")
    again = given_content("replay", record, project, tmp_path / "replayed", images)
    assert again.returncode != 0
    assert "mancala-position" in again.stderr and "was not recorded" in again.stderr


def drawing_log(log, srcdir, out, images):
    """bench/drawing_log.py in a process of its own (it wraps the drawing function)."""
    bench = Path(__file__).resolve().parent.parent / "bench" / "drawing_log.py"
    return subprocess.run([sys.executable, str(bench), str(log), "-q", "-b", "html",
                           "-D", f"mancala_image_cache={images}", "-d", str(out / "doctrees"),
                           str(srcdir), str(out / "html")], capture_output=True, text=True, timeout=300)


@pytest.mark.heavy
def test_the_bench_logs_each_image_drawn_once(project, tmp_path):
    log, images = tmp_path / "render.log", tmp_path / "images"
    made = drawing_log(log, project, tmp_path / "out", images)
    assert made.returncode == 0, made.stderr
    keys = [line.split("\t")[0] for line in log.read_text().splitlines()]
    assert keys and len(keys) == len(set(keys))
    assert sorted(f"board-{key}.png" for key in keys) == sorted(p.name for p in images.glob("board-*.png"))
    log.unlink()
    again = drawing_log(log, project, tmp_path / "again", images)   # everything cached: nothing drawn
    assert again.returncode == 0, again.stderr
    assert not log.exists()


@pytest.mark.heavy
def test_the_benchs_render_log_names_each_image_drawn_once(project, tmp_path):
    log = tmp_path / "render.log"
    made = patched_sphinx(["--render-log", str(log)], project, tmp_path / "first", tmp_path / "images")
    assert made.returncode == 0, made.stderr
    keys = [line.split("\t")[0] for line in log.read_text().splitlines()]
    assert keys and len(keys) == len(set(keys))
    assert sorted(f"board-{key}.png" for key in keys) == sorted(p.name for p in (tmp_path / "images").glob("board-*.png"))
    log.unlink()
    again = patched_sphinx(["--render-log", str(log)], project, tmp_path / "again", tmp_path / "images")
    assert again.returncode == 0, again.stderr
    assert not log.exists()         # everything found in the image folder: nothing drawn


def test_tray_room_keeps_the_size_of_a_board_with_a_hand():
    """The hand's room (right) and the reserves' room (left) keep a picture the
    size of one whose hand or reserve holds seeds, so the player does not jump."""
    empty = Position.from_rows([[1, 2, 3], [0, 1, 0]], solo=True)
    holding = Position.from_rows([[1, 2, 3], [0, 1, 0]], solo=True, hand=Hand(4, 0, 1))
    keeping = Position.from_rows([[1, 2, 3], [0, 1, 0]], solo=True, reserves=(5,))

    def size(position, **options):
        return Image.open(io.BytesIO(render.render_png(position, options=render.Options(**options)))).size
    plain, held, kept = size(empty), size(holding), size(keeping)
    assert plain != held and plain != kept
    assert size(empty, hand_area=True) == held
    assert size(empty, reserve_room=True) == kept
    assert size(empty, tray_room=True)[0] > max(held[0], kept[0])     # both sides
    keys = {render.cache_key(empty, options=render.Options(**o))
            for o in ({}, {"tray_room": True}, {"hand_area": True}, {"reserve_room": True})}
    assert len(keys) == 4


def test_solutions_page_is_not_reread_while_its_file_is_missing(make_app, tmp_path):
    from mancala_diagrams.sphinx import solutions as solutions_doc
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["mancala_diagrams.sphinx.solutions"]\n')
    (src / "index.rst").write_text("Solutions\n=========\n\n.. mancala-solutions:: data/solutions.json\n")
    app = make_app("html", srcdir=src, builddir=tmp_path / "out")
    app.build()
    assert "not available yet" in (app.outdir / "index.html").read_text(encoding="utf-8")
    # a second build reads nothing
    app2 = make_app("html", srcdir=src, builddir=tmp_path / "out")
    assert solutions_doc.appeared(app2, app2.env, set(), set(), set()) == []
    app2.build()
    assert "0 added, 0 changed, 0 removed" in app2.status.getvalue()
    # once the solver writes the file, the page is read again
    (src / "data").mkdir()
    (src / "data" / "solutions.json").write_text('{"results": [{"columns": 2, "turns": 3}]}')
    app3 = make_app("html", srcdir=src, builddir=tmp_path / "out")
    assert solutions_doc.appeared(app3, app3.env, set(), set(), set()) == ["index"]
    app3.build()
    assert "Fewest turns" in (app3.outdir / "index.html").read_text(encoding="utf-8")
