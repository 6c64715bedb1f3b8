"""The content of a project as a whole, checked in a second: what no single
file shows, and what the test suite or the site build would otherwise find
only after minutes, each said with the file and the line.

- every bibliography key a rules file (``sources:``) or an example
  (``describes:``) names is an entry of ``docs/references.bib``;
- a diagram id is listed by one example only (two would draw the same
  published diagram twice, with two anchors of the same name; to start another
  example from its board, ``start: {from: ID}``);
- every example that holds a published diagram is shown on a page of the site
  (a ``mancala-example`` directive), and every such directive names a file;
- every source page an example names has its bibliography entry
  ``busser-PAGE`` (the diagrams' credit, with the page's address) and its line
  in ``docs/data/pages.txt`` (what ``check`` reads when ``../shared`` is absent);
- the French texts of the YAML files and of the page catalogs put a no-break
  space before ``: ; ? !`` and inside « guillemets »;
- every page of the site is in a table of contents, holds no ``TODO`` and has
  a complete catalog in each language (none untranslated, none fuzzy).

A file that ``mancala-diagrams draft`` wrote says ``drafted: true`` until a
person has reviewed it: the verifier then says ``drafted`` where it would say
``verified`` (:func:`not_reviewed`), which ``check``, ``verify`` and the site
refuse.

A page of ``../shared/published`` that no example has started yet is not a
problem (``verify`` fails on it only with ``--strict``, as on any diagram no
example accounts for) but a note: one sentence naming the page and the
command that starts it (:func:`unstarted_pages`).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import MancalaError, closest_hint
from .project import example_paths, published_diagrams, published_dir, read_text_file
from .yamlio import load_yaml_file

NBSP = "\u00a0\u202f"        # a no-break space, or a narrow one
#: ``: ; ? !`` after a word without a no-break space (``https:`` and ``10:30``, followed by no space, are not)
_SPACING = re.compile(r"(\S)( ?)([:;?!])(?=\s|$)")
_GUILLEMETS = re.compile(r"«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»")
_BIB_ENTRY = re.compile(r"^\s*@(\w+)\s*\{\s*([^,\s]+)\s*,", re.M)
_BIB_FIELD = re.compile(r"^\s*(\w+)\s*=\s*\{(.*)\},?\s*$", re.M)
_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,}|:{3,})\s*(\{[\w:-]+\})?\s*(.*?)\s*$")
#: directives whose body is text as it is, never Markdown
_LITERAL = {"code-block", "code", "sourcecode", "code-cell", "literalinclude", "raw", "math", "mancala-position"}
_RST_DIRECTIVE = re.compile(r"^(\s*)\.\. ([\w:-]+)::\s*(.*?)\s*$")
_TODO = re.compile(r"\bTODO\b")


@dataclass
class Report:
    problems: list = field(default_factory=list)    # MancalaError, each located
    unstarted: dict = field(default_factory=dict)   # page of ../shared/published no example started -> sentence
    checked: list = field(default_factory=list)     # what was checked (what was not is said too)

    def summary(self) -> str:
        what = "; ".join(self.checked)
        if not self.problems:
            return f"content checked ({what}): no problem"
        n = len(self.problems)
        return f"content checked ({what}): {n} problem{'s' if n != 1 else ''}"


def bibliography(path: Path) -> dict:
    """key -> {field: value} of a BibTeX file, read plainly (one field per line, as
    docs/references.bib is written), with the entry's ``line``."""
    return bibliography_text(path.read_text(encoding="utf-8"))


def bibliography_text(text: str) -> dict:
    """:func:`bibliography` of a BibTeX text."""
    entries = {}
    starts = list(_BIB_ENTRY.finditer(text))
    for i, m in enumerate(starts):
        body = text[m.end(): starts[i + 1].start() if i + 1 < len(starts) else len(text)]
        fields = {k.lower(): v for k, v in _BIB_FIELD.findall(body)}
        entries[m.group(2)] = {**fields, "type": m.group(1).lower(), "line": text.count("\n", 0, m.start()) + 1}
    return entries


