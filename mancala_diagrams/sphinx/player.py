"""The in-page player on the site: "Play from here" on every figure of a
worked example and on each game's start, run by the engine in the page.

On the pages:

* every figure of a worked example whose board is a position carries the
  game it starts: the view's :class:`~mancala_diagrams.view.figures.Figure`
  has the rules' name and the start's text form, which the figure's node
  writes as ``data-rules`` and ``data-position`` of the ``<figure>``
  (:func:`.nodes.figure_data`, the same with the :mod:`.fasthtml`
  accelerator).  A figure in the middle of a turn starts the game at that
  turn's start;
* ``mancala-play RULES`` marks a game's start (the rules' start position):
  a short paragraph that the script gives its button; its option
  ``:optimum: PATH`` names the katro bevohoka solutions table, whose fewest
  turns the player shows as the puzzle's target for every rules file played
  alone with the same blocks;
* a page with a player gets the player's script and stylesheet
  (``static/mancala-player.js``, ``.css``) and, as JSON, the player's words
  in the build's language and where the runtime lies.  Nothing else is
  fetched before the reader's first click.

The runtime, written once for all the languages' builds (the folder
``mancala_play_dir``, relative to the HTML output: ``../_play`` for the
site, whose languages are built side by side), and read by the page only
once a reader asks to play:

* ``pyodide/``: the Pyodide runtime of the npm package the project pins
  (``package.json``; the folder ``mancala_pyodide``, by default
  ``node_modules/pyodide`` of the project), its standard library compiled
  and cut to what the page runs (:func:`compiled_stdlib`);
* ``mancala.zip``: the package's modules the page imports (those
  :mod:`mancala_diagrams.play.page` imports, found by reading their imports)
  and the caption catalogs, compiled;
* ``rules/NAME.json``: every playable rules file as data
  (:func:`~mancala_diagrams.play.data.rules_to_data`).

Files are written only when their content changes, whole
(:func:`~mancala_diagrams.atomic.write_atomically`), or linked from the npm
package, so a no-op build stays one.
"""
from __future__ import annotations

import ast
import datetime
import fcntl
import hashlib
import html
import io
import json
import os
import zipfile
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from ..atomic import write_atomically
from ..drawing.catalog import N_, catalog_path, in_language, languages, words
from ..errors import MancalaError
from .state import build_of, lang_of, note_inputs, project_file, project_root

logger = logging.getLogger(__name__)

PACKAGE = Path(__file__).resolve().parent.parent
#: The module the page's script calls; the bundle holds it and what it imports.
ENTRY = "mancala_diagrams.play.page"
#: The Pyodide files the page loads (the rest of the npm package is for Node).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: Third-party packages the page does not have: a bundled module importing one
#: at its top stops the build.
NOT_IN_PAGE = ("PIL", "babel", "yaml", "sphinx", "docutils", "jsonschema", "jsonschema_rs", "zlib_ng")

