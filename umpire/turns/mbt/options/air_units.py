"""A game's helicopters as the reports see units (20.2): each its card, where it is, its altitude
state and whether it was destroyed (by AA fire, a special combat or its crash, 20.3.4.2).

The helicopters stay in the options' state (:mod:`umpire.rules.mbt.options.state`): the turn's
ground loops (orders, movement, fire targets, close assault, morale) never meet one. The reports,
``umpire status``, the roster, the map, the loss tables and a campaign's losses read them through
the ruleset's ``air_units`` hook as units of their side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from umpire.core.state import AirUnit, UnitState
from umpire.rules.mbt.state import MbtGame, MbtUnit

if TYPE_CHECKING:
    from umpire.core.state import GameState

KIND = "helicopter"  # a helicopter unit's kind, as the reports and the map tell it
BASE = (1.0, 1.0)  # its counter on the map (a hex's width: 20.2 moves it hex by hex)


def air_units(state: GameState) -> dict[str, AirUnit]:
    """Every helicopter of the game, its own side's unit: where the options' state has it now
    (as the scenario puts it before its first Air Phase), ``eliminated`` once destroyed."""
    from umpire.turns.mbt.options import state as OS

    own = state.own
    if not isinstance(own, MbtGame) or (own.options_state is None and not own.helicopters):
        return {}
    out = {}
    for h in sorted(OS.read(state).helicopters.values(), key=lambda x: x.id):
        u = UnitState(id=h.id, name=h.name, side=h.side, kind=KIND, card=h.card, x=h.x, y=h.y, facing=h.facing,
                      base=BASE, status="eliminated" if h.destroyed else "ok",
                      destroyed="crashed" if h.destroyed else None, own=MbtUnit())
        out[h.id] = AirUnit(u, h.altitude)
    return out
