"""``python -m mancala_diagrams.cli``: the same as the ``mancala-diagrams`` command."""
import sys

from .main import main

sys.exit(main())
