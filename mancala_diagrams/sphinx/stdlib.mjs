// The standard library the in-page player loads: Pyodide's, compiled and cut
// to what the page runs.  Run by the site build (mancala_diagrams/sphinx/player.py)
// with Node, which `npm ci` needs anyway:
//
//     node stdlib.mjs PYODIDE_DIR OUT_ZIP BUNDLE_ZIP RULES_DIR
//
// Pyodide's python_stdlib.zip holds the library's sources, which the page would
// compile at every start (most of the runtime's start-up, measured here).
// This script starts Pyodide itself (so the bytecode is that of the page's
// Python), unpacks the player (BUNDLE_ZIP, the site's mancala.zip) and plays
// with it as the page does: every rules file of RULES_DIR (the site's
// rules/*.json) a few random turns, in each language, with the computer's turn
// (at level 1: level 2 imports nothing more), the reasons of the holes refused and the example file.  OUT_ZIP then
// holds, compiled (.pyc, without their sources), every module of the library
// that was imported (by Pyodide as it starts, and by the player), the player's
// imports made only where it fails (difflib), and the codecs Python looks up
// by name.  The zip is the same bytes for the same inputs (sorted, dated 1980).
import fs from "fs";
import { pathToFileURL } from "url";

const [pyodideDir, outZip, bundleZip, rulesDir] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${pyodideDir}/` });
py.unpackArchive(new Uint8Array(fs.readFileSync(bundleZip)), "zip", { extractDir: "/mancala" });
py.FS.writeFile("/tmp/stdlib.zip", new Uint8Array(fs.readFileSync(`${pyodideDir}/python_stdlib.zip`)));
const rules = fs.readdirSync(rulesDir).filter((f) => f.endsWith(".json")).sort()
  .map((f) => fs.readFileSync(`${rulesDir}/${f}`, "utf8"));
py.globals.set("rules_texts", py.toPy(rules));
const summary = py.runPython(`
import importlib.util, json, marshal, random, sys, zipfile

sys.path.insert(0, "/mancala")
import difflib                                  # imported by the player only to name a near miss
from mancala_diagrams.drawing.captions import LANGS
from mancala_diagrams.play.page import Session

for text in rules_texts:
    for lang in LANGS:
        session = Session(text, None, lang, seed=1)
        session.setup()
        rng = random.Random(text)
        game = session.game
        for _ in range(6):
            if game.ask is None:
                break
            ask = game.ask
            session.choose(ask.kind, json.dumps(list(ask.options[0]) if ask.kind == "start" else ask.options[0]))
            if game.ask is not None and not game.pending:
                session.computer(1)     # level 2 runs the same modules (the package's own search)
        session.undo()
        session.redo()
        session.example("game")

CODECS = ("aliases", "ascii", "cp437", "latin_1", "utf_8", "utf_8_sig")
zipped = sys.modules["json"].__file__.rsplit("/json/", 1)[0] + "/"      # /lib/python3NN.zip/
files = {m.__file__[len(zipped):] for m in list(sys.modules.values())
         if (getattr(m, "__file__", None) or "").startswith(zipped)}
files |= {f"encodings/{codec}.py" for codec in CODECS} | {"encodings/__init__.py"}
source = zipfile.ZipFile("/tmp/stdlib.zip")
out = zipfile.ZipFile("/tmp/out.zip", "w")
for name in sorted(files):
    data = source.read(name)
    if name.endswith(".py"):
        code = compile(data, name, "exec", dont_inherit=True)
        name, data = name[:-3] + ".pyc", importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)
    out.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data,
                 compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
out.close()
json.dumps({"modules": len(files), "python": sys.version.split()[0]})
`);
fs.writeFileSync(outZip, py.FS.readFile("/tmp/out.zip"));
process.stdout.write(summary + "\n");
