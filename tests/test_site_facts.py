"""What a build of the site is (docs/_ext/site_facts.py), for a reader who
cites it or checks it: the version, the commit and the day of the build in
the footer of every page and in the way to cite the site; the repository's
address on the page "Check it yourself" when the build knows it; and, on that
page, for each erratum, the command that checks it again and the lines it
prints, as the command really prints them.

The day changes from one build to the next without any page being read again,
and an incremental build writes what a clean build of the same day writes
(checked on a small project built with ``sphinx.testing``).
"""
from __future__ import annotations

import datetime
import html
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

pytest_plugins = ("sphinx.testing.fixtures",)

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
FOOTER = {"en": "Version {version}, commit {commit}, built on {date}.",
          "fr": "Version {version}, commit {commit}, construite le {date}."}


def text_of(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page))).replace("\u00a0", " ")


def the_commit() -> str:
    """The commit of the project as git tells it (the build names the same)."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    if head.returncode != 0:
        pytest.skip("the project is not a git checkout")
    dirty = subprocess.run(["git", "diff", "--quiet", "HEAD"], cwd=ROOT).returncode != 0
    return head.stdout.strip()[:12] + ("-dirty" if dirty else "")


def days() -> set[str]:
    """The day of the build: today, or yesterday if the site was built before midnight (UTC)."""
    today = datetime.datetime.now(datetime.timezone.utc).date()
    return {today.isoformat(), (today - datetime.timedelta(days=1)).isoformat()}


def test_every_page_gives_the_version_commit_and_day_of_its_build(site):
    version, commit = metadata.version("mancala-diagrams"), the_commit()
    pages = 0
    for lang, sentence in FOOTER.items():
        for path in sorted((site / lang).rglob("*.html")):
            footer = text_of(path.read_text(encoding="utf-8").split("<footer", 1)[1])
            said = {day for day in days() if sentence.format(version=version, commit=commit, date=day) in footer}
            assert said, f"{lang}/{path.name}: no '{sentence}' with {version}, {commit} in its footer: {footer[:300]}"
            pages += 1
    assert pages > 40


@pytest.mark.parametrize("lang,words", [("en", "version {edition}, followed by the address"),
                                        ("fr", "version {edition}, suivi de l’adresse")])
def test_the_way_to_cite_the_site_names_its_build(site, lang, words):
    version, commit = metadata.version("mancala-diagrams"), the_commit()
    page = text_of((site / lang / "bibliography.html").read_text(encoding="utf-8"))
    editions = {f"{version} ({commit}, {day})" for day in days()}
    assert any(words.format(edition=e) in page for e in editions), page[page.find("version"):][:300]


def test_each_erratum_is_given_with_its_command_and_what_it_prints(site):
    """The lines the page shows for each erratum are the lines that
    ``mancala-diagrams verify FILE`` prints for it, run here."""
    page = (site / "en" / "check.html").read_text(encoding="utf-8")
    blocks = [html.unescape(re.sub(r"<[^>]+>", "", b)).rstrip("\n") for b in re.findall(r"<pre[^>]*>(.*?)</pre>", page, re.S)]
    commands = [b.strip() for b in blocks if b.startswith(".venv/bin/mancala-diagrams verify ")]
    assert len(commands) >= 4
    for command in commands:
        path = command.split()[-1]
        done = subprocess.run([sys.executable, "-m", "mancala_diagrams.cli", "verify", path], cwd=ROOT,
                              capture_output=True, text=True)
        printed = done.stdout.splitlines()
        errata = [i for i, line in enumerate(printed) if re.match(r"\S+\s+erratum\s", line)]
        assert errata, f"{command} prints no erratum"
        for i in errata:
            j = i + 1
            while j < len(printed) and printed[j].startswith(" "):
                j += 1
            lines = "\n".join(printed[i:j])
            assert lines in blocks, f"the page does not show what {command} prints:\n{lines}"


# -- a small project: the repository's address, and incremental builds ----------------------------

PAGE = """# A page

Built from version {site}`version`, commit {site}`commit`, on {site}`date`; cite it as {site}`edition`.

```{site-repository}
The repository is at {site}`repository`.

No address is known.
```
"""


@pytest.fixture
def small(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(DOCS / '_ext')!r})\n"
        "extensions = ['myst_parser', 'site_facts']\n"
        f"templates_path = [{str(DOCS / '_templates')!r}]\nhtml_theme = 'furo'\n", encoding="utf-8")
    (src / "index.md").write_text(PAGE, encoding="utf-8")
    (src / "other.md").write_text("---\norphan: true\n---\n# Another page\n\nNothing else.\n", encoding="utf-8")
    return src


def build(make_app, src, out, **conf):
    app = make_app("html", srcdir=src, builddir=out, confoverrides={"site_commit": "0123456789ab", **conf})
    read = []
    app.connect("source-read", lambda app, docname, source: read.append(docname))
    app.build()
    return app, read


def test_the_repository_is_named_when_the_build_knows_it(make_app, small, tmp_path):
    app, _ = build(make_app, small, tmp_path / "with", site_repository="https://example.org/mancala.git")
    page = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert '<a class="reference external" href="https://example.org/mancala.git">' in page
    assert "No address is known" not in page
    app, _ = build(make_app, small, tmp_path / "without", site_repository="")
    page = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert "No address is known" in page and "The repository is at" not in page


def test_the_roles_give_the_build_and_a_wrong_one_is_reported(make_app, small, tmp_path):
    app, _ = build(make_app, small, tmp_path / "out", site_build_date="2026-11-28", site_version="9.8.7")
    page = text_of((app.outdir / "index.html").read_text(encoding="utf-8"))
    assert "Built from version 9.8.7, commit 0123456789ab, on 2026-11-28; cite it as 9.8.7 (0123456789ab, 2026-11-28)." in page
    assert "Version 9.8.7, commit 0123456789ab, built on 2026-11-28." in page
    (small / "index.md").write_text("# A page\n\n{site}`colour`\n", encoding="utf-8")
    app, _ = build(make_app, small, tmp_path / "bad")
    assert "unknown fact (expected one of version, commit, date, repository, edition)" in app.warning.getvalue()


def test_a_new_day_rewrites_every_page_reads_none_and_equals_a_clean_build(make_app, small, tmp_path):
    out = tmp_path / "incremental"
    _, read = build(make_app, small, out, site_build_date="2026-11-27")
    assert sorted(read) == ["index", "other"]
    app, read = build(make_app, small, out, site_build_date="2026-11-28")
    assert read == []                                  # no page read again ...
    clean, _ = build(make_app, small, tmp_path / "clean", site_build_date="2026-11-28")
    for name in ("index.html", "other.html"):         # ... and every page as a clean build writes it
        written = (app.outdir / name).read_text(encoding="utf-8")
        assert "built on 2026-11-28" in written
        assert written == (clean.outdir / name).read_text(encoding="utf-8")
