"""The MBT book of a game's state, read: its phases, its end, its result, the objectives a side
holds, smoke on the table, set-up zones, a vehicle's turret.

The turn sequence keeps them in the game's own state (:class:`umpire.rules.mbt.state.MbtGame`);
the ruleset object (:mod:`umpire.registry.mbt`) offers them to the reports and the campaign.
Reading them imports nothing of the turn sequence, so a report stays light.
"""

from __future__ import annotations

from umpire.core.state import GameState, UnitState
from umpire.rules.mbt.state import MbtGame, turret_facing

PHASES = ["Initiative", "Command", "Fire", "Movement", "Adjustment"]  # 24.3
OVER = "Game over"  # the phase of a game that is over (9.4)


def scale(state: GameState) -> float:
    """The scenario's inches per hex (23.3.2.1)."""
    return float(MbtGame.of(state).scale)


def over(state: GameState) -> str | None:
    """9.4: the game is over after the last Turn, or when a side is destroyed."""
    if state.phase != OVER:
        return None
    declared = MbtGame.of(state).result
    return declared["reason"] if declared is not None else "the last Turn is played"


def result(state: GameState) -> tuple[str, ...]:
    """The victory the game's end declared (9.4.3): its reason, then the tally's lines."""
    declared = MbtGame.of(state).result
    if declared is None:
        return ()
    return (declared["reason"], *declared["lines"])


def objectives_held(state: GameState, side: str) -> list[tuple[str, int]]:
    """The objectives ``side`` controls now (4.8), with their points."""
    m = MbtGame.of(state)
    return [(o.terrain, o.points) for o in m.objectives if m.control.get(o.terrain) == side]


def smoke(state: GameState) -> tuple[tuple[tuple[float, float], ...], float]:
    """Where smoke stands on the table now (12.9): a cloud every side sees, whoever laid it;
    a cloud is half a hex across (the scenario's scale, 23.3.2.1)."""
    m = MbtGame.of(state)
    out = [(float(x["x"]), float(x["y"])) for x in m.smoke]
    return tuple(sorted(set(out))), 0.5 * float(m.scale)


def setup_zones(state: GameState) -> list[tuple[str, tuple[float, float, float, float], str]]:
    """Each side's set-up zone (``mbt.setup``: an edge and a depth in hexes, 2.4, 2.5, converted
    by the scenario's scale, 23.3.2.1)."""
    m = MbtGame.of(state)
    w, d = state.table.width, state.table.depth
    out = []
    for side, zone in sorted(m.setup.items()):
        deep = min(float(zone.depth) * m.scale, w if zone.edge in ("left", "right") else d)
        box = {"left": (0, 0, deep, d), "right": (w - deep, 0, w, d),
               "near": (0, 0, w, deep), "far": (0, d - deep, w, d)}[zone.edge]
        out.append((side, box, f"{side} sets up within {deep:g}\" of the {zone.edge} edge (2.5)"))
    return out


def turret(u: UnitState) -> float | None:
    """A vehicle's turret facing (9.2.1): its hull's unless turned."""
    return turret_facing(u) if u.card else None
