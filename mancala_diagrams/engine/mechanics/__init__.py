"""Building blocks that a rules file names under ``mechanics:``.

Each block is a small class registered under the name the YAML uses.  A block
declares its parameters (:class:`Param`) and implements only the hooks it needs:

``open(turn)``            (generator) start a turn; return a ``Lap``, a
                          ``(hole, False)`` lap end, or ``None`` to let the next
                          opening block decide
``exclude_openings(turn, options)`` remove openings the rules forbid outright
                          (applied before every ``filter_openings``)
``filter_openings(turn, options)``  restrict the legal openings
``lap_end(turn, hole, was_empty)``  (generator) decide what happens when a lap
                          ends in *hole*; return ``Lap``/``EndTurn`` or ``None``
                          to let the next block (by ``order``) decide
``capture_targets(turn, holes)``   extend or change the holes a capture takes
``emptied(turn, hole, why)``       a hole was emptied (pickup or capture)
``finish(turn)``                   the turn is over; update state
``front_depth(board, geometry, player)``  which row captures / is captured
``initial_state(position)``        state keys the block needs at the start
``outcome(rules, position)``       the game's result if it is over, else None
``check(rules)``                   refuse combinations that cannot work
``special_holes(position)``        holes the rules treat specially in this position
                          (a drawing frames them), e.g. the special hole of katro bevohoka,
                          the rova; an iterable of holes, or a {hole: label} mapping
                          (labels name them in ``special-holes`` examples' legends;
                          by default a hole's label is the block's name)
``hole_roles(position)``           {hole: role} naming holes for captions: ``KIND.PLAYER``
                          (``tsibongy-left.south``, ``rova-front.north``, ``target.south``)

The docs page "Building blocks" lists every block with its parameters.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...errors import IncompatibleRules, RulesError, closest_hint

BLOCKS: dict[str, type] = {}


@dataclass(frozen=True)
class Param:
    default: object
    choices: tuple | None = None     # allowed values, or None for any of `kind`
    kind: type = str
    doc: str = ""


def block(name):
    def register(cls):
        cls.name = name
        BLOCKS[name] = cls
        return cls
    return register


class Block:
    name = "?"
    order = 50            # position among lap-end blocks (lower first)
    idle_hooks = frozenset()   # hooks this block has but its parameters leave idle
    params: dict = {}
    doc = ""

    def __init__(self, params: dict | None, rules):
        self.rules = rules
        params = dict(params or {})
        values = {}
        for key, spec in self.params.items():
            value = params.pop(key, spec.default)
            if spec.choices is not None and value not in spec.choices:
                raise RulesError(f"block {self.name!r}: parameter {key!r} cannot be {value!r}",
                                 expected=" or ".join(map(repr, spec.choices)))
            if spec.choices is None and value is not None and not isinstance(value, spec.kind):
                raise RulesError(f"block {self.name!r}: parameter {key!r} must be a {spec.kind.__name__}, "
                                 f"not {value!r}")
            values[key] = value
        if params:
            key = sorted(params)[0]
            raise RulesError(f"block {self.name!r} has no parameter {key!r}",
                             expected=", ".join(self.params) or "no parameters",
                             hint=closest_hint(key, self.params))
        self.p = values

    def check(self, rules):
        """Refuse what cannot work with this block: raise ``self.refuse(...)``."""

    def refuse(self, reason: str, message: str) -> IncompatibleRules:
        """The error for a combination this block cannot work in (*reason*: a short name)."""
        return IncompatibleRules(f"block {self.name!r}: {message}", reason=reason, block=self.name)

    def initial_state(self, position) -> dict:
        return {}


# register the blocks
from . import core, nyumba, opening, reserve, rova, target  # noqa: E402,F401