def docs_folder(root) -> Path | None:
    """The site's pages: ``docs/`` of the project, if it has one."""
    docs = Path(root) / "docs"
    return docs if docs.is_dir() else None


def bibliography_file(root) -> Path | None:
    """docs/references.bib of the project, else of the project this package
    belongs to (a project of rules/ and sources/ only shares its bibliography,
    as :func:`.project.known_pages` does)."""
    for base in (Path(root), Path(__file__).resolve().parents[2]):
        p = base / "docs" / "references.bib"
        if p.is_file():
            return p
    return None


def page_files(docs: Path) -> list[Path]:
    """The pages of the site: the Markdown and reStructuredText files of docs/,
    less the build's own folders, the catalogs and the drafts."""
    skip = {"locales", "drafts", "_build", "_root", "_templates", "_static", "_ext", "node_modules"}
    return sorted(p for p in docs.rglob("*") if p.suffix in (".md", ".rst") and p.is_file()
                  and not skip & set(p.relative_to(docs).parts[:-1]) and p.name != "README.md")


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


class _Project:
    """What the checks share: the project's YAML files, read once."""

    def __init__(self, root):
        self.root = Path(root)
        self.report = Report()
        self.examples = []      # (path, data)
        self.rules = []
        for path in example_paths(self.root):
            self.examples.append((path, self._read(path)))
        for path in sorted((self.root / "rules").glob("*.yaml")):
            self.rules.append((path, self._read(path)))
        self.examples = [(p, d) for p, d in self.examples if isinstance(d, dict)]
        self.rules = [(p, d) for p, d in self.rules if isinstance(d, dict)]

    def _read(self, path):
        try:
            return load_yaml_file(path, allow_todo=True)
        except MancalaError:        # the file's own check reports it
            return None

    def text(self, page) -> str:
        """A page's text, read as every file is (project.read_text_file): a page
        that cannot be read is a problem, once, and an empty text."""
        texts = self.__dict__.setdefault("_texts", {})
        if page not in texts:
            try:
                texts[page] = read_text_file(page, expected="a page of the site")
            except MancalaError as exc:
                self.report.problems.append(exc)
                texts[page] = ""
        return texts[page]

    def rel(self, path) -> str:
        try:
            return str(Path(path).resolve().relative_to(self.root.resolve()))
        except ValueError:
            return str(path)

    def problem(self, message, file, loc=None, **kw):
        line, column = loc if loc else (None, None)
        self.report.problems.append(MancalaError(message, file=self.rel(file), line=line, column=column, **kw))

    @staticmethod
    def bodies(data):
        """The example itself and each of its lines: where diagrams are listed."""
        lines = data.get("lines")
        return [data] + [b for b in (lines.values() if isinstance(lines, dict) else []) if isinstance(b, dict)]

    def diagrams(self, data):
        """(id, location) of every diagram an example lists."""
        for body in self.bodies(data):
            listed = body.get("diagrams")
            if not isinstance(listed, list):
                continue
            for i, d in enumerate(listed):
                if isinstance(d, dict) and isinstance(d.get("id"), str):
                    yield d["id"], (d.loc("id") if hasattr(d, "loc") else listed.loc(i))


def check_content(root, published=True) -> Report:
    """Every check of this module on the project at *root*.  *published*: compare
    with ``../shared/published`` when it is there."""
    p = _Project(root)
    pub = published_dir(p.root) if published else None
    diagrams = published_diagrams(str(pub)) if pub is not None else None
    _check_bibliography_keys(p)
    _check_ids_once(p)
    docs = docs_folder(p.root)
    if docs is not None:
        _check_pages(p, docs, diagrams)
        _check_site_pages(p, docs)
    else:
        p.report.checked.append("no docs/: the site's pages not checked")
    _check_french(p, docs)
    if diagrams is not None:
        p.report.unstarted = unstarted_pages(p, pub, diagrams)
    else:
        p.report.checked.append("../shared/published absent: pages not started cannot be listed")
    return p.report


