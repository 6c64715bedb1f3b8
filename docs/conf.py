"""Sphinx configuration of the mancala-diagrams site.

One build is one language: ``make site`` builds this project twice, with
``-D language=en`` and ``-D language=fr`` (English is the source language; the
French text comes from the gettext catalogs in ``locales/``).
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

project = "Mancala diagrams"
author = "The mancala-diagrams contributors"
copyright = "2026, the mancala-diagrams contributors"
language = "en"

extensions = ["myst_parser", "mancala_diagrams.sphinx", "mancala_diagrams.sphinx.fasthtml",
              "mancala_diagrams.sphinx.solutions", "accessible_html",
              "sphinxcontrib.bibtex", "glossary_order", "bibliography_language", "site_facts", "erratum_commands",
              "word_languages", "diagram_search"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

exclude_patterns = ["_build", "_root", "drafts", "locales", "README.md", "Thumbs.db", ".DS_Store"]
templates_path = ["_templates"]
# Furo: responsive (navigation and search at the top on a phone), light and
# dark modes.  The "view" button of its page header is replaced by the language
# switch (_templates/components/view-this-page.html); _templates/page.html
# writes the footer; _static/site.css holds the few site-wide rules.
html_theme = "furo"
html_theme_options = {"top_of_page_buttons": ["view"]}
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_js_files = [("site.js", {"defer": "defer"})]
html_favicon = "_static/favicon.svg"
# Search: the games before the pages for contributors, a diagram's identifier
# first when it is the whole query (the diagrams are indexed by _ext/diagram_search.py).
html_search_scorer = str(HERE / "_ext" / "search_scorer.js")
html_show_sphinx = False
html_last_updated_fmt = None
html_show_sourcelink = False
html_copy_source = False
html_scaled_image_link = False

# Internationalisation: English source, French catalogs (one .po per page).
locale_dirs = ["locales/"]
gettext_compact = False
gettext_uuid = False
gettext_location = True

# The bibliography: one BibTeX file, rendered on bibliography.md and offered for
# download there; a citation's anchor is cite-KEY (stable, for links from
# elsewhere, and the credits of published diagrams link to their page's entry).
bibtex_bibfiles = ["references.bib"]
bibtex_default_style = "plain"
bibtex_reference_style = "author_year"
bibtex_cite_id = "cite-{key}"

# What this build is (_ext/site_facts.py: the version, commit and day are found
# there): the repository's address is the one pyproject.toml gives under
# [project.urls] (none yet: the pages then say that it is not published).
from site_facts import project_urls  # noqa: E402

site_repository = project_urls().get("Repository", "")

# The words of other languages on the pages, marked with their language
# (_ext/word_languages.py) so that a screen reader says them as they are said:
# Malagasy (mg), Shimaore (swb, the language of Mayotte) and Swahili (sw).
# Names of places and peoples are left as they are.
word_languages = {
    "mg": ["katra", "katro", "katra be", "katra Sakalava", "katra fandatsaka", "katra paika", "katra mpantsaka",
           "katra gorobaka", "katro gorobaka", "katro bevohoka", "katro mandry dia homana", "mandry dia homana",
           "fandatsaka", "gorobaka", "bevohoka", "mandry", "fotsiny", "rova", "tsibongy", "vato", "fifanga",
           "fifangaha", "fifangakely", "fanga", "mamenoatrika", "samantsy"],
    "swb": ["m'raha wa ntso", "m'raha mwana", "m'raha", "nyumba", "trakatra", "tso"],
    "sw": ["bao", "kichwa"],
}

# Board images: one cache shared by the builds of both languages.
mancala_image_cache = str(HERE.parent / "_build" / "images")
mancala_project_root = str(HERE.parent)
# The in-page player's runtime: once for both languages, beside en/ and fr/.
mancala_play_dir = "../_play"

# The site's name in each language (``-D language=fr`` is applied after this
# file is read, so the name is chosen once the configuration is complete).
SITE_NAME = {"en": "Mancala diagrams", "fr": "Diagrammes de mancala"}


def _name_the_site(app, config):
    name = SITE_NAME.get(config.language, SITE_NAME["en"])
    config.project = name
    config.html_title = name


def setup(app):
    app.connect("config-inited", _name_the_site)
