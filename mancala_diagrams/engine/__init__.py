"""The rules engine: a pure core with no I/O.

:mod:`.geometry` (holes, rows, tracks, directions), :mod:`.position` (a board
with its text form), :mod:`.turn` (a turn as a generator of events and
decisions), :mod:`.notation` (a turn's decisions as text), :mod:`.rules` (a
game made of building blocks), :mod:`.mechanics` (the named building blocks a
rules file refers to, on the one base :mod:`.mechanics.base`), :mod:`.search`
(every continuation of a position, for a board) and :mod:`.fastplay` (the
search's trace-free turn, an optional accelerator of :mod:`.turn`).

May import: :mod:`mancala_diagrams.errors` and the standard library only;
never the file formats, the drawing, the solver, Sphinx or Pillow.
"""
