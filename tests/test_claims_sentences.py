"""Every sentence of the transcribed pages that a replay can check is a claim
of its diagram, and every claim has its sentence (issue 31).

The pages (``../shared/published``, Busser's text, in French) are read
sentence by sentence.  A sentence says one of these things a replay decides:

- the turn ends (``le tour de jeu s'arrête``, ``Sud a fini son tour``, ``c'est
  à Nord de jouer`` ...): the claim ``turn-ends`` (or ``game-ends``);
- a player wins or loses (``Sud a déjà gagné``, ``Nord aurait perdu``): the
  claim ``{wins: PLAYER}`` (or ``game-ends``, ``wins-next-turn``);
- a number of seeds is captured (``Sud capture les 3 graines``, ``il y a 2
  graines à capturer``): the claim ``{captures: N}`` with that N, or a check
  of the same example with ``seeds: N`` (a capture no diagram is anchored at);
- the next player has N possible turns (``Nord a alors 4 possibilités``):
  ``{replies: N}``;
- a player wins at their next turn (``Sud gagne en un coup``):
  ``{wins-next-turn: PLAYER}``.

The sentences read are those of the eight pages transcribed when this test
was written (:data:`PAGES`): the patterns know their wording.  A page added
since is in another's words; its claims are checked by their replay alone
(``check``, ``verify``), so that a page ``check`` accepts passes here too.

A sentence is about the diagram before it, except the last sentence of a
paragraph that ends with a colon or with no full stop, which introduces the
diagram after it.  A few sentences are about another diagram than that one
(:data:`ELSEWHERE`, each with why), and some are not about a diagram at all
(:data:`NOT_ABOUT_A_DIAGRAM`: a rule stated in general, a question, advice).
A sentence saying that nothing is captured is checked by the diagram that
follows it (its board shows no capture) and is not listed here.
"""
from __future__ import annotations

import json
import re
from collections import defaultdict

import pytest

from mancala_diagrams.files.examples import ExampleLoader
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.files.project import example_paths

from conftest import ROOT

PUBLISHED = ROOT.parent / "shared" / "published"
pytestmark = pytest.mark.skipif(not PUBLISHED.is_dir(), reason="../shared/published is not beside the project")

#: the transcribed pages whose sentences are read (Busser's, in French)
PAGES = ("katra-be", "katra-fandatsaka", "katra-paika", "katro", "katro-betsileo", "katro-bevohoka",
         "katro-gorobaka", "mraha-wa-ntso")

