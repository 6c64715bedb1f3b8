"""Scaffolds for contributors: a new variant (a rules file that extends
another), a new example (an engine-generated replay of some rules), both valid
as written, so that ``mancala-diagrams check`` passes on them once their
``TODO`` are filled in; and everything a new source page needs (:func:`new_page`).

Used by ``mancala-diagrams new variant NAME --from BASE``,
``mancala-diagrams new example NAME --rules RULES`` and
``mancala-diagrams new page NAME``.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..atomic import write_atomically
from ..errors import LimitExceeded, MancalaError
from ..languages import package_languages
from ..engine import notation
from ..engine.geometry import direction_name
from .formats import BOARD_KEYS, RULES_START_KEYS
from .loader import RulesLibrary
from ..engine.mechanics import BLOCKS
from ..errors import closest_hint
from .yamlio import load_yaml
from .project import is_name, published_dir
from ..limits import MAX_NAME_CHARS, MAX_SEEDS


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
    write_atomically(path, text.encode("utf-8"))
    return path


SECTIONS = {"board": BOARD_KEYS, "start": RULES_START_KEYS}


def _plain(value):
    """A value read from YAML as the plain dicts and lists a file is written from."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


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
        value = _plain(load_yaml(value or "null", "--set"))
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


def _todo(what: str) -> dict:
    """A text its author is still to write, in each language (``check`` refuses
    a file while a TODO is left)."""
    return {lang: f"TODO: {what}" for lang in package_languages()}


def new_variant(root: Path, name: str, base: str, settings=(), titles=None,
                columns=None, force=False) -> Path:
    """Write rules/NAME.yaml extending BASE, with the given block settings;
    *titles*: {language: title}, the others made from the name."""
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
        "title": {**{lang: _title(name) for lang in package_languages()}, **(titles or {})},
        "summary": _todo(f"what {name} changes from {base}, in one sentence."),
        "sources": ["TODO-bibliography-key"],
    }
    data.update(sections)
    if mechanics:
        data["mechanics"] = mechanics
    path = lib.path(name)
    text = modeline(path, "rules", root) + _dump(data)
    before = path.read_bytes() if force and path.is_file() else None     # a file --force replaces
    _write_new(path, text, force)
    try:
        RulesLibrary(root / "rules", allow_todo=True).load(name)
    except MancalaError:
        if before is None:
            path.unlink()
        else:       # the new file does not load: the one it replaced comes back
            from ..atomic import write_atomically
            write_atomically(path, before)
        raise
    return path


# -- examples ---------------------------------------------------------------------------------
def parse_moves(text, geometry):
    """'a2 clockwise, tsibongy left; b1 ccw' -> turns of (kind, value) decisions
    (the move notation: :mod:`..engine.notation`)."""
    try:
        return notation.parse_moves(text, geometry)
    except MancalaError as exc:
        raise MancalaError(f"--moves: {exc.message}", expected=exc.expected) from None


def decisions_to_yaml(decisions, geometry) -> dict:
    """A turn's (kind, value) decisions as an example file writes them: the
    opening at the head (``hole`` and ``direction``, or ``place`` or
    ``target`` with the direction asked right after it), the others in
    ``then`` (what :meth:`.examples.ExampleLoader.parse_turn` reads back)."""
    turn: dict = {}
    then = []
    for kind, value in decisions:
        if not turn and not then and kind == "start":
            hole, d = value
            turn = {"hole": geometry.name(hole), "direction": direction_name(d)}
        elif not turn and not then and kind in ("place", "target"):
            turn = {kind: geometry.name(value)}
        elif kind == "direction" and list(turn) in (["place"], ["target"]) and not then:
            turn["direction"] = direction_name(value)
        else:
            then.append({kind: notation.value_text(kind, value, geometry)})
    if then or not turn:
        turn["then"] = then
    return turn


