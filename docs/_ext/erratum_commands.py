"""``site-errata-commands``: for each declared erratum of the project, the
command that checks it again and the lines that command prints for it.

The lines are the command's own: the rows of the build's verification (the
one the verification and errata pages show) printed by the command line's
printer, so that the page says exactly what ``mancala-diagrams verify FILE``
prints for the erratum's diagram.  The page is made from the whole project
(``note_inputs(..., whole=True)``), so that it is read again when an example
file changes.
"""
from __future__ import annotations

import io
from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from mancala_diagrams.cli.main import _print_row
from mancala_diagrams.sphinx.state import build_of, note_inputs


class ErratumCommandsDirective(SphinxDirective):
    has_content = False

    def run(self):
        note_inputs(self.env, whole=True)
        out = []
        project = build_of(self.env).project
        # without the published transcriptions the command says so on each erratum, and so does the page
        compared = project.verifier.published is not None
        for row in project.rows():
            if row.status != "erratum":
                continue
            printed = io.StringIO()
            _print_row(row, printed, compared)
            title = nodes.rubric(row.diagram, row.diagram, ids=[f"check-{nodes.make_id(row.diagram)}"],
                                 **{"heading-level": 3})
            title["translatable"] = False       # an identifier
            self.set_source_info(title)
            command = f".venv/bin/mancala-diagrams verify {row.example}"
            out += [title, self.code(command, "sh"), self.code(printed.getvalue().rstrip("\n"), "text")]
        return out

    def code(self, text, language):
        block = nodes.literal_block(text, text, language=language, classes=["erratum-command"])
        block["translatable"] = False
        self.set_source_info(block)
        return block


def setup(app):
    app.add_directive("site-errata-commands", ErratumCommandsDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
