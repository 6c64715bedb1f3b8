"""The ``mancala-diagrams`` command: :mod:`.main` (verify, check, replay,
rules, schema, new) and :mod:`.solve` (the bevohoka solver's options).

May import every layer but the Sphinx extension; it turns every
:class:`~mancala_diagrams.errors.MancalaError` into one located line.
"""
from .main import main  # noqa: F401
