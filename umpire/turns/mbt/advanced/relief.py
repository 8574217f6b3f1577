"""A relief force entering the table (Scenario Four C): "The relief force may enter the mapboard
on Turn 12 and/or any later Turn. Entering relief force ground units are placed in any edge
hexes along the defender's mapboard side before the dice are rolled during an Initiative Phase".

The umpire places each entering unit with ``umpire place``; its riders come with it when the
Initiative Phase is resolved. An edge hex on the table is one whose centre lies within one hex
length of that edge. A unit of the relief force already on the table is placed as any other (a
correction).
"""

from __future__ import annotations

from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.mbt.advanced_spec import ReliefSpec
from umpire.rules.mbt.state import MbtGame


def relief_of(state: GameState) -> ReliefSpec | None:
    adv = MbtGame.of(state).advanced
    return adv.relief if adv is not None else None


def entering(state: GameState, u: UnitState) -> bool:
    """Is ``u`` a unit of the relief force not yet on the table?"""
    r = relief_of(state)
    return r is not None and u.side == r.side and u.formation in r.formations and not u.placed


def edge_distance(state: GameState, edge: str, x: float, y: float) -> float:
    w, d = state.table.width, state.table.depth
    return {"left": x, "right": w - x, "near": y, "far": d - y}[edge]


def check_entry(state: GameState, u: UnitState, x: float, y: float) -> None:
    """Refuse a relief unit placed before its turn, after the Initiative dice, or off its edge.

    :raises UmpireError: one line naming the unit, what is wrong and what is allowed.
    """
    if not entering(state, u):
        return
    r = relief_of(state)
    assert r is not None
    head = f"place: unit {u.id} is of the relief force (Scenario Four C)"
    carrier = state.units.get(str(u.carried_by or ""))
    if carrier is not None:
        raise UmpireError(f"{head}: it rides in {carrier.id}; place {carrier.id} and its riders enter with it (15.3)")
    start = r.from_turn
    when = f"turn {state.turn}, {'before the Initiative Phase' if state.phase == 'setup' else state.phase + ' phase'}"
    if state.turn < start or state.phase not in ("setup", "Initiative"):
        allowed = f"from turn {start}, before the Initiative Phase's dice (umpire phase next rolls them)"
        raise UmpireError(f"{head}: it enters {allowed}; the game is at {when}")
    scale = float(MbtGame.of(state).scale)
    off = edge_distance(state, r.edge, x, y)
    if off > scale + 1e-9:
        raise UmpireError(f"{head}: it enters in an edge hex along the {r.edge} edge; ({x:g}, {y:g}) is {off:g}\" "
                          f"from it (allowed: at most {scale:g}\", one hex length)")
