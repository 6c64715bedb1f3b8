"""Sphinx with the extension changed for a measurement: for bench_site.py.

    python bench/patched_sphinx.py [--plain | --record FILE | --replay FILE] [--render-log FILE] SPHINX-ARGUMENTS...

``--plain``: each drawing directive writes a paragraph (``[mancala-example
PATH]``) instead of its figures, the verification and errata pages have no
content, and the digests of the project's inputs are not taken: the baseline
of the extension's cost.  ``--record FILE``: a normal
build that also keeps, in FILE, what each of the extension's directives
returned (its nodes, pickled, as Sphinx pickles doctrees) and what it noted in
the build environment (the diagrams an example drew, the pages generated from
the whole project, what each page was made from).  ``--replay FILE``: a build
in which each directive returns what it returned when recorded, without
loading, replaying, verifying or drawing anything; the images are those the
recorded build left in its image folder (so replay in the same project, its
image folder kept).  A directive met in replay that was not recorded is an
error (the recording is of another project or language).

``--render-log FILE``: each image actually drawn appends its cache key (its
file is ``board-KEY.png``) and drawing time to FILE, as ``bench/drawing_log.py``
logs them (images found in the image folder are not drawn).

The replayed build makes the same pages as the recorded one.  Beside the plain
build it splits the extension's overhead in two: Sphinx handling the pages'
content (figures, captions, the verification tables made from the given rows)
and the extension computing it.
"""
from __future__ import annotations

import atexit
import pickle
import sys
from pathlib import Path

def _key(directive) -> tuple:
    return (directive.env.docname, directive.lineno, directive.name, tuple(directive.arguments))


def _recording(run, record: dict):
    def recorded_run(self):
        env = self.env
        drawn_before = len(getattr(env, "mancala_diagrams", {}).get(env.docname, []))
        generated_before = set(getattr(env, "mancala_generated", set()))
        out = run(self)
        drawn = getattr(env, "mancala_diagrams", {}).get(env.docname, [])[drawn_before:]
        inputs = getattr(env, "mancala_inputs", {}).get(env.docname)
        generated = set(getattr(env, "mancala_generated", set())) - generated_before
        kind = getattr(env, "mancala_pages", {}).get(env.docname)     # the page's kind, if it has one
        record[_key(self)] = pickle.dumps((out, drawn, inputs, generated, kind), protocol=pickle.HIGHEST_PROTOCOL)
        return out
    return recorded_run


def _replaying(record: dict):
    def replayed_run(self):
        try:
            out, drawn, inputs, generated, kind = pickle.loads(record[_key(self)])
        except KeyError:
            sys.exit(f"patched_sphinx: {_key(self)} was not recorded")
        env = self.env
        if drawn:
            data = getattr(env, "mancala_diagrams", {})
            data.setdefault(env.docname, []).extend(drawn)
            env.mancala_diagrams = data
        if inputs is not None:
            data = getattr(env, "mancala_inputs", {})
            data[env.docname] = inputs
            env.mancala_inputs = data
        if generated:
            env.mancala_generated = getattr(env, "mancala_generated", set()) | generated
        if kind:
            data = getattr(env, "mancala_pages", {})
            data[env.docname] = kind
            env.mancala_pages = data
        return out
    return replayed_run


def _plain(d):
    """Each directive's run as the baseline writes it."""
    from docutils import nodes

    from mancala_diagrams.sphinx.nodes import mancala_placeholder
    from mancala_diagrams.sphinx.pages import note_generated

    def paragraph(self):
        text = f"[{self.name} {' '.join(self.arguments)}]".replace(" ]", "]")
        para = nodes.paragraph(text=text)
        para["translatable"] = False
        return [para]

    def errata(self):
        note_generated(self.env, "errata")
        return [mancala_placeholder(kind="errata", rows=[])]
    return {cls: errata if cls is d.ErrataDirective else paragraph for cls in _directives(d)}


def _directives(d) -> tuple:
    return (d.ExampleDirective, d.PositionDirective, d.TrackDirective, d.LegendDirective,
            d.VerificationDirective, d.ErrataDirective)


def _log_drawings(path: str) -> None:
    """Each image drawn (not found in the image folder) appended to *path*,
    with its drawing time (:func:`drawing_log.logged`)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from drawing_log import logged

    from mancala_diagrams.drawing import compose
    compose.render_png = logged(compose.render_png, path)


def main(argv):
    """The options of this script come first, Sphinx's after them."""
    options, argv = {}, list(argv)
    while argv and argv[0] in ("--plain", "--record", "--replay", "--render-log"):
        name = argv.pop(0)
        options[name] = True if name == "--plain" else argv.pop(0)
    if len({"--plain", "--record", "--replay"} & set(options)) > 1:
        sys.exit("patched_sphinx: --plain, --record and --replay go one at a time")
    from mancala_diagrams.sphinx import directives as d
    if "--plain" in options:
        from mancala_diagrams.sphinx import state
        for cls, run in _plain(d).items():
            cls.run = run
        state.outdated = lambda app, env, added, changed, removed: []     # no digests taken
    elif "--record" in options:
        record: dict = {}
        for cls in _directives(d):
            cls.run = _recording(cls.run, record)
        atexit.register(lambda: Path(options["--record"]).write_bytes(pickle.dumps(record)))
    elif "--replay" in options:
        record = pickle.loads(Path(options["--replay"]).read_bytes())
        for cls in _directives(d):
            cls.run = _replaying(record)
    if "--render-log" in options:
        _log_drawings(options["--render-log"])
    from sphinx.cmd.build import main as sphinx_main
    return sphinx_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
