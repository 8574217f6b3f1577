"""The units a report shows: the game's units and those its ruleset keeps apart because they fly
(MBT's helicopters, 20.2), asked of the ruleset's ``air_units`` hook, with each flying unit's
altitude state."""

from __future__ import annotations

from collections.abc import Mapping

from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.registry import game_rules


def air_of(state: GameState) -> dict[str, tuple[UnitState, str]]:
    """The units of ``state`` that fly, each with its altitude state (none for a ruleset unknown
    here or without any)."""
    try:
        rs = game_rules(state.ruleset)
    except UmpireError:
        return {}
    return {uid: (a.unit, a.altitude) for uid, a in rs.air_units(state).items()}


def table_units(state: GameState) -> tuple[Mapping[str, UnitState], dict[str, str]]:
    """Every unit of the table, the flying ones after the game's own; and the altitude state of
    each flying one."""
    air = air_of(state)
    if not air:
        return state.units, {}
    return {**state.units, **{uid: u for uid, (u, _alt) in air.items()}}, {uid: alt for uid, (_u, alt) in air.items()}
