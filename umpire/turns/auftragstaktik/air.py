"""Airstrikes over the tracked table: flights, sorties, bombing and strafing, the air defence fire at them.

Airstrikes: a side's flights (scenario ``air:``) attack one spotted enemy stand each, bombing (Very
Heavy HE with the ordnance modifier and the HQ-level shift of the HQ they are assigned to) or
strafing (its stat line's AT and HW), once per sortie; no template (MISCELLANEOUS RULES >
Airstrikes). Before it strikes, the target side's stands with an AD rating in range of the stand
attacked fire at the flight (MISCELLANEOUS RULES > Air Defense; ruling ``air.defense_fire``); a
hit makes it abort, two shoot it down (ruling ``air.defense_effect``).
"""

from __future__ import annotations

from typing import Any

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError, unknown
from umpire.rules.auftragstaktik.data import tables
from umpire.rules.auftragstaktik.facts import AtFireFacts
from umpire.rules.auftragstaktik.hits import effects
from umpire.rules.auftragstaktik.indirect import Command, air_defense, ordnance_drm, strafing
from umpire.rules.auftragstaktik.indirect import airstrike as bomb
from umpire.rules.auftragstaktik.ratings import Stand
from umpire.rules.auftragstaktik.state import Flight
from umpire.turns.auftragstaktik import tracked as tr
from umpire.turns.auftragstaktik.indirect import (
    LEVELS,
)


def c3_levels(state: GameState) -> dict[str, int]:
    return {s: int(v.get("c3", 3)) for s, v in tr.read_book(state).support.items()}


def flights(state: GameState, side: str) -> dict[str, Flight]:
    return {f["id"]: f for f in tr.read_book(state).support.get(side, {}).get("air", [])}


def sorties_left(state: GameState, flight: Flight) -> int:
    used = tr.read_book(state).sorties.get(flight["id"], 0)
    return int(flight.get("sorties", 1)) - int(used)


def check_air(state: GameState, side: str, fid: str, a: dict[str, Any], field: str, *, now: bool) -> Flight:
    mine = flights(state, side)
    if fid not in mine:
        raise UmpireError(f"{field}: {unknown('flight', fid, mine)} (the scenario's air: for {side})")
    f = mine[fid]
    lost = tr.read_book(state).flights_lost.get(fid)
    if lost is not None:
        raise UmpireError(f"{field}: {fid} was shot down in turn {lost} (ruling air.defense_effect)")
    if sorties_left(state, f) <= 0:
        raise UmpireError(f"{field}: {fid} has flown all its {f.get('sorties', 1)} sorties")
    tid = a.get("target")
    if tid not in state.units or state.units[tid].side == side:
        foes = [x.id for x in state.units.values() if x.side != side]
        raise UmpireError(f"{field}.target: {unknown('enemy stand', str(tid), foes)}")
    for key in ("ordered_by", "assigned_to"):
        if a.get(key, "battalion") not in LEVELS:
            raise UmpireError(f"{field}.{key}: unknown HQ level (allowed: {', '.join(LEVELS)})")
    if a.get("attack", "bomb") == "strafe" and not f.get("statline"):
        raise UmpireError(f"{field}.attack: {fid} has no stat line to strafe with (allowed: bomb)")
    if now:
        t = state.units[tid]
        if not tr.alive(t) or side not in t.spotted_by:
            raise UmpireError(
                f"{field}.target: {tid} is not a spotted enemy stand (airstrikes attack a stand the side has spotted; "
                "ruling air.targeting)"
            )
    return f


