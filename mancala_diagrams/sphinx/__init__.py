"""The Sphinx extension: a thin layer over the engine, the files and the drawing.

:mod:`.directives` defines the ``mancala-*`` directives (they parse their
options, ask :mod:`mancala_diagrams.files` to load and replay, and
:mod:`mancala_diagrams.drawing` for the picture and the words) and
:mod:`.solutions` the katro bevohoka solutions table; ``static/`` holds the
step-through viewer's script and style.

May import every layer but the CLI.  Use it as ``extensions =
["mancala_diagrams.sphinx"]`` in a Sphinx ``conf.py``.
"""
from .directives import setup  # noqa: F401
