"""The pages made from the whole project, and what the build environment
keeps of every page.

The verification page (``mancala-verification``) shows the view's rows as
tables: a summary with one line per source page and the count of each status,
then one table per source page, each line linking to where the diagram is drawn
on the site and to the source page; the grouping, order and counts are
:func:`~mancala_diagrams.view.report.group_rows`'.  The errata page
(``mancala-errata``) ends with the list of declared errata drawn on the site.
Both lists are made when the page is resolved, once every page has been read:
``env.mancala_diagrams`` says where each diagram is drawn (:class:`Drawn`, one
per figure), ``env.mancala_generated`` which pages are made from the whole
project (written again whenever a page was read), and
:mod:`.state` what each page was made from.

A table is a standard docutils table (:func:`.tables.docutils_table`), unless
an accelerator answers the event ``mancala-table`` with a node of its own.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from docutils import nodes

from ..drawing.catalog import words
from ..view.figures import anchor_of, errata_anchor
from ..view.report import group_rows, totals
from ..view.rows import STATUSES, status_words
from .credits import page_url
from .nodes import lazy_images, mancala_placeholder
from .state import build_of, lang_of
from .tables import Code, Link, docutils_table
from .words import WORDS, say, status_word

TABLE_CLASSES = ("mancala-verification",)


@dataclass(frozen=True)
class Drawn:
    """A figure drawn on a page: the diagram's *id*, the figure's *anchor*, the
    *example* file it comes from (relative to the project), and the declared
    *erratum*'s reason in the build's language (None for none)."""
    id: str
    anchor: str
    example: str | None
    erratum: str | None


def note_drawn(env, drawn) -> None:
    data = getattr(env, "mancala_diagrams", {})
    data.setdefault(env.docname, []).extend(drawn)
    env.mancala_diagrams = data


def note_generated(env, kind=None) -> None:
    """The page being read is made from the whole project; it is the site's
    *kind* page (``verification``, ``errata``) if given, where the figures'
    status badges link (``env.mancala_pages``: {docname: kind})."""
    env.mancala_generated = getattr(env, "mancala_generated", set()) | {env.docname}
    if kind:
        note_page(env, kind)


def note_page(env, kind) -> None:
    """The page being read is the site's *kind* page: ``verification``,
    ``errata``, or a page with a ``legend`` (``env.mancala_pages``: {docname: kind})."""
    pages = getattr(env, "mancala_pages", {})
    pages[env.docname] = kind
    env.mancala_pages = pages


def page_of(env, kind) -> str | None:
    """The page of *kind*, None without one; of several, the nearest the top
    of the site (the fewest folders), then the first by name."""
    found = [d for d, k in getattr(env, "mancala_pages", {}).items() if k == kind]
    return min(found, key=lambda d: (d.count("/"), d)) if found else None


def row_anchor(diagram: str) -> str:
    """The HTML id of a diagram's line on the verification page."""
    return "row-" + anchor_of(diagram)


def link_badges(app, doctree, fromdoc) -> None:
    """The links to the site's pages of a kind (``mancala_badge``: (kind,
    anchor)) get their address: the status badges of a page's figures
    (:func:`.nodes.badge_node`), and each viewer's link to the legend (its
    own page's if it has one).  A badge whose page the site lacks is a plain
    word; a link to a legend the site lacks is left out."""
    env = app.env
    for ref in list(doctree.findall(lambda n: isinstance(n, nodes.reference) and "mancala_badge" in n)):
        kind, anchor = ref["mancala_badge"]
        del ref["mancala_badge"]
        own = kind == "legend" and getattr(env, "mancala_pages", {}).get(fromdoc) == kind
        target = fromdoc if own else page_of(env, kind)
        if target is None and kind == "legend":
            ref.parent.parent.remove(ref.parent)
        elif target is None:
            ref.replace_self(nodes.inline(ref.astext(), ref.astext(), classes=ref["classes"]))
        else:
            ref["refuri"] = ("" if own else app.builder.get_relative_uri(fromdoc, target)) + "#" + anchor