def _check_bibliography_keys(p: _Project):
    bib = bibliography_file(p.root)
    if bib is None:
        p.report.checked.append("no docs/references.bib: bibliography keys not checked")
        return
    keys = bibliography(bib)
    where = p.rel(bib) if Path(bib).resolve().is_relative_to(p.root.resolve()) else str(bib)
    cited = [(path, data.get("sources"), "sources") for path, data in p.rules]
    cited += [(path, data["source"].get("describes"), "describes") for path, data in p.examples
              if isinstance(data.get("source"), dict)]
    for path, listed, key in cited:
        if not isinstance(listed, list):
            continue
        for i, name in enumerate(listed):
            if not isinstance(name, str) or _TODO.search(name) or name in keys:
                continue        # a TODO is refused by the file's own check
            p.problem(f"{key}: unknown bibliography key {name!r}", path, listed.loc(i),
                      expected=f"a key of {where}", hint=closest_hint(name, keys))
    p.report.checked.append("bibliography keys")


def _check_ids_once(p: _Project):
    first = {}
    for path, data in p.examples:
        for did, loc in p.diagrams(data):
            if did in first and first[did][0] != path:
                other, line = first[did]
                p.problem(f"diagram {did} is listed by two examples: {p.rel(other)} (line {line}) and this one",
                          path, loc, expected="each diagram in one example; to start another example from its "
                                              f"board, start: {{from: {did}}} (without listing it again)")
            else:
                first.setdefault(did, (path, loc[0]))
    p.report.checked.append("diagram ids")


