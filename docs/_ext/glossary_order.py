"""A sorted glossary (``:sorted:``) in the order of the build's language.

Sphinx sorts the terms of a ``:sorted:`` glossary when it reads the page, in
English, before the translations replace them; this transform sorts them again
once the page holds the words of the build's language (after Sphinx's
``Locale`` transform), as a dictionary does: accents, capitals and apostrophes
do not count (``réserve`` comes after ``relance``, ``m’raha`` among the m's).
"""
from __future__ import annotations

import unicodedata

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform


def dictionary_key(text: str) -> tuple[str, str]:
    """The order of a term in a dictionary: letters without their accents and
    case first, then the exact text to break ties."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    plain = "".join(c for c in plain.casefold() if c.isalnum() or c.isspace())
    return " ".join(plain.split()), text


class SortGlossaries(SphinxTransform):
    default_priority = 25  # after sphinx.transforms.i18n.Locale (20), which translates the terms

    def apply(self, **kwargs):
        for glossary in self.document.findall(addnodes.glossary):
            if not glossary.get("sorted"):
                continue
            for dlist in glossary.findall(nodes.definition_list):
                dlist.children.sort(key=lambda item: dictionary_key(item[0].astext()))


def setup(app):
    app.add_transform(SortGlossaries)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
