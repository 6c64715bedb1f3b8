"""The verification page on the built site (the ``site`` fixture of conftest.py):
grouped by source page with counts, every status used defined, every line
linking to its step on the site and to its source page."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from mancala_diagrams.files.project import published_dir

ROOT = Path(__file__).resolve().parent.parent

# every status of the vocabulary, in the page's order: what the figures' badges say too
STATUS = {"en": ["replayed", "set-up", "sowing order", "marks", "picture", "given", "erratum", "claim erratum",
                 "departure", "checked", "generated", "drafted", "missing", "mismatch", "error"],
          "fr": ["rejoué", "mise en place", "ordre de semis", "marques", "image", "donné", "erratum",
                 "erratum du texte", "écart", "contrôlé", "généré", "brouillon", "manquant", "désaccord", "erreur"]}
MISSING = STATUS["en"].index("missing")


def tables(page):
    out = []
    for t in re.findall(r'<table[^>]*class="[^"]*mancala-verification.*?</table>', page, re.S):
        rows = [[c for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r, re.S)]
                for r in re.findall(r"<tr[^>]*>(.*?)</tr>", t, re.S)]
        out.append(rows)
    return out


def text(cell):
    return html.unescape(re.sub(r"<[^>]+>", "", cell)).strip()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_verification_page_groups_counts_defines_and_links(site, lang):
    page = (site / lang / "verification.html").read_text(encoding="utf-8")
    defined = [text(t) for t in re.findall(r"<dt[^>]*>(.*?)</dt>", page, re.S)]
    assert defined[:len(STATUS[lang])] == STATUS[lang]
    definitions = [text(t) for t in re.findall(r"<dd[^>]*>(.*?)</dd>", page, re.S)][:len(STATUS[lang])]
    assert all(definitions) and len(set(definitions)) == len(definitions)
    if published_dir(ROOT) is None:     # the site was built without the source pages' diagrams
        pytest.skip("../shared/published is not beside the project (nor $MANCALA_PUBLISHED)")
    found = tables(page)
    summary, groups = found[0], found[1:]
    pages = [text(r[0]) for r in summary[1:-1]]
    assert "katro (katro.html)" in pages and "katra-fandatsaka (fifanga.html)" in pages
    assert pages[:-1] == sorted(pages[:-1]) and pages.index("katro (katro.html)") < len(pages) - 1
    assert len(groups) == len(pages)                      # one table per source page
    used = set()
    for rows, name in zip(groups, pages):
        prefix = name.split(" (")[0] + "-"
        numbers = [int(text(r[0])[len(prefix):]) for r in rows[1:] if text(r[0]).startswith(prefix) and text(r[0])[len(prefix):].isdigit()]
        if "(" in name:                                    # a source page: its diagrams in its order
            assert numbers and numbers == sorted(numbers), name
        for r in rows[1:]:
            used.add(text(r[1]))
            # its step on the site, unless no example draws it yet (status missing: a page of
            # ../shared/published not started, which verify and check report in one sentence)
            # (the project's own examples include some drawn on no page)
            if "(" in name and text(r[1]) != STATUS[lang][MISSING]:
                assert re.search(r'href="[^"#]*\.html#[^"]+"', r[2]), f"{text(r[0])}: no link to its step"
    assert used <= set(STATUS[lang]), used - set(STATUS[lang])
    # the total counts every line of every group, and each group's heading links to its source page
    total = summary[-1]
    assert int(text(total[-1])) == sum(len(rows) - 1 for rows in groups)
    headings = re.findall(r'<h2 class="rubric"[^>]*>(.*?)</h2>', page, re.S)
    assert any('href="https://' in h and "/katro.html" in h for h in headings), headings[:3]
    katro = next(rows for rows in groups if text(rows[1][0]).startswith("katro-"))
    assert all('href="https://' in r[3] for r in katro[1:] if text(r[0]).startswith("katro-"))