def parse_reserve(text) -> tuple[int, int]:
    """'--reserve 3' (both players) or '--reserve 5,2' (south, north) -> (south, north)."""
    if text is None:
        return (0, 0)
    parts = [p.strip() for p in str(text).split(",")]
    if len(parts) not in (1, 2) or not all(re.fullmatch("[0-9]{1,9}", p) and int(p) <= MAX_SEEDS for p in parts):
        raise MancalaError(f"--reserve {text!r}", expected=f"a seed count for both players, or SOUTH,NORTH (e.g. "
                                                           f"5,2), each at most {MAX_SEEDS:,}")
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
            try:
                options = rules.legal_moves(pos, limit=1)
            except LimitExceeded as exc:    # said with the option, the turn and the rules
                raise LimitExceeded(f"--turns {turns}: turn {i + 1} of {rules_name}: {exc.message}",
                                   expected=exc.expected) from None
            if not options:
                break
            decisions = list(options[0])
        pos = rules.play(pos, decisions, turn_number=i + 1,
                         where=f"{'--moves, ' if played is not None else ''}turn {i + 1}, ")
        yaml_moves.append(decisions_to_yaml(decisions, g))
        diagrams.append({"id": f"{name}-{i + 2}", "at": f"turn {i + 1} end", "board": _Literal(_block(pos.rows()))})
        if rules.outcome(pos):
            break
    data = {
        "example": name,
        "rules": rules_name,
        "generated": True,
        "title": _todo(f"what {name} shows"),
        "source": {**({"page": page} if page else {}),
                   "describes": list(describes) or list(rules.meta.get("sources") or ["TODO-bibliography-key"])},
        "start": {"to_move": first, **start},
        "moves": yaml_moves,
        "diagrams": diagrams,
    }
    if board:
        data = {**{k: v for k, v in data.items() if k != "start"}, "artificial": True,
                "assumptions": [_todo("the board is made up to show ...; it may not arise in a game.")],
                "start": data["start"]}
        data = {k: data[k] for k in ("example", "rules", "generated", "title", "source", "artificial",
                                     "assumptions", "start", "moves", "diagrams")}
    folder = Path(directory) if directory else default_folder(root, rules_name, page)
    path = folder / f"{name}.yaml"
    text = modeline(path, "example", root) + _dump(data)
    _write_new(path, text, force)
    return path


# -- a new source page ------------------------------------------------------------------------
@dataclass
class NewPage:
    """What :func:`new_page` wrote, and what is left for a person to write."""
    written: list = field(default_factory=list)     # (path, what)
    kept: list = field(default_factory=list)        # (path, what was there already)
    left: list = field(default_factory=list)        # sentences
    site_page: Path | None = None                   # the page of the site, whose catalogs are still to write
    choice: object = None                           # the rules chosen (draft.RulesChoice)


def _normal(text) -> str:
    """A title compared loosely: no braces, typographic apostrophes, case or spacing."""
    return " ".join(str(text).replace("{", "").replace("}", "").replace("’", "'").lower().split())


def bibliography_entry(bib_text: str, name: str, page: dict, title=None, url=None):
    """(key, the BibTeX text of the entry) that credits the diagrams of the
    published *page* (its transcription, as read from ../shared/published),
    made as the entries of the same site are (docs/references.bib): the site
    is the entry whose title the page's ``origin`` names (Busser's "Jeux
    mathématiques de l'océan Indien": key ``busser``); the key is
    ``SITE-NAME``; the author, ``howpublished`` and the address come from the
    site's other pages (their address with this page's file), the date and
    commit of the transcribed state from the site's own note.  *title*
    (default: the page's first heading) and *url* replace what is read."""
    from .content import bibliography_text
    entries = bibliography_text(bib_text)
    origin = _normal(page.get("origin", ""))
    site = next((k for k, e in entries.items() if e.get("title") and _normal(e["title"]) in origin), None)
    if site is None:
        raise MancalaError(f"new page {name}: no entry of docs/references.bib is the site the page comes from "
                           f"(its origin: {page.get('origin', '')!r})",
                           expected="an entry whose title the page's origin names (as busser: 'Jeux mathématiques "
                                    "de l'océan Indien'), to take the author, address and date from")
    key = f"{site}-{name}"
    siblings = [e for k, e in entries.items() if k.startswith(site + "-") and e.get("url")]
    heading = next((b.get("text") for b in page.get("blocks", []) if b.get("kind") == "h1"), None)
    title = title or heading
    if not title:
        raise MancalaError(f"new page {name}: the page has no heading to take its title from",
                           expected="--title TITLE")
    if url is None and siblings and page.get("page"):
        url = siblings[-1]["url"].rsplit("/", 1)[0] + "/" + page["page"]
    if not url:
        raise MancalaError(f"new page {name}: its address cannot be told from the site's other entries",
                           expected="--url ADDRESS")
    author = (siblings[-1] if siblings else entries[site]).get("author", "")
    published = siblings[-1].get("howpublished") if siblings else entries[site].get("title", "").strip("{}")
    lines = [f"@misc{{{key},", f"  author = {{{author}}},", f"  title  = {{{{{title}}}}},",
             f"  howpublished = {{{published}}},", f"  url    = {{{url}}},"]
    for note in ("note", "note_fr"):     # the transcribed state: its date and commit
        if entries[site].get(note):
            lines.append(f"  {note + ' ' * (6 - len(note))} = {{{entries[site][note]}}},")
    return key, "\n".join(lines + ["}"]) + "\n"


