"""Scaffolds for contributors: a new variant (a rules file that extends another)
and a new example (an engine-generated replay of some rules), both valid as
written, so that ``mancala-diagrams check`` passes on them at once.

Used by ``mancala-diagrams new variant NAME --from BASE`` and
``mancala-diagrams new example NAME --rules RULES``.
"""
from __future__ import annotations

import os
from pathlib import Path

import yaml

from ..errors import MancalaError
from ..engine.geometry import direction_name, parse_direction
from .formats import BOARD_KEYS, RULES_START_KEYS
from .loader import RulesLibrary
from ..engine.mechanics import BLOCKS
from ..errors import closest_hint
from .yamlio import load_yaml
from .project import is_name
from ..limits import MAX_NAME_CHARS


def check_new_name(name):
    """A new file's name must be a name before it becomes part of a path."""
    if not is_name(name):
        raise MancalaError(f"{name!r} is not a name for a new file",
                           expected=f"lower-case letters, digits and '-' (at most {MAX_NAME_CHARS}), without .yaml")


def modeline(path: Path, kind: str, root: Path) -> str:
    """The comment that tells yaml-language-server (VS Code, Neovim, Helix ...)
    which schema the file follows, as a path relative to the file."""
    schema = Path(root) / "mancala_diagrams" / "files" / "schemas" / f"{kind}.schema.json"
    rel = os.path.relpath(schema, Path(path).parent)
    return f"# yaml-language-server: $schema={Path(rel).as_posix()}\n"


def _title(name):
    words = name.replace("-", " ")
    return words[:1].upper() + words[1:]


def _dump(mapping) -> str:
    return yaml.safe_dump(mapping, allow_unicode=True, sort_keys=False, width=1000, default_flow_style=False)


def _write_new(path: Path, text: str, force=False) -> Path:
    if path.exists() and not force:
        raise MancalaError(f"{path} exists already", hint="choose another name, or pass --force")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path


SECTIONS = {"board": BOARD_KEYS, "start": RULES_START_KEYS}


def parse_settings(settings) -> tuple[dict, dict]:
    """``--set`` items -> (mechanics, sections).

    ``BLOCK.PARAM=VALUE`` (VALUE read as YAML) -> mechanics {block: {param: value}};
    ``BLOCK=null`` removes a block the base names; ``BLOCK={}`` adds one with its
    defaults; ``board.KEY=VALUE`` and ``start.KEY=VALUE`` set the board
    (columns, rows_per_player, players, track, notation) and the start."""
    mechanics: dict = {}
    sections: dict = {}
    for item in settings or ():
        if "=" not in item:
            raise MancalaError(f"--set {item!r}", expected="BLOCK.PARAM=VALUE, BLOCK={}, BLOCK=null, "
                                                           "board.KEY=VALUE or start.KEY=VALUE")
        key, value = item.split("=", 1)
        value = load_yaml(value or "null", "--set")
        block, _, param = key.strip().partition(".")
        if block in SECTIONS:
            keys = SECTIONS[block]
            if param not in keys:
                raise MancalaError(f"--set: {block} has no key {param!r}", expected=", ".join(keys),
                                   hint=closest_hint(param, keys))
            sections.setdefault(block, {})[param] = value
            continue
        if block not in BLOCKS:
            raise MancalaError(f"--set: unknown building block {block!r}", expected=", ".join(sorted(BLOCKS)),
                               hint=closest_hint(block, BLOCKS))
        if param:
            if param not in BLOCKS[block].params:
                raise MancalaError(f"--set: block {block!r} has no parameter {param!r}",
                                   expected=", ".join(BLOCKS[block].params) or "no parameters",
                                   hint=closest_hint(param, BLOCKS[block].params))
            current = mechanics.get(block)
            mechanics[block] = {**(current or {}), param: value}
        else:
            mechanics[block] = None if value is None else dict(value or {})
    return mechanics, sections


