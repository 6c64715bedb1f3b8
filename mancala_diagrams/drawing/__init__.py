"""What a reader sees of a position: the board picture and the caption.

:mod:`.layout` says where everything goes on a picture; :mod:`.render` paints a
position with Pillow (a pure function of the position and its options, bytes
out: the plain path, and the reference), :mod:`.compose` pastes the same
pictures together from pieces it keeps (an optional accelerator) and
:mod:`.png` writes them as PNG files; :mod:`.captions` tells a replay's events in
words, in the build's language, with the sentences of the gettext catalogs
``locales/<lang>/LC_MESSAGES/captions.po`` that :mod:`.catalog` reads (Babel),
each building block's events by that block's telling (:mod:`.tellings`);
:mod:`.images` keeps the drawn boards as files named by their content.

May import: :mod:`mancala_diagrams.errors`, :mod:`mancala_diagrams.atomic`,
:mod:`mancala_diagrams.engine`, Pillow and Babel; never the file formats, the solver, Sphinx or the CLI.
"""
