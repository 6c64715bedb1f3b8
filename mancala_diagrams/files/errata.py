"""The declared errata, for the errata page: each with the published grid, the
replay's board at that moment, the holes that differ and the evidence in words
(both languages).  The drawing is the Sphinx layer's; what to draw is here.

A verifier row may carry ``evidence_words: {en, fr}`` (the re-checked search of
an erratum, say): the page then adds it to the evidence."""
from __future__ import annotations

from pathlib import Path

from .examples import replay_line
from .verify import Verifier

WORDS = {
    "differs": {"en": "The replay of {example} ({at}) gives the board on the right; the published grid differs "
                      "in {n} {holes}: {list}.",
                "fr": "Le rejeu de {example} ({at}) donne le plateau de droite\u00a0; la grille publiée en "
                      "diffère en {n} {holes}\u00a0: {list}."},
    "hole": {"en": ("hole", "holes"), "fr": ("case", "cases")},
    "cell": {"en": "{hole} (published {published}, replay {replay})",
             "fr": "{hole} (publié {published}, rejeu {replay})"},
    "rerun": {"en": "Anyone can re-run it: mancala-diagrams verify {example}",
              "fr": "Chacun peut le refaire\u00a0: mancala-diagrams verify {example}"},
    "evidence": {"en": "Evidence: {text}", "fr": "Preuve\u00a0: {text}"},
}


def _shown(v):
    return "." if v is None else str(v)


def evidence_text(record: dict, lang: str) -> str:
    """The evidence of an erratum in words, in *lang* (en or fr)."""
    diff = [d for d in record["diff"] if d.get("hole")]
    cells = ", ".join(WORDS["cell"][lang].format(hole=d["hole"], published=_shown(d.get("published")),
                                                 replay=_shown(d.get("replay"))) for d in diff)
    one, many = WORDS["hole"][lang]
    parts = [WORDS["differs"][lang].format(example=record["example"], at=record["at"], n=len(diff),
                                           holes=one if len(diff) == 1 else many, list=cells),
             record["reason"][lang]]
    extra = record.get("evidence")
    if isinstance(extra, dict) and extra.get(lang):
        parts.append(WORDS["evidence"][lang].format(text=extra[lang]))
    parts.append(WORDS["rerun"][lang].format(example=record["example"]) + ".")
    return " ".join(p.strip() for p in parts if p and p.strip())


def errata(root=None, paths=None) -> list[dict]:
    """Every diagram the verifier reports as an erratum: {id, example (path
    relative to the root), path, at, reason {en, fr}, diff, holes (indices that
    differ), published (grid), event, replay, geometry}, in id order."""
    v = Verifier(root)
    out = []
    for row in v.verify(paths):
        if row["status"] != "erratum":
            continue
        path = Path(v.root, row["example"])
        example = v.loader.load(path)
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
