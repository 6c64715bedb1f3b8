"""The extension's set-up: its directives, nodes, configuration values and
the build events it follows."""
from __future__ import annotations

from pathlib import Path

from .. import __version__
from ..drawing.catalog import catalog_language, use_locale_dirs
from ..errors import MancalaError
from . import directives, nodes, pages, state


#: The form of what the extension keeps in the build environment (where each
#: diagram is drawn, what each page was made from): a new value makes Sphinx
#: read every page again.  A change to the code or to any other input makes
#: the pages that depend on it outdated already (:func:`.state.outdated`).
ENV_VERSION = 20


def add_static(app, config):
    """Our stylesheet; added at config time, so that the saved configuration matches
    the next build's and a no-op build stays a no-op."""
    static = str(Path(__file__).parent / "static")
    if static not in config.html_static_path:
        config.html_static_path.append(static)


def check_language(app, config):
    """The caption catalogs of the project (``mancala_locale_dirs``, relative to
    conf.py) are used too; a build in a language without a caption catalog
    stops at once, saying which there are."""
    confdir = Path(app.confdir)
    use_locale_dirs([confdir / d for d in config.mancala_locale_dirs])
    try:
        catalog_language(config.language)
    except MancalaError as exc:
        from sphinx.errors import ConfigError
        raise ConfigError(str(exc)) from None


def setup(app):
    app.add_config_value("mancala_image_cache", "", "env", types=frozenset({str}))
    app.add_config_value("mancala_project_root", "", "env", types=frozenset({str}))
    app.add_config_value("mancala_locale_dirs", [], "env", types=frozenset({list, tuple}))
    app.add_event("mancala-figure")
    app.add_event("mancala-table")
    app.add_directive("mancala-example", directives.ExampleDirective)
    app.add_directive("mancala-position", directives.PositionDirective)
    app.add_directive("mancala-track", directives.TrackDirective)
    app.add_directive("mancala-legend", directives.LegendDirective)
    app.add_directive("mancala-verification", directives.VerificationDirective)
    app.add_directive("mancala-errata", directives.ErrataDirective)
    app.add_node(nodes.mancala_placeholder)
    # a figure as Sphinx numbers and anchors its own (a captioned figure gets an id, for its permalink)
    app.add_enumerable_node(nodes.board_figure, "figure",
                            html=(nodes.visit_board_figure_html, nodes.depart_board_figure_html))
    app.add_node(nodes.mancala_steps, html=(nodes.visit_steps_html, nodes.depart_steps_html))
    app.connect("config-inited", add_static)
    app.connect("config-inited", check_language)
    app.connect("config-inited", state.begin_build)
    app.connect("build-finished", state.end_build)
    app.connect("env-get-outdated", state.outdated)
    app.connect("env-before-read-docs", pages.before_read)
    app.connect("env-purge-doc", pages.purge_doc)
    app.connect("env-merge-info", pages.merge_info)
    app.connect("env-updated", pages.env_updated)
    app.connect("doctree-resolved", pages.resolve)
    app.add_css_file("mancala.css")
    app.add_js_file("mancala-viewer.js", loading_method="defer")
    app.setup_extension("mancala_diagrams.sphinx.player")     # Play from here (issue 33)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True,
            "env_version": ENV_VERSION}
