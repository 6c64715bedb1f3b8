"""The rules engine: a pure core with no I/O.

:mod:`.geometry` (holes, rows, tracks, directions), :mod:`.position` (a board
with its text form), :mod:`.turn` (a turn as a generator of events and
decisions), :mod:`.rules` (a game made of building blocks) and
:mod:`.mechanics` (the named building blocks a rules file refers to).

May import: :mod:`mancala_diagrams.errors` and the standard library only;
never the file formats, the drawing, the solver, Sphinx or Pillow.
"""
