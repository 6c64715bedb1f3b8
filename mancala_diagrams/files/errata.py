"""The declared errata, for the errata page: each with the published grid, the
replay's board at that moment, the holes that differ and the evidence.  What to
draw is here; the words are :func:`mancala_diagrams.drawing.captions.describe_erratum`'s
and the drawing the Sphinx layer's.

A verifier row may carry ``evidence_words: {en, fr}`` (the re-checked search of
an erratum, say): the page then adds it to the evidence."""
from __future__ import annotations

from pathlib import Path

from .examples import replay_line
from .verify import Verifier, verify_all

def errata(root=None, paths=None, cache_dir=None, rows=None, project=None) -> list[dict]:
    """Every diagram the verifier reports as an erratum: {id, example (path
    relative to the root), path, at, reason {en, fr}, diff, holes (indices that
    differ), published (grid), event, replay, geometry}, in id order.
    *cache_dir*: see :func:`.verify.verify_all` (only the examples with an
    erratum are then loaded and replayed here, or read back from the steps
    the other language's build kept there: :func:`.steps.load_steps`).
    *rows*: the rows of a verification of the whole project already made
    (:func:`.verify.verify_all`, as the verification page of the same build
    has them), instead of verifying again; not with *paths*.  *project*:
    :func:`.steps.project_digest` of the root, if already taken."""
    v = Verifier(root)
    load = v.loader.load
    if cache_dir is not None:
        from .steps import load_steps, project_digest
        project = project or project_digest(v.root)

        def load(path):
            return load_steps(path, v.root, cache_dir, project)[0]
    out = []
    if rows is None or paths:
        rows = verify_all(v.root, paths, cache_dir)
    for row in rows:
        if row["status"] != "erratum":
            continue
        path = Path(v.root, row["example"])
        example = load(path)
        for line in example.lines:
            d = next((d for d in line.diagrams if d.id == row["diagram"]), None)
            if d is None:
                continue
            rep = replay_line(example, line)
            ev = rep.event(d)
            g = example.rules.geometry
            holes = sorted(x["row"] * g.columns + x["column"] for x in row.get("diff", []) if x.get("hole"))
            out.append({"id": d.id, "example": row["example"], "path": str(path), "at": d.at,
                        "reason": d.erratum.reason, "evidence": row.get("evidence_words"),
                        "diff": row.get("diff", []), "holes": holes, "published": d.grid, "event": ev,
                        "replay": rep, "geometry": g, "rules": example.rules, "marks": d.marks})
            break
    return sorted(out, key=lambda r: r["id"])
