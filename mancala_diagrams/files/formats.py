"""The keys of the two file formats: rules files and example files.

Pure data: one :class:`~.fields.Field` per key, with its description and its
JSON Schema.  The loaders (:mod:`.loader`, :mod:`.examples`) check files
against these tables and :mod:`.schema` turns them into the JSON Schemas that
editors read, so this module imports neither of them (no import circle).
"""
from __future__ import annotations

from ..engine.geometry import PLAYERS
from ..engine.mechanics import decisions
from .fields import Field, obj, ref

# -- rules files (rules/NAME.yaml) --------------------------------------------

BOARD_KEYS = {
    "columns": Field("holes in each row", {"type": "integer", "minimum": 1}),
    "rows_per_player": Field("rows on each player's side", {"type": "integer", "minimum": 1}),
    "players": Field("2, or 1 for a board that shows one player's rows only", {"enum": [1, 2]}),
    "notation": Field("how holes are named: chess (a1, b2 ...) or letters (A..R for South along the track, "
                      "a..r for North, mirrored: the katro of Fianarantsoa)", {"enum": ["chess", "letters"]}),
    "track": Field("loop (the usual ring or snake) or boustrophedon (turn inwards at each row's end, "
                   "heading reversed; the katro of Fianarantsoa)", {"enum": ["loop", "boustrophedon"]}),
}
RULES_START_KEYS = {
    "seeds_per_hole": Field("seeds in every hole at the start", ref("count")),
    "board": Field("the start board, when the holes do not all hold the same number", ref("board")),
    "reserve": Field("seeds each player holds off the board at the start", ref("count")),
}


RULES_KEYS = {
    "rules": Field("the rules' name (the file name without .yaml)", ref("name"), required=True),
    "title": Field("the game's name in each language: {en: ..., fr: ...}", ref("text")),
    "extends": Field("the rules this file varies (a name or a list of names)",
                     {"anyOf": [ref("name"), {"type": "array", "items": ref("name")}]}),
    "summary": Field("one sentence per language on what this variant changes", ref("text")),
    "sources": Field("bibliography keys of the descriptions the rules follow",
                     {"type": "array", "items": {"type": "string"}}),
    "board": Field("{columns: N, rows_per_player: 2, players: 2}", obj(BOARD_KEYS)),
    "start": Field("{seeds_per_hole: N} or {board: rows}, and reserve: N", obj(RULES_START_KEYS)),
    "mechanics": Field("the building blocks and their parameters (see docs/blocks.md)", {"type": "object"}),
    "abstract": Field("true for a base that is only extended, never played itself", {"type": "boolean"}),
    "notes": Field("free text for contributors", {"anyOf": [{"type": "string"}, ref("text")]}),
}


# -- example files (sources/PAGE/NAME.yaml) ----------------------------------