def _add_bibliography_entry(root, name, data, title, url, out: NewPage):
    path = Path(root) / "docs" / "references.bib"
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    key, entry = bibliography_entry(text, name, data, title, url)
    from .content import bibliography_text
    if key in bibliography_text(text):
        out.kept.append((path, f"the entry {key}"))
        return
    write_atomically(path, (text.rstrip("\n") + "\n\n" + entry).encode("utf-8"))
    out.written.append((path, f"the entry {key}: check its title, address and date"))


def _add_to_pages_list(root, name, out: NewPage):
    path = Path(root) / "docs" / "data" / "pages.txt"
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    if name in {line.split("#", 1)[0].strip() for line in text.splitlines()}:
        out.kept.append((path, f"the line {name}"))
        return
    write_atomically(path, (text + ("" if not text or text.endswith("\n") else "\n") + name + "\n").encode("utf-8"))
    out.written.append((path, f"the line {name}"))


def _add_to_toctree(root, docname, out: NewPage):
    """*docname* (games/NAME) as the last entry of the toctree of docs/ that lists the games."""
    from .content import directives, page_files
    docs = Path(root) / "docs"
    for page in page_files(docs):
        text = page.read_text(encoding="utf-8")
        for name, _, line, _, body in directives(text):
            entries = [e.strip() for e in body if e.strip() and not e.strip().startswith(":")]
            if name != "toctree" or not any(e.split("<")[-1].rstrip(">").startswith("games/") for e in entries):
                continue
            if any(e.split("<")[-1].rstrip(">").strip() == docname for e in entries):
                out.kept.append((page, f"{docname} in its table of contents"))
                return
            lines = text.splitlines(keepends=True)
            last = line + max(i for i, e in enumerate(body) if e.strip() and not e.strip().startswith(":")) + 1
            indent = body[last - line - 1][:len(body[last - line - 1]) - len(body[last - line - 1].lstrip())]
            lines.insert(last, f"{indent}{docname}\n")
            write_atomically(page, "".join(lines).encode("utf-8"))
            out.written.append((page, f"{docname} in the table of contents of the games"))
            return
    out.left.append(f"add {docname} to a table of contents (a toctree of docs/): no toctree lists the games")


def site_page_text(name, title, files, page_words=None) -> str:
    """The page of the site for a new source page: a heading, the paragraphs
    for its author to write, and one ``mancala-example`` directive per drafted
    example, in the page's order."""
    out = [f"# {title}", "",
           "TODO: the heading above is the source page's own title: give this page a title of its own, in "
           "English. Then say in your own words what the game is, where and by whom it is played, and which "
           "source this page follows ({ref}`busser`); and, before each example below, what it shows.", ""]
    for f in files:
        out += [f"```{{mancala-example}} ../../sources/{name}/{f.name}.yaml", "```", ""]
    return "\n".join(out)


