"""One build's view of the project, and what each page was made from.

At the start of a build (``env-get-outdated``, before any page is read) the
digests of the project's inputs are taken once (:class:`~mancala_diagrams.view.project.Project`),
with the bibliography among them; the view is then read from the store in the
image folder, or made and kept there, the first time a page asks for it.

Each page that shows something of the project records what it was made from
(``env.mancala_inputs``): the digest of the inputs every page shares (rules,
transcriptions, pages, bibliography, catalogs, code) and the digest of each
example file it draws, or of every example file for the pages made from the
whole project (verification, errata).  A page whose inputs are no longer
those is read again, however its own source changed or did not: a
modification time is never trusted.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from pathlib import Path

from ..atomic import write_atomically
from ..drawing.catalog import catalog_language
from ..view.cache import file_digest
from ..view.project import Project
from .credits import bibliography_entries, bibliography_files


def project_root(config, srcdir) -> Path:
    """``mancala_project_root``, else the folder above the documentation's (also
    for the solutions table, an extension of its own that does not define it)."""
    return Path(getattr(config, "mancala_project_root", None) or Path(srcdir).parent)


def project_file(env, argument) -> str:
    """The file a directive of the page being read names, inside the
    documentation or the project's sources (anything else is refused with a
    MancalaError)."""
    from ..files.project import directive_file
    docdir = Path(env.doc2path(env.docname)).parent
    return str(directive_file(env.srcdir, project_root(env.config, env.srcdir), docdir, argument))


def image_dir(env) -> Path:
    """The folder of the drawn images and the store (``mancala_image_cache``,
    relative to the documentation; by default beside the doctrees)."""
    configured = env.config.mancala_image_cache
    if configured:
        path = Path(configured)
        return path if path.is_absolute() else Path(env.srcdir) / path
    return Path(env.doctreedir) / "_mancala_images"


def lang_of(env) -> str:
    """The build's language, as the caption catalogs name it (``fr`` for ``fr_FR``)."""
    return catalog_language(env.config.language)


@dataclass
class Build:
    """What one build of *env* knows of the project: its :class:`Project`
    (the digests taken when the build starts) and its bibliography."""
    project: Project
    bib_files: list
    _entries: dict | None = field(default=None, repr=False)

    @property
    def entries(self) -> dict:
        """The bibliography's credits, read once per build."""
        if self._entries is None:
            self._entries = bibliography_entries(self.bib_files)
        return self._entries


#: The build under way of each build environment (a build's working state,
#: begun anew by every build and gone with its environment: nothing is kept
#: here from one build to the next).
_BUILDS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def begin(env) -> Build:
    """A new build of *env*: the project's digests taken now."""
    bib = bibliography_files(env.config, env.srcdir)
    build = Build(Project(project_root(env.config, env.srcdir), image_dir(env), extra=bib), bib)
    _BUILDS[env] = build
    return build


def build_of(env) -> Build:
    """The build under way (begun if it was not: a page resolved outside a build)."""
    return _BUILDS.get(env) or begin(env)


@dataclass(frozen=True)
class PageInputs:
    """What a page was made from: the shared inputs' digest, the digest of
    each example file it draws ({path: digest}), and, for a page made from
    the whole project, the digest of every example file."""
    shared: str
    files: tuple = ()
    sources: str | None = None


def note_inputs(env, files=(), whole=False) -> None:
    """The page being read shows something of the project: made from the
    example *files* (their bytes as this build read them), or from all of
    them (*whole*)."""
    project = build_of(env).project
    data = getattr(env, "mancala_inputs", {})
    old = data.get(env.docname)
    kept = dict(old.files) if old is not None else {}
    kept.update((str(f), project.digest_of(f)) for f in files)
    whole = whole or (old is not None and old.sources is not None)
    data[env.docname] = PageInputs(project.digests.shared, tuple(sorted(kept.items())),
                                   project.digests.sources if whole else None)
    env.mancala_inputs = data


#: a file in the doctree folder while a build runs: still there when the next
#: build starts, the build before it was killed (or failed) and may have saved
#: an environment that records pages as read which it then never wrote, or
#: wrote half
RUNNING = "mancala-build-running"


def begin_build(app, config) -> None:
    """``config-inited``, before Sphinx loads the environment the last build
    saved: if that build did not finish, its environment is dropped, so that
    every page is read and written again."""
    from sphinx.application import ENV_PICKLE_FILENAME
    doctrees = Path(app.doctreedir)
    if (doctrees / RUNNING).exists():
        (doctrees / ENV_PICKLE_FILENAME).unlink(missing_ok=True)
    write_atomically(doctrees / RUNNING, b"")


def end_build(app, exception) -> None:
    """``build-finished``: a build that wrote everything leaves nothing to distrust."""
    if exception is None:
        (Path(app.doctreedir) / RUNNING).unlink(missing_ok=True)


def outdated(app, env, added, changed, removed) -> list[str]:
    """``env-get-outdated``: the build begins; the pages whose inputs changed."""
    digests = begin(env).project.digests
    out = []
    for docname, inputs in sorted(getattr(env, "mancala_inputs", {}).items()):
        if docname in removed:
            continue
        if (inputs.shared != digests.shared or (inputs.sources is not None and inputs.sources != digests.sources)
                or any(file_digest(path) != digest for path, digest in inputs.files)):
            out.append(docname)
    return out