def directives(text: str):
    """(name, argument, line, column, body lines) of every directive of a page
    that is not inside a code block: MyST's fenced ones (```{name} ARGUMENT, and
    the directives nested in them) and reStructuredText's (.. name:: ARGUMENT)."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        r = _RST_DIRECTIVE.match(lines[i]) if m is None else None
        if m is not None:
            indent, fence, name, argument = m.groups()
            end = i + 1
            while end < len(lines) and not re.match(rf"^\s*{re.escape(fence[0])}{{{len(fence)},}}\s*$", lines[end]):
                end += 1
            if name:                    # a directive, whose body may be Markdown that holds directives
                body = lines[i + 1:end]
                yield name[1:-1], argument, i + 1, len(indent) + len(fence) + len(name) + 2, body
                if name[1:-1] not in _LITERAL:
                    for inner in directives("\n".join(body)):
                        yield inner[0], inner[1], inner[2] + i + 1, inner[3], inner[4]
            i = end + 1                 # a code block (```yaml, ````markdown ...) is skipped whole
            continue
        if r is not None:
            indent, name, argument = r.groups()
            end = i + 1
            while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > len(indent)):
                end += 1
            yield name, argument, i + 1, len(indent) + len(name) + 6, lines[i + 1:end]
            i = end
            continue
        i += 1


def _resolve(docs: Path, page: Path, argument: str) -> Path:
    """A path a directive names: relative to its page, or to docs/ with a leading /."""
    return ((docs / argument.lstrip("/")) if argument.startswith("/") else (page.parent / argument)).resolve()


def shown_examples(p: _Project, docs: Path) -> dict:
    """resolved example path -> (page, line) of the first directive that shows it;
    a directive naming no file is a problem."""
    shown = {}
    for page in page_files(docs):
        for name, argument, line, column, _ in directives(p.text(page)):
            if name != "mancala-example" or not argument:
                continue
            target = _resolve(docs, page, argument.split()[0])
            if not target.is_file():
                p.problem(f"mancala-example names {argument}, which is not a file", page, (line, column),
                          expected="the path of an example file, relative to the page")
                continue
            shown.setdefault(target, (page, line))
    return shown


def page_of(data) -> str | None:
    source = data.get("source")
    page = source.get("page") if isinstance(source, dict) else None
    return page if isinstance(page, str) else None


def _check_pages(p: _Project, docs: Path, diagrams):
    """Examples of published diagrams drawn on no page; source pages without
    their bibliography entry or their line in docs/data/pages.txt."""
    shown = shown_examples(p, docs)
    for path, data in p.examples:
        if data.get("generated") is True or path.resolve() in shown:
            continue
        ids = [(did, loc) for did, loc in p.diagrams(data)
               if diagrams is None or did in diagrams]
        if ids:
            more = f" and {len(ids) - 1} more" if len(ids) > 1 else ""
            rel = Path(os.path.relpath(path, docs / "games")).as_posix()
            p.problem(f"{ids[0][0]}{more}: the example is drawn on no page of the site", path, ids[0][1],
                      expected=f"a directive ```{{mancala-example}} {rel}``` on the page of its game "
                               "(docs/games/GAME.md)")
    p.report.checked.append("examples shown on a page")
    # the pages the examples name: the credit's entry and the pages list
    bib = bibliography_file(p.root)
    entries = bibliography(bib) if bib is not None else {}
    listed = docs / "data" / "pages.txt"
    pages_txt = {line.split("#", 1)[0].strip() for line in listed.read_text(encoding="utf-8").splitlines()} \
        if listed.is_file() else set()
    pub = published_dir(p.root)
    files = {}
    if pub is not None:
        import json
        for f in sorted(Path(pub).glob("*.json")):
            try:
                files[f.stem] = json.loads(f.read_text(encoding="utf-8")).get("page")
            except (OSError, ValueError):
                continue
    seen = set()
    for path, data in p.examples:
        page = page_of(data)
        if page is None or page in seen or page in entries or data.get("generated") is True:
            continue        # (a bibliography key is a source of its own)
        seen.add(page)
        loc = data["source"].loc("page")
        if page not in pages_txt and (page in files or not files):
            p.problem(f"source page {page!r} has no line in docs/data/pages.txt", path, loc,
                      expected=f"a line '{page}' there (check reads that list when ../shared/published is absent)")
        if page in files or not files:
            entry = entries.get(f"busser-{page}")
            url = (entry or {}).get("url", "")
            if entry is None or (files.get(page) and not url.endswith("/" + files[page])):
                what = "has no entry" if entry is None else f"has an entry whose url does not end in /{files[page]}"
                p.problem(f"source page {page!r} {what} busser-{page} in docs/references.bib, which credits its "
                          "diagrams", path, loc, expected="@misc{busser-" + page + ", author, title, url = {the "
                          "page's address}, note: the date of the transcribed state} (mancala-diagrams new page "
                          f"{page} writes it)")
    p.report.checked.append("source pages' bibliography entries and pages list")


def _check_site_pages(p: _Project, docs: Path):
    """Every page in a table of contents, with no TODO left, and with a
    complete catalog in each language."""
    pages = page_files(docs)
    listed = set()
    for page in pages:
        for name, _, _, _, body in directives(p.text(page)):
            if name != "toctree":
                continue
            for entry in body:
                entry = entry.strip()
                if entry and not entry.startswith(":"):
                    listed.add(_resolve(docs, page, re.sub(r"^.*<(.*)>$", r"\1", entry).strip()))
    _check_ref_labels(p, docs, pages)
    for page in pages:
        if page.name in ("index.md", "index.rst") and page.parent == docs:
            continue
        if page.with_suffix("").resolve() not in listed:
            p.problem("the page is in no table of contents, so the site's navigation never leads to it", page,
                      (1, 1), expected=f"its name, {page.relative_to(docs).with_suffix('').as_posix()}, in a "
                                       "toctree (the games are listed in docs/index.md)")
        text = p.text(page)
        for m in _TODO.finditer(_without_code(text)):
            line = _line_of(text, m.start())
            p.problem("the page still holds a TODO", page, (line, m.start() - text.rfind("\n", 0, m.start())),
                      expected="the text the TODO asks for, in place of the TODO")
            break
    languages = sorted(d for d in (docs / "locales").glob("*/LC_MESSAGES") if d.is_dir()) \
        if (docs / "locales").is_dir() else []
    try:
        import polib        # installed with the docs (Sphinx's catalogs); a project may have none
    except ImportError:
        if languages:
            p.report.checked.append("pages' tables of contents and TODOs (catalogs not checked: polib is not "
                                    "installed)")
            return
    if languages:
        for folder in languages:
            for page in pages:
                po_path = folder / page.relative_to(docs).with_suffix(".po")
                if not po_path.is_file():
                    p.problem(f"the page has no catalog {p.rel(po_path)}", page, (1, 1),
                              expected="run make i18n, then translate every message of the new catalog")
                    continue
                _check_catalog(p, polib.pofile(str(po_path)), po_path)
        p.report.checked.append("pages' tables of contents, TODOs, {ref} labels and catalogs")
    else:
        p.report.checked.append("pages' tables of contents, TODOs and {ref} labels (no catalogs)")


#: a label of a page: MyST's ``(label)=`` line, or reStructuredText's ``.. _label:``
_LABEL = re.compile(r"^\s*(?:\(([^()\s]+)\)=|\.\. _([^:\s]+):)\s*$", re.M)
#: a role with its target, or inline code (whose text is no role): read from left to right
_ROLE_OR_CODE = re.compile(r"\{([\w:-]+)\}`([^`]+)`|(`+)(?!`).+?(?<!`)\3(?!`)", re.S)
#: the labels Sphinx itself defines
_SPHINX_LABELS = {"genindex", "modindex", "py-modindex", "search"}


def _check_ref_labels(p: _Project, docs: Path, pages):
    """Every ``{ref}`label``` of a page names a label that a page defines
    (``make site`` stops on another): a bibliography key is not a label.  A
    label of another project (``python:label``, through intersphinx) is not
    checked, nor any when every heading is a label too (autosectionlabel)."""
    conf = docs / "conf.py"
    if conf.is_file() and "autosectionlabel" in p.text(conf):
        return
    labels = set(_SPHINX_LABELS)
    for page in pages:
        labels |= {a or b for a, b in _LABEL.findall(p.text(page))}
    for page in pages:
        text = p.text(page)
        # what code blocks and inline code show is not a role
        blank = lambda m: re.sub(r"[^\n]", " ", m.group(0))
        bare = re.sub(r"(?ms)^\s*(`{3,}|~{3,})[^\n]*\n.*?^\s*\1\s*$", blank, text)
        for m in _ROLE_OR_CODE.finditer(bare):
            if m.group(1) != "ref":
                continue
            label = re.sub(r"^.*<(.*)>\s*$", r"\1", m.group(2)).strip()
            if label in labels or ":" in label:
                continue
            line = _line_of(text, m.start())
            p.problem(f"{{ref}} names the label {label!r}, which no page defines (make site stops on it)", page,
                      (line, m.start() - text.rfind("\n", 0, m.start())),
                      expected="a label that a page defines with a line (LABEL)=; a key of docs/references.bib "
                               f"is cited with {{cite:p}}`{label}`",
                      hint=closest_hint(label, sorted(labels)))


def _without_code(text: str) -> str:
    """*text* with its code blocks and inline code blanked out (same length)."""
    blank = lambda m: re.sub(r"[^\n]", " ", m.group(0))
    text = re.sub(r"(?ms)^\s*(`{3,}|~{3,})[^\n]*\n.*?^\s*\1\s*$", blank, text)
    return re.sub(r"(`+)[^`\n]+?\1", blank, text)


def _check_catalog(p: _Project, po, path):
    untranslated = [e for e in po if not e.obsolete and "fuzzy" not in e.flags and not e.translated()]
    fuzzy = [e for e in po if not e.obsolete and "fuzzy" in e.flags]
    if untranslated or fuzzy:
        first = min(untranslated + fuzzy, key=lambda e: e.linenum)
        parts = ([f"{len(untranslated)} untranslated"] if untranslated else []) + \
                ([f"{len(fuzzy)} fuzzy (an old translation to review, then remove its fuzzy flag)"] if fuzzy else [])
        p.problem(f"{' and '.join(parts)} message{'s' if len(untranslated) + len(fuzzy) > 1 else ''}, the "
                  "first here", path, (first.linenum, 1), expected="a translation of each (the site shows the "
                  "English of the others); after editing the page, make i18n first")
    if po.metadata.get("Language") == "fr":
        for e in po:
            if e.obsolete or not e.msgstr or "fuzzy" in e.flags:
                continue
            bad = french_spacing(re.sub(r"(`+)[^`]+?\1", "CODE", e.msgstr))
            if bad:
                p.problem(f"French typography: {bad}", path, (e.linenum, 1),
                          expected="a no-break space before : ; ? ! and inside « guillemets »")


def french_spacing(text: str) -> str | None:
    """The first place where *text* (French) lacks a no-break space before
    ``: ; ? !`` or inside « guillemets », quoted; else None."""
    for m in _SPACING.finditer(text):
        if m.group(1) not in NBSP:
            return f"{m.group(3)!r} without a no-break space before it in {text[max(0, m.start() - 25):m.end() + 5]!r}"
    m = _GUILLEMETS.search(text)
    if m:
        return f"{m.group(0)!r} without a no-break space inside in {text[max(0, m.start() - 20):m.end() + 20]!r}"
    return None


def french_problems(data, file) -> list:
    """A located error for each French text (the value of a key ``fr``) of
    the YAML *data* that lacks a no-break space (:func:`french_spacing`)."""
    out = []

    def walk(value, loc):
        if isinstance(value, dict):
            for key, item in value.items():
                where = value.loc(key) if hasattr(value, "loc") else loc
                if key == "fr" and isinstance(item, str):
                    # a TODO is a placeholder, not French: the file's own check refuses it as a TODO
                    bad = None if _TODO.search(item) else french_spacing(item)
                    if bad:
                        out.append(MancalaError(f"French typography: {bad}", file=str(file), line=where[0],
                                                column=where[1], expected="a no-break space (U+00A0, or U+202F) "
                                                "before : ; ? ! and inside « guillemets »"))
                else:
                    walk(item, where)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, value.loc(i) if hasattr(value, "loc") else loc)
    walk(data, (1, 1))
    return out


def _check_french(p: _Project, docs):
    for path, data in p.rules + p.examples:
        p.report.problems += french_problems(data, p.rel(path))
    catalogs = docs is not None and (docs / "locales").is_dir()
    p.report.checked.append("French typography of the YAML files" + (" and catalogs" if catalogs else ""))


def unstarted_pages(p: _Project, pub, diagrams) -> dict:
    """page -> one sentence, for each page of ../shared/published that no
    example has started (none names it, none lists one of its diagrams)."""
    started = {page_of(d) for _, d in p.examples}
    for _, data in p.examples:
        started |= {diagrams[did]["page"] for did, _ in p.diagrams(data) if did in diagrams}
    counts = {}
    for info in diagrams.values():
        counts[info["page"]] = counts.get(info["page"], 0) + 1
    return {page: f"{Path(pub) / (page + '.json')}: the page {page} ({counts[page]} diagrams) has no example "
                  f"yet; start it with: mancala-diagrams new page {page}"
            for page in sorted(counts) if page not in started}


def not_reviewed(rows: list, line: int) -> list:
    """The verifier's *rows* for an example that says ``drafted: true`` (at
    *line*): each row that passed is ``drafted`` instead (its status kept under
    ``drafted``), since no person has compared it with the page yet; a failing
    row stays as it is."""
    out = []
    for r in rows:
        if r["status"] in ("verified", "generated", "erratum"):
            what = {"verified": "the replay gives the published board", "generated": "the replay gives the board",
                    "erratum": "the declared erratum holds"}[r["status"]]
            r = {**r, "status": "drafted", "drafted": r["status"],
                 "reason": f"drafted, not reviewed: {what}; compare the moves and the diagram with the page's text, "
                           f"then delete `drafted: true` (line {line}), and it is {r['status']}"}
        out.append(r)
    return out
