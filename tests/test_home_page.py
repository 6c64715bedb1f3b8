"""The home page starts a newcomer (on the built site, the ``site`` fixture of
conftest.py): what a sowing game is, which game to learn first and what each
of the others is, a board picture; and the menu says that the fanga is a
reconstruction."""
from __future__ import annotations

import re

import pytest

HOME = {
    "en": ("What a sowing game is", "Which game to learn first", "Fanga (a reconstruction)"),
    "fr": ("Qu’est-ce qu’un jeu de semailles", "Par quel jeu commencer", "Fanga (une reconstitution)"),
}


@pytest.mark.parametrize("lang", sorted(HOME))
def test_the_home_page_explains_draws_a_board_and_points_to_a_first_game(site, lang):
    page = (site / lang / "index.html").read_text(encoding="utf-8")
    what, first, _ = HOME[lang]
    headings = [re.sub(r"<[^>]+>|¶|\u00a0\?", "", h).strip() for h in re.findall(r"<h2>(.*?)</h2>", page, re.S)]
    assert what in headings and first in headings, headings
    main = page.split('id="furo-main-content"', 1)[1]
    assert re.search(r'<img [^>]*class="[^"]*mancala-board', main), "no board picture on the home page"
    first_section = main.split(first, 1)[1]
    assert 'href="games/katro.html"' in first_section.split("</p>", 1)[0]
    # every game is introduced there, each with a link to its page
    section = first_section.split("<h2", 1)[0]
    games = sorted(path.stem for path in (site / lang / "games").glob("*.html"))
    assert len(games) >= 9
    missing = [g for g in games if f'href="games/{g}.html"' not in section]
    assert not missing, f"'{first}' does not introduce {missing}"


@pytest.mark.parametrize("lang", sorted(HOME))
def test_the_menu_labels_the_fanga_a_reconstruction(site, lang):
    page = (site / lang / "games" / "katro.html").read_text(encoding="utf-8")
    links = re.findall(r'<a class="reference internal" href="fanga.html">([^<]*)</a>', page)
    assert HOME[lang][2] in links, links


@pytest.mark.parametrize("lang,word", [("en", "Search"), ("fr", "Rechercher")])
def test_the_search_page_has_a_level_one_heading(site, lang, word):
    """Furo's search page has none of its own (axe-core: page-has-heading-one)."""
    page = (site / lang / "search.html").read_text(encoding="utf-8")
    assert re.findall(r"<h1>(.*?)</h1>", page) == [word]
