"""Small fixes to Sphinx's HTML for assistive technologies (checked by axe-core
in tests/test_browser_pages.py):

- a toctree caption ("Games", "Reference") is a paragraph with the role of a
  heading: it gets the heading level that role requires (``aria-level``);
- an entry of the bibliography is a list item of the list docutils wraps
  the entries in (docutils gives it the role doc-biblioentry, which is not
  one a list may hold);
- tables and code blocks may scroll sideways inside their own box on a phone:
  they can take the keyboard focus (``tabindex="0"``), so that a reader
  without a mouse can scroll them too.
"""
from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.writers.html5 import HTML5Translator


class AccessibleHTMLTranslator(HTML5Translator):
    def visit_title(self, node):
        super().visit_title(node)
        if isinstance(node.parent, addnodes.compact_paragraph) and node.parent.get("toctree"):
            # the <p class="caption" role="heading"> just written
            for i in range(len(self.body) - 1, -1, -1):
                if 'role="heading"' in self.body[i]:
                    self.body[i] = self.body[i].replace('role="heading"', 'role="heading" aria-level="2"', 1)
                    break

    def visit_citation(self, node):
        super().visit_citation(node)
        self.body[-1] = self.body[-1].replace('role="doc-biblioentry"', 'role="listitem"', 1)

    def visit_table(self, node):
        super().visit_table(node)
        self.body[-1] = self.body[-1].replace("<table ", '<table tabindex="0" ', 1)

    def visit_literal_block(self, node):
        try:
            super().visit_literal_block(node)
        except nodes.SkipNode:
            self.body[-1] = self.body[-1].replace("<pre>", '<pre tabindex="0">', 1)
            raise


def setup(app):
    app.set_translator("html", AccessibleHTMLTranslator, override=True)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
