"""A project as its site shows it: every example's figures, in every language
that has a caption catalog, and the verifier's rows.

:func:`make_view` loads each example of ``sources/`` once, verifies it and
makes its figures from the same load and replay.  :class:`Project` is what one
build asks: it takes the digest of the project's inputs first
(:func:`.cache.digests`), then reads the view kept for that digest in its
store, or makes it and keeps it there; an example file outside ``sources/``
(a documentation folder's own example) is made when asked, for this build only.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..drawing.catalog import languages, translations
from ..errors import MancalaError
from ..files.project import example_paths, published_dir
from ..files.verify import Verifier
from .cache import Store, digests, file_digest
from .figures import ExampleView, Figure, example_views
from .rows import Row, rows_of


@dataclass(frozen=True)
class Failure:
    """An example the site cannot draw, kept as its error says it."""
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    expected: str | None = None
    hint: str | None = None

    @classmethod
    def of(cls, exc: Exception, path) -> "Failure":
        if isinstance(exc, MancalaError):
            return cls(exc.message, exc.file, exc.line, exc.column, exc.expected, exc.hint)
        return cls(f"internal error ({type(exc).__name__}: {exc})", str(path))

    def error(self) -> MancalaError:
        return MancalaError(self.message, file=self.file, line=self.line, column=self.column,
                            expected=self.expected, hint=self.hint)


@dataclass(frozen=True)
class ProjectView:
    """*rows*: the whole project's verification, with a ``missing`` row for each
    published diagram no example accounts for; *examples*: example file
    (relative to the project) -> {language: ExampleView}, or the Failure that
    keeps it from being drawn; *published*: published diagram id -> its page."""
    rows: tuple[Row, ...]
    examples: dict
    published: dict


def work(verifier: Verifier, path, langs) -> tuple[dict | Failure, list[dict]]:
    """The views of the example file *path* in the languages *langs* (or its
    Failure), and the verifier's rows of it, from one load and replay."""
    if not os.path.lexists(path):
        exc = MancalaError("no such example file", file=str(path))
        return Failure.of(exc, path), [verifier.load_error(path, exc)]
    try:
        example = verifier.loader.load(path)
    except MancalaError as exc:
        return Failure.of(exc, path), [verifier.load_error(path, exc)]
    raw = verifier.check_example(example, path)
    reads_sources = example.start_from is not None and published_dir(verifier.root) is None
    try:
        return example_views(example, verifier.rel(path), rows_of(raw), langs, reads_sources), raw
    except Exception as exc:  # noqa: BLE001 - one example that cannot be drawn must not stop the others
        return Failure.of(exc, path), raw


def make_view(verifier: Verifier, langs) -> ProjectView:
    """The view of every example of *verifier*'s project in the languages *langs*."""
    raw, examples = [], {}
    for path in example_paths(verifier.root):
        examples[verifier.rel(path)], rows = work(verifier, path, langs)
        raw.extend(rows)
    raw.extend(verifier.uncovered(raw))
    published = {did: d["page"] for did, d in (verifier.published or {}).items()}
    return ProjectView(tuple(rows_of(raw)), examples, published)


def readable_languages() -> list[str]:
    """The languages whose caption catalog can be read (one that cannot fails
    the builds in that language, with its own error, not the others)."""
    out = []
    for lang in languages():
        try:
            translations(lang)
        except MancalaError:
            continue
        out.append(lang)
    return out


def in_language(worked: dict, lang: str):
    """The view of an example in *lang*; the catalog's error when it has none."""
    if lang not in worked:
        translations(lang)
        raise MancalaError(f"no caption catalog for language {lang!r}", expected=" or ".join(worked))
    return worked[lang]


class Project:
    """One build's view of the project at *root*: the digest of its inputs
    (with the files *extra*) taken now, the view read from the store in the
    folder *store* (if any) when it was kept for that digest, else made (at
    the first question) and kept there."""

    def __init__(self, root, store=None, extra=()):
        self.root = Path(root)
        self.extra = tuple(extra)
        self.digests = digests(self.root, self.extra)
        self.store = Store(store) if store is not None else None
        self.made = False       # whether this build made the view (rather than read it back)
        self._view = None
        self._verifier = None
        self._outside = {}

    @property
    def view(self) -> ProjectView:
        """The project's view: kept for this digest, else made and kept, unless
        an example cannot be drawn (its error comes again, from a fresh load) or
        an input changed while it was made (it is not the view of that digest)."""
        if self._view is None:
            key = self.digests.project
            view = self.store.read(key) if self.store is not None else None
            if view is None:
                view = make_view(self.verifier, readable_languages())
                self.made = True
                if (self.store is not None and not any(isinstance(w, Failure) for w in view.examples.values())
                        and digests(self.root, self.extra).project == key):
                    self.store.write(key, view)
            self._view = view
        return self._view

    @property
    def verifier(self) -> Verifier:
        if self._verifier is None:
            self._verifier = Verifier(self.root)
        return self._verifier

    def key(self, path) -> str:
        """The name of the example file *path* in the view: relative to the project."""
        return self.verifier.rel(path)

    def worked(self, path) -> tuple[dict | Failure, list[Row]]:
        """The views (or Failure) of the example file *path* and its rows."""
        key = self.key(path)
        if os.path.realpath(path) in self.digests.files and key in self.view.examples:
            return self.view.examples[key], [r for r in self.view.rows if r.example == key]
        if key not in self._outside:        # not one of sources/: made for this build
            digest = file_digest(path)      # before it is read
            worked, raw = work(self.verifier, Path(path), readable_languages())
            self._outside[key] = (worked, rows_of(raw), digest)
        return self._outside[key][:2]

    def digest_of(self, path) -> bytes | None:
        """The digest of the example file *path* as this build read it (or
        reads it: before it does)."""
        real = os.path.realpath(path)
        if real in self.digests.files:
            return self.digests.files[real]
        key = self.key(path)
        return self._outside[key][2] if key in self._outside else file_digest(path)

    def example(self, path, lang: str) -> ExampleView:
        """The example file *path* as a page in *lang* shows it; a MancalaError
        if it cannot be drawn."""
        worked, _rows = self.worked(path)
        if isinstance(worked, Failure):
            raise worked.error()
        return in_language(worked, lang)

    def rows(self) -> tuple[Row, ...]:
        return self.view.rows

    def errata(self, lang: str, paths=None) -> list[Figure]:
        """Every declared erratum the verifier accepts, as the errata page draws
        it, in id order: of the example files *paths*, else of the whole project."""
        examples = [self.worked(p)[0] for p in paths] if paths else self.view.examples.values()
        found = [f for worked in examples if not isinstance(worked, Failure) for f in in_language(worked, lang).errata]
        return sorted(found, key=lambda f: f.id)
