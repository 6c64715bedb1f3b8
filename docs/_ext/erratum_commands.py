"""``site-errata-commands``: for each declared erratum of the project, the
command that checks it again and the lines that command prints for it.

The lines are the command's own: the rows of the build's verification (the
one the verification and errata pages show) printed by the command line's
printer, so that the page says exactly what ``mancala-diagrams verify FILE``
prints for the erratum's diagram.  The page depends on every example file, so
that it is read again when one of them changes.
"""
from __future__ import annotations

import io
from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from mancala_diagrams.cli.main import _print_row
from mancala_diagrams.files.project import example_paths
from mancala_diagrams.sphinx.directives import build_verification


class ErratumCommandsDirective(SphinxDirective):
    has_content = False

    def run(self):
        root = Path(self.config.mancala_project_root or Path(self.env.srcdir).parent)
        for path in example_paths(root):
            self.env.note_dependency(str(path))
        out = []
        for row in build_verification(self.env, root):
            if row["status"] != "erratum":
                continue
            printed = io.StringIO()
            _print_row(row, printed)
            title = nodes.rubric(row["diagram"], row["diagram"], ids=[f"check-{nodes.make_id(row['diagram'])}"],
                                 **{"heading-level": 3})
            title["translatable"] = False       # an identifier
            self.set_source_info(title)
            command = f".venv/bin/mancala-diagrams verify {row['example']}"
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
