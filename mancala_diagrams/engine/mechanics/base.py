"""The building block: the one base every block of :mod:`.mechanics` extends.

A *block* is a small class registered with :func:`block` under the name a
rules file writes under ``mechanics:``.  Everything the engine may ask of a
block is declared here, once: what a block states about itself (class data)
and the hooks it may implement (methods that do nothing here, each with its
documentation).  A block overrides only the hooks it needs, and the rules
(:class:`~..rules.Rules`) call a hook only on the blocks that override it.

What a block states
-------------------
``params``
    its parameters, ``{name: Param}``: the loader checks a rules file's values
    against them and the "Building blocks" page lists them.
``provides``
    the capabilities it brings (:data:`CAPABILITIES`).  The rest of the code
    asks the rules for a capability (``rules.provider("capture")``), never for
    a block by its name, so that a new block offering the same capability is
    found everywhere the old one was.
``decisions``
    the decisions its hooks ask the player for, ``{kind: Decision}`` (the
    sowing direction, asked on behalf of any block, is the engine's own:
    :data:`DIRECTION`).
``reasons``
    the reasons its events carry, by event kind: ``{"turn_end": ("empty-hole",),
    "choice": ("rova",)}`` (the engine's own are :data:`..turn.GENERIC_REASONS`).
    Every event names the block that caused it (``Event.rule``), so a caption
    is told by that block's telling.
``roles``
    the kinds of hole its ``hole_roles`` (or ``special_holes``) hook names:
    ``tsibongy-left`` for ``tsibongy-left.south``.  Captions name the holes by
    them.
``hole_sets``
    the kinds of set its ``role_holes`` hook gives (``zone-left``): sets that
    may share holes, which the coloured marks of a diagram show.
``state_keys``
    the keys of the game state it keeps, which the board does not show and a
    position carries between turns (``rova.PLAYER``: one key per player).
``turn_state``
    the keys it keeps during a turn only (fotsiny: whether the turn captures).
    A position carries them only while seeds are in hand (a turn under way),
    and the engine drops them when the turn ends.
``first_lap``
    what the end of a turn's first lap decides for this block (``""``:
    nothing).  An example that takes a turn up in its middle must then say
    whether its seeds in hand are that first lap (:meth:`Block.resume`).
``open_phase``, ``filter_phase``, ``lap_end_phase``
    where its ``open``, ``filter_openings`` and ``lap_end`` hooks come among
    the other blocks' (below).
``idle_hooks``
    the hooks it has but its parameters leave idle (a goal that never ends a
    turn early has nothing to do at a lap's end): they are not called.
``check_uses_start``
    its ``check`` plays the rules' start position, so it runs after the other
    blocks' checks (which check the parameters the start depends on).

The order of the blocks
-----------------------
Three hooks are asked of several blocks, one after the other, the first that
acts deciding.  A block says where its hook comes by naming a *phase*; blocks
of one phase come in the order the rules file lists them (in the project's
rules no two blocks of one phase ever act at the same moment).

The opening (``open``, :data:`OPEN_PHASES`): the first block that starts the
turn starts it.
    ``setup``: a set-up before the ordinary turns (``target-hole``);
    ``reserve``: a seed put in from the reserve, while there is one
    (``reserve``);
    ``hole``: a hole chosen and sown (``choose-hole``, ``capture-opening``).

The openings offered (``forbids``, then ``filter_openings`` by
:data:`FILTER_PHASES`): the openings any block forbids outright are left out
first (in any order: each says no to an opening on its own), then
    ``require``: an obligation among the openings left (``compulsory-capture``
    keeps those that capture, when there are any);
    ``prefer``: a preference, applied last so that it sees what the
    obligations left (``nyumba``: not from the nyumba when another hole will
    do).

Where a lap ends (``lap_end``, :data:`LAP_END_PHASES`): the first block that
says what happens there decides.
    ``goal``: the game is won, so the turn ends (``goal``);
    ``target``: the end of a set-up turn, or a lap ending in the player's own
    special hole (``target-hole``);
    ``empty``: the last seed fell into an empty hole (``mandry``);
    ``capture``: the last seed fell where it captures (``capture``);
    ``choice``: a hole where the player may stop or sow on (``rova``,
    ``nyumba``);
    ``relay``: anything else: the seeds of that hole are sown on (``relay``).

The other hooks are asked of every block that has them: the opening blocks
first, then the lap-end blocks, each in its phase's order, then the others
in the order the rules file lists them.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...errors import IncompatibleRules, RulesError, closest_hint

#: Every block, by the name rules files give it.
BLOCKS: dict[str, type] = {}

#: The capabilities a block may provide, and what each means.
CAPABILITIES = {
    "opening": "starts a turn (open), and says how the first lap of each of its openings ends (first_lap_end)",
    "reserve": "uses the seeds a player holds in reserve",
    "direction": "says in which directions a player may sow (allowed)",
    "lap-end": "decides the lap ends no other block takes: an empty hole, a full one",
    "capture": "takes the opponent's seeds where a lap ends (captures_at)",
    "captured-seeds": "sows the captured seeds itself (sow_captured); without it they join the capturing hole",
    "front-row": "says which row captures and is captured (front_depth)",
    "goal": "says when the game is won (won, outcome)",
}

OPEN_PHASES = ("setup", "reserve", "hole")
FILTER_PHASES = ("require", "prefer")
LAP_END_PHASES = ("goal", "target", "empty", "capture", "choice", "relay")


@dataclass(frozen=True)
class Param:
    default: object
    choices: tuple | None = None     # allowed values, or None for any of `kind`
    kind: type = str
    doc: str = ""


@dataclass(frozen=True)
class Decision:
    """A decision a block asks the player for.  *value*: what is chosen:
    ``opening`` (a hole and a direction), ``hole`` (a hole's name),
    ``direction`` or ``word`` (one of *options*)."""
    value: str
    doc: str
    options: tuple = ()


#: The sowing direction, which the engine asks on behalf of any block when a
#: turn has none yet (after a reserve seed, after a set-up's choice).
DIRECTION = Decision("direction", "a sowing direction the rules ask for")


def block(name):
    """Register a block class under *name* (the name rules files use)."""
    def register(cls):
        cls.name = name
        BLOCKS[name] = cls
        return cls
    return register


def decisions() -> dict:
    """Every decision a turn may ask, by kind: the engine's own and every block's."""
    out = {"direction": DIRECTION}
    for cls in BLOCKS.values():
        out.update(cls.decisions)
    return out


class Block:
    name = "?"
    doc = ""
    params: dict = {}
    provides: frozenset = frozenset()
    decisions: dict = {}
    reasons: dict = {}
    roles: tuple = ()
    hole_sets: tuple = ()
    state_keys: tuple = ()
    turn_state: tuple = ()
    first_lap = ""
    open_phase: str | None = None
    filter_phase: str | None = None
    lap_end_phase: str | None = None
    idle_hooks = frozenset()
    check_uses_start = False
    #: parameters the block had before, and where they went: {parameter: {value: (block, its
    #: parameter or None) or None (nothing to write: the default)}}, "*" for any value
    moved: dict = {}
    #: why they went (said in the error a rules file written the old way gets)
    moved_why = ""

    def __init__(self, params: dict | None, rules):
        self.rules = rules
        params = dict(params or {})
        moved = sorted(k for k in params if k in self.moved and k not in self.params)
        if moved:
            raise self.moved_error(moved, params)
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

    def moved_error(self, moved, params) -> RulesError:
        """The error for a rules file that gives this block its former
        parameters *moved*: what to write instead."""
        blocks, removed = {}, []
        for key in moved:
            value = params[key]
            table = self.moved[key]
            target = table.get(_key(value), table.get("*"))
            if target is None:
                removed.append(f"{key}: {_yaml(value)}")
                continue
            name, param = target
            blocks.setdefault(name, {})
            if param:
                blocks[name][param] = value
        written = ", ".join(f"{name}: {{{', '.join(f'{k}: {_yaml(v)}' for k, v in ps.items())}}}"
                            for name, ps in blocks.items())
        expected = [f"beside {self.name} under mechanics: {written}"] if written else []
        if removed:
            expected.append(f"no {', '.join(removed)} (what the rules do without those blocks)")
        names = ", ".join(repr(k) for k in moved)
        return RulesError(f"block {self.name!r} has no parameter{'s' if len(moved) > 1 else ''} {names} any more: "
                          f"{self.moved_why}", expected="; ".join(expected))

    def refuse(self, reason: str, message: str) -> IncompatibleRules:
        """The error for a combination this block cannot work in (*reason*: a short name)."""
        return IncompatibleRules(f"block {self.name!r}: {message}", reason=reason, block=self.name)

    def implements(self, hook: str) -> bool:
        """Whether this block overrides *hook* and its parameters do not leave it idle."""
        return getattr(type(self), hook) is not getattr(Block, hook) and hook not in self.idle_hooks

    # -- the rules -----------------------------------------------------------------------
    def check(self, rules):
        """Refuse what cannot work with this block: ``raise self.refuse(reason, message)``."""

    def initial_state(self, position) -> dict:
        """The game-state keys this block needs that *position* may not give
        (a rova stands where both its holes have seeds ...)."""
        return {}

    # -- a turn's start --------------------------------------------------------------------
    def begin_turn(self, turn):
        """A turn begins (``turn.position.hand`` is None) or is taken up in its
        middle (seeds in hand): set this block's turn state."""

    def resume(self, first_lap: bool, captures: bool) -> dict:
        """This block's turn state for a turn taken up in its middle, as an
        example's hand describes it: whether its seeds in hand are the turn's
        first lap, and whether the turn captures (``captures: false``: a turn
        that captures nothing)."""
        return {}

    def open(self, turn):
        """(generator) Start the turn: return a ``Lap`` to sow, a ``(hole,
        False)`` lap end (a seed put down counts as a lap that ended there),
        or None to let the next opening block start it."""
        return None
        yield  # pragma: no cover - makes this a generator

    def candidates(self, turn) -> list:
        """The openings this opening block offers before any is forbidden or filtered."""
        return []

    def first_lap_end(self, t, option) -> tuple:
        """Play *option*, one of this block's openings, on the scratch turn *t*
        (nothing recorded), up to its first lap's end: ``(hole, was_empty)``.
        The rules ask it to know whether an opening captures at once."""
        raise NotImplementedError(f"block {self.name!r} opens a turn but cannot say how its first lap ends")

    def forbids(self, turn, option) -> bool:
        """Whether the rules forbid the opening *option* outright (whatever
        the other openings are)."""
        return False

    def filter_openings(self, turn, options) -> list:
        """The openings left once this block's obligation or preference is
        applied to *options* (see ``filter_phase``)."""
        return options

    def allowed(self, turn) -> tuple:
        """The directions the player may sow in now (``direction`` capability)."""
        return ()

    # -- a lap's end -------------------------------------------------------------------------
    def lap_end(self, turn, hole, was_empty):
        """(generator) A lap ended in *hole* (*was_empty*: it held no seed
        before the last one): return a ``Lap``, an ``EndTurn``, or None to let
        the next lap-end block decide (see ``lap_end_phase``)."""
        return None
        yield  # pragma: no cover - makes this a generator

    def captures_at(self, turn, hole) -> tuple:
        """The holes a lap ending in *hole* would capture, empty if none
        (``capture`` capability)."""
        return ()

    def capture_targets(self, turn, holes) -> tuple:
        """Extend or change the holes a capture takes (a rova is taken whole)."""
        return holes

    def forbids_capture(self, turn) -> bool:
        """Whether this turn captures nothing at all (a fotsiny turn)."""
        return False

    def capture_allowed(self, turn, hole, targets) -> tuple:
        """A lap ending in *hole* would capture *targets* (possibly none):
        the targets this block lets it take.  May record what it decides
        (the first lap end of a turn decides whether it captures at all)."""
        return targets

    def sow_captured(self, turn, hole):
        """(generator) The seeds captured from a lap ending in *hole* are in
        hand: return the ``Lap`` that sows them (``captured-seeds``
        capability)."""
        raise NotImplementedError
        yield  # pragma: no cover - makes this a generator

    def front_depth(self, board, geometry, player) -> int:
        """The row that captures and is captured, 0 being the inner row
        (``front-row`` capability)."""
        return 0

    def emptied(self, turn, hole, why):
        """*hole* was emptied (*why*: ``pickup`` or ``capture``)."""

    def won(self, turn, moment) -> bool:
        """Whether the mover has won now, at *moment* of the turn (``lap-end``
        or ``capture``), and the game ends there (``goal`` capability)."""
        return False

    # -- a turn's end, the game ------------------------------------------------------------
    def finish(self, turn):
        """The turn is over: update the game state it leaves."""

    def outcome(self, rules, position):
        """The game's result if this block ends it in *position* (``{"winner":
        PLAYER or None, "reason": ...}``), else None."""
        return None

    def explain(self, turn, kind, value) -> str | None:
        """Why *value* is not a legal *kind* decision now, in words, if this
        block is the one that forbids it; else None."""
        return None

    # -- what a drawing and a caption may ask ------------------------------------------------
    def special_holes(self, position):
        """The holes the rules treat specially in *position* (a drawing frames
        them): an iterable of holes, or a {hole: label} mapping (a bare hole's
        label is the block's name)."""
        return ()

    def hole_roles(self, position) -> dict:
        """{hole: role} naming holes for captions, ``KIND.PLAYER``
        (``tsibongy-left.south``): *KIND* among ``roles``."""
        return {}

    def role_holes(self, position) -> dict:
        """{role: holes} for roles that may share holes (``zone-left.south``):
        *KIND* among ``hole_sets``."""
        return {}


def _key(value):
    return value if isinstance(value, (str, bool, int)) else repr(value)


def _yaml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
