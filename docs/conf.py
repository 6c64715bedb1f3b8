"""Sphinx configuration of the mancala-diagrams site.

One build is one language: ``make site`` builds this project twice, with
``-D language=en`` and ``-D language=fr`` (English is the source language; the
French text comes from the gettext catalogs in ``locales/``).
"""
from pathlib import Path

HERE = Path(__file__).resolve().parent

project = "Mancala diagrams"
author = "The mancala-diagrams contributors"
copyright = "2025, the mancala-diagrams contributors"
language = "en"

extensions = ["myst_parser", "mancala_diagrams.sphinx", "mancala_diagrams.sphinx.solutions"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

exclude_patterns = ["_build", "_root", "drafts", "locales", "README.md", "Thumbs.db", ".DS_Store"]
templates_path = ["_templates"]
html_theme = "alabaster"
html_theme_options = {"description": "", "show_relbars": True}
html_sidebars = {"**": ["about.html", "navigation.html", "searchbox.html"]}
html_last_updated_fmt = None
html_show_sourcelink = False
html_copy_source = False
html_scaled_image_link = False

# Internationalisation: English source, French catalogs (one .po per page).
locale_dirs = ["locales/"]
gettext_compact = False
gettext_uuid = False
gettext_location = True

# Board images: one cache shared by the builds of both languages.
mancala_image_cache = str(HERE.parent / "_build" / "images")
mancala_project_root = str(HERE.parent)
