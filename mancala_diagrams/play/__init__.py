"""The in-page player: a game played on from a position, decision by decision.

The page's script draws the board, listens to the reader and calls this
package, which runs inside the page (CPython compiled to WebAssembly, Pyodide)
as it runs in the tests: :mod:`.data` turns the rules into plain data at build
time and back into :class:`~mancala_diagrams.engine.rules.Rules` in the page,
:mod:`.game` keeps the game (the decisions the rules ask, each refusal's
reason, the events of a turn with their captions, undo and redo, the moves
played, written in the engine's move notation), :mod:`.opponent` plays one side,
:mod:`.record` writes the game as an example file, and :mod:`.page` is what
the script calls (JSON in, JSON out).

May import: :mod:`mancala_diagrams.engine`, the drawing's words
(:mod:`mancala_diagrams.drawing.captions` and :mod:`~mancala_diagrams.drawing.catalog`),
:mod:`mancala_diagrams.errors` and :mod:`mancala_diagrams.limits`; never the
file formats, the drawing of pictures (Pillow), PyYAML, Babel or Sphinx, which
the page does not have.
"""
