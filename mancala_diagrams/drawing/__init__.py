"""What a reader sees of a position: the board picture and the caption.

:mod:`.render` draws a position with Pillow (a pure function of the position
and its options, bytes out); :mod:`.captions` tells a replay's events in
words, in the build's language, with the sentences of the gettext catalogs
``locales/<lang>/LC_MESSAGES/captions.po`` that :mod:`.catalog` reads (Babel);
:mod:`.images` keeps the drawn boards as files named by their content and says
what a step highlights.

May import: :mod:`mancala_diagrams.errors`, :mod:`mancala_diagrams.atomic`,
:mod:`mancala_diagrams.engine`, Pillow and Babel; never the file formats, the solver, Sphinx or the CLI.
"""
