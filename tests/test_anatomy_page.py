"""The "Anatomy of an example" page shows files that work: every example it
includes from docs/anatomy/ is replayed here, and every such file is shown."""
import re

import pytest

from mancala_diagrams.files.verify import Verifier

from conftest import ROOT

PAGE = ROOT / "docs" / "anatomy.md"
FILES = sorted((ROOT / "docs" / "anatomy").glob("*.yaml"))


def test_the_page_shows_every_anatomy_file():
    shown = set(re.findall(r"```\{literalinclude\} anatomy/(\S+\.yaml)", PAGE.read_text(encoding="utf-8")))
    assert shown == {f.name for f in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_anatomy_example_replays_and_verifies(path):
    rows = Verifier(ROOT).verify([path])
    assert rows, "the verifier found nothing to check"
    bad = [r for r in rows if r["status"] not in ("generated", "verified")]
    assert not bad, bad
    # every diagram of the file was judged, none skipped
    text = path.read_text(encoding="utf-8")
    assert len([r for r in rows if r.get("diagram")]) == len(re.findall(r"^\s*- id: ", text, re.M))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_anatomy_example_writes_french_as_the_site_does(path):
    """A no-break space before : ; ? ! (the rule check applies to the project's files): the files
    of this page are the models contributors copy."""
    from mancala_diagrams.files.content import french_problems
    from mancala_diagrams.files.yamlio import load_yaml_file
    assert [str(e) for e in french_problems(load_yaml_file(path), path)] == []
