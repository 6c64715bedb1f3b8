"""The bibliography has one source of truth, docs/references.bib: every key the
pages and the YAML files cite is an entry of it, every online source has an
address, and every published page whose diagrams the site draws has an entry
(``busser-PAGE``, with the page's address) from which each diagram's caption
takes its credit."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from pybtex.database import parse_file

from mancala_diagrams.files.project import published_dir

ROOT = Path(__file__).resolve().parent.parent
BIB = parse_file(str(ROOT / "docs" / "references.bib"), bib_format="bibtex").entries
PUBLISHED = published_dir(ROOT)     # ../shared/published, if it holds the pages


def test_every_key_of_the_bibliography_page_is_an_entry_of_the_bibtex_file():
    page = (ROOT / "docs" / "bibliography.md").read_text(encoding="utf-8")
    labels = re.findall(r"^\(([A-Za-z0-9_.-]+)\)=\s*$", page, re.M)
    assert labels
    assert set(labels) <= set(BIB), set(labels) - set(BIB)
    assert "{bibliography}" in page and "{download}`references.bib" in page


def test_every_key_the_rules_and_examples_cite_is_an_entry():
    cited = set()
    for path in [*ROOT.glob("rules/*.yaml"), *ROOT.glob("sources/**/*.yaml")]:
        for m in re.finditer(r"^\s*(?:sources|describes): \[([^\]]*)\]", path.read_text(encoding="utf-8"), re.M):
            cited |= {k.strip() for k in m.group(1).split(",") if k.strip()}
    assert cited
    assert cited <= set(BIB), cited - set(BIB)


def test_every_online_source_has_an_address():
    online = [k for k in BIB if k.startswith("busser") or k == "gering-katro"]
    assert "busser-katro" in online and "gering-katro" in online
    for key in online:
        assert BIB[key].fields.get("url", "").startswith("https://"), key


def test_the_de_voogt_article_has_its_title_and_pages():
    e = BIB["devoogt-1998"]
    assert "Distribution of Mancala Board Games" in e.fields["title"]
    assert e.fields["pages"] == "104--114" and e.fields["journal"] == "Board Games Studies"


@pytest.mark.skipif(PUBLISHED is None, reason="../shared/published is not beside the project")
def test_every_published_page_has_an_entry_for_its_credits():
    """(A page no example has started yet needs none: `mancala-diagrams new page` writes it.)"""
    from mancala_diagrams.files.content import check_content
    unstarted = check_content(ROOT).unstarted
    for path in sorted(PUBLISHED.glob("*.json")):
        if path.stem in unstarted:
            continue
        entry = BIB.get(f"busser-{path.stem}")
        assert entry is not None, f"no entry busser-{path.stem} in docs/references.bib"
        import json
        page = json.loads(path.read_text(encoding="utf-8"))["page"]
        assert entry.fields["url"].endswith("/" + page), (path.stem, entry.fields["url"])
