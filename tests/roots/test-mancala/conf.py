from pathlib import Path

import mancala_diagrams

extensions = ["myst_parser", "mancala_diagrams.sphinx"]
exclude_patterns = ["_build"]
# the project's rules/ (the examples name katro-6)
mancala_project_root = str(Path(mancala_diagrams.__file__).resolve().parent.parent)
