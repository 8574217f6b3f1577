"""What an event handler is and returns, and the actions every ruleset's games take (place, move).

A handler (``fn(state, payload, dice) -> Applied``) never writes anything: it validates the
payload against the state (raising :class:`~umpire.errors.UmpireError` for a user mistake),
copies the state, changes the copy and says what happened. The same handler serves a live
action and its replay from the log. A ruleset's object (:mod:`umpire.registry`) lists the
handlers of its games by kind; :func:`place_action` and :func:`move_action` make the generic
ones with the ruleset's own checks.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from umpire.core.dice import Dice
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState, find_unit
from umpire.errors import UmpireError
from umpire.text import num

__all__ = [
    "Applied", "Handler", "KeepMove", "MoveCheck", "PlaceCheck", "check_facing", "check_on_table", "find_unit",
    "move_action", "place_action",
]


@dataclass
class Applied:
    """What a handler did. ``turn`` and ``phase`` say when the action happened when that is not
    where the new state stands (a phase resolved moves the state on to the next one)."""

    state: GameState
    summary: str
    resolutions: list[Resolution] = field(default_factory=list)
    turn: int | None = None
    phase: str | None = None


Handler = Callable[[GameState, dict[str, Any], Dice], Applied]

# What a ruleset keeps of a move in the unit's own state: ``keep(u)`` on the moved unit of the new state.
KeepMove = Callable[[UnitState], None]

# A ruleset's check on a generic move: ``fn(state, unit, path) -> (summary text, what it keeps or None)``;
# it raises UmpireError to refuse the move (e.g. longer than the unit's orders allow).
MoveCheck = Callable[[GameState, UnitState, list[tuple[float, float]]], tuple[str, KeepMove | None]]

# A ruleset's check on placing a unit by hand: ``fn(state, unit, x, y)``; it raises UmpireError to
# refuse (e.g. a unit that may not enter the table yet, or not there).
PlaceCheck = Callable[[GameState, UnitState, float, float], None]


def check_on_table(state: GameState, what: str, x: float, y: float) -> None:
    w, d = state.table.width, state.table.depth
    if not (math.isfinite(x) and math.isfinite(y)) or not (0 <= x <= w and 0 <= y <= d):
        raise UmpireError(f"{what}: position ({x:g}, {y:g}) is off the table (x 0-{w:g}, y 0-{d:g})")


def check_facing(facing: Any) -> float:
    """A facing typed or stored, read strictly (see :mod:`umpire.schema.numbers`), as 0-360."""
    from umpire.schema.numbers import number

    return number(facing, "facing", hint="degrees clockwise from the far edge, e.g. 90") % 360



def deferred(module: str, names: Mapping[str, str]) -> dict[str, Handler]:
    """Handlers by event kind, each the function ``names[kind]`` of ``module``, imported when one of
    them first runs: a command that takes one action imports what that action runs and no more
    (a stand moved by hand reads none of the turn's phases)."""

    def one(name: str) -> Handler:
        def handler(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
            taken: Handler = getattr(importlib.import_module(module), name)
            return taken(state, payload, dice)

        handler.__name__ = handler.__qualname__ = name
        return handler

    return {kind: one(name) for kind, name in names.items()}


def place_action(check: PlaceCheck | None = None, *, centres: bool = False) -> Handler:
    """The ``place`` action, with the ruleset's ``check`` on where a unit may be put (``centres``:
    the ruleset measures a gap from a stand's centre, else from its base's edge)."""

    def place(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
        return _place(state, payload, check, centres)

    return place


def move_action(check: MoveCheck | None = None) -> Handler:
    """The ``move`` action, with the ruleset's ``check`` on a move in a running turn."""

    def move(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
        return _move(state, payload, check)

    return move


def _place(state: GameState, payload: dict[str, Any], check: PlaceCheck | None, centres: bool) -> Applied:
    """Put a unit at ``x, y``, or at a ``spot`` worked out on the table as it stands now
    (:mod:`umpire.geometry.spots`: next to a terrain piece, in base contact with a stand...)."""
    unit = find_unit(state, payload["unit"])
    if unit.status in ("eliminated", "surrendered"):
        raise UmpireError(f"unit {unit.id} is {unit.status} and cannot be placed (umpire undo takes back "
                          "what eliminated it, if that was a mistake)")
    given = check_facing(payload["facing"]) if payload.get("facing") is not None else None
    said = ""
    if payload.get("spot") is not None:
        from umpire.geometry.spots import resolve_place

        spot = resolve_place(state, unit, payload["spot"], given, centres=centres)
        x, y, given, said = spot.x, spot.y, spot.facing, f" ({spot.words})"
    else:
        x, y = float(payload["x"]), float(payload["y"])
    check_on_table(state, f"unit {unit.id}", x, y)
    facing = unit.facing if given is None else given
    if check is not None:
        check(state, unit, x, y)
    new = state.copy_for_change()
    u = new.units[unit.id]
    u.x, u.y, u.facing = x, y, facing
    return Applied(new, f"{unit.id} placed at ({num(x)}, {num(y)}) facing {num(facing)}{said}")


def _move(state: GameState, payload: dict[str, Any], check: MoveCheck | None) -> Applied:
    unit = find_unit(state, payload["unit"])
    if not unit.placed:
        raise UmpireError(f"unit {unit.id} is not on the table yet (place it first: umpire place {unit.id} X Y)")
    if unit.status in ("eliminated", "surrendered"):
        raise UmpireError(f"unit {unit.id} is {unit.status} and cannot move")
    path = [(float(x), float(y)) for x, y in payload["path"]]
    if not path:
        raise UmpireError("move: give a destination X Y")
    for i, (x, y) in enumerate(path):
        check_on_table(state, f"move of {unit.id}, point {i + 1}", x, y)
    extra_text, keep = check(state, unit, path) if check else ("", None)
    if unit.x is None or unit.y is None:
        raise UmpireError(f"unit {unit.id} is not on the table yet (place it first: umpire place {unit.id} X Y)")
    points = [(unit.x, unit.y), *path]
    length = sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))
    if payload.get("facing") is not None:
        facing = check_facing(payload["facing"])
    else:
        # Face the way the last leg went, as a stand does when it drives there.
        (ax, ay), (bx, by) = points[-2], points[-1]
        facing = math.degrees(math.atan2(bx - ax, by - ay)) % 360 if (ax, ay) != (bx, by) else unit.facing
    new = state.copy_for_change()
    u = new.units[unit.id]
    u.x, u.y = path[-1]
    u.facing = round(facing, 3)
    u.moved = round(u.moved + length, 3)
    if keep is not None:
        keep(u)
    return Applied(
        new, f"{unit.id} moved {num(length)}\" to ({num(u.x)}, {num(u.y)}) facing {num(u.facing)}{extra_text}"
    )
