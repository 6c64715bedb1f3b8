"""The one store a build keeps for the next (view/cache.py, view/project.py).

The French build reads back what the English one made (every example's
figures and the verifier's rows), but only while every input is byte for byte
the same: one byte more in an example, a rules file of its lineage, a
published transcription, or a change to the code, and the view is made again.
A view is never kept when an example cannot be drawn (the error comes again,
the same, from a fresh load) or when an input changed while it was made."""
from __future__ import annotations

import shutil
import sys
import textwrap

import pytest

from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files.project import published_dir
from mancala_diagrams.files.verify import Verifier
from mancala_diagrams.view import cache, project as project_module
from mancala_diagrams.view.cache import Store
from mancala_diagrams.view.project import Project
from mancala_diagrams.view.rows import rows_of

from conftest import ROOT

CAPTURE = "sources/katro/katro-capture-from-inner-row.yaml"

EXAMPLE = """
    example: ex
    rules: katro-4
    title: {en: An example, fr: Un exemple}
    source: {page: katro}
    generated: true
    start:
      board: |
        2 2 2 2
        2 2 2 2
        2 2 2 2
        2 2 2 2
    moves:
      - {hole: a1, direction: clockwise}
    diagrams:
      - id: memo-1
        at: start
        board: |
          2 2 2 2
          2 2 2 2
          2 2 2 2
          2 2 2 2
    """


@pytest.fixture
def made(monkeypatch):
    """The views made (not read back), as they are made."""
    calls = []
    real = project_module.make_view
    monkeypatch.setattr(project_module, "make_view", lambda *a: calls.append(a) or real(*a))
    return calls


@pytest.fixture
def small(tmp_path, monkeypatch):
    """A project of one made-up example on katro-4 (and its base), no published pages."""
    monkeypatch.setenv("MANCALA_PUBLISHED", str(tmp_path / "absent"))
    root = tmp_path / "small"
    (root / "rules").mkdir(parents=True)
    (root / "sources").mkdir()
    for name in ("katro", "katro-4"):
        shutil.copy(ROOT / "rules" / f"{name}.yaml", root / "rules")
    (root / "sources" / "ex.yaml").write_text(textwrap.dedent(EXAMPLE).lstrip())
    return root


def whole(tmp_path):
    for part in ("sources", "rules"):
        shutil.copytree(ROOT / part, tmp_path / "p" / part)
    return tmp_path / "p"


def boards(view):
    return [(f.id, tuple(p.position.cells for p in f.pictures)) for f in view.figures]