def make_table(env, headers, rows, row_ids=None):
    """A table of the verification page: an accelerator's node (event
    ``mancala-table``), else the docutils table; *row_ids* the HTML id of
    each row (None for none)."""
    node = env.events.emit_firstresult("mancala-table", list(headers), rows, list(TABLE_CLASSES), row_ids)
    return node if node is not None else docutils_table(headers, rows, TABLE_CLASSES, row_ids)


def verification_content(app, fromdoc, node, where, lang):
    """The verification page's tables (see the module)."""
    env = app.env
    groups = group_rows(node["rows"], node.get("published", {}))
    entries = build_of(env).entries
    shown = list(totals(groups))
    w = words(lang)

    def page_name(group):
        """The diagrams' id prefix and the source page's file: ``katra-fandatsaka (fifanga.html)``."""
        if not group.page:
            return say("own_examples", lang)
        url = page_url(entries, group.page)
        return f"{group.page} ({url.rsplit('/', 1)[-1] if url else group.page + '.html'})"

    def anchor(group):
        return "source-" + nodes.make_id(group.page or "own-examples")

    uris, titles = {}, {}

    def link(docname, anchor):
        """Where a diagram is drawn, relative to this page, as Sphinx makes its own links."""
        if docname not in uris:
            uris[docname] = app.builder.get_relative_uri(fromdoc, docname)
            titles[docname] = env.titles[docname].astext() if docname in env.titles else docname
        return Link(titles[docname], uris[docname] + "#" + anchor, internal=True)

    errata_doc = page_of(env, "errata")
    example_doc = {}   # where each example is drawn (a check links to its example's first step)
    for docname, drawn in sorted(getattr(env, "mancala_diagrams", {}).items()):
        for d in drawn:
            example_doc.setdefault(d.example, (docname, d))
    out = statuses_defined(lang)
    summary = []
    ids_given = {None}
    for g in groups:
        summary.append([Link(page_name(g), "#" + anchor(g), internal=True),
                        *[str(g.counts.get(s, 0)) for s in shown], str(len(g.entries))])
    summary.append([say("total", lang), *[str(n) for n in totals(groups).values()],
                    str(sum(len(g.entries) for g in groups))])
    out.append(make_table(env, [say("source_page", lang), *[status_word(s, lang) for s in shown],
                                say("total", lang)], summary))
    if "missing" not in shown:
        out.append(nodes.paragraph(text=say("all_accounted", lang)))
    for g in groups:
        heading = nodes.rubric("", "", ids=[anchor(g)], **{"heading-level": 2})
        url = page_url(entries, g.page)
        heading += nodes.reference(page_name(g), page_name(g), refuri=url) if url else nodes.Text(page_name(g))
        out.append(heading)
        counts = ", ".join(w.lookup(WORDS["count"], status=status_word(s, lang), count=n)
                           for s, n in g.counts.items())
        out.append(nodes.paragraph(text=counts))
        rows, row_ids = [], []
        for e in g.entries:
            # where the diagram is drawn; for a check, its example's first step
            at = where.get(e.diagram) if e.diagram is not None else example_doc.get(e.example)
            drawn = link(at[0], at[1].anchor) if at is not None else say("not_drawn", lang)
            number = (e.diagram or "").rpartition("-")[2]
            if url and e.diagram and number.isdigit():
                source = Link(w.lookup(WORDS["diagram_number"], number=int(number)), url)
            else:
                source = say("no_source", lang)
            if e.diagram:
                label = e.diagram
            else:  # a check: the example's name and its ``at:`` (the YAML's words, shown as code)
                label = Code((Path(e.example or "?").stem, e.check or ""))
            status = status_word(e.status, lang)
            entry = errata_anchor(e.status, e.diagram) if e.diagram else None
            if entry and errata_doc is not None:     # to its erratum
                status = Link(status, app.builder.get_relative_uri(fromdoc, errata_doc) + "#" + entry,
                              internal=True)
            rows.append([label, status, drawn, source])
            row_id = row_anchor(e.diagram) if e.diagram else None
            row_ids.append(row_id if row_id not in ids_given else None)
            ids_given.add(row_id)
        out.append(make_table(env, [say("diagram", lang), say("status", lang), say("drawn", lang),
                                    say("source", lang)], rows, row_ids))
    container = nodes.container(classes=["mancala-verification-report"])
    container.extend(out)
    return container


