"""The rules as plain data: written at build time, read back in the page.

A rules file reaches the page as the mapping its loader resolved (the board,
the start, and every block with its parameters once the ``extends`` are
merged: what :class:`~mancala_diagrams.engine.rules.Rules` is built from),
never as code and never as a pickle: :func:`rules_to_data` writes it from the
loaded :class:`Rules`, :func:`rules_from_data` builds the same :class:`Rules`
from it.  A test checks that every rules file of the project comes back
playing the same.
"""
from __future__ import annotations

from ..engine.geometry import Geometry
from ..engine.rules import Rules
from ..errors import RulesError

#: Bumped when the shape of the data changes (the page refuses another).
FORMAT = 1


def rules_to_data(rules: Rules, **extra) -> dict:
    """*rules* as JSON-ready data; *extra* keys are carried along (a puzzle's
    target, say), and :func:`rules_from_data` ignores them."""
    g = rules.geometry
    return {"format": FORMAT, "name": rules.name, "title": dict(rules.title),
            "board": {"columns": g.columns, "rows_per_player": g.rows_per_player, "players": list(g.players),
                      "notation": g.notation, "track": g.track_kind},
            "start": {k: ([list(row) for row in v] if k == "board" else v) for k, v in rules.start.items()},
            "mechanics": {name: dict(params) for name, params in rules.mechanics.items()},
            **extra}


def rules_from_data(data: dict) -> Rules:
    """The :class:`Rules` that :func:`rules_to_data` wrote; a
    :class:`~mancala_diagrams.errors.RulesError` for data of another format."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise RulesError(f"the player's rules data has format {found!r}", expected=f"format {FORMAT} "
                         "(rebuild the site: the page and its rules data come from different builds)")
    try:
        board = data["board"]
        geometry = Geometry(int(board["columns"]), int(board["rows_per_player"]), tuple(board["players"]),
                            board["notation"], board["track"])
        return Rules(data["name"], geometry, data["mechanics"], data["start"], data["title"])
    except (KeyError, TypeError) as exc:
        raise RulesError(f"the player's rules data lacks {exc}") from None
