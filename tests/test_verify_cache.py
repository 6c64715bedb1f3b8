"""The verification rows kept for the next build (verify_all's cache_dir).

The French build reuses the rows the English build just computed, but only
while every input is byte for byte the same; any change to an example, a
rules file, a published transcription or the code makes a new entry.
"""
from __future__ import annotations

import shutil

from mancala_diagrams.files import verify
from mancala_diagrams.files.verify import Verifier, verify_all

from conftest import ROOT


def project(tmp_path):
    for part in ("sources", "rules"):
        shutil.copytree(ROOT / part, tmp_path / "p" / part)
    return tmp_path / "p"


def test_rows_are_reused_only_while_the_inputs_are_unchanged(tmp_path, monkeypatch):
    root = project(tmp_path)
    cache = tmp_path / "cache"
    first = verify_all(root, cache_dir=cache)
    assert first == Verifier(root).verify()  # the cache gives what a fresh verification gives
    assert len(list(cache.glob("verify-*.json"))) == 1

    calls = []
    real = Verifier.verify
    monkeypatch.setattr(Verifier, "verify", lambda self, *a, **k: calls.append(1) or real(self, *a, **k))
    assert verify_all(root, cache_dir=cache) == first
    assert calls == []  # read back, not replayed

    # one byte more in one example: a new digest, a fresh verification
    example = next((root / "sources").rglob("*.yaml"))
    example.write_text(example.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert verify_all(root, cache_dir=cache) == first
    assert calls == [1]
    assert len(list(cache.glob("verify-*.json"))) == 2


def test_the_digest_covers_rules_and_code(tmp_path, monkeypatch):
    root = project(tmp_path)
    before = verify._inputs_digest(Verifier(root))
    rules = next((root / "rules").rglob("*.yaml"))
    rules.write_text(rules.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    after_rules = verify._inputs_digest(Verifier(root))
    assert after_rules != before
    import sys
    from mancala_diagrams.files import memo
    monkeypatch.setattr(sys, "version", "changed")
    memo.code_digest.cache_clear()      # taken once per process: taken again here
    try:
        assert verify._inputs_digest(Verifier(root)) != after_rules
    finally:
        memo.code_digest.cache_clear()


def test_given_paths_are_never_cached(tmp_path):
    root = project(tmp_path)
    one = next((root / "sources").rglob("*.yaml"))
    rows = verify_all(root, [one], cache_dir=tmp_path / "cache")
    assert rows == Verifier(root).verify([one])
    assert not (tmp_path / "cache").exists()
