"""The bibliography in the build's language.

docs/references.bib is the one list of the site's sources, in English.  What
the project wrote itself in an entry (a note, how a work was published, the
title of a page or an observation that has none of its own) may be given in
another language too, in a field of the same name with the language's suffix
(``note_fr``, ``howpublished_fr``, ``title_fr``); the titles of published works
are left as they are.  The French build formats the entries with the style
``plain-fr``: pybtex's ``plain``, the ``*_fr`` fields in place of the others,
and French spacing in the address label.  BibTeX tools ignore the extra fields.

A citation of an entry without a year says so in the build's language
(:data:`NO_DATE`: "s. d." in French, where sphinxcontrib-bibtex writes
"n.d.").  An entry's back-links are the citations of it on the page: a translated page
is given, besides its own, back-links to elements that do not cite the
entry (the French page showed "(1,2,3)" where the English one shows the
entry's label as its one back-link); :func:`keep_real_backlinks` keeps only
those that lead to a citation of the entry.
"""
from __future__ import annotations

from docutils import nodes
from pybtex.database import Entry
from pybtex.plugin import find_plugin, register_plugin
from pybtex.style.template import field, href, words

Plain = find_plugin("pybtex.style.formatting", "plain")


def in_language(entry: Entry, lang: str) -> Entry:
    """*entry* with each field ``NAME_lang`` in place of ``NAME`` (the same
    entry when it has none)."""
    suffix = "_" + lang
    own = {name[:-len(suffix)]: value for name, value in entry.fields.items() if name.lower().endswith(suffix)}
    if not own:
        return entry
    fields = {name: value for name, value in entry.fields.items() if "_" not in name}
    fields.update(own)
    copy = Entry(entry.type, fields=fields, persons=entry.persons)
    copy.key = entry.key
    return copy


class FrenchPlain(Plain):
    def format_entry(self, label, entry, bib_data=None):
        return super().format_entry(label, in_language(entry, "fr"), bib_data=bib_data)

    def format_url(self, e):
        url = field("url", raw=True)
        return words["URL\u00a0:", href(url)[url]]


register_plugin("pybtex.style.formatting", "plain-fr", FrenchPlain)

STYLES = {"fr": "plain-fr"}
#: "no date" in a citation, by language (sphinxcontrib-bibtex's own is English's "n.d.")
NO_DATE = {"fr": "s.\u00a0d."}


def _choose_style(app, config):
    style = STYLES.get(str(config.language or "en").split("_")[0])
    if style:
        config.bibtex_default_style = style


def no_date_in_language(app, doctree, docname):
    """"n.d." in each citation of the page in the build's words (:data:`NO_DATE`)."""
    words = NO_DATE.get(str(app.config.language or "en").split("_")[0])
    if not words:
        return
    for cited in doctree.findall(lambda n: isinstance(n, nodes.inline) and "bibtex-citation" in n["classes"]):
        for text in list(cited.findall(nodes.Text)):
            if "n.d." in text:
                text.parent.replace(text, nodes.Text(text.replace("n.d.", words)))


def keep_real_backlinks(app, doctree, docname):
    """Each citation's back-links: those that lead to an element citing it,
    each once."""
    citations = list(doctree.findall(nodes.citation))
    if not citations:
        return
    by_id = {i: node for node in doctree.findall(nodes.Element) for i in node["ids"]}

    def cites(node, target):
        return any(ref.get("refid") == target or str(ref.get("refuri", "")).endswith("#" + target)
                   for ref in node.findall(nodes.reference))

    for citation in citations:
        ids = set(citation["ids"])
        kept = []
        for backref in citation["backrefs"]:
            node = by_id.get(backref)
            if backref not in kept and node is not None and any(cites(node, i) for i in ids):
                kept.append(backref)
        citation["backrefs"] = kept


def setup(app):
    app.connect("config-inited", _choose_style)
    app.connect("doctree-resolved", keep_real_backlinks)
    app.connect("doctree-resolved", no_date_in_language)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
