"""The view: what the site shows of a project, as typed data.

Between the files and the drawing on one side and the Sphinx extension and the
command line on the other, it turns an example into :mod:`.figures` (frozen
dataclasses: each figure's pictures with their highlights, marks, numbers and
alt text, its caption, credit and status, and the rules' name and position
text a player starts from) and the verifier's results into :mod:`.rows`.
:mod:`.steps` says what each step of an example shows, :mod:`.report` groups
the rows as the verification page lists them, :mod:`.project` makes a whole
project's view once, and :mod:`.cache` keeps it for the next build, keyed by
one digest of every input it depends on.

May import: :mod:`mancala_diagrams.errors`, :mod:`mancala_diagrams.atomic`,
:mod:`mancala_diagrams.limits`, :mod:`mancala_diagrams.engine`,
:mod:`mancala_diagrams.files` and :mod:`mancala_diagrams.drawing`; never
Sphinx, docutils or the CLI.
"""
