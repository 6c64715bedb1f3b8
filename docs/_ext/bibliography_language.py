"""The bibliography in the build's language.

docs/references.bib is the one list of the site's sources, in English.  What
the project wrote itself in an entry (a note, how a work was published, the
title of a page or an observation that has none of its own) may be given in
another language too, in a field of the same name with the language's suffix
(``note_fr``, ``howpublished_fr``, ``title_fr``); the titles of published works
are left as they are.  The French build formats the entries with the style
``plain-fr``: pybtex's ``plain``, the ``*_fr`` fields in place of the others,
and French spacing in the address label.  BibTeX tools ignore the extra fields.
"""
from __future__ import annotations

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


def _choose_style(app, config):
    style = STYLES.get(str(config.language or "en").split("_")[0])
    if style:
        config.bibtex_default_style = style


def setup(app):
    app.connect("config-inited", _choose_style)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
