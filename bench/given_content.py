"""Sphinx with the extension's content given instead of computed: for bench_site.py.

    python bench/given_content.py record|replay RECORD SPHINX-ARGUMENTS...

``record``: a normal build that also keeps, in the file RECORD, what each of
the extension's directives returned (its nodes, pickled, as Sphinx pickles
doctrees) and what it noted in the build environment (the diagrams an example
drew, the pages generated from every page).  ``replay``: a build in which each
directive returns what it returned when recorded, without loading, replaying,
verifying or drawing anything; the images are those the recorded build left in
its image folder (so replay in the same project, its image folder kept).

The replayed build makes the same pages as the recorded one.  Beside the plain
build (``-D mancala_plain=1``, one paragraph per directive), it splits the
extension's overhead in two: Sphinx handling the pages' content (figures,
captions, the verification tables made from the given rows) and the extension
computing it.  A directive met in replay that was not recorded is an error
(the recording is of another project or language).
"""
from __future__ import annotations

import atexit
import pickle
import sys


def _key(directive) -> tuple:
    return (directive.env.docname, directive.lineno, directive.name, tuple(directive.arguments))


def _recording(run, record: dict):
    def recorded_run(self):
        env = self.env
        drawn_before = len(getattr(env, "mancala_diagrams", {}).get(env.docname, []))
        generated_before = set(getattr(env, "mancala_generated", set()))
        out = run(self)
        drawn = getattr(env, "mancala_diagrams", {}).get(env.docname, [])[drawn_before:]
        generated = set(getattr(env, "mancala_generated", set())) - generated_before
        record[_key(self)] = pickle.dumps((out, drawn, generated), protocol=pickle.HIGHEST_PROTOCOL)
        return out
    return recorded_run


def _replaying(record: dict):
    def replayed_run(self):
        try:
            out, drawn, generated = pickle.loads(record[_key(self)])
        except KeyError:
            sys.exit(f"given_content: {_key(self)} was not recorded")
        env = self.env
        if drawn:
            data = getattr(env, "mancala_diagrams", {})
            data.setdefault(env.docname, []).extend(drawn)
            env.mancala_diagrams = data
        if generated:
            env.mancala_generated = getattr(env, "mancala_generated", set()) | generated
        return out
    return replayed_run


def main(argv):
    mode, path, sphinx_args = argv[0], argv[1], argv[2:]
    from mancala_diagrams.sphinx import directives as d
    classes = (d.ExampleDirective, d.PositionDirective, d.TrackDirective, d.LegendDirective,
               d.VerificationDirective, d.ErrataDirective)
    if mode == "record":
        record: dict = {}
        for cls in classes:
            cls.run = _recording(cls.run, record)
        atexit.register(lambda: open(path, "wb").write(pickle.dumps(record)))
    elif mode == "replay":
        with open(path, "rb") as fh:
            record = pickle.load(fh)
        for cls in classes:
            cls.run = _replaying(record)
    else:
        sys.exit(f"given_content: record or replay, not {mode!r}")
    from sphinx.cmd.build import main as sphinx_main
    return sphinx_main(sphinx_args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
