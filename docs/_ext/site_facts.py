"""What a build of the site is, for a reader who checks it or cites it: the
project's version, the commit it was built from, the day it was built and the
address of the repository.

Four configuration values, each with a default found here:

``site_version``
    the installed package's version (``pyproject.toml``'s);
``site_commit``
    the commit the project is checked out at (its first 12 digits), with
    ``-dirty`` after it when tracked files differ from it; empty outside a git
    checkout (give it with ``-D site_commit=...``);
``site_build_date``
    the day of ``SOURCE_DATE_EPOCH`` when it is set (the reproducible-builds
    convention), else today's, in UTC, as ``YYYY-MM-DD``;
``site_repository``
    the ``Repository`` address of ``[project.urls]`` in ``pyproject.toml``
    (conf.py reads it); empty while the project names none.

They are "html" values: when one changes, Sphinx writes every page again
(their footers change) but reads none again, and a page's content does not
depend on them beyond what they show.  The date is a day, not a time: two
builds of the same commit on the same day write the same pages, and an
incremental build writes what a clean build of the same day writes.

Where they are shown: the footer of every page (``_templates/page.html``,
from the page context), and in a page's text the role ``{site}`KEY``` with
KEY ``version``, ``commit``, ``date``, ``repository`` (a link) or ``edition``
(``0.1.0 (commit, date)``, for a citation), filled in when the page is written.
The directive ``site-repository`` holds two paragraphs: the first is kept when
the build knows the repository's address, the second when it does not.
"""
from __future__ import annotations

import datetime
import os
import subprocess
from importlib import metadata
from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

KEYS = ("version", "commit", "date", "repository", "edition")


def package_version() -> str:
    try:
        return metadata.version("mancala-diagrams")
    except metadata.PackageNotFoundError:
        return ""


def project_urls() -> dict:
    """``[project.urls]`` of the installed package: ``{"Repository": URL, ...}``."""
    try:
        entries = metadata.metadata("mancala-diagrams").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return {}
    return dict(tuple(part.strip() for part in entry.split(",", 1)) for entry in entries if "," in entry)


def git_commit(folder) -> str:
    """The first 12 digits of the commit *folder* is checked out at, with
    ``-dirty`` after them when tracked files differ from it; "" when it is not
    in a git checkout (or git is missing)."""
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=folder, capture_output=True, text=True, timeout=30)
        if head.returncode != 0:
            return ""
        changed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=folder,
                                 capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return ""
    return head.stdout.strip()[:12] + ("-dirty" if changed.stdout.strip() else "")


def build_date(environ=os.environ) -> str:
    """``YYYY-MM-DD``: the day of ``SOURCE_DATE_EPOCH`` if set, else today (UTC)."""
    epoch = environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        moment = datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc)
    else:
        moment = datetime.datetime.now(datetime.timezone.utc)
    return moment.date().isoformat()


def facts(config) -> dict:
    values = {key: str(getattr(config, f"site_{key}", "") or "") for key in ("version", "commit", "repository")}
    values["date"] = str(config.site_build_date or "")
    inside = ", ".join(v for v in (values["commit"], values["date"]) if v)
    values["edition"] = f"{values['version']} ({inside})" if inside else values["version"]
    return values


def _fill_defaults(app, config):
    if not config.site_version:
        config.site_version = package_version()
    if not config.site_commit:
        config.site_commit = git_commit(Path(app.srcdir))
    if not config.site_build_date:
        config.site_build_date = build_date()


class site_value(nodes.Inline, nodes.TextElement):
    """A fact of the build (``{site}`KEY```), filled in when the page is written."""


def site_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    key = text.strip()
    if key not in KEYS:
        message = inliner.reporter.error(f"{{site}}`{key}`: unknown fact (expected one of {', '.join(KEYS)})",
                                         line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    return [site_value(rawtext, "", key=key)], []


class site_choice(nodes.General, nodes.Element):
    """The two paragraphs of ``site-repository``, one kept when the page is written."""


class RepositoryDirective(SphinxDirective):
    """``site-repository``: the first paragraph of the content when the build
    knows the repository's address, the second when it does not."""
    has_content = True

    def run(self):
        node = site_choice()
        self.state.nested_parse(self.content, self.content_offset, node)
        paragraphs = [child for child in node.children if isinstance(child, nodes.paragraph)]
        if len(paragraphs) != 2 or len(node.children) != 2:
            return [self.state.document.reporter.error(
                "site-repository: give two paragraphs, the first for a build that knows the "
                "repository's address, the second for one that does not", line=self.lineno)]
        return [node]


def fill_in(app, doctree, docname):
    if app.builder.name == "gettext":   # the catalogs get both paragraphs and the roles as written
        return
    values = facts(app.config)
    for node in list(doctree.findall(site_value)):
        key = node["key"]
        if key == "repository" and values["repository"]:
            url = values["repository"]
            new = nodes.reference(url, url, refuri=url)
        else:
            new = nodes.Text(values[key])
        node.replace_self(new)
    for node in list(doctree.findall(site_choice)):
        node.replace_self(node.children[0 if values["repository"] else 1])


def page_context(app, pagename, templatename, context, doctree):
    context["site"] = facts(app.config)


def setup(app):
    for key in ("version", "commit", "build_date", "repository"):
        app.add_config_value(f"site_{key}", "", "html", types=frozenset({str}))
    app.connect("config-inited", _fill_defaults)
    app.add_role("site", site_role)
    app.add_node(site_value)
    app.add_node(site_choice)
    app.add_directive("site-repository", RepositoryDirective)
    app.connect("doctree-resolved", fill_in)
    app.connect("html-page-context", page_context)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
