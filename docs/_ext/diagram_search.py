"""A diagram's identifier (``katro-12``) finds its figure in the site's search.

Every figure of a worked example is put in the search index as an object of
the type *diagram*, named by its identifier and pointing at its anchor, from
the list the extension keeps of the figures of each page
(``env.mancala_diagrams``, kept up to date as pages are read again).  Sphinx's
search then lists ``katro-12`` among the objects, and the site's ranking
(``_ext/search_scorer.js``) puts the diagram whose identifier is the whole
query first.  The type's name is a word of the "sphinx" catalog
(``locales/fr/LC_MESSAGES/sphinx.po``).
"""
from __future__ import annotations

from sphinx.domains import Domain, ObjType
from sphinx.locale import _


class DiagramDomain(Domain):
    name = "mancala"
    label = "Mancala diagrams"
    object_types = {"diagram": ObjType(_("diagram"), "diagram")}
    initial_data: dict = {}

    def get_objects(self):
        for docname, records in sorted(getattr(self.env, "mancala_diagrams", {}).items()):
            for record in records:
                yield record.id, record.id, "diagram", docname, record.anchor, 1

    def clear_doc(self, docname):
        pass    # the figures' list is the extension's, which forgets a page read again

    def merge_domaindata(self, docnames, otherdata):
        pass    # and merges the lists of parallel reads

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        return None

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        return []


def setup(app):
    app.add_domain(DiagramDomain)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
