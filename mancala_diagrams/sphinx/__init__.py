"""The Sphinx extension: a thin layer over the view.

:mod:`.directives` defines the ``mancala-*`` directives: each parses its
options and asks :mod:`mancala_diagrams.view` for its figures or rows;
:mod:`.nodes` makes standard docutils nodes of them, :mod:`.pages` the
verification and errata lists, :mod:`.credits` the published diagrams' credits
from the bibliography, :mod:`.words` the extension's own words; :mod:`.state`
holds one build's view of the project and what each page was made from, so
that a page is read again when its inputs change; :mod:`.extension` sets it
all up.  :mod:`.fasthtml` is an optional accelerator of the HTML build (the
same pages, fewer nodes), :mod:`.solutions` the katro bevohoka solutions
table, and :mod:`.player` the in-page player ("Play from here", its runtime
written beside the site); ``static/`` holds the step-through viewer's and
the player's scripts and styles.

May import every layer but the CLI.  Use it as ``extensions =
["mancala_diagrams.sphinx"]`` in a Sphinx ``conf.py`` (with
``"mancala_diagrams.sphinx.fasthtml"`` for the accelerator).
"""
from .extension import setup  # noqa: F401
