"""Amphibious movement (option 17.7) over the tracked game.

An amphibious vehicle (its card's NOTES) enters water and non-fordable streams at its card's
non-fordable stream cost, as its MOVEMENT COSTS already say (17.7.1). Played by the option: a
vehicle there is **floating** (standing in a water area, or within half a hex length of a river
line, or of a stream line when the ground weather made streams unfordable, 18.2.2) and so

- makes no exhaust smoke (17.7.2: refused in the orders);
- sinks, knocked out with no bail out, when it takes a hull compartment hit or stands in the
  impact hex of artillery GP area fire (17.7.3).
"""

from __future__ import annotations

from typing import Any

from umpire.core.state import GameState, UnitState
from umpire.rules.mbt.state import MbtGame, MbtUnit
from umpire.rules.mbt.vehicle_card import Card
from umpire.turns.mbt.options import on
from umpire.turns.mbt.paths import segment_distance
from umpire.turns.mbt.turn_state import unit_note

NAME = "amphibious"


def floating(state: GameState, u: UnitState) -> bool:
    """Is ``u`` an amphibious vehicle afloat where it stands (17.7.1)?"""
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.table import AdvTable

    if not on(state, NAME) or not U.on_table(u) or U.kind(u) != "vehicle":
        return False
    card = U.card_of(u)
    if not isinstance(card, Card) or not card.notes.amphibious:
        return False
    t = AdvTable(state)
    xy = t.xy(u)
    if "water" in t.types_at(xy):
        return True
    lines = {"river"} | ({"stream"} if MbtGame.of(state).streams == "unfordable" else set())
    r = t.scale / 2 + 1e-9
    return any(t._types.get(p.id) in lines and p.line and any(
        segment_distance(xy, a, b) <= r for a, b in zip(p.line, p.line[1:], strict=False)) for p in state.terrain)


def exhaust_why(state: GameState, u: UnitState) -> str:
    """17.7.2 for a vehicle asked to make exhaust smoke."""
    return "a floating vehicle makes no exhaust smoke (17.7.2)" if floating(state, u) else ""


def sinks(state: GameState, u: UnitState, why: str, when: str, notes: list[Any]) -> bool:
    """Sink ``u`` if it is floating (17.7.3): knocked out, no bail out; returns whether it sank."""
    from umpire.turns.mbt.advanced.losses import destroy

    if not floating(state, u):
        return False
    MbtUnit.of(u).sunk = True  # no bail out from a sinking vehicle (17.7.3)
    destroy(state, u, "knocked_out", when, notes)
    notes.append(unit_note(u.id, f"sinks: {why} while floating (17.7.3)", "damage"))
    return True


def impact_hex(state: GameState, at: Any, when: str, notes: list[Any]) -> None:
    """Every floating vehicle in the impact hex of artillery GP area fire sinks (17.7.3)."""
    from umpire.turns.mbt.advanced.table import AdvTable

    if not on(state, NAME) or not isinstance(at, list | tuple) or len(at) < 2:
        return
    t = AdvTable(state)
    for u in sorted(t.in_hex((float(at[0]), float(at[1]))), key=lambda x: x.id):
        sinks(state, u, "in the impact hex of artillery fire", when, notes)
