"""The limits on what a rules or example file may ask for, stated once.

Every limit is far above what the historical sources need (the figure in the
comment is the largest value among the project's own files and replays, as
measured when the limit was set) and far below what would make a command hang
or exhaust memory.  Each is checked before the work it bounds, and breaking one
gives a :class:`~.errors.MancalaError` with the file, line and column.  The
documentation (``docs/howto-variant.md``, "Limits") lists them; a test checks
that the list there and this module agree.

May import: nothing (every layer may import it, as it may import
:mod:`.errors`).
"""
from __future__ import annotations

# -- the YAML text (files/yamlio.py) --------------------------------------------
#: bytes in one file (sources: 5,192)
MAX_FILE_BYTES = 1_048_576
#: mappings and lists inside one another (sources: 7)
MAX_DEPTH = 32
#: values in one file, each alias counted as the values it stands for (sources: 192)
MAX_VALUES = 100_000
#: items in one list or keys in one mapping (sources: 17)
MAX_ITEMS = 1_000
#: characters in a number (a longer one is read as text) (sources: 2)
MAX_NUMBER_CHARS = 100
#: characters in the name of a rules or example file (sources: 36)
MAX_NAME_CHARS = 100

# -- rules files (files/loader.py) --------------------------------------------------
#: rules files in one chain of ``extends``: a variant, its base, its base's base ... (sources: 4)
MAX_EXTENDS = 16

# -- the board and its seeds (engine) ---------------------------------------------
#: columns of a board: one letter of the chess-like notation each (sources: 8)
MAX_COLUMNS = 26
#: rows of one player (sources: 2)
MAX_ROWS_PER_PLAYER = 6
#: seeds in one hole (sources: 16)
MAX_SEEDS_PER_HOLE = 1_000
#: seeds in all, holes, reserves and hand together (sources: 72)
MAX_SEEDS = 10_000

# -- moves and turns ----------------------------------------------------------------
#: turns in one line of an example (sources: 11)
MAX_MOVES = 500
#: laps in one turn (sources: 35)
MAX_LAPS_PER_TURN = 10_000
#: seeds sown in one turn (sources: 198)
MAX_SOWN_PER_TURN = 100_000
#: laps played in all while listing the legal moves of one position (every
#: choice of every decision of the turn played out, each replay from the
#: turn's start) (sources: 141, the examples' claims; random games of the
#: project's rules: 440,932, katro bevohoka on 8 columns, whose second turn
#: has more than 10,000 moves, the most a listing gives by default)
MAX_LAPS_LEGAL_MOVES = 1_000_000
#: of those, laps played by the choices the listing leaves out, after which
#: the turn never ends or goes past MAX_LAPS_PER_TURN (sources: 0; random
#: games: 20,000, two choices cut at MAX_LAPS_PER_TURN in one listing)
MAX_LAPS_LEFT_OUT = 30_000
#: positions an erratum's search may ask for (sources: the default, 1,000,000)
MAX_SEARCH_POSITIONS = 1_000_000
#: events recorded in the replay of one example file, all its lines together,
#: each with a snapshot of the board (sources: 5,892, a turn that never ends
#: replayed until its loop is found)
MAX_EVENTS = 50_000

#: every limit, for the documentation and its test: name -> (value, what it bounds)
ALL = {
    "MAX_FILE_BYTES": (MAX_FILE_BYTES, "bytes in one file"),
    "MAX_DEPTH": (MAX_DEPTH, "mappings and lists inside one another"),
    "MAX_VALUES": (MAX_VALUES, "values in one file, aliases expanded"),
    "MAX_ITEMS": (MAX_ITEMS, "items in one list or keys in one mapping"),
    "MAX_NUMBER_CHARS": (MAX_NUMBER_CHARS, "characters in a number"),
    "MAX_NAME_CHARS": (MAX_NAME_CHARS, "characters in the name of a file"),
    "MAX_EXTENDS": (MAX_EXTENDS, "rules files in one chain of extends"),
    "MAX_COLUMNS": (MAX_COLUMNS, "columns of a board"),
    "MAX_ROWS_PER_PLAYER": (MAX_ROWS_PER_PLAYER, "rows of one player"),
    "MAX_SEEDS_PER_HOLE": (MAX_SEEDS_PER_HOLE, "seeds in one hole"),
    "MAX_SEEDS": (MAX_SEEDS, "seeds in all"),
    "MAX_MOVES": (MAX_MOVES, "turns in one line of an example"),
    "MAX_LAPS_PER_TURN": (MAX_LAPS_PER_TURN, "laps in one turn"),
    "MAX_SOWN_PER_TURN": (MAX_SOWN_PER_TURN, "seeds sown in one turn"),
    "MAX_LAPS_LEGAL_MOVES": (MAX_LAPS_LEGAL_MOVES, "laps played in all while listing a position's legal moves"),
    "MAX_LAPS_LEFT_OUT": (MAX_LAPS_LEFT_OUT, "laps played by the choices a listing leaves out"),
    "MAX_SEARCH_POSITIONS": (MAX_SEARCH_POSITIONS, "positions an erratum's search may ask for"),
    "MAX_EVENTS": (MAX_EVENTS, "events recorded in the replay of one example file"),
}