def new_variant(root: Path, name: str, base: str, settings=(), title_en=None, title_fr=None,
                columns=None, force=False) -> Path:
    """Write rules/NAME.yaml extending BASE, with the given block settings."""
    root = Path(root)
    check_new_name(name)
    lib = RulesLibrary(root / "rules")
    lib.raw(base)                     # the base must exist (closest name otherwise)
    mechanics, sections = parse_settings(settings)
    if columns:
        sections.setdefault("board", {})["columns"] = int(columns)
    merged, _ = lib.merged(base)
    if "columns" not in (merged.get("board") or {}) and "columns" not in sections.get("board", {}):
        raise MancalaError(f"--from {base}: the base leaves the number of columns to each variant",
                           expected="--columns N (or --set board.columns=N)")
    start = {**(merged.get("start") or {}), **sections.get("start", {})}
    if not any(start.get(k) for k in ("seeds_per_hole", "board", "reserve")):
        raise MancalaError(f"--from {base}: the base puts no seeds on the board",
                           expected="--set start.seeds_per_hole=N")
    data = {
        "rules": name,
        "extends": base,
        "title": {"en": title_en or _title(name), "fr": title_fr or _title(name)},
        "summary": {"en": f"TODO: what {name} changes from {base}, in one sentence.",
                    "fr": f"À FAIRE : ce que {name} change par rapport à {base}, en une phrase."},
        "sources": ["TODO-bibliography-key"],
    }
    data.update(sections)
    if mechanics:
        data["mechanics"] = mechanics
    path = lib.path(name)
    text = modeline(path, "rules", root) + _dump(data)
    _write_new(path, text, force)
    try:
        RulesLibrary(root / "rules", allow_todo=True).load(name)
    except MancalaError:
        path.unlink()
        raise
    return path


# -- examples ---------------------------------------------------------------------------------
def parse_moves(text, geometry):
    """'a2 clockwise, tsibongy left; b1 ccw' -> turns of (kind, value) decisions.
    A turn's first decision is 'HOLE DIRECTION' or 'place HOLE'; the others 'KIND VALUE'."""
    turns = []
    for turn_text in (t.strip() for t in str(text).split(";")):
        if not turn_text:
            continue
        decisions = []
        for i, part in enumerate(p.strip() for p in turn_text.split(",")):
            words = part.split()
            if i == 0 and len(words) == 2 and words[0] != "place" and words[0] not in ("direction", "tsibongy",
                                                                                        "rova", "nyumba", "hole"):
                decisions.append(("start", (geometry.parse(words[0]), parse_direction(words[1]))))
            elif len(words) == 2:
                kind, value = words
                if kind in ("place", "hole"):
                    value = geometry.parse(value)
                elif kind == "direction":
                    value = parse_direction(value)
                decisions.append((kind, value))
            else:
                raise MancalaError(f"--moves: cannot read {part!r}",
                                   expected="'a2 clockwise', 'place b2', 'direction ccw', 'tsibongy left' ...")
        turns.append(decisions)
    return turns


def decisions_to_yaml(decisions, geometry) -> dict:
    turn: dict = {}
    then = []
    for kind, value in decisions:
        if kind == "start" and not turn:
            hole, d = value
            turn = {"hole": geometry.name(hole), "direction": direction_name(d)}
        elif kind == "place" and not turn:
            turn = {"place": geometry.name(value)}
        elif kind == "direction" and "place" in turn and "direction" not in turn and not then:
            turn["direction"] = direction_name(value)
        elif kind in ("place", "hole"):
            then.append({kind: geometry.name(value)})
        elif kind == "direction":
            then.append({kind: direction_name(value)})
        else:
            then.append({kind: value})
    if then:
        turn["then"] = then
    return turn


def parse_reserve(text) -> tuple[int, int]:
    """'--reserve 3' (both players) or '--reserve 5,2' (south, north) -> (south, north)."""
    if text is None:
        return (0, 0)
    parts = [p.strip() for p in str(text).split(",")]
    if len(parts) not in (1, 2) or not all(p.isdigit() for p in parts):
        raise MancalaError(f"--reserve {text!r}", expected="a seed count for both players, or SOUTH,NORTH (e.g. 5,2)")
    south, north = (int(parts[0]), int(parts[-1]))
    return (south, north)


def default_folder(root: Path, rules_name: str, page=None) -> Path:
    """sources/PAGE with a page; else the existing folder of sources/ that the
    rules' name starts with, the longest one (katro-bevohoka-6 -> katro-bevohoka);
    else one named after the rules without a trailing column count."""
    sources = Path(root) / "sources"
    if page:
        return sources / page
    folders = sorted((p.name for p in sources.iterdir() if p.is_dir()), key=len, reverse=True) \
        if sources.is_dir() else []
    for name in folders:
        if rules_name == name or rules_name.startswith(name + "-"):
            return sources / name
    parts = rules_name.split("-")
    return sources / ("-".join(parts[:-1]) if len(parts) > 1 and parts[-1].isdigit() else rules_name)


