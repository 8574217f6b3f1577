"""Advanced Game fire over the tracked table: who may fire at whom (13.1, 13.2, 14.2, 12.3.1),
one AP shot (14.3) or GP shot (14.4) resolved from the table by the rules core, and what it does
to the units (14.3.3, 14.4.4.2, 12.3).

Every resolution names its firer, target, step, weapon, ammunition, range and both positions,
and what each side saw at the moment of the shot (``sighted``), as the Basic Game's do, so the
briefings are composed from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.geometry.arcs import bearing
from umpire.rules.mbt import arcs as mbt_arcs
from umpire.rules.mbt import sighting
from umpire.rules.mbt.facts import ShotFacts
from umpire.rules.mbt.provenance import Val
from umpire.rules.mbt.state import MbtGame, MbtUnit, turret_facing
from umpire.rules.mbt.vehicle_card import Weapon
from umpire.schema.load import validate
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.table import AdvTable
from umpire.turns.mbt.fire import Check, slug


@dataclass(frozen=True)
class AdvShot:
    """One Advanced Game shot as it is taken: who fires which weapon and ammunition (the firing
    step's own, before it is read from the order: "" for the weapon's first AP or GP), under which
    order, at whom, in which step (``key_step``: the step its dice are keyed by, when not that one:
    a missile's flight is keyed by the step that announced it), where the target is then (a point
    on its move, ``at``; its hull's facing there; whether it is moving), the shots it fires when
    fewer than its rate (17.3.2.2), and GP fire's own: canister (14.4.5.2), the attached units
    that fired (17.3.4), pinning fire (17.4.3)."""

    firer: UnitState
    target: UnitState
    weapon: Weapon
    ammo: str
    order: str
    step: str
    at: tuple[float, float] | None = None
    target_facing: float | None = None
    moving: bool = False
    key_step: str | None = None
    shots: int | None = None
    canister: bool = False
    attached_fired: int = 0
    pinning: str | None = None


def _r(v: float) -> float:
    return round(float(v), 3)


def marker(u: UnitState, moving: bool = False) -> str:
    return "moved" if moving else str(MbtUnit.of(u).spotted)


def facing_of_sight(u: UnitState) -> float:
    """Suppressed units sight and fire to a 60-degree arc: the turret's front if it has a
    working turret, else the unit's own (12.3.1)."""
    if U.kind(u) == "vehicle" and MbtUnit.of(u).compartment != "turret":
        return turret_facing(u)
    return float(u.facing)


def base_range(t: AdvTable, viewer: UnitState, target: UnitState, at: tuple[float, float],
               est: list[str] | None = None, ruled: list[str] | None = None) -> Val[int]:
    """The SIGHTING RANGES CHART range; a rider looks out as its carrier does (open or buttoned)."""
    carrier = t.state.units.get(str(viewer.carried_by or ""))
    hatch = U.hatch(carrier if carrier is not None else viewer)
    from umpire.turns.mbt.options.night import conditions_at
    from umpire.turns.mbt.options.searchlights import lit

    conditions = lit(t, viewer, target, at, conditions_at(t.state, t.conditions, at))
    return sighting.chart_range(conditions, hatch, t.terrain(at), U.size(target), t.rulings, estimated=est,
                                ruled=ruled)


def sees(t: AdvTable, viewer: UnitState, target: UnitState, at: tuple[float, float] | None = None,
         moving: bool = False) -> Check:
    """Does ``viewer`` see ``target`` (6.1.3, 13.1, 13.2, 12.3.1)? A carried unit is never seen
    as itself (15.3.2.6, 15.3.3.3)."""
    a, b = t.xy(viewer), at or t.xy(target)
    rng = t.hexes(a, b)
    if U.carried(target):
        return Check(False, rng, "carried in a vehicle (15.3.3.3)")
    est: list[str] = []
    ruled: list[str] = []
    base = base_range(t, viewer, target, b, est, ruled)
    if base.estimated:
        est.append(f"sighting range {t.conditions} {U.hatch(viewer)} {'/'.join(t.terrain(b))} {U.size(target)} "
                   f"({base.v})")
    limit = sighting.sighting_limit(base.v, marker(target, moving))  # type: ignore[arg-type]
    if limit is not None and rng > limit:
        return Check(False, rng, f"not seen: range {rng} is beyond sighting {limit} (6.1.3, 13.1)", est, ruled)
    if U.suppressed(viewer) and rng > 0 and mbt_arcs.off(bearing(a, b), facing_of_sight(viewer)) > 30 + 1e-9:
        return Check(False, rng, "suppressed: it sights only within 60 degrees of its front (12.3.1)", est, ruled)
    los = t.los_adv(a, b, t.unit_height(viewer, a), t.unit_height(target, b))
    est += [e for e in los.estimated if e not in est]
    if los.blocked:
        return Check(False, rng, "not seen: " + (los.reasons[-1] if los.reasons else "line of sight blocked")
                     + " (13.2.1)", est, ruled)
    from umpire.turns.mbt.options.camouflage import hidden

    why = hidden(t.state, viewer, target, rng, base.v)
    if why:
        return Check(False, rng, f"not seen: {why}", est, ruled)
    return Check(True, rng, "", est, ruled, los.hull_down, los.reasons)


def in_reach(t: AdvTable, firer: UnitState, target: UnitState, weapon: Weapon, ammo: str | None,
             at: tuple[float, float] | None = None, moving: bool = False) -> Check:
    """Is ``target`` in sight and in the range of ``weapon`` (7.2, 14.2)? A missile in flight
    asks this alone: it is not held to the firing arc (14.2.2)."""
    seen = sees(t, firer, target, at, moving)
    if not seen.legal:
        return seen
    if ammo is not None:
        a = weapon.find_ammo(ammo)
        if not a.min_range.v <= seen.range <= a.max_range.v:
            return Check(False, seen.range, f"out of range: {seen.range} hexes, the {weapon.name} {a.name} reaches "
                         f"{a.min_range.v}-{a.max_range.v} (4.7.2)", seen.estimated, seen.ruled)
    return seen


def can_fire(t: AdvTable, firer: UnitState, target: UnitState, weapon: Weapon, ammo: str | None,
             at: tuple[float, float] | None = None, moving: bool = False) -> Check:
    """Is ``target`` a legal target of ``weapon`` now (7.2, 14.2): in sight, range and arc?"""
    seen = in_reach(t, firer, target, weapon, ammo, at, moving)
    if not seen.legal:
        return seen
    b = bearing(t.xy(firer), at or t.xy(target))
    if U.suppressed(firer):
        if mbt_arcs.off(b, facing_of_sight(firer)) > 30 + 1e-9:
            return Check(False, seen.range, "suppressed: it fires only within 60 degrees of its front (12.3.1)",
                         seen.estimated, seen.ruled)
    elif not mbt_arcs.in_arc(str(weapon.trn.v), b, firer.facing, turret_facing(firer)):
        return Check(False, seen.range, f"outside the {weapon.name}'s firing arc ({weapon.trn.v}; 14.2.1)",
                     seen.estimated, seen.ruled)
    return seen


def sighted_in_shot(t: AdvTable, firer: UnitState, target: UnitState, a: tuple[float, float],
                    b: tuple[float, float], moving: bool) -> list[dict[str, Any]]:
    """What each side saw at the shot (24.2.2): the firer its target, the target's side the firer,
    now marked spotted (FIRED), where the line of sight is clear. A rider's fire shows its
    carrier, and the rider itself only where its carrier would show it (15.3.3.3)."""
    rng = t.hexes(a, b)
    out: list[dict[str, Any]] = []
    level = sighting.identification(rng, base_range(t, firer, target, b).v, marker(target, moving))  # type: ignore[arg-type]
    if level is not None:
        out.append({"by": firer.side, "unit": target.id, "level": level, "at": [_r(b[0]), _r(b[1])]})
    if U.alive(target) and not U.carried(target) and not t.los_adv(b, a, t.unit_height(target, b),
                                                                   t.unit_height(firer, a)).blocked:
        carrier = t.state.units.get(str(firer.carried_by or ""))
        shown = firer if carrier is None else carrier
        back = sighting.identification(rng, base_range(t, target, shown, a).v, "fired")
        if back is not None:
            out.append({"by": target.side, "unit": shown.id, "level": back, "at": [_r(a[0]), _r(a[1])]})
            if carrier is not None and back == "full" and (not U.transport(carrier)[2]
                                                           or U.hatch(carrier) == "open"):
                out.append({"by": target.side, "unit": firer.id, "level": back, "at": [_r(a[0]), _r(a[1])]})
    return out


def shot_facts(res: Resolution, t: AdvTable, shot: AdvShot, a: tuple[float, float], b: tuple[float, float],
               check: Check | None) -> None:
    """What a shot's resolution names (firer, target, step, weapon, ammunition, range, both places,
    what each side saw), and the estimates and rulings of its check."""
    firer, target, weapon, ammo, step, moving = shot.firer, shot.target, shot.weapon, shot.ammo, shot.step, shot.moving
    if check is not None:
        res.estimated = [*check.estimated, *[e for e in res.estimated if e not in check.estimated]]
        res.ruled = [*check.ruled, *[r for r in res.ruled if r not in check.ruled]]
    res.rulings = t.rulings.differences()
    fx = ShotFacts.of(res)
    fx.firer = firer.id
    fx.target = target.id
    fx.step = step
    fx.weapon = weapon.name
    fx.ammo = ammo
    fx.range = t.hexes(a, b)
    fx.firer_at = [_r(a[0]), _r(a[1])]
    fx.target_at = [_r(b[0]), _r(b[1])]
    fx.sighted = sighted_in_shot(t, firer, target, a, b, moving)


def note_acq(state: GameState, key: Literal["acq", "gp_acq"], firer: str, target: str) -> None:
    acq = MbtGame.of(state).runs(key)
    prev = acq.get(firer)
    if prev and prev["target"] == target and prev["last"] in (state.turn - 1, state.turn):
        prev["last"] = state.turn
    else:
        acq[firer] = {"target": target, "since": state.turn, "last": state.turn}


def ap(state: GameState, t: AdvTable, shot: AdvShot, dice: Dice, *, check: Check | None = None) -> Resolution:
    """One AP point effect shot (7.4, 14.3) with the Advanced Game's modifiers: its ``fire``
    case built from the table and resolved by ``calc fire``'s own function."""
    from umpire.rules.mbt.calc_fire import elevation_of, resolve_fire
    from umpire.rules.mbt.cases import FireCase
    from umpire.turns.mbt.advanced.cases import fire_case

    firer, target, weapon, ammo, step, at = shot.firer, shot.target, shot.weapon, shot.ammo, shot.step, shot.at
    case = fire_case(state, t, shot, hull_down=bool(check and check.hull_down))
    c = validate(FireCase, {k: v for k, v in case.items() if k != "procedure"}, "fire")
    rec = RecordingDice(scoped(dice, "fire", slug(shot.key_step or step), firer.id, target.id))
    res = resolve_fire(c, rec, t.rulings)
    res.rolls = rec.take()
    a, b = t.xy(firer), at or t.xy(target)
    rng = t.hexes(a, b)
    elevation = elevation_of(c.firer.height, c.target.height)
    auto = next((n.removeprefix("hull down: ") for n in res.notes if n.startswith("hull down: ")), None)
    why_hd = auto or ("hull down behind the obstacle (13.2.2.2)" if c.target.hull_down else "")
    res.summary = (f"{firer.id} fires {weapon.name} {ammo} at {target.id} ({step}; range {rng}, "
                   f"{c.angle.replace('_', '-')}, {elevation}{'; ' + why_hd if why_hd else ''}): {res.summary}")
    shot_facts(res, t, shot, a, b, check)
    fx = ShotFacts.of(res)
    fx.angle, fx.elevation, fx.case = case["angle"], elevation, case
    return res


def gp_factor(firer: UnitState, weapon: Weapon, ammo: str, order: str, rng: int) -> tuple[int, list[str]]:
    """The GP factor of a weapon at a range, NM or MV by the firer's orders (14.4.1).

    :raises UmpireError: (a ValueError, caught by callers) if the weapon cannot fire GP so.
    """
    from umpire.rules.mbt.gp_targets import gp_factor as factor

    est: list[str] = []
    v, _ = factor(U.card_of(firer), weapon, weapon.find_ammo(ammo), order, rng, est)
    return v, est


def gp(state: GameState, t: AdvTable, shot: AdvShot, dice: Dice, *, check: Check | None = None) -> Resolution:
    """One GP point effect shot (14.4): its ``gp`` case built from the table and resolved by
    ``calc gp``'s own function; the same roll goes against each unit the target vehicle carries
    where they can be hit (14.4.3.2.5: ``outcome["passengers"]``, with their ids here)."""
    from umpire.rules.mbt.calc_fire import resolve_gp
    from umpire.rules.mbt.cases import GpCase
    from umpire.turns.mbt.advanced.cases import gp_case

    firer, target, weapon, step, at = shot.firer, shot.target, shot.weapon, shot.step, shot.at
    case = gp_case(state, t, shot)
    c = validate(GpCase, {k: v for k, v in case.items() if k != "procedure"}, "gp")
    rec = RecordingDice(scoped(dice, "fire", slug(shot.key_step or step), firer.id, target.id))
    res = resolve_gp(c, rec, t.rulings)
    res.rolls = rec.take()
    a, b = t.xy(firer), at or t.xy(target)
    riders = [p.id for p, _ in zip(U.passengers(state, target), res.outcome.get("passengers", []), strict=False)]
    for pid, hit in zip(riders, res.outcome.get("passengers", []), strict=False):
        res.notes.append(f"{pid} carried: GP defense {hit['gp_defense']}, modified roll {hit['modified_roll']}: "
                         f"{hit['effect']}")
    if riders:
        ShotFacts.of(res).passengers = riders  # the units of outcome["passengers"], in order
    res.summary = (f"{firer.id} fires {weapon.name} ({ShotFacts.of(res).gp_factor} GP) at {target.id} ({step}; range "
                   f"{res.facts.range}): {res.summary}")
    shot_facts(res, t, shot, a, b, check)
    res.facts.case = case
    return res