#: The script's words (``data-words`` of the page), in the build's language.
WORDS = {
    "play": N_("Play from here"),
    "loading": N_("Loading the player…"),
    "runtime": N_("the Python runtime (%(size)s MB)"),
    "engine": N_("the rules engine"),
    "starting": N_("starting the game"),
    "file": N_("The player needs the site to be served over HTTP: browsers do not run it from a file "
               "opened on disk. From the project’s folder, run %(command)s and visit %(url)s."),
    "failed": N_("The player could not start: %(error)s"),
    "close": N_("Back to the diagram"),
    "undo": N_("Undo"),
    "redo": N_("Redo"),
    "download": N_("Download as an example"),
    "speed": N_("Speed of the sowing"),
    "slow": N_("slow"),
    "normal": N_("normal"),
    "fast": N_("fast"),
    "skip": N_("Skip to the end of the move"),
    # Translators: said while a move is shown, seed by seed, before the turn is announced
    "sowing": N_("%(player)s plays…"),
    "players": N_("Players"),
    "both": N_("You play both sides"),
    "versus": N_("You play %(player)s against the computer"),
    "level": N_("The computer’s level"),
    "level1": N_("Beginner"),
    "level2": N_("Stronger"),
    # Translators: what the computer's search is, at each level
    "search1": N_("The beginner looks one turn ahead: of all its legal turns, it plays the one after which it "
                  "holds the most seeds against you."),
    "search2": N_("The stronger level looks two turns ahead (minimax with alpha-beta pruning): it plays the turn "
                  "whose outcome is best after your best reply."),
    "thinking": N_("The computer chooses its turn…"),
    "moves": N_("Moves played"),
    "no_moves": N_("No move yet."),
    "direction": N_("Direction"),
    "board": N_("The board: %(game)s"),
    "region": N_("Playing %(game)s"),
}
COMMAND = ".venv/bin/python -m http.server -d _build/site 8000"
URL = "http://127.0.0.1:8000/"
# (the game's title begins the sentence: French writes a game's name without a capital in a sentence)
START_TEXT = N_("%(game)s: play a game here, from the start.")
PUZZLE_TEXT = N_("%(game)s: play it here as the puzzle it is, filling the special hole in as few turns as you can.")


# -- a game's start ----------------------------------------------------------------------------

class PlayDirective(SphinxDirective):
    """``mancala-play RULES``: the start of a game, for the player."""
    required_arguments = 1
    has_content = False
    option_spec = {"optimum": directives.unchanged}

    def run(self):
        name = self.arguments[0]
        try:
            rules = build_of(self.env).project.verifier.library.load(name)
            note_inputs(self.env)       # read again when a rules file (or the code) changes
            position = rules.initial_position()
            optimum = None
            if self.options.get("optimum"):
                optimum = project_file(self.env, self.options["optimum"])
                self.env.note_dependency(optimum)
                _optimum_rows(optimum)      # a table the player cannot read stops here
        except MancalaError as exc:
            logger.warning(f"mancala-play: {exc}", location=(self.env.docname, self.lineno))
            return []
        store = _store(self.env)
        store.setdefault(self.env.docname, {})
        if optimum:
            store[self.env.docname][name] = optimum
        lang = lang_of(self.env)
        text = words(lang).lookup(PUZZLE_TEXT if optimum else START_TEXT, game=in_language(rules.title, lang))
        markup = (f'<div class="mancala-play-start" data-rules="{html.escape(name)}" '
                  f'data-position="{html.escape(position.to_text())}"><p>{html.escape(text)}</p></div>\n')
        return [nodes.raw("", markup, format="html")]


def _store(env) -> dict:
    """{docname: {rules: optimum table}} of the ``mancala-play`` directives read."""
    if not hasattr(env, "mancala_play"):
        env.mancala_play = {}
    return env.mancala_play


def purge_doc(app, env, docname):
    _store(env).pop(docname, None)


def merge_info(app, env, docnames, other):
    store = _store(env)
    for docname in docnames:
        if docname in _store(other):
            store[docname] = _store(other)[docname]


def _optimum_rows(path) -> dict:
    """{columns: row} of the solutions table *path* (the solver's JSON file)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        rows = data["results"] if isinstance(data, dict) else data
        return {int(r["columns"]): r for r in rows if r.get("status") == "proved"}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise MancalaError(f"cannot read the solutions table: {exc}", file=str(path)) from None


# -- the page's words and assets ---------------------------------------------------------------

def has_player(env, pagename, doctree) -> bool:
    """Whether the page has a figure that starts a game, or a game's start."""
    if doctree is None:
        return False
    if pagename in _store(env):
        return True
    return next(doctree.findall(_starts_game), None) is not None


def _starts_game(node) -> bool:
    """A figure (:mod:`.nodes`' or :mod:`.fasthtml`'s) that says the game it starts."""
    data = node.get("data") if isinstance(node, nodes.Element) else None
    return isinstance(data, dict) and "data-rules" in data and "data-position" in data