_PLAYER = r"(Sud|Nord)"
PATTERNS = {
    "turn-ends": r"[Aa]près le premier tour de jeu de|tour de jeu (de \w+ )?(s'arrête|s'achève|est (vraiment )?terminé)|(fini|terminé|terminer) son "
                 r"tour|tour finit|ne rejoue pas|trakatra s'arrête|le tour de \w+ s'achève|"
                 r"(c'est|est) (alors )?(au tour de|à) (Nord|Sud|l'adversaire) de jouer",
    "wins": r"gagn|perdu",
    "captures": r"captur\w*\s+(?:alors |donc |encore |quand même |à nouveau )?(?:les |la |ces )?(\d+|deux|une|la|cette) "
                r"(?:dernières? )?graines?\b|(\d+|deux) graines à capturer|en capture encore (\d+)",
    "replies": r"(\d+) possibilités",
    "wins-next-turn": r"gagner au coup suivant|gagne en un coup",
}
#: a sentence matching one of these says nothing captured (checked by the next diagram)
NOTHING_CAPTURED = r"\bne (les )?captur|n'est (pas|plus) possible|pas de capture|rien à capturer|sans capture"
#: sentences that are not about a diagram, and why
NOT_ABOUT_A_DIAGRAM = {
    r"^\s*(Si|si|Sinon|Lorsque|Au début|Chaque joueur|S'il n'est pas)\b|\blorsqu|\bsi (la|elle)\b":
        "a rule stated in general",
    r"\b[Oo]n (a perdu|gagne|capture|choisit)\b|[Ll]e premier qui|[Ll]e gagnant|[Cc]omme au katra|L'idée est":
        "a rule stated in general",
    r"stratégie gagnante|d'autres tailles": "a remark on strategy for any board",
    r"Un tour de jeu peut être long": "about the word mandry",
    r"On peut se demander": "a question the following diagrams answer",
    r"n'est pas tout de suite possible": "a remark on the rules' start",
    r"au coup suivant \(ce qui lui permet de menacer": "advice on what North should play, which no replay decides",
    r"^\s*(Par exemple, )?à Sud de jouer|^\s*C'est à Sud de jouer":
        "who moves at a start the page gives: the example's start says it",
}
#: sentences about another moment than the diagram beside them: words of the
#: sentence -> (the diagrams it is about, why[, the claim they make instead])
ELSEWHERE = {
    "comme ci-dessus, Sud a capturé 2 graines": (["katra-paika-06"], "it recalls the capture drawn above"),
    "La deuxième graine étant tombée dans une case non vide, et telle qu'en face il y a une graine": (
        ["katra-fandatsaka-22"], "the capture ends the lap of diagram 22; diagram 23 is the next lap's end"),
    "depuis laquelle Nord peut capturer 5 graines": (["katra-paika-25"], "the capture ends the lap of diagram 25"),
    "il lui aurait été possible de capturer encore 2 graines": (["katra-paika-33"],
                                                                 "the capture ends the lap of diagram 33"),
    "lui aurait permis de capturer les 2 dernières graines": (["katra-paika-36"],
                                                              "the capture ends the lap of diagram 36"),
    "Nord a alors 4 possibilités :": (["katro-gorobaka-06"], "the four boards after it are North's four replies "
                                                              "to diagram 06"),
    "mais de chacune de ces positions Sud gagne en un coup": (
        ["katro-gorobaka-07", "katro-gorobaka-08", "katro-gorobaka-09", "katro-gorobaka-10", "katro-gorobaka-06"],
        "it is said of each of the four replies, so of the board before them too"),
    "La dernière graine est tombée dans une case non vide de la rangée intérieure, et en face il y a 5 graines": (
        ["mraha-wa-ntso-27"], "the next sentence says they are not captured (fotsiny): the claim is that the "
                              "lap of diagram 27 captures nothing", ("captures", 0)),
    "Sud peut jouer la case voisine du tsibongy droit": (
        ["katra-fandatsaka-30"], "the two moves it names from diagram 30 are lines of that example"),
    "Sud capture cette graine, puis la dépose": (["katra-fandatsaka-40"], "the capture ends the lap of diagram "
                                                                         "40; diagram 41 is the next lap's end"),
    "La dernière graine étant tombée dans le tsibongy gauche, qui est dans la rangée intérieure": (
        ["katra-fandatsaka-42"], "the capture ends the lap of diagram 42; diagram 43 is the turn's end"),
    "Ce semis élémentaire se terminant dans une case qui était non vide": (
        ["katra-fandatsaka-31"], "the capture is at the end of the lap diagram 31 shows"),
}
_NUMBERS = {"une": 1, "la": 1, "cette": 1, "deux": 2}


def _sentences(text):
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.strip()]


def page_sentences():
    """(page, sentence, [diagram ids], kind, value) for each sentence of a
    checkable kind; value: the number of a count, the winner, or None."""
    out = []
    for path in (PUBLISHED / f"{page}.json" for page in PAGES):
        blocks = json.loads(path.read_text(encoding="utf-8"))["blocks"]
        before = None
        for i, block in enumerate(blocks):
            if block["kind"] == "diagram":
                before = block["id"]
                continue
            if block["kind"] != "p":
                continue
            after = next((b["id"] for b in blocks[i + 1:] if b["kind"] == "diagram"), None)
            text = block["text"].strip()
            sentences = _sentences(text)
            for j, s in enumerate(sentences):
                if any(re.search(p, s) for p in NOT_ABOUT_A_DIAGRAM):
                    continue
                last = j == len(sentences) - 1
                about = [after if last and not text.endswith((".", "!")) else before]
                elsewhere = next((v for k, v in ELSEWHERE.items() if k in s), None)
                if elsewhere:
                    about = elsewhere[0]
                for kind, pattern in PATTERNS.items():
                    m = re.search(pattern, s)
                    if not m or (kind == "captures" and re.search(NOTHING_CAPTURED, s)):
                        continue
                    value = None
                    if kind in ("captures", "replies"):
                        number = next(g for g in m.groups() if g)
                        value = _NUMBERS.get(number) or int(number)
                    if kind in ("wins", "wins-next-turn"):
                        value = _winner(s)
                    if elsewhere and len(elsewhere) > 2 and elsewhere[2][0] == kind:
                        value = elsewhere[2][1]
                    out.append((path.stem, s, about, kind, value))
    return out


def _winner(sentence):
    m = re.search(r"(?<!de )" + _PLAYER + r"(?:(?!Sud|Nord)[^.;:])*?(gagn|perdu)", sentence)
    if not m:
        return None
    player = "south" if m.group(1) == "Sud" else "north"
    return player if m.group(2) == "gagn" else {"south": "north", "north": "south"}[player]