KINDS = ("game", "start", "track", "special-holes")
CLAIMS = ("turn-ends", "game-ends")     # the claims that are one word (see files/claims.py)
CLAIM_KEYS = {
    "captures": Field("the captures this moment covers take N seeds (at a capture, that capture's; at another "
                      "moment of a lap, the lap's; at a turn's end, the turn's)", ref("count")),
    "wins": Field("the game is over by the end of this turn, won by this player", ref("player")),
    "replies": Field("when this turn ends, the player to move has exactly N legal turns", ref("count")),
    "wins-next-turn": Field("when this turn ends, this player wins by the end of their next turn, whatever "
                            "the opponent plays first", ref("player")),
}
SOURCE_KEYS = {
    "page": Field("the published page the diagrams come from (a file of ../shared/published, or a page listed in "
                  "docs/data/pages.txt), or a bibliography key (docs/bibliography.md)", {"type": "string"}),
    "describes": Field("bibliography keys of the descriptions the example follows",
                       {"type": "array", "items": {"type": "string"}}),
    "section": Field("the section of the page", {"type": "string"}),
    "note": Field("free text", {"anyOf": [{"type": "string"}, ref("text")]}),
}
RESERVE_KEYS = {p: Field(f"{p}'s seeds off the board", ref("count")) for p in PLAYERS}
HAND_KEYS = {
    "seeds": Field("seeds in hand, still to sow", {"type": "integer", "minimum": 1}),
    "hole": Field("the hole the first of them drops into", ref("hole")),
    "last": Field("instead of seeds and hole: the hole where a lap has just ended (to be resolved)", ref("hole")),
    "direction": Field("the direction of the turn", ref("direction"), required=True),
    "captures": Field("false during a fotsiny turn (which captures nothing; rules with the block fotsiny)",
                      {"type": "boolean"}),
    "first_lap": Field("true when these seeds are the turn's first lap (its end decides a fotsiny turn); "
                       "required by rules whose blocks make the first lap special (compulsory-capture, fotsiny)",
                       {"type": "boolean"}),
}
EXAMPLE_START_KEYS = {
    "from": Field("start from a published diagram: its id; the board is that diagram's (the published grid, or "
                  "the project's transcription of it); a board given beside it must equal it",
                  {"type": "string", "minLength": 1}),
    "board": Field("the board, rows top first, '.' for an empty hole (default: the rules' start)", ref("board")),
    "to_move": Field("who plays first", ref("player")),
    "reserve": Field("seeds off the board: {south: N, north: N}", obj(RESERVE_KEYS)),
    "hand": Field("a turn in progress: seeds in hand", obj(HAND_KEYS)),
    "state": Field("state the board does not show (mechanics' own keys)",
                   {"type": "object", "additionalProperties": {"type": ["string", "integer", "boolean"]}}),
}
ERRATUM_EVIDENCE = ("search", "seed-count")
ERRATUM_SEARCH_KEYS = {
    "from": Field("where the search starts: 'previous diagram' (the start of the turn of the line's previous "
                  "diagram, or the position after it when it is a turn's end; the example's start when there is "
                  "none), 'start' (the example's start) or 'turn N' (the position before turn N)",
                  {"type": "string", "pattern": "^(previous diagram|start|turn [0-9]+)$"}, required=True),
    "turns": Field("how many turns it plays, every legal decision of each", {"type": "integer", "minimum": 1},
                   required=True),
    "laps": Field("at most this many laps in a turn (a longer turn is not followed); default: no limit",
                  {"type": "integer", "minimum": 1}),
    "positions": Field("at most this many distinct positions (default 1000000): the search must end within it",
                       {"type": "integer", "minimum": 1}),
}
ERRATUM_KEYS = {
    "reason": Field("why the published board is wrong, in each language", ref("text"), required=True),
    "rules_board": Field("the board the rules give", ref("board"), required=True),
    "evidence": Field("search (the default: no continuation within the stated search reaches the published "
                      "board; verify re-runs it) or seed-count (the published board holds more seeds than the "
                      "game has, or fewer while no seed leaves the board; verify counts them)",
                      {"enum": list(ERRATUM_EVIDENCE)}),
    "search": Field("the search that finds no continuation reaching the published board: "
                    "{from: previous diagram, turns: N, laps: M}", obj(ERRATUM_SEARCH_KEYS)),
}
CLAIM_ERRATUM_KEYS = {
    "claims": Field("the claims of this diagram that the replay contradicts (all of them, and only them)",
                    {"type": "array", "minItems": 1,
                     "items": {"anyOf": [{"enum": list(CLAIMS)},
                                         {**obj(CLAIM_KEYS), "minProperties": 1, "maxProperties": 1}]}},
                    required=True),
    "reason": Field("why the page's sentence is taken to be wrong, in each language", ref("text"), required=True),
}
DIAGRAM_KEYS = {
    "id": Field("the id of the published diagram (katro-06), or of the example's own diagram",
                {"type": "string", "minLength": 1}, required=True),
    "at": Field("where in the replay: start, end, [turn N] [lap N] place|pickup|drop K|capture|merge|end|choice",
                {"type": ["string", "integer"]}),
    "board": Field("the board as published, rows top first, '.' for an empty hole", ref("board"), required=True),
    "marks": Field("the holes the diagram colours: a colour name per hole, '.' for none, one row per line",
                   {"anyOf": [{"type": "string"},
                              {"type": "array", "items": {"type": "array",
                                                          "items": {"type": ["string", "null"]}}}]}),
    "marks_show": Field("what each colour of the marks shows: {pink: rova.south, lightgreen: next-pickup} "
                        "(default: the example's legend); see docs/howto-variant.md for the roles",
                        {"type": "object", "additionalProperties": {"type": "string"}}),
    "claims": Field("what the source's text says happens here, each checked on the replay: turn-ends (the "
                    "turn stops at this diagram), game-ends (and the game is over), {captures: N}, {wins: PLAYER}, "
                    "{replies: N}, {wins-next-turn: PLAYER}",
                    {"type": "array", "minItems": 1,
                     "items": {"anyOf": [{"enum": list(CLAIMS)},
                                         {**obj(CLAIM_KEYS), "minProperties": 1, "maxProperties": 1}]}}),
    "claim_erratum": Field("a sentence of the page that the replay contradicts: the claims it contradicts and why",
                           obj(CLAIM_ERRATUM_KEYS)),
    "picture": Field("true for a picture that holds no position (arrows, say): accounted for by the example's "
                     "own drawing of the same idea, its transcription checked, not its board",
                     {"type": "boolean"}),
    "erratum": Field("the published board is wrong: why, and the board the rules give", obj(ERRATUM_KEYS)),
    "caption": Field("a caption in each language", ref("text")),
    "note": Field("free text", {"anyOf": [{"type": "string"}, ref("text")]}),
}
TRACK_KEYS = {
    "player": Field("whose track", ref("player")),
    "from": Field("the hole numbered first", ref("hole"), required=True),
    "direction": Field("the direction of the numbering", ref("direction")),
    "numbering": Field("the first number (0 or 1)", {"type": "integer"}),
    "count": Field("number only the first N holes (a sowing of N seeds), not the whole track",
                   {"type": "integer", "minimum": 1}),
}
#: what each kind of value of a decision is in a file (a decision's kinds and values are the blocks')
DECISION_VALUES = {"opening": {"type": "string"}, "hole": ref("hole"), "direction": ref("direction")}
DECISION_KEYS = {kind: Field(d.doc, DECISION_VALUES.get(d.value) or {"enum": list(d.options)})
                 for kind, d in sorted(decisions().items())}