def new_page(root, name, rules_names=None, force=False, title=None, url=None, searches=(), **bounds) -> NewPage:
    """Everything a new source page needs, from its transcription
    (``../shared/published/NAME.json``): its examples drafted into
    ``sources/NAME/`` (``mancala-diagrams draft``, each file marked ``drafted:
    true``), the page of the site ``docs/games/NAME.md`` with one
    ``mancala-example`` directive per drafted example, the page in the games'
    table of contents, the bibliography entry that credits its diagrams and
    its line in ``docs/data/pages.txt``.  Nothing is overwritten without
    *force*; an entry or a line already there is kept.  The page's catalogs
    are written by the command line (``docs/update_catalogs.py``), which
    this layer does not run.  *bounds*: draft's ``turns``, ``positions``,
    ``seconds``.  Returns what was written and what is left to write."""
    import json
    from .draft import choose_rules, draft_page, write_files
    from .verify import Verifier
    root = Path(root)
    check_new_name(name)
    pub = published_dir(root)
    if pub is None:
        raise MancalaError("new page: the published transcriptions are not found (../shared/published, or "
                           "$MANCALA_PUBLISHED)")
    source = pub / f"{name}.json"
    if not source.is_file():
        known = sorted(p.stem for p in pub.glob("*.json"))
        raise MancalaError(f"new page: no published page {name!r} in {pub}", expected=", ".join(known),
                           hint=closest_hint(name, known))
    data = json.loads(source.read_text(encoding="utf-8"))
    folder = root / "sources" / name
    site_page = root / "docs" / "games" / f"{name}.md"
    there = [p for p in (site_page, *sorted(folder.glob("*.yaml"))) if p.exists()]
    if there and not force:
        raise MancalaError(f"new page {name}: {there[0]} exists already" +
                           (f" (and {len(there) - 1} more)" if len(there) > 1 else ""),
                           hint="the page is started: check it with mancala-diagrams check, or pass --force to "
                                "write it again")
    verifier = Verifier(root)
    choice = choose_rules(verifier, pub, name, rules_names)
    out = NewPage(choice=choice)
    files = draft_page(verifier, name, rules_names, choice=choice, searches=searches, **bounds)
    heading = title or next((b.get("text") for b in data.get("blocks", []) if b.get("kind") == "h1"), None) \
        or _title(name)
    # everything that can be refused is checked before the first file is written
    bib = root / "docs" / "references.bib"
    bibliography_entry(bib.read_text(encoding="utf-8") if bib.is_file() else "", name, data, title, url)
    for path, f in write_files(files, folder, force=True):
        out.written.append((path, f"drafted under the rules {f.rules} ({_drafted_what(f)}), not reviewed"))
        if f.todo:
            out.left.append(f"{path.relative_to(root)}: a diagram nothing reached ({', '.join(f.todo)}): find its "
                            "moves (move it after the diagram before it, as the file's TODO says, then: "
                            f"mancala-diagrams explain {f.todo[0]}), or declare an erratum; then remove the TODO")
    write_atomically(site_page, site_page_text(name, heading, files).encode("utf-8"))
    out.written.append((site_page, f"the page of the site, with {len(files)} mancala-example "
                                   f"directive{'s' if len(files) != 1 else ''}"))
    out.site_page = site_page
    _add_to_toctree(root, f"games/{name}", out)
    _add_bibliography_entry(root, name, data, title, url, out)
    _add_to_pages_list(root, name, out)
    rel = lambda p: Path(p).relative_to(root).as_posix()
    out.left[:0] = [
        f"{rel(folder)}/: review each drafted file against the page's text (the moves, where each diagram "
        "sits, the coloured holes), give it a title in each language (and a name: rename the file, its "
        "example: key and the page's directive), then delete its line drafted: true",
        f"{rel(site_page)}: its title (the source page's own for now), and in place of the TODO your own words "
        "(the facts of the source, not its sentences)"]
    out.left.append("translate the page's catalog (docs/locales/fr/LC_MESSAGES/games/" + name + ".po), after "
                    "each edit of the page: make i18n")
    out.left.append(f"then: mancala-diagrams check {rel(folder)}/ until it says no problem, make site, make test")
    return out


def _drafted_what(f) -> str:
    parts = ([f"{len(f.chained)} chained"] if f.chained else []) + \
            ([f"{len(f.starts)} at the rules' start"] if f.starts else []) + \
            ([f"from {', '.join(f.own)}'s own board"] if f.own else []) + \
            ([f"{', '.join(f.drawn)} drawn from the rules"] if f.drawn else []) + \
            ([f"TODO: {', '.join(f.todo)} not reached"] if f.todo else [])
    return "; ".join(parts) or "no diagram"