def test_the_other_language_reads_the_view_back_while_every_input_is_unchanged(tmp_path, made):
    root = whole(tmp_path)
    store = tmp_path / "store"
    first = Project(root, store).example(root / CAPTURE, "en")
    assert (store / Store.NAME).is_file() and len(made) == 1
    fresh = Project(root).example(root / CAPTURE, "en")        # no store: made again, the same
    assert boards(first) == boards(fresh) and len(made) == 2
    again = Project(root, store)
    assert boards(again.example(root / CAPTURE, "fr")) == boards(first)
    assert again.made is False and len(made) == 2              # read back, not made
    assert [f.caption for f in again.example(root / CAPTURE, "en").figures] == [f.caption for f in first.figures]

    example = root / CAPTURE
    example.write_text(example.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    Project(root, store).example(example, "en")
    assert len(made) == 3                                       # one byte more in the example
    rules = next((root / "rules").glob("*.yaml"))
    rules.write_text(rules.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    Project(root, store).example(example, "en")
    assert len(made) == 4                                       # one byte more in a rules file
    Project(root, store).example(example, "en")
    assert len(made) == 4


def test_the_rows_are_the_verifiers_and_are_read_back(tmp_path, made, monkeypatch):
    monkeypatch.setenv("MANCALA_PUBLISHED", str(tmp_path / "absent"))
    root = whole(tmp_path)
    store = tmp_path / "store"
    first = Project(root, store).rows()
    assert list(first) == rows_of(Verifier(root).verify(coverage=True))    # what a fresh verification gives
    calls = []
    real = Verifier.check_example
    monkeypatch.setattr(Verifier, "check_example", lambda self, *a: calls.append(1) or real(self, *a))
    assert Project(root, store).rows() == first
    assert calls == [] and len(made) == 1                       # read back, not replayed


def test_a_changed_example_file_is_read_again_even_with_the_same_size(small, tmp_path, made):
    store = tmp_path / "store"
    first = Project(small, store).example(small / "sources" / "ex.yaml", "en")
    path = small / "sources" / "ex.yaml"
    path.write_text(path.read_text().replace("An example", "An exampla"))   # same size, maybe same mtime
    second = Project(small, store).example(path, "en")
    assert len(made) == 2
    assert first.title == "An example" and second.title == "An exampla"


def test_a_changed_rules_file_of_the_lineage_is_read_again(small, tmp_path, made):
    store = tmp_path / "store"
    first = Project(small, store)
    assert first.rows()[0].status == "generated"
    base = small / "rules" / "katro.yaml"                       # the base, not the file named
    base.write_text(base.read_text() + "\nnotes: changed\n")
    second = Project(small, store)
    second.rows()
    assert len(made) == 2 and second.digests.project != first.digests.project


def test_a_view_made_while_an_input_changed_is_not_kept(small, tmp_path, made):
    """Digests are taken first; a rules file changed before the view is made
    gives a view of the new file, which is never kept for the old digest (a
    build whose files are the old ones again must not read it back)."""
    store = tmp_path / "store"
    rules = small / "rules" / "katro-4.yaml"
    old = rules.read_text()
    early = Project(small, store)                               # digests of the old file
    rules.write_text(old.replace("Katro on 4 columns", "Katro on four columns"))
    assert early.example(small / "sources" / "ex.yaml", "en").title == "An example"
    assert not (store / Store.NAME).exists()
    rules.write_text(old)
    Project(small, store).rows()
    assert len(made) == 2                                       # made again, not read back
    assert (store / Store.NAME).exists()


def test_a_failed_load_is_not_kept_and_fails_again_with_the_same_message(small, tmp_path, made):
    path = small / "sources" / "ex.yaml"
    path.write_text(path.read_text().replace("rules: katro-4", "rules: katro-44"))
    store = tmp_path / "store"
    with pytest.raises(MancalaError) as first:
        Project(small, store).example(path, "en")
    with pytest.raises(MancalaError) as second:
        Project(small, store).example(path, "en")
    assert str(first.value) == str(second.value)
    assert "ex.yaml:2" in str(first.value)
    assert len(made) == 2 and not (store / Store.NAME).exists()


def test_a_missing_example_file_is_a_located_error(small, tmp_path):
    with pytest.raises(MancalaError, match="no such example file"):
        Project(small).example(tmp_path / "nothing.yaml", "en")


def test_an_example_outside_sources_is_made_for_its_build_only(small, tmp_path):
    outside = tmp_path / "docs" / "ex.yaml"
    outside.parent.mkdir()
    shutil.copy(small / "sources" / "ex.yaml", outside)
    store = tmp_path / "store"
    first = Project(small, store)
    assert first.example(outside, "fr").title == "Un exemple"
    first.rows()                                                # the project's view, kept
    assert list(Store(store).read(first.digests.project).examples) == ["sources/ex.yaml"]
    outside.write_text(outside.read_text().replace("Un exemple", "Un autre"))
    assert Project(small, store).example(outside, "fr").title == "Un autre"


@pytest.mark.skipif(published_dir(ROOT) is None,
                    reason="../shared/published is not beside the project")
def test_a_start_read_from_a_published_diagram_is_made_again_when_its_transcription_changes(
        tmp_path, made, monkeypatch):
    """An example whose start is ``from:`` a published diagram: read back while
    ../shared/published is unchanged, made again once a transcription changes;
    when ../shared/published is absent its start is another example's
    transcription, and a change to any example file makes it again."""
    root = whole(tmp_path)
    pub = tmp_path / "published"
    shutil.copytree(published_dir(ROOT), pub)
    monkeypatch.setenv("MANCALA_PUBLISHED", str(pub))
    example = root / "sources" / "katro-gorobaka" / "katro-mandry-dia-homana-single-hole-6.yaml"
    store = tmp_path / "store"
    first = Project(root, store).example(example, "en")
    again = Project(root, store).example(example, "en")
    assert len(made) == 1 and boards(again) == boards(first) and not first.reads_sources
    page = pub / "katro-gorobaka.json"
    page.write_text(page.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    Project(root, store).example(example, "en")
    assert len(made) == 2                                       # a transcription changed

    monkeypatch.setenv("MANCALA_PUBLISHED", str(tmp_path / "absent"))
    monkeypatch.chdir(tmp_path)     # ../shared/published beside the project is not there either
    assert Project(root, store).example(example, "en").reads_sources
    Project(root, store).example(example, "en")
    assert len(made) == 3
    other = next(p for p in (root / "sources").rglob("*.yaml") if p != example)
    other.write_text(other.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    Project(root, store).example(example, "en")
    assert len(made) == 4


def test_the_digest_covers_rules_transcriptions_catalogs_extra_files_and_code(tmp_path, monkeypatch, small):
    before = cache.digests(small)
    rules = small / "rules" / "katro.yaml"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    after_rules = cache.digests(small)
    assert after_rules.shared != before.shared and after_rules.sources == before.sources
    bib = tmp_path / "references.bib"
    bib.write_text("@misc{a, title={A}}\n")
    with_bib = cache.digests(small, [bib])
    bib.write_text("@misc{a, title={B}}\n")
    assert cache.digests(small, [bib]).shared != with_bib.shared != after_rules.shared
    pub = tmp_path / "published"
    pub.mkdir()
    (pub / "katro.json").write_text('{"blocks": []}')
    monkeypatch.setenv("MANCALA_PUBLISHED", str(pub))
    with_pub = cache.digests(small)
    (pub / "katro.json").write_text('{"blocks": [] }')
    assert cache.digests(small).shared != with_pub.shared != after_rules.shared
    from mancala_diagrams.drawing import catalog
    own = tmp_path / "locales" / "xx" / "LC_MESSAGES"
    own.mkdir(parents=True)
    (own / "captions.po").write_text('msgid ""\nmsgstr ""\n')
    catalog.use_locale_dirs([tmp_path / "locales"])
    try:
        with_catalog = cache.digests(small)
        (own / "captions.po").write_text('msgid ""\nmsgstr "x"\n')
        assert cache.digests(small).shared != with_catalog.shared
    finally:
        catalog.use_locale_dirs([])
    plain = cache.digests(small)
    monkeypatch.setattr(sys, "version", "changed")
    cache.code_digest.cache_clear()      # taken once per process: taken again here
    try:
        assert cache.digests(small).shared != plain.shared
    finally:
        cache.code_digest.cache_clear()


def test_the_store_gives_its_value_only_for_its_digest(tmp_path):
    store = Store(tmp_path / "s")
    assert store.read("a") is None                 # nothing kept yet
    assert store.write("a", {"x": 1})
    assert store.read("a") == {"x": 1} and store.read("b") is None
    (tmp_path / "s" / Store.NAME).write_bytes(b"not a pickle")
    assert store.read("a") is None
    assert not list((tmp_path / "s").glob(".tmp-*"))