DEPARTURE_KEYS = {
    "rule": Field("the rule the page sets aside for this turn: BLOCK to leave a block out "
                  "(compulsory-capture), or BLOCK.PARAMETER for a yes/no parameter (nyumba.phase_2)",
                  {"type": "string"}, required=True),
    "reason": Field("why the page plays it, in each language", ref("text"), required=True),
}
MOVE_KEYS = {
    "hole": Field("the hole whose seeds are sown", ref("hole")),
    "direction": Field("the sowing direction", ref("direction")),
    "place": Field("the hole a reserve seed is put into", ref("hole")),
    "target": Field("the special hole chosen at the set-up (katro bevohoka)", ref("hole")),
    "then": Field("the further decisions of the turn, in order: [{tsibongy: left}, {direction: clockwise} ...]",
                  {"type": "array", "items": {**obj(DECISION_KEYS), "minProperties": 1, "maxProperties": 1}}),
    "departure": Field("the page plays this turn against its own rules: the rule set aside and why",
                       obj(DEPARTURE_KEYS)),
    "endless": Field("true: this turn never ends (the same position and lap come back); the replay must "
                     "find the loop, and the turn is the line's last", {"type": "boolean"}),
}
CHECK_KEYS = {
    "at": Field("where in the replay (an anchor, as for a diagram)", {"type": ["string", "integer"]}, required=True),
    "captured": Field("the holes whose seeds are taken: at a capture, that capture's; at another event of a "
                      "lap, the lap's; at a turn's end, the turn's ([] for none)",
                      {"type": "array", "items": ref("hole")}),
    "seeds": Field("how many seeds those captures took", ref("count")),
    "board": Field("the whole board there, as the example's author worked it out (not a published diagram)",
                   ref("board")),
    "note": Field("free text", {"anyOf": [{"type": "string"}, ref("text")]}),
}
LINE_FROM_KEYS = {
    "line": Field("the line this one branches from", {"type": "string"}, required=True),
    "turn": Field("after how many of its turns (default: all)", {"type": "integer", "minimum": 0}),
}
LINE_KEYS = {
    "after": Field("this line goes on from the end of another line (its moves are not repeated)",
                   {"type": "string"}),
    "from": Field("this line branches from another after its turn N: {line: NAME, turn: N}", obj(LINE_FROM_KEYS)),
    "moves": Field("the turns, in order", {"type": "array", "items": obj(MOVE_KEYS)}),
    "diagrams": Field("the diagrams this line passes through (a game line needs diagrams, checks or both)",
                      {"type": "array", "minItems": 1, "items": obj(DIAGRAM_KEYS)}),
    "checks": Field("facts the replay must show that no published diagram gives: captured holes, seed "
                    "counts, boards worked out by hand", {"type": "array", "minItems": 1, "items": obj(CHECK_KEYS)}),
    "caption": Field("a caption in each language", ref("text")),
}
EXAMPLE_KEYS = {
    "example": Field("the example's name (the file name without .yaml)", ref("name"), required=True),
    "kind": Field("game (a replay, the default), start (the rules' start), track (a sowing order) or "
                  "special-holes (coloured holes, with a legend)", {"enum": list(KINDS)}),
    "rules": Field("the rules the example follows (a file of rules/ without .yaml)", ref("name"), required=True),
    "title": Field("a title in each language", ref("text"), required=True),
    "source": Field("where the diagrams come from", obj(SOURCE_KEYS), required=True),
    "generated": Field("true when the diagrams were drawn by the engine, not taken from a publication",
                       {"type": "boolean"}),
    "assumptions": Field("what an artificial position assumes, in each language",
                         {"type": "array", "items": ref("text")}),
    "artificial": Field("true when the start position was made up to show a rule", {"type": "boolean"}),
    "start": Field("the position the replay starts from (kind: game)", obj(EXAMPLE_START_KEYS)),
    "moves": Field("the turns, in order (kind: game)", LINE_KEYS["moves"].schema),
    "diagrams": Field("the diagrams the replay passes through", LINE_KEYS["diagrams"].schema),
    "checks": Field("facts the replay must show that no published diagram gives", LINE_KEYS["checks"].schema),
    "lines": Field("named alternative continuations, each with its moves and diagrams",
                   {"type": "object", "additionalProperties": obj(LINE_KEYS)}),
    "track": Field("the numbered track (kind: track)", obj(TRACK_KEYS)),
    "notes": Field("free text for contributors", {"anyOf": [{"type": "string"}, ref("text")]}),
    "caption": Field("a caption in each language", ref("text")),
    "legend": Field("special-holes: what each colour shows, e.g. {pink: rova.south}",
                    {"type": "object", "additionalProperties": {"type": "string"}}),
    "drafted": Field("true in a file `mancala-diagrams draft` wrote that no person has reviewed yet: check and "
                     "verify say 'drafted' instead of 'verified' (and fail) until the line is deleted",
                     {"enum": [True]}),
}
