"""The MBT book of a game's state, read: its phases, its end, its result, the objectives a side
holds, smoke on the table, set-up zones, a vehicle's turret.

The turn sequence keeps them in ``state.extra["mbt"]`` (:mod:`umpire.turns.mbt.turn_state`);
the ruleset object (:mod:`umpire.registry.mbt`) offers them to the reports and the campaign.
Reading them imports nothing of the turn sequence, so a report stays light.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.core.state import GameState, UnitState
from umpire.rules.mbt.state import turret_facing

PHASES = ["Initiative", "Command", "Fire", "Movement", "Adjustment"]  # 24.3
OVER = "Game over"  # the phase of a game that is over (9.4)


def _book(state: GameState) -> dict[str, Any]:
    m = state.extra.get("mbt")
    return m if isinstance(m, dict) else {}


def scale(state: GameState) -> float:
    """The scenario's inches per hex (23.3.2.1)."""
    return float(_book(state).get("scale", 1.0))


def over(state: GameState) -> str | None:
    """9.4: the game is over after the last Turn, or when a side is destroyed."""
    if state.phase != OVER:
        return None
    result = _book(state).get("result") or {}
    return str(result.get("reason", "the last Turn is played"))


def result(state: GameState) -> tuple[str, ...]:
    """The victory the game's end declared (9.4.3): its reason, then the tally's lines."""
    declared = _book(state).get("result")
    if not isinstance(declared, dict):
        return ()
    return (str(declared.get("reason", "")), *map(str, declared.get("lines") or ()))


def objectives_held(state: GameState, side: str) -> list[tuple[str, int]]:
    """The objectives ``side`` controls now (4.8), with their points."""
    m = _book(state)
    control = m.get("control") or {}
    return [(str(o["terrain"]), int(o["points"])) for o in m.get("objectives") or ()
            if isinstance(o, dict) and control.get(o.get("terrain")) == side]


def smoke(state: GameState) -> tuple[tuple[tuple[float, float], ...], float]:
    """Where smoke stands on the table now (12.9): a cloud every side sees, whoever laid it;
    a cloud is half a hex across (the scenario's scale, 23.3.2.1)."""
    m = _book(state)
    out = []
    for x in m.get("smoke") or ():
        if isinstance(x, Mapping) and isinstance(x.get("x"), int | float) and isinstance(x.get("y"), int | float):
            out.append((float(x["x"]), float(x["y"])))
    return tuple(sorted(set(out))), 0.5 * float(m.get("scale") or 1.0)


def setup_zones(state: GameState) -> list[tuple[str, tuple[float, float, float, float], str]]:
    """Each side's set-up zone (``mbt.setup``: an edge and a depth in hexes, 2.4, 2.5, converted
    by the scenario's scale, 23.3.2.1)."""
    m = _book(state)
    setup, scale = m.get("setup") or {}, float(m.get("scale") or 1.0)
    w, d = state.table.width, state.table.depth
    out = []
    for side, zone in sorted(setup.items()):
        deep = min(float(zone["depth"]) * scale, w if zone["edge"] in ("left", "right") else d)
        box = {"left": (0, 0, deep, d), "right": (w - deep, 0, w, d),
               "near": (0, 0, w, deep), "far": (0, d - deep, w, d)}[zone["edge"]]
        out.append((side, box, f"{side} sets up within {deep:g}\" of the {zone['edge']} edge (2.5)"))
    return out


def turret(u: UnitState) -> float | None:
    """A vehicle's turret facing (9.2.1): its hull's unless turned."""
    return turret_facing(u) if u.card else None
