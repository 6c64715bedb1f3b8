"""The table of optimal katro bevohoka solutions on the site (directive
``mancala-solutions PATH``), read from the solver's JSON file.

The solver writes the file; this module only reads it, and is tolerant of its
exact shape: the results are the list under ``results`` (or ``widths``, or the
file itself if it is a list), one mapping per board width.  Known fields get a
column heading from the caption catalogs (:data:`HEADINGS`); other scalar fields are shown
too, under their own name, so that nothing the solver proves is hidden.
Nested values (an optimal sequence ...) are left to other directives.

Without the file (the solver has not run yet) the directive says so in the
build's language instead of failing.
"""
from __future__ import annotations

import json
from pathlib import Path

from ..drawing.catalog import N_, words
from ..errors import MancalaError

HEADINGS = {
    "columns": N_("Columns"),
    "width": N_("Columns"),
    "seeds": N_("Seeds"),
    "special": N_("Special hole"),
    "direction": N_("Direction"),
    "turns": N_("Fewest turns"),
    "min_turns": N_("Fewest turns"),
    "laps": N_("Fewest laps (with the fewest turns)"),
    "min_laps": N_("Fewest laps (with the fewest turns)"),
    # Translators: what the source's training puzzle shows at the end of the optimal game
    "puzzle_counter": N_("The source puzzle's counter"),
    "lower_bound": N_("Lower bound"),
    "upper_bound": N_("Upper bound"),
    "status": N_("Status"),
    "method": N_("Proof"),
    "proof": N_("Proof"),
    "positions": N_("Positions searched"),
    "nodes": N_("Positions searched"),
    "seconds": N_("Time (s)"),
    "time_s": N_("Time (s)"),
    "cpu_seconds": N_("Processor time (s)"),
}
VALUES = {
    "proved": N_("proved"),
    "optimal": N_("optimal"),
    "bounds": N_("bounds only"),
    "out-of-reach": N_("out of reach"),
    "exhaustive": N_("exhaustive search"),
    "clockwise": N_("clockwise"),
    "counterclockwise": N_("counterclockwise"),
}
MISSING = N_("The solver's results are not available yet.")


def load_results(path) -> list[dict]:
    """The list of per-width results in the solver's JSON file."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MancalaError("no solutions file", file=str(path)) from None
    except json.JSONDecodeError as exc:
        raise MancalaError(f"not valid JSON: {exc.msg}", file=str(path), line=exc.lineno,
                           column=exc.colno) from None
    if isinstance(data, dict):
        data = data.get("results", data.get("widths"))
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise MancalaError("the solutions file has no list of results", file=str(path),
                           expected='{"results": [{"columns": 2, "turns": ...}, ...]}')
    return data


def table(results, lang="en", fields=None) -> tuple[list[str], list[list[str]]]:
    """(headings, rows) of the table: one row per width, scalar fields only,
    known fields first in :data:`HEADINGS` order, then the others as found;
    or the given *fields* only, in their order (a page for players leaves out
    the search's figures, which the method page shows)."""
    keys = []
    for r in results:
        for k, v in r.items():
            if k not in keys and (v is None or isinstance(v, (str, int, float, bool))):
                keys.append(k)
    if fields is not None:
        unknown = [f for f in fields if f not in keys]
        if unknown:
            raise MancalaError(f"no field {unknown[0]!r} in the solutions file",
                               expected=", ".join(keys))
        keys = list(fields)
    else:
        order, seen = list(HEADINGS), list(keys)
        keys.sort(key=lambda k: (order.index(k) if k in order else len(order), seen.index(k)))
    w = words(lang)
    headings = [w.lookup(HEADINGS[k]) if k in HEADINGS else k.replace("_", " ") for k in keys]

    def cell(v):
        if v is None:
            return "—"
        if isinstance(v, bool):
            return w.gettext("yes") if v else w.gettext("no")
        if isinstance(v, float) and abs(v) >= 1000:
            v = round(v)
        if isinstance(v, float):
            # Translators: the decimal separator in a number (0.25)
            v = f"{v:.3g}".replace(".", w.pgettext("decimal separator", "."))
        if isinstance(v, int):
            # Translators: the separator of thousands in a number (1,234)
            v = f"{v:,}".replace(",", w.pgettext("thousands separator", ","))
        return w.lookup(VALUES[str(v)]) if str(v) in VALUES else str(v)

    rows = [[cell(r.get(k)) for k in keys] for r in results]
    return headings, rows


def note_solutions_file(env, docname, path) -> None:
    """Make *docname* depend on the solutions file.  Sphinx rereads, on every
    build, a page whose dependency is missing; so while the file does not exist
    the page is remembered instead, and :func:`appeared` rereads it once the file
    is there."""
    if Path(path).is_file():
        env.note_dependency(str(path))
    else:
        waiting = getattr(env, "mancala_solutions_missing", {})
        waiting.setdefault(docname, set()).add(str(path))
        env.mancala_solutions_missing = waiting


def appeared(app, env, added, changed, removed):
    """``env-get-outdated``: pages whose missing solutions file now exists."""
    waiting = getattr(env, "mancala_solutions_missing", {})
    return [doc for doc, paths in waiting.items() if any(Path(p).is_file() for p in paths)]


def _purge(app, env, docname):
    getattr(env, "mancala_solutions_missing", {}).pop(docname, None)


def _merge(app, env, docnames, other):
    theirs = getattr(other, "mancala_solutions_missing", {})
    waiting = getattr(env, "mancala_solutions_missing", {})
    waiting.update({d: theirs[d] for d in docnames if d in theirs})
    env.mancala_solutions_missing = waiting


def setup(app):  # pragma: no cover - exercised by the site build
    from docutils import nodes
    from sphinx.util.docutils import SphinxDirective

    from .tables import docutils_table

    class SolutionsDirective(SphinxDirective):
        required_arguments = 1
        # the columns to show, in order (default: every scalar field of the file)
        option_spec = {"fields": lambda arg: arg.replace(",", " ").split()}

        def text(self, value):
            """A paragraph written in the build's language: not a catalog message."""
            para = nodes.paragraph(text=value)
            para["translatable"] = False
            return para

        def run(self):
            from .state import lang_of, project_file
            try:
                path = project_file(self.env, self.arguments[0])
            except MancalaError as exc:
                return [self.state.document.reporter.warning(f"mancala-solutions: {exc}", line=self.lineno)]
            note_solutions_file(self.env, self.env.docname, path)
            lang = lang_of(self.env)
            try:
                headings, rows = table(load_results(path), lang, self.options.get("fields"))
            except MancalaError as exc:
                if not Path(path).exists():
                    return [self.text(words(lang).lookup(MISSING))]
                return [self.state.document.reporter.warning(f"mancala-solutions: {exc}", line=self.lineno)]
            return [docutils_table(headings, rows, ["mancala-solutions"])]

    app.add_directive("mancala-solutions", SolutionsDirective)
    app.connect("env-get-outdated", appeared)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
