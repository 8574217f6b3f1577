"""Camouflage and less visible firing weapons (option 17.6) over the tracked game.

A unit the scenario starts camouflaged (``camouflaged: true``, 17.6.1) keeps its camouflage while
it stays in its starting hex at its starting facing and fires nothing (17.6.1.3). As each Turn's
Initiative Phase closes, every enemy unit rolls its one camouflage die against each camouflaged
unit, keyed by the Turn, the sighter and the camouflaged unit and recorded once, for the umpire
alone; every look of that Turn compares that die with the sighting range of the moment through
calc's camouflage rule (17.6.1.1), so one pair's sighting does not change from look to look and
replays exactly. At 1 hex it is sighted (17.6.1.2); a thermal imager within 20 hexes sights it
normally (17.6.1.4). A unit that fires only small arms or mortars is marked spotted MOVED instead
of FIRED (17.6.2).
"""

from __future__ import annotations

from typing import Any

from umpire.core.dice import Dice, ScriptedDice, scoped
from umpire.core.resolution import Facts, Resolution
from umpire.core.state import GameState, UnitState
from umpire.rules.mbt import data
from umpire.rules.mbt.sighting import Spotted, terrain_column
from umpire.rules.mbt.state import MbtGame, MbtUnit
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.options import on
from umpire.turns.mbt.turn_state import mbt, unit_note

NAME = "camouflage"
QUIET = ("small_arms", "mortar")  # 17.6.2


def camouflaged(state: GameState, u: UnitState) -> bool:
    return bool(MbtUnit.of(u).camouflaged) and on(state, NAME)


def roll(state: GameState, dice: Dice) -> list[Resolution]:
    """This Turn's camouflage dice, one a pair of an enemy unit and a camouflaged unit (17.6.1.1);
    a camouflaged unit's starting hex and facing noted on the first Turn (17.6.1.3)."""
    hidden = [u for u in state.units.values() if camouflaged(state, u) and U.alive(u)]
    if not hidden:
        return []
    rolls: dict[str, dict[str, int]] = {}
    for e in hidden:
        own = MbtUnit.of(e)
        if own.camouflaged_at is None:
            own.camouflaged_at = (e.x, e.y, e.facing)  # type: ignore[assignment]
        for v in state.units.values():
            if v.side != e.side and U.alive(v):
                (rolls.setdefault(e.id, {})[v.id],) = scoped(dice, NAME, v.id, e.id).roll(
                    10, why=f"camouflage: {v.id} sighting {e.id}")
    mbt(state).camouflage = {"turn": state.turn, "rolls": rolls}
    return [Resolution(ruleset="mbt", procedure="camouflage dice", outcome={"rolls": rolls},
                       summary=f"turn {state.turn} camouflage dice: " + "; ".join(
                           f"{e} by " + ", ".join(f"{v} {d}" for v, d in by.items()) for e, by in rolls.items())
                       + " (17.6.1.1, kept by the umpire)",
                       facts=Facts(side="umpire"))]


def thermal(u: UnitState) -> bool:
    """A thermal imager among its sights (the T of a weapon's SIGHTS, 4.7.1)."""
    return any("T" in w.sight_letters() for w in U.weapons(u))


def hidden(state: GameState, viewer: UnitState, target: UnitState, rng: int, base: int) -> str | None:
    """Why ``viewer``, which meets every other requirement, does not sight the camouflaged
    ``target`` now (None: it does), by the rule calc's camouflage procedure plays."""
    from umpire.rules.mbt.options.terrain import camouflage

    if not camouflaged(state, target):
        return None
    c = MbtGame.of(state).camouflage
    die = c["rolls"].get(target.id, {}).get(viewer.id) if c is not None and c["turn"] == state.turn else None
    seen, _, why = camouflage(base, rng, ScriptedDice([die if die is not None else 10]), thermal=thermal(viewer))
    if die is None and "die" in why:
        why = "no camouflage die this Turn for the pair (17.6.1.1)"
        seen = False
    return None if seen else f"camouflaged: {why}"


def case(t: Any, viewer: UnitState, target: UnitState) -> dict[str, Any]:
    """The calc camouflage case of ``viewer`` looking at ``target`` where they stand now."""
    import math

    from umpire.turns.mbt.options.night import conditions_at
    from umpire.turns.mbt.options.searchlights import lit

    a, b = t.xy(viewer), t.xy(target)
    carrier = t.state.units.get(str(viewer.carried_by or ""))
    return {"procedure": NAME, "range": math.dist(a, b), "scale": t.scale,
            "terrain": terrain_column(t.terrain(b), data.chart("sighting")),
            "conditions": lit(t, viewer, target, b, conditions_at(t.state, t.conditions, b)),
            "sighter": U.hatch(carrier if carrier is not None else viewer), "size": U.size(target),
            "thermal": thermal(viewer)}


def fired(state: GameState, u: UnitState, kinds: set[str]) -> Spotted:
    """The spotted marker a unit that fired takes (17.6.2: MOVED for small arms or mortars only),
    and its camouflage is lost for good (17.6.1.3)."""
    if not on(state, NAME):
        return "fired"
    MbtUnit.of(u).camouflaged = False
    return "moved" if kinds and kinds <= set(QUIET) else "fired"


def lost(state: GameState) -> list[dict[str, Any]]:
    """Camouflage lost for good by a move out of the starting hex or a turn within it (17.6.1.3)."""
    import math

    from umpire.turns.mbt.advanced.table import AdvTable

    notes = []
    scale = AdvTable(state).scale
    for u in state.units.values():
        at = MbtUnit.of(u).camouflaged_at
        if not at:
            continue
        if not MbtUnit.of(u).camouflaged:
            MbtUnit.of(u).camouflaged_at = None
            notes.append(unit_note(u.id, "has lost its camouflage: it fired (17.6.1.3)", "camouflage_lost"))
        elif u.x is not None and u.y is not None and (
                math.dist(at[:2], (u.x, u.y)) >= scale / 2 - 1e-9 or abs(u.facing - at[2]) > 1e-9):
            MbtUnit.of(u).camouflaged = False
            MbtUnit.of(u).camouflaged_at = None
            notes.append(unit_note(u.id, "has lost its camouflage: it moved or turned (17.6.1.3)", "camouflage_lost"))
    return notes
