"""The katro bevohoka solver: the fewest turns (then laps) to win a puzzle.

:mod:`.search` is a self-contained search (it has its own compact board), so
that it can be cross-checked against the general engine by the tests; it is
the reference.  :mod:`.compiled` runs the same search in a small C extension
(``_bevohoka.c``, built by setup.py) for the widths the reference cannot
finish (8 columns); the tests hold it to the reference.

May import: :mod:`mancala_diagrams.errors` and the standard library; never the
file formats, the drawing, Sphinx or the CLI.
"""
