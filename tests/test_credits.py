"""The credits of published diagrams (mancala_diagrams/sphinx/credits.py),
from the site's BibTeX file: each published page's entry gives the author,
the site and the address a diagram's caption ends with."""
from __future__ import annotations

from pathlib import Path

from mancala_diagrams.sphinx import credits
from mancala_diagrams.view.figures import Credit

ROOT = Path(__file__).resolve().parent.parent

BIB = """@misc{busser-katro,
  author = {Jean-Marc Busser},
  title = {Katro},
  howpublished = {Jeux du monde},
  url = {https://example.org/katro.htm},
}
@misc{busser-katra-be,
  author = {Jean-Marc Busser},
  title = {Katra be},
  howpublished = {Jeux du monde},
  url = {https://example.org/archive/v1/katrabe.htm},
  readerurl = {https://example.org/katrabe.htm},
}
@book{devoogt-1998,
  author = {Alexander J. de Voogt and Someone Else},
  title = {A book},
  year = {1998},
}
"""


def test_a_credit_names_the_first_author_the_site_and_the_page(tmp_path):
    bib = tmp_path / "refs.bib"
    bib.write_text(BIB, encoding="utf-8")
    parsed = credits.bibliography_entries([bib])
    assert parsed["busser-katro"] == {"url": "https://example.org/katro.htm", "site": "Jeux du monde",
                                      "author": "Jean-Marc Busser", "reader": ""}
    assert parsed["devoogt-1998"]["author"] == "Alexander de Voogt"     # first author, no middle names
    # without the page as its readers see it: one link, to the archived version
    assert credits.credit(parsed, Credit("katro", 7), "en") == (
        ("Source: Jean-Marc Busser, Jeux du monde, page katro.htm, diagram 7.", "https://example.org/katro.htm"),)
    assert credits.page_url(parsed, "katro") == "https://example.org/katro.htm"
    # with it: the credit links there, the archived version beside it
    assert credits.credit(parsed, Credit("katra-be", 3), "en") == (
        ("Source: Jean-Marc Busser, Jeux du monde, page katrabe.htm, diagram 3.", "https://example.org/katrabe.htm"),
        ("archived version, as transcribed", "https://example.org/archive/v1/katrabe.htm"))
    assert credits.credit(parsed, Credit("fanga", 1), "en") is None      # no entry for that page
    assert "busser-katra-be" in credits.missing("katra-be-01", Credit("katra-be", 1))
    # a short citation: the source diagram, the site, its version
    assert credits.cite_words(parsed, Credit("katro", 7), "en", "Mancala diagrams", "0.1.0") == (
        "Cite: Busser, katro.htm, diagram 7; Mancala diagrams 0.1.0,")
    assert credits.cite_words(parsed, None, "en", "Mancala diagrams", "0.1.0") == "Cite: Mancala diagrams 0.1.0,"
    assert "busser-katra-be" in credits.missing("katra-be-01", Credit("katra-be", 1))


def test_every_entry_of_the_sites_bibliography_is_read():
    parsed = credits.bibliography_entries([ROOT / "docs" / "references.bib"])
    assert parsed["busser-katro"]["url"].startswith("https://") and parsed["busser-katro"]["author"]
