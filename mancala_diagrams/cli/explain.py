"""``mancala-diagrams explain DIAGRAM_ID``: the command line of :mod:`..files.explain`."""
from __future__ import annotations


from ..errors import MancalaError


def add_parser(sub):
    from ..limits import MAX_LAPS_PER_TURN
    from . import options
    e = sub.add_parser("explain", help="search every legal continuation for a published diagram's board: "
                                       "the decisions that produce it (exit 0), or the closest boards (exit 1)")
    e.add_argument("diagram", help="the published diagram's id, e.g. katro-12")
    e.add_argument("--turns", type=options.turns, help="how many turns to search (default: up to the turn the "
                                                       "example anchors the diagram in, 2 when unknown)")
    e.add_argument("--laps", type=options.count(1, MAX_LAPS_PER_TURN),
                   help="at most this many laps in a turn (default: no limit)")
    e.add_argument("--positions", type=options.count(1, 100_000_000), default=1_000_000,
                   help="at most this many distinct positions (default 1000000)")
    e.add_argument("--seconds", type=options.seconds, default=60.0,
                   help="at most this many seconds of search (default 60)")
    e.add_argument("--memory", type=options.megabytes, default=512,
                   help="at most this many MB of positions kept by the search (default 512)")
    e.add_argument("--closest", type=options.count(0, 100), default=3,
                   help="how many closest boards to show when not found (default 3)")
    e.add_argument("--rules", type=options.name, help="with --position or --board: the rules to play")
    e.add_argument("--position", type=options.position,
                   help="search from this position, in the text form of a position "
                        "(rows separated by '/', holes by ',', then the player to move)")
    e.add_argument("--board", type=options.board, help="search from this board: rows top first separated by '/', "
                                                       "e.g. '2 . 1 1/. 2 . ./1 1 . 2/. 3 1 .'")
    e.add_argument("--to-move", choices=("south", "north"), default="south", help="with --board: who moves")
    e.set_defaults(func=cmd_explain)
    return e


def _position(args, library):
    from ..engine.position import Position
    from ..files.loader import parse_board_rows
    if args.position and args.board:
        raise MancalaError("give --position or --board, not both")
    if args.position:
        pos = Position.from_text(args.position)
    elif args.board:
        rows = parse_board_rows("\n".join(args.board.split("/")), what="the board")   # checked by the parser
        pos = Position.from_rows(rows, to_move=args.to_move)
    else:
        return None
    if not args.rules:
        raise MancalaError("a start position needs the rules to play it", expected="--rules NAME")
    from dataclasses import replace
    rules = library.load(args.rules)
    if pos.geometry != rules.geometry:
        given = "--position" if args.position else "--board"
        raise MancalaError(f"{given}: a board of {pos.geometry.describe()}, but the rules {args.rules} "
                           f"play {rules.geometry.describe()}")
    return replace(pos, geometry=rules.geometry)


def cmd_explain(args) -> int:
    from ..files.explain import explain, render
    from ..files.loader import RulesLibrary
    from ..files.project import find_root
    position = _position(args, RulesLibrary(find_root() / "rules"))
    x = explain(args.diagram, turns=args.turns, laps=args.laps, positions=args.positions, keep=args.closest,
                rules_name=args.rules, position=position, seconds=args.seconds, memory=args.memory)
    print(render(x))
    return 0 if x.found else 1