def project_claims():
    """{diagram id: [claims as written]} and {diagram id: seeds: of the checks
    of its example}, over every example of sources/."""
    loader = ExampleLoader(RulesLibrary(ROOT / "rules"))
    claims, checked = defaultdict(list), defaultdict(list)
    for path in example_paths(ROOT):
        example = loader.load(path)
        seeds = [c.seeds for line in example.lines for c in line.checks if c.seeds is not None]
        for d in example.diagrams:
            claims[d.id].extend(c.to_json() for c in d.claims)
            checked[d.id].extend(seeds)
    return claims, checked


def satisfies(kind, value, claims, seeds):
    """Whether *claims* (and the *seeds* of checks beside them) say what a
    sentence of *kind* with *value* says."""
    words = [c for c in claims if isinstance(c, str)]
    valued = [c for c in claims if isinstance(c, dict)]
    if kind == "turn-ends":
        return bool({"turn-ends", "game-ends"} & set(words))
    if kind == "wins":
        return any((c.get("wins") or c.get("wins-next-turn")) in ((value,) if value else ("south", "north"))
                   for c in valued) or (value is None and "game-ends" in words)
    if kind == "captures":
        return {"captures": value} in valued or value in seeds
    return {kind: value} in valued if value is not None else any(kind in c for c in valued)


@pytest.fixture(scope="module")
def found():
    return page_sentences()


@pytest.fixture(scope="module")
def encoded():
    return project_claims()


def test_every_checkable_sentence_of_the_pages_is_a_claim_of_its_diagram(found, encoded):
    claims, seeds = encoded
    missing = [f"{page}: {', '.join(about)} should claim {kind}{'' if v is None else ' ' + str(v)}: {s[:100]}"
               for page, s, about, kind, v in found
               if not all(satisfies(kind, v, claims.get(d, []), seeds.get(d, [])) for d in about)]
    assert not missing, "\n".join(missing)


def test_every_claim_of_a_published_diagram_has_its_sentence(found, encoded):
    claims, _ = encoded
    said = defaultdict(set)
    for _, _, about, kind, _ in found:
        for d in about:
            said[d].add(kind)
    kinds = {"turn-ends": {"turn-ends"}, "game-ends": {"turn-ends", "wins"}, "captures": {"captures"},
             "wins": {"wins"}, "replies": {"replies"}, "wins-next-turn": {"wins-next-turn", "wins"}}
    published = {b["id"] for page in PAGES
                 for b in json.loads((PUBLISHED / f"{page}.json").read_text(encoding="utf-8"))["blocks"]
                 if b["kind"] == "diagram"}
    unsaid = [f"{d}: {c}" for d, cs in claims.items() if d in published for c in cs
              if not kinds[c if isinstance(c, str) else next(iter(c))] & said[d]]
    assert not unsaid, "claims no sentence of the page states:\n" + "\n".join(unsaid)


def test_the_sentences_found_include_those_the_issue_names(found):
    """The patterns are not blind: the false sentence of katro-gorobaka-04 and
    counts of each kind are found."""
    about = {(d, kind) for _, _, ds, kind, _ in found for d in ds}
    assert {("katro-gorobaka-04", "turn-ends"), ("katro-gorobaka-04", "replies"),
            ("katro-gorobaka-04", "wins-next-turn"), ("katro-28", "captures"),
            ("katro-gorobaka-32", "wins"), ("mraha-wa-ntso-04", "turn-ends")} <= about
    kinds = defaultdict(int)
    for _, _, _, kind, _ in found:
        kinds[kind] += 1
    assert kinds["turn-ends"] >= 30 and kinds["captures"] >= 20 and kinds["wins"] >= 8


def test_a_claim_dropped_from_an_example_is_noticed(found, encoded):
    claims, seeds = encoded
    page, s, about, kind, value = next(x for x in found if x[2] == ["katro-28"] and x[3] == "captures")
    assert satisfies(kind, value, claims["katro-28"], seeds["katro-28"])
    assert not satisfies(kind, value, [c for c in claims["katro-28"] if c != {"captures": 3}], [])


def test_a_page_added_since_is_left_to_the_replay(tmp_path, monkeypatch):
    """A transcribed page added after the eight (here one saying 'Sud capture
    les 3 graines.') is not read: its claims, whatever its wording, are
    checked by their replay, as check does; the eight are all read."""
    import shutil
    import sys
    for page in PAGES:
        shutil.copy(PUBLISHED / f"{page}.json", tmp_path)
    (tmp_path / "katro-added.json").write_text(json.dumps({"page": "added.html", "blocks": [
        {"kind": "diagram", "id": "katro-added-01", "rows": [[2, 2], [2, 2]]},
        {"kind": "p", "text": "Sud capture les 3 graines."}]}), encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PUBLISHED", tmp_path)
    read = page_sentences()
    assert {page for page, *_ in read} == set(PAGES)
    assert not [x for x in read if "katro-added-01" in x[2]]