def statuses_defined(lang):
    """Every status of the vocabulary, its word and what it proves, in *lang*
    (the words the tables and the figures' badges show)."""
    out = nodes.definition_list(classes=["mancala-statuses"])
    for status in STATUSES:
        word, definition = status_words(status, lang)
        item = nodes.definition_list_item("", nodes.term(word, word, ids=["status-" + status]))
        item += nodes.definition("", nodes.paragraph(text=definition))
        out += item
    return [nodes.rubric(say("statuses", lang), say("statuses", lang), **{"heading-level": 2}), out]


def errata_list(app, fromdoc, where, lang):
    """The declared errata drawn on the site, each linking to its figure, with its reason."""
    errata = sorted((did, docname, d) for did, (docname, d) in where.items() if d.erratum is not None)
    if not errata:
        return nodes.paragraph(text=say("no_errata", lang))
    out = nodes.bullet_list(classes=["mancala-errata"])
    for did, docname, d in errata:
        para = nodes.paragraph()
        ref = nodes.reference("", "", internal=True)
        ref["refuri"] = app.builder.get_relative_uri(fromdoc, docname) + "#" + d.anchor
        ref += nodes.Text(did)
        para += ref
        para += nodes.Text(words(lang).gettext(": %(reason)s", reason=d.erratum))
        out += nodes.list_item("", para)
    return out


def resolve(app, doctree, fromdoc):
    """``doctree-resolved``: the pictures' loading, the generated words kept
    out of a gettext build's catalogs, and the verification and errata lists."""
    env = app.env
    if app.builder.name == "gettext":  # generated words are per language, not catalog messages
        for img in doctree.findall(nodes.image):
            if "mancala-board" in img["classes"] or "mancala-legend-sample" in img["classes"]:
                img.attributes.pop("alt", None)
    lazy_images(doctree)
    link_badges(app, doctree, fromdoc)
    placeholders = list(doctree.findall(mancala_placeholder))
    if not placeholders:
        return
    lang = lang_of(env)
    where = {}
    for docname, drawn in sorted(getattr(env, "mancala_diagrams", {}).items()):
        for d in drawn:
            where.setdefault(d.id, (docname, d))
    for node in placeholders:
        if node["kind"] == "verification":
            node.replace_self(verification_content(app, fromdoc, node, where, lang))
        else:
            node.replace_self(errata_list(app, fromdoc, where, lang))


def purge_doc(app, env, docname):
    for name in ("mancala_diagrams", "mancala_inputs", "mancala_pages"):
        getattr(env, name, {}).pop(docname, None)
    getattr(env, "mancala_generated", set()).discard(docname)


def merge_info(app, env, docnames, other):
    """The records of the pages read by a parallel reader."""
    for name in ("mancala_diagrams", "mancala_inputs", "mancala_pages"):
        data = getattr(env, name, {})
        theirs = getattr(other, name, {})
        data.update((d, theirs[d]) for d in docnames if d in theirs)
        setattr(env, name, data)
    env.mancala_generated = getattr(env, "mancala_generated", set()) | (
        getattr(other, "mancala_generated", set()) & set(docnames))


def before_read(app, env, docnames):
    env.mancala_read_any = bool(docnames)


def env_updated(app, env):
    """Write the verification and errata pages again whenever any page was read
    (where each diagram is drawn may have changed)."""
    if getattr(env, "mancala_read_any", False):
        return sorted(getattr(env, "mancala_generated", set()))
    return []
