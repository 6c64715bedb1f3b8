"""Coloured holes (a diagram's ``marks``) against what the rules single out.

A diagram's ``marks_show`` (or the example's ``legend``) says what each colour
shows, as a *role*; the marks the rules expect are the holes of each role at
that moment, in that role's colour.  The roles:

``KIND.PLAYER``   a hole the rules name in the position: ``tsibongy-left.south``,
                  ``rova-front.north``, ``nyumba.south``, ``target.south`` ...
                  (:meth:`Rules.hole_roles <..engine.rules.Rules.hole_roles>`)
                  and the labels of the special holes (``rova.south``)
``KIND.PLAYER`` without ``-left``/``-right``/``-front``/``-back``: both
                  (``tsibongy.south``); ``KIND`` alone: both players' (``rova``)
``holes.PLAYER``  every hole of a player's side
``zone-left.PLAYER``, ``zone-right.PLAYER``, ``zone-choice.PLAYER``  the tsibongy
                  rule: the opponent's inner-row holes whose capture by PLAYER
                  is sown from PLAYER's left or right tsibongy, or either
``pickup``        the hole taken up last in this turn, at or before the diagram
``next-pickup``   the hole the replay takes up next after the diagram (the
                  hole a turn is played from, or a lap goes on from)
``last-sown``     the hole the last seed sown so far in this turn fell into
``captured``      the holes taken at the diagram (a capture), or in its lap

Several roles for one colour: ``lightgreen: tsibongy-left.south, tsibongy-left.north``.
"""
from __future__ import annotations

from ..engine.geometry import PLAYERS
from ..engine.position import Position

EVENT_ROLES = ("pickup", "next-pickup", "last-sown", "captured")


def static_roles(rules, position: Position) -> dict:
    """role -> set of holes, for the roles the position alone decides."""
    g = rules.geometry
    roles: dict = {}

    def add(role, hole):
        roles.setdefault(role, set()).add(hole)

    named = dict(rules.special_hole_labels(position))
    named.update(rules.hole_roles(position))
    for hole, role in list(rules.special_hole_labels(position).items()) + list(named.items()):
        add(role, hole)
        kind, _, player = role.partition(".")
        base = kind.split("-")[0]
        if player:
            add(f"{base}.{player}", hole)
        add(base, hole)
        add(kind, hole)
    for player in g.players:
        for hole in g.track(player):
            add(f"holes.{player}", hole)
    for role, holes in rules.role_holes(position).items():
        roles.setdefault(role, set()).update(holes)
    return roles


def event_roles(events, index) -> dict:
    """role -> set of holes, for the roles that the replay around
    ``events[index]`` decides."""
    ev = events[index]
    roles = {r: set() for r in EVENT_ROLES}
    for e in reversed(events[:index + 1]):
        if e.turn != ev.turn:
            break
        if e.kind == "pickup" and not roles["pickup"]:
            roles["pickup"].update(e.holes[:1])
        if e.kind in ("drop", "place") and not roles["last-sown"]:
            roles["last-sown"].update(e.holes[-1:])
    for e in events[index + 1:]:
        if e.kind == "pickup":
            roles["next-pickup"].update(e.holes[:1])
            break
    if ev.kind == "capture":
        roles["captured"].update(ev.holes)
    else:
        for e in events:
            if e.kind == "capture" and e.turn == ev.turn and (ev.kind == "turn_end" or e.lap == ev.lap):
                roles["captured"].update(e.holes)
    return roles


def expected_marks(show: dict, roles: dict, geometry):
    """(grid, problems): the marks *show* (colour -> roles) gives in a
    position whose roles are *roles*; *problems* lists the roles that are
    unknown there (with the known ones) and holes given two colours."""
    C = geometry.columns
    grid = [[None] * C for _ in range(geometry.rows)]
    problems = []
    for colour, text in show.items():
        for role in (r.strip() for r in str(text).split(",") if r.strip()):
            if role not in roles:
                known = ", ".join(sorted(k for k, v in roles.items() if v))
                problems.append(f"{colour}: the rules single out no {role!r} holes here (they do: {known})")
                continue
            for hole in roles[role]:
                r, c = divmod(hole, C)
                if grid[r][c] not in (None, colour):
                    problems.append(f"{geometry.name(hole)} would be both {grid[r][c]} and {colour}")
                grid[r][c] = colour
    return grid, problems


def unexplained_colours(marks, show) -> list:
    """The colours of *marks* that *show* does not explain."""
    used = sorted({v for row in marks for v in row if v is not None})
    return [c for c in used if c not in (show or {})]


__all__ = ["EVENT_ROLES", "PLAYERS", "event_roles", "expected_marks", "static_roles", "unexplained_colours"]