def page_context(app, pagename, templatename, context, doctree):
    """A page with a player: its script, its stylesheet, and its words."""
    if getattr(app.builder, "format", None) != "html" or not has_player(app.env, pagename, doctree):
        return
    if not _runtime_available(app):     # no runtime to copy (write_runtime says why): no button
        return
    lang = lang_of(app.env)
    app.add_js_file("mancala-player.js", loading_method="defer")
    app.add_css_file("mancala-player.css")
    page = Path(app.outdir).resolve() / app.builder.get_target_uri(pagename)
    runtime = Path(os.path.relpath(_play_dir(app), page.parent)).as_posix() + "/"
    say = words(lang)
    data = {"lang": lang, "runtime": runtime, "size": _runtime_size(app),
            "words": {k: say.lookup(v, command=COMMAND, url=URL, size="%(size)s", error="%(error)s",
                                    player="%(player)s", game="%(game)s") for k, v in WORDS.items()}}
    script = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    context["body"] = context.get("body", "") + (
        f'\n<script type="application/json" id="mancala-player-data">{script}</script>\n')


# -- the runtime -----------------------------------------------------------------------------------

def _play_dir(app) -> Path:
    return (Path(app.outdir) / (app.config.mancala_play_dir or "_play")).resolve()


def _pyodide_dir(app) -> Path:
    """The npm package pyodide: ``mancala_pyodide`` (relative to conf.py), else
    the project's ``node_modules/pyodide``, else the one beside this package
    (a project of its own built with the package of a checkout)."""
    if app.config.mancala_pyodide:
        return Path(app.confdir, app.config.mancala_pyodide)
    here = project_root(app.config, app.srcdir) / "node_modules" / "pyodide"
    beside = PACKAGE.parent / "node_modules" / "pyodide"
    return beside if not here.exists() and beside.exists() else here


def _runtime_available(app) -> bool:
    source = _pyodide_dir(app)
    return all((source / f).exists() for f in PYODIDE_FILES)


def _runtime_size(app) -> str:
    folder = _pyodide_dir(app)
    total = sum((folder / f).stat().st_size for f in PYODIDE_FILES if (folder / f).exists())
    return f"{total / 1e6:.0f}"


