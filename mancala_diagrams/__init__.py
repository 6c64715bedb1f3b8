"""mancala-diagrams: a rules engine and verifier for Malagasy and Comorian sowing games.

The pure core (no I/O): :mod:`geometry`, :mod:`position`, :mod:`engine`,
:mod:`mechanics`.  At the edges: :mod:`loader` (YAML files), :mod:`verify`,
:mod:`render` (Pillow), :mod:`cli` and :mod:`sphinxext`.
"""

__version__ = "0.1.0"
