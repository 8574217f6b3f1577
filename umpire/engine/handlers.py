"""Event handlers: ``kind -> fn(state, payload, dice) -> Applied``.

A handler never writes anything: it validates the payload against the state (raising
:class:`~umpire.errors.UmpireError` for a user mistake), copies the state, changes the copy and
says what happened. The same handler serves a live action and its replay from the log.
Rulesets add their own kinds with :func:`handler`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from umpire.core.dice import Dice
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError, unknown


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
HANDLERS: dict[str, Handler] = {}

# A ruleset's check on a generic move: ``fn(state, unit, path) -> (summary text, unit notes)``;
# it raises UmpireError to refuse the move (e.g. longer than the unit's orders allow).
MoveCheck = Callable[[GameState, UnitState, list[tuple[float, float]]], tuple[str, dict[str, Any]]]
MOVE_CHECKS: dict[str, MoveCheck] = {}


def move_check(ruleset: str) -> Callable[[MoveCheck], MoveCheck]:
    def register(fn: MoveCheck) -> MoveCheck:
        MOVE_CHECKS[ruleset] = fn
        return fn

    return register


# A ruleset's check on placing a unit by hand: ``fn(state, unit, x, y)``; it raises UmpireError to
# refuse (e.g. a unit that may not enter the table yet, or not there).
PlaceCheck = Callable[[GameState, UnitState, float, float], None]
PLACE_CHECKS: dict[str, PlaceCheck] = {}


def place_check(ruleset: str) -> Callable[[PlaceCheck], PlaceCheck]:
    def register(fn: PlaceCheck) -> PlaceCheck:
        PLACE_CHECKS[ruleset] = fn
        return fn

    return register


def handler(kind: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[kind] = fn
        return fn

    return register


def find_unit(state: GameState, unit_id: str) -> UnitState:
    """The unit called ``unit_id`` (id or exact name). :raises UmpireError: naming close matches."""
    if unit_id in state.units:
        return state.units[unit_id]
    by_name = [u for u in state.units.values() if u.name == unit_id]
    if len(by_name) == 1:
        return by_name[0]
    raise unknown("unit", unit_id, state.units)


def check_on_table(state: GameState, what: str, x: float, y: float) -> None:
    w, d = state.table.width, state.table.depth
    if not (math.isfinite(x) and math.isfinite(y)) or not (0 <= x <= w and 0 <= y <= d):
        raise UmpireError(f"{what}: position ({x:g}, {y:g}) is off the table (x 0-{w:g}, y 0-{d:g})")


def check_facing(facing: Any) -> float:
    """A facing typed or stored, read strictly (see :mod:`umpire.schema.numbers`), as 0-360."""
    from umpire.schema.numbers import number

    return number(facing, "facing", hint="degrees clockwise from the far edge, e.g. 90") % 360


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


@handler("place")
def place(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
    unit = find_unit(state, payload["unit"])
    x, y = float(payload["x"]), float(payload["y"])
    check_on_table(state, f"unit {unit.id}", x, y)
    facing = check_facing(payload["facing"]) if payload.get("facing") is not None else unit.facing
    check = PLACE_CHECKS.get(state.ruleset)
    if check is not None:
        check(state, unit, x, y)
    new = state.copy_for_change()
    u = new.units[unit.id]
    u.x, u.y, u.facing = x, y, facing
    return Applied(new, f"{unit.id} placed at ({_fmt(x)}, {_fmt(y)}) facing {_fmt(facing)}")


@handler("move")
def move(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
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
    check = MOVE_CHECKS.get(state.ruleset)
    extra_text, extra_notes = check(state, unit, path) if check else ("", {})
    points = [(unit.x, unit.y), *path]
    length = sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))  # type: ignore[arg-type]
    if payload.get("facing") is not None:
        facing = check_facing(payload["facing"])
    else:
        # Face the way the last leg went, as a stand does when it drives there.
        (ax, ay), (bx, by) = points[-2], points[-1]  # type: ignore[misc]
        facing = math.degrees(math.atan2(bx - ax, by - ay)) % 360 if (ax, ay) != (bx, by) else unit.facing
    new = state.copy_for_change()
    u = new.units[unit.id]
    u.x, u.y = path[-1]
    u.facing = round(facing, 3)
    u.notes["moved"] = round(float(u.notes.get("moved", 0.0)) + length, 3)
    u.notes.update(extra_notes)
    return Applied(
        new, f"{unit.id} moved {_fmt(length)}\" to ({_fmt(u.x)}, {_fmt(u.y)}) facing {_fmt(u.facing)}{extra_text}"
    )
