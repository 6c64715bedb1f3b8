"""mancala-diagrams: a rules engine and verifier for Malagasy and Comorian sowing games.

The package is layered; each subpackage says in its docstring what it may
import, and ``tests/test_layers.py`` enforces it:

- :mod:`.errors`: the error types every layer raises (imports nothing);
- :mod:`.languages`: the languages, English and one per caption catalog
  (imports nothing);
- :mod:`.engine`: the pure core (board geometry, positions, the turn, rules
  and their building blocks), free of files, Pillow and Sphinx;
- :mod:`.files`: the YAML formats (rules and example files, schemas,
  scaffolds) and the verifier that replays the examples;
- :mod:`.drawing`: the Pillow boards and the captions told from a replay;
- :mod:`.view`: what the site shows, as typed data: an example's figures and
  the verifier's rows, and the one store a build keeps for the next;
- :mod:`.solver`: the katro bevohoka solver;
- :mod:`.sphinx`: the Sphinx extension, a thin layer over the view;
- :mod:`.cli`: the ``mancala-diagrams`` command.
"""

__version__ = "0.1.0"