def _block(rows) -> str:
    return "\n".join(" ".join("." if not v else str(v) for v in row) for row in rows) + "\n"


class _Literal(str):
    pass


yaml.SafeDumper.add_representer(_Literal, lambda d, s: d.represent_scalar("tag:yaml.org,2002:str", s, style="|"))


def new_example(root: Path, name: str, rules_name: str, directory=None, moves=None, turns=1,
                describes=(), force=False, board=None, to_move=None, page=None, reserve=None) -> Path:
    """Write sources/DIR/NAME.yaml: an engine-generated replay of RULES from their
    start (``moves`` as in :func:`parse_moves`, else the first legal move of each
    turn), with a diagram at the start and after each turn, labelled
    ``generated: true``."""
    check_new_name(name)
    root = Path(root)
    lib = RulesLibrary(root / "rules", allow_todo=True)    # the rules may be a scaffold not yet finished
    rules = lib.load(rules_name)
    g = rules.geometry
    pos = rules.initial_position()
    start = {}
    if board:
        from dataclasses import replace
        from .loader import parse_board_rows
        from ..engine.position import Position
        rows = parse_board_rows("\n".join(str(board).split("/")), "--board")
        pos = Position.from_rows(rows, solo=g.solo, to_move=to_move or pos.to_move)
        if pos.geometry != g:
            raise MancalaError(f"--board: the board is {pos.geometry.describe()}, the rules say {g.describe()}")
        reserves = parse_reserve(reserve)
        pos = rules.with_initial_state(replace(pos, reserves=reserves))
        start["board"] = _Literal(_block(pos.rows()))
        if any(rules.initial_position().reserves) or any(reserves):
            start["reserve"] = {"south": reserves[0], "north": reserves[1]}
    elif to_move:
        from dataclasses import replace
        pos = replace(pos, to_move=to_move)
    if reserve is not None and not board:
        raise MancalaError("--reserve goes with --board (without it the example starts as the rules do)")
    first = pos.to_move
    played = parse_moves(moves, g) if moves else None
    diagrams = [{"id": f"{name}-1", "at": "start", "board": _Literal(_block(pos.rows()))}]
    yaml_moves = []
    n = len(played) if played is not None else int(turns)
    for i in range(n):
        if played is not None:
            decisions = played[i]
        else:
            options = rules.legal_moves(pos, limit=1)
            if not options:
                break
            decisions = list(options[0])
        pos = rules.play(pos, decisions, turn_number=i + 1, where=f"turn {i + 1}, ")
        yaml_moves.append(decisions_to_yaml(decisions, g))
        diagrams.append({"id": f"{name}-{i + 2}", "at": f"turn {i + 1} end", "board": _Literal(_block(pos.rows()))})
        if rules.outcome(pos):
            break
    data = {
        "example": name,
        "rules": rules_name,
        "generated": True,
        "title": {"en": f"TODO: what {name} shows", "fr": f"À FAIRE : ce que montre {name}"},
        "source": {**({"page": page} if page else {}),
                   "describes": list(describes) or list(rules.meta.get("sources") or ["TODO-bibliography-key"])},
        "start": {"to_move": first, **start},
        "moves": yaml_moves,
        "diagrams": diagrams,
    }
    if board:
        data = {**{k: v for k, v in data.items() if k != "start"}, "artificial": True,
                "assumptions": [{"en": "TODO: the board is made up to show ...; it may not arise in a game.",
                                 "fr": "À FAIRE : la position est inventée pour montrer ... ; elle peut ne "
                                       "pas se produire en partie."}],
                "start": data["start"]}
        data = {k: data[k] for k in ("example", "rules", "generated", "title", "source", "artificial",
                                     "assumptions", "start", "moves", "diagrams")}
    folder = Path(directory) if directory else default_folder(root, rules_name, page)
    path = folder / f"{name}.yaml"
    text = modeline(path, "example", root) + _dump(data)
    _write_new(path, text, force)
    return path
