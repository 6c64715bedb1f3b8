"""Every block's declarations are honest and told: what a block says it
emits (its decisions, the reasons of its events, the holes it names) is
what random play of every rules file shows it doing, and each has its
block's telling and a message in every caption catalog, translated."""
from __future__ import annotations

import random

import polib
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mancala_diagrams.drawing import captions
from mancala_diagrams.drawing.catalog import catalog_path, languages
from mancala_diagrams.drawing.tellings import TELLINGS
from mancala_diagrams.engine.mechanics import BLOCKS, GENERIC, GENERIC_REASONS, decisions
from mancala_diagrams.engine.turn import run_turn
from mancala_diagrams.errors import EndlessTurn

from conftest import ROOT, playable_rules, rules

POT = polib.pofile(str(ROOT / "mancala_diagrams" / "drawing" / "locales" / "captions.pot"))


def messages(value):
    """The message strings of a telling's table entry (nested tuples of msgids)."""
    if isinstance(value, str):
        yield value
    else:
        for v in value:
            yield from messages(v)


def catalogued(message: str) -> list:
    """The problems of *message* in the catalogs: missing from the template,
    or untranslated (or fuzzy) in a language's catalog."""
    problems = []
    if not any(message in (e.msgid, e.msgid_plural) for e in POT):
        problems.append(f"{message!r} is not in captions.pot (run make i18n)")
    for lang in languages()[1:]:
        po = polib.pofile(str(catalog_path(lang)))
        entry = next((e for e in po if message in (e.msgid, e.msgid_plural)), None)
        if entry is None or not entry.translated() or entry.fuzzy:
            problems.append(f"{message!r} is not translated in {lang}")
    return problems


def told(name, table, key):
    t = TELLINGS.get(name)
    assert t is not None, f"block {name!r} declares what it emits but has no telling (drawing/tellings/)"
    found = getattr(t, table).get(key)
    assert found, f"the telling of {name!r} has no {table} for {key!r}"
    return list(messages(found))


@pytest.mark.parametrize("name", sorted(BLOCKS))
def test_every_decision_reason_and_role_a_block_declares_is_told_in_every_language(name):
    cls = BLOCKS[name]
    problems = []
    for kind in cls.decisions:
        for m in told(name, "decisions", kind):
            problems += catalogued(m)
    for kind, reasons in cls.reasons.items():
        for reason in reasons:
            t = TELLINGS.get(name)
            assert t is not None and reason in t.reasons.get(kind, {}), \
                f"the telling of {name!r} does not tell the {kind} reason {reason!r}"
            for m in messages(t.reasons[kind][reason]):
                problems += catalogued(m)
    for role in cls.roles:
        for m in told(name, "roles", role):
            problems += catalogued(m)
    assert not problems, "\n".join(problems)


def test_the_engines_own_decision_and_the_tellings_tables_are_in_the_catalogs():
    problems = [p for m in captions.DIRECTIONS.values() for p in catalogued(m)]
    for t in TELLINGS.values():
        for table in (t.turn_end, t.lap_end, t.groups):
            for value in table.values():
                problems += [p for m in messages(value) for p in catalogued(m)]
        if t.fotsiny_word:
            problems += catalogued(t.fotsiny_word)
    assert not problems, "\n".join(problems)


def test_every_telling_is_a_blocks():
    assert set(TELLINGS) <= set(BLOCKS)
    for name, t in TELLINGS.items():
        assert set(t.decisions) <= set(BLOCKS[name].decisions), name
        assert set(t.roles) <= set(BLOCKS[name].roles), name


@pytest.mark.parametrize("name", playable_rules())
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_blocks_emit_only_what_they_declare(name, seed):
    """Each event names a block of the rules (or the turn itself), with a
    reason that block declares; each decision asked is one its block
    declares; each hole the rules name has a role kind some block declares."""
    r = rules(name)
    names = {b.name for b in r.blocks}
    roles = {kind for b in r.blocks for kind in b.roles}
    rng = random.Random(seed)
    pos = r.initial_position()
    for n in range(12):
        if r.outcome(pos):
            break
        events, asked = [], []

        def choose(ask):
            asked.append(ask)
            return rng.choice(ask.options)
        try:
            pos = run_turn(r, pos, choose, n + 1, events).position
        except EndlessTurn:
            break
        for e in events:
            assert e.rule in names or e.rule == GENERIC, e
            if e.reason:
                declared = (BLOCKS[e.rule].reasons.get(e.kind, ()) if e.rule != GENERIC else ()) + \
                    GENERIC_REASONS.get(e.kind, ())
                assert e.reason in declared, f"{e.rule} emits {e.kind} with the undeclared reason {e.reason!r}"
        for ask in asked:
            assert ask.kind == "direction" or ask.kind in BLOCKS[ask.rule].decisions, ask
            assert ask.kind in decisions()
        for role in r.hole_roles(pos).values():
            kind = role.partition(".")[0]
            assert kind in roles or kind in names, f"the rules name a {kind!r} hole no block declares"