def airstrike(state: GameState, side: str, fid: str, a: dict[str, Any], dice: Dice) -> tuple[UnitState, Resolution]:
    f = flights(state, side)[fid]
    t = state.units[a["target"]]
    rulings = tr.rulings_of(state)
    target = tr.stand(state, t, moved=tr.moved_in(t, 1) > 0, spotted=True)
    if a.get("attack", "bomb") == "strafe":
        plane = Stand(unit=tr.ratings(f["statline"]), quality=f.get("quality", "regular"))
        res = strafing(plane, target, scoped(dice, "strafing", fid, t.id), rulings)
    else:
        cmd = Command(
            orders_level=a.get("ordered_by", "battalion"),
            firing_level=a.get("assigned_to", "battalion"),
            doctrine=str(f.get("doctrine", "balanced")),
        )
        res = bomb(
            target, scoped(dice, "airstrike", fid, t.id), rulings,
            aircraft_drm=ordnance_drm(float(f["ordnance_tons"]), rulings, tables()), command=cmd,
        )
    # the flight is no stand: its dice and modifiers are its side's (the report reads them so)
    fx = AtFireFacts.of(res)
    fx.flight, fx.target = fid, t.id
    fx.rolls = [{**r.as_dict(), "side": side} for r in res.rolls]
    fx.modifiers = [{**m.model_dump(), "side": side} for m in res.modifiers]
    fx.shifts = [{**m.model_dump(), "side": side} for m in res.shifts]
    res.summary = (
        f"{f.get('name') or fid} {'strafes' if a.get('attack') == 'strafe' else 'bombs'} {t.id}: {res.summary}"
    )
    return t, res


_NO_STATLINE = "mp | 0 | 0/0 | -- | -- | +0 | --"


def _ad_weapon(state: GameState, x: UnitState, reach: float) -> str | None:
    """The weapon ``x`` fires at a flight attacking a stand ``reach`` inches away (ruling
    air.defense_fire), or None."""
    r = tr.unit_ratings(x)
    if r.air_defense is not None:
        limit = r.air_defense.range if r.air_defense.range is not None else (r.hw.range if r.hw else None)
        if limit is not None and reach <= limit + 1e-9:
            return "ad"
        return None
    if tr.rulings_of(state)["air.defense_fire"] != "sa_hw_too":
        return None
    if r.hw is not None and r.hw.range is not None and reach <= r.hw.range + 1e-9:
        return "hw"
    if r.sa is not None and r.sa.ranged is not None and reach <= tables().fire.ranges.sa_max_in + 1e-9:
        return "sa"
    return None


def air_defence(
    state: GameState, side: str, fid: str, a: dict[str, Any], dice: Dice
) -> tuple[list[Resolution], int]:
    """The target side's air defence fires at flight ``fid`` before it strikes (MISCELLANEOUS RULES
    > Air Defense; ruling ``air.defense_fire``): each stand able to, in id order, once, on the +1
    column. Returns the resolutions and the hits scored on the flight."""
    from umpire.geometry.distance import edge_distance
    from umpire.turns.auftragstaktik.table import pose

    f = flights(state, side)[fid]
    t = state.units[a["target"]]
    ext = tr.book(state)
    plane = Stand(
        unit=tr.ratings(f.get("statline") or _NO_STATLINE), quality=f.get("quality", "regular"), kind="aircraft"
    )
    results, hits = [], 0
    for x in sorted(state.units.values(), key=lambda x: x.id):
        if x.side != t.side or not tr.alive(x) or not effects(x.hits).may_fire:
            continue
        if ext.battalion_status.get(getattr(tr.battalion_of(state, x), "id", "")) == "routed":
            continue
        reach = 0.0 if x.id == t.id else float(edge_distance(pose(x), pose(t)))
        weapon = _ad_weapon(state, x, reach)
        if weapon is None:
            continue
        res = air_defense(
            tr.stand(state, x, moved=tr.moved_in(x, 1) > 0, spotted=True),
            plane,
            weapon,  # type: ignore[arg-type]
            scoped(dice, "air-defence", x.id, fid),
            tr.rulings_of(state),
            range_in=round(reach, 3),
        )
        fx = AtFireFacts.of(res)
        fx.firer, fx.target, fx.flight, fx.weapon, fx.range = x.id, t.id, fid, weapon, round(reach, 2)
        res.summary = f"{x.id} fires {weapon.upper()} at {f.get('name') or fid} attacking {t.id}: {res.summary}"
        results.append(res)
        hits += int(res.outcome.get("hits", 0))
    return results, hits