def module_path(module: str) -> Path:
    parts = module.split(".")[1:]
    base = PACKAGE.joinpath(*parts)
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def _imports(module: str):
    """(line, imported name, at the top of the module?) for every import of
    *module*, relative ones resolved (``from . import x``: ``pkg`` and ``pkg.x``)."""
    path = module_path(module)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    top = {id(n) for n in tree.body}
    for node in _statements(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name, id(node) in top
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            yield node.lineno, target, id(node) in top
            for a in node.names:
                if target.split(".")[0] == "mancala_diagrams":
                    yield node.lineno, f"{target}.{a.name}", id(node) in top


def _statements(tree):
    """Every statement of *tree*, nested ones too (an import is a statement:
    the expressions, most of a module's nodes, are not visited)."""
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        yield node
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            todo.extend(child for child in getattr(node, name, ()) if isinstance(child, ast.AST))


def bundle_modules(entry: str = ENTRY) -> list[str]:
    """The package's modules the page imports from *entry* (every import,
    at the top or inside a function, and each package's ``__init__``),
    sorted.  A :class:`MancalaError` names a module that imports, at its
    top, a package the page does not have (:data:`NOT_IN_PAGE`)."""
    found, todo = set(), [entry]
    while todo:
        module = todo.pop()
        if module in found or not module_path(module).exists():
            continue
        found.add(module)
        parts = module.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        for line, target, top in _imports(module):
            if target.split(".")[0] == "mancala_diagrams":
                todo.append(target)
            elif target.split(".")[0] in NOT_IN_PAGE and top:
                raise MancalaError(f"{module_path(module).relative_to(PACKAGE.parent)}:{line}: the page's player "
                                   f"imports {module}, which imports {target}, a package the page does not have",
                                   expected="only the engine, the drawing's words and the standard library")
    return sorted(found)


EPOCH = datetime.datetime(1980, 1, 1, tzinfo=datetime.timezone.utc)


def _compiled_catalogs() -> dict:
    """{path in the bundle: .mo bytes} of every caption catalog (compiled with
    Babel here, so that the page needs neither Babel nor the .po files)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    out = {}
    for lang in languages():
        po = catalog_path(lang)
        if not po.exists():
            continue
        with open(po, "rb") as fh:
            catalog = read_po(fh)
        catalog.creation_date = EPOCH       # (Babel dates a catalog whose header does not, with the time now)
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        out[f"mancala_diagrams/drawing/locales/{lang}/LC_MESSAGES/captions.mo"] = buf.getvalue()
    return out


def bundle(modules=None) -> bytes:
    """The zip of the modules the page imports (*modules*, by default
    :func:`bundle_modules`) and the compiled catalogs: the same bytes for the
    same files (sorted, dated 1980, no extra fields)."""
    files = {module_path(m).relative_to(PACKAGE.parent).as_posix(): module_path(m).read_bytes()
             for m in (bundle_modules() if modules is None else modules)}
    files.update(_compiled_catalogs())
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, files[name], compresslevel=9)
    return buf.getvalue()


def rules_files(app) -> dict:
    """{name: JSON text} of every rules file that can be played (the abstract
    bases are not), with the puzzle's target where a solutions table names one."""
    from ..play.data import rules_to_data
    library = build_of(app.env).project.verifier.library
    optimum = {}
    for per_doc in sorted(_store(app.env).values(), key=lambda d: sorted(d.items())):
        optimum.update(per_doc)
    loaded = {}
    for name in library.names():
        try:
            if not library.raw(name).get("abstract"):
                loaded[name] = library.load(name)
        except MancalaError:
            continue            # a broken rules file: its examples say so
    tables = {base: _optimum_rows(path) for base, path in optimum.items() if base in loaded}
    out = {}
    for name, rules in sorted(loaded.items()):
        extra = {}
        for base, rows in sorted(tables.items()):
            like = loaded[base]
            if (rules.geometry.solo and like.geometry.solo and rules.mechanics == like.mechanics
                    and rules.start == like.start and rules.geometry.columns in rows):
                row = rows[rules.geometry.columns]
                extra["puzzle"] = {"min_turns": row["min_turns"], "min_laps": row.get("min_laps")}
        out[name] = json.dumps(rules_to_data(rules, **extra), ensure_ascii=False, sort_keys=True)
    return out


STDLIB_SCRIPT = Path(__file__).resolve().parent / "stdlib.mjs"


def compiled_stdlib(pyodide: Path, folder: Path, modules=None):
    """Pyodide's standard library compiled and cut to what the page runs
    (``stdlib.mjs``, run with Node on the runtime written in *folder*: see
    there), or None with a warning when it cannot be made (the page then
    compiles the library at each start).  Kept in
    ``node_modules/.cache/mancala-diagrams/``, named by a hash of what it is
    made of (Pyodide's library, the script and the player's modules): Node
    runs once per change of these, not at every build, and builds that
    need it at the same time wait for one of them to make it."""
    h = hashlib.blake2b(_digest(pyodide / "python_stdlib.zip") + STDLIB_SCRIPT.read_bytes(), digest_size=12)
    for module in (bundle_modules() if modules is None else modules):  # the player's code (not its catalogs)
        h.update(module.encode() + b"\0" + module_path(module).read_bytes())
    cache = pyodide.parent / ".cache" / "mancala-diagrams" / f"python_stdlib-{h.hexdigest()}.zip"
    if cache.exists():
        return cache.read_bytes()
    cache.parent.mkdir(parents=True, exist_ok=True)
    with open(cache.parent / "lock", "w") as lock:      # builds at the same time (two languages, tests) wait
        fcntl.flock(lock, fcntl.LOCK_EX)                # for one to make it, rather than each making it
        if cache.exists():
            return cache.read_bytes()
        return _make_stdlib(pyodide, folder, cache)


def _make_stdlib(pyodide: Path, folder: Path, cache: Path):
    import shutil
    import subprocess
    import tempfile
    node = shutil.which("node")
    if node is None:
        logger.warning("the in-page player's standard library is left uncompiled (slower to start): "
                       "Node is not installed (it comes with npm)")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "stdlib.zip"
        done = subprocess.run([node, str(STDLIB_SCRIPT), str(pyodide), str(out), str(folder / "mancala.zip"),
                               str(folder / "rules")], capture_output=True, text=True, timeout=3600)
        if done.returncode != 0 or not out.exists():
            why = [line for line in done.stderr.splitlines() if "Error" in line][-1:] or [done.stderr[-300:]]
            logger.warning(f"the in-page player's standard library is left uncompiled (slower to start): "
                           f"{STDLIB_SCRIPT.name} failed: {why[0][:500]}")
            return None
        data = out.read_bytes()
    write_atomically(cache, data)
    return data


def _write(path: Path, data: bytes) -> None:
    """*data* into *path* unless it holds it already."""
    try:
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return
    except OSError:
        pass
    write_atomically(path, data)


def _link(source: Path, target: Path) -> None:
    """The npm package's file *source* at *target*: a hard link (a large file,
    never changed once installed), else a copy; nothing when it is there."""
    try:
        if target.exists() and os.path.samefile(source, target):
            return
        if target.exists() and target.stat().st_size == source.stat().st_size and \
                _digest(target) == _digest(source):
            return
    except OSError:
        pass
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        tmp = target.with_name(f".{target.name}.link")
        if tmp.exists():
            tmp.unlink()
        os.link(source, tmp)
        os.replace(tmp, target)
    except OSError:
        write_atomically(target, source.read_bytes())


def _digest(path: Path) -> bytes:
    h = hashlib.blake2b(digest_size=16)
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.digest()


def write_runtime(app, exception):
    """``build-finished``: the runtime of the player, beside the HTML output."""
    if exception is not None or getattr(app.builder, "format", None) != "html":
        return
    folder = _play_dir(app)
    source = _pyodide_dir(app)
    missing = [f for f in PYODIDE_FILES if not (source / f).exists()]
    if missing:     # a project built without the npm packages (make site installs them): pages without the player
        logger.info(f"the in-page player is left out: it needs the npm package pyodide in {source} "
                    f"(run `npm ci`): {', '.join(missing)} missing")
        return
    modules = bundle_modules()
    _write(folder / "mancala.zip", bundle(modules))
    for name, text in rules_files(app).items():
        _write(folder / "rules" / f"{name}.json", text.encode("utf-8"))
    stdlib = compiled_stdlib(source, folder, modules)
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip" and stdlib is not None:
            _write(folder / "pyodide" / name, stdlib)
        else:
            _link(source / name, folder / "pyodide" / name)
    lock = json.loads((source / "pyodide-lock.json").read_text(encoding="utf-8"))
    # the lock file without its packages: the page loads none (a tenth of a megabyte less)
    _write(folder / "pyodide" / "pyodide-lock.json",
           json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True).encode())


def setup(app):
    app.add_config_value("mancala_play_dir", "_play", "html", types=frozenset({str}))
    app.add_config_value("mancala_pyodide", "", "html", types=frozenset({str}))
    app.add_directive("mancala-play", PlayDirective)
    app.connect("env-purge-doc", purge_doc)
    app.connect("env-merge-info", merge_info)
    app.connect("html-page-context", page_context)
    app.connect("build-finished", write_runtime)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
