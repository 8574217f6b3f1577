"""Searchlights in a tracked MBT game (option night, 18.1.2).

A vehicle carries the searchlights its card NOTES list, which the scenario gives it (``searchlights:
[IR, WL]``: the transcribed cards do not carry them). Its orders turn one on or off (``searchlight:
IR``, ``WL`` or ``off``) at the Turn's Adjust Markers Step (18.1.2.1); it stays on until turned off,
one type at a time, never in Fog or Blowing Snow. While it is on, it lights what lies in the 60
degree arc of its turret (or hull) front, in its line of sight, through no "other" smoke hex, out to
its range (IR 10 hexes, WL 15): every unit of its side sights a target there as by Day; and every
enemy sights the unit itself as by Day, within 10 hexes of an IR light, at any Day range of a WL one
(18.1.2.2-3). The rule is :func:`umpire.rules.mbt.options.terrain.searchlight_light`, which ``calc
sight`` and ``calc fire`` answer with the case's ``searchlight``, ``searchlight_range`` and
``target_searchlight``: the tracked turn puts those in its cases (and the camouflage case its
conditions). A camouflaged unit that turns its searchlight on loses its camouflage for good (17.6.1.3).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.geometry.arcs import bearing
from umpire.rules.mbt import arcs as mbt_arcs
from umpire.rules.mbt.options.terrain import searchlight_light, searchlight_range
from umpire.rules.mbt.state import MbtGame, MbtUnit, turret_facing
from umpire.turns.common import Applied
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.options import on
from umpire.turns.mbt.turn_state import mbt, note_resolutions, plan, unit_note

NAME = "night"
ARC = 30.0  # half the searchlight's 60 degree arc (18.1.2.1)


def check(state: GameState, u: UnitState, value: str, at: str) -> None:
    """A unit's ``searchlight`` order (18.1.2.1).

    :raises UmpireError: naming ``at`` and what is allowed.
    """
    if not on(state, NAME):
        raise UmpireError(f"{at}: searchlights need the night option (add night to the scenario's mbt.options)")
    conditions = str(MbtGame.of(state).conditions)
    if value != "off" and conditions in ("fog", "blowing_snow"):
        raise UmpireError(f"{at}: {value}: no searchlight may be used in {conditions.replace('_', ' ')} "
                          "(18.1.2.2-3; allowed: off)")
    carried = MbtUnit.of(u).searchlights
    if value != "off" and value not in carried:
        raise UmpireError(f"{at}: {value}: {u.id} carries no {value} searchlight (allowed: "
                          f"{', '.join([*carried, 'off'])}; its scenario's searchlights, 18.1.2)")


def with_searchlights(adjustment: Callable[[GameState], Applied]) -> Callable[[GameState], Applied]:
    """The Adjustment phase with the searchlights its orders turn on or off marked first (the
    Adjust Markers Step, 18.1.2.1)."""

    def run(state: GameState) -> Applied:
        if not on(state, NAME):
            return adjustment(state)
        new = state.copy_for_change()
        m = mbt(new)
        notes: list[Any] = []
        for side in new.side_ids():
            for uid, spec in plan(m, side):
                value = spec.get("searchlight")
                if value is None or uid not in new.units:
                    continue
                own = MbtUnit.of(new.units[uid])
                own.searchlight = None if value == "off" else value
                rule = {"IR": "18.1.2.2", "WL": "18.1.2.3"}.get(str(value), "18.1.2.1")
                said = "turns its searchlight off" if value == "off" else f"turns its {value} searchlight on"
                notes.append(unit_note(uid, f"{said} ({rule})", "searchlight"))
                if value != "off" and own.camouflaged:  # 17.6.1.3: for good
                    own.camouflaged, own.camouflaged_at = False, None
                    notes.append(unit_note(uid, "has lost its camouflage: it used its searchlight (17.6.1.3)",
                                           "camouflage_lost"))
        applied = adjustment(new)
        applied.resolutions[:0] = note_resolutions(notes)
        return applied

    return run


def fields(t: Any, viewer: UnitState, target: UnitState, b: tuple[float, float]) -> dict[str, Any]:
    """The searchlight fields of a sight or fire case of ``viewer`` looking at ``target`` at ``b``
    (18.1.2): the first "on" light of ``viewer``'s side that has ``b`` in its arc, range and line of
    sight, through no other smoke (``searchlight``, ``searchlight_range`` in inches), and the
    target's own light (``target_searchlight``); none without the option, by Day, or without lights."""
    state = t.state
    if t.conditions in ("day", "fog", "blowing_snow") or not on(state, NAME):
        return {}
    out: dict[str, Any] = {}
    for light in sorted(state.units_of(viewer.side), key=lambda x: x.id):
        kind = MbtUnit.of(light).searchlight
        if kind is None or not U.alive(light) or not U.on_table(light) or light.id == target.id:
            continue
        a = t.xy(light)
        reach = searchlight_range(kind, t.conditions)
        if reach is None or t.hexes(a, b) > reach:
            continue
        if t.hexes(a, b) > 1 and mbt_arcs.off(bearing(a, b), turret_facing(light)) > ARC + 1e-9:
            continue
        if t.other_smoke(a, b) or t.los_adv(a, b, t.unit_height(light, a), t.unit_height(target, b)).blocked:
            continue
        out = {"searchlight": kind, "searchlight_range": math.dist(a, b)}
        break
    own = MbtUnit.of(target).searchlight
    if own is not None:
        out["target_searchlight"] = own
    return out


def lit(t: Any, viewer: UnitState, target: UnitState, b: tuple[float, float], conditions: str) -> str:
    """The sighting conditions of ``viewer`` looking at ``target`` at ``b`` under the searchlights
    (:func:`fields`), by the rule ``calc`` answers with the same fields (18.1.2)."""
    f = fields(t, viewer, target, b)
    if not f:
        return conditions
    far = f.get("searchlight_range")
    return searchlight_light(conditions, t.hexes(t.xy(viewer), b), light=f.get("searchlight"),
                             light_range=None if far is None else t.hexes((0.0, 0.0), (far, 0.0)),
                             target_light=f.get("target_searchlight"))[0]
