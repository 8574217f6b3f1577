"""Advanced Game fire over the tracked table: who may fire at whom (13.1, 13.2, 14.2, 12.3.1),
one AP shot (14.3) or GP shot (14.4) resolved from the table by the rules core, and what it does
to the units (14.3.3, 14.4.4.2, 12.3).

Every resolution names its firer, target, step, weapon, ammunition, range and both positions,
and what each side saw at the moment of the shot (``sighted``), as the Basic Game's do, so the
briefings are composed from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.geometry.arcs import bearing
from umpire.rules.mbt import ap_fire, gp_fire, orders, sighting
from umpire.rules.mbt import arcs as mbt_arcs
from umpire.rules.mbt.cards import LegCard
from umpire.rules.mbt.provenance import Val, parse_range
from umpire.rules.mbt.vehicle_card import Card, Weapon
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.table import AdvTable
from umpire.turns.mbt.fire import slug


def _r(v: float) -> float:
    return round(float(v), 3)


@dataclass
class Check:
    legal: bool
    range: int
    why: str = ""
    estimated: list[str] = field(default_factory=list)
    ruled: list[str] = field(default_factory=list)
    hull_down: bool = False
    los_reasons: list[str] = field(default_factory=list)


def marker(u: UnitState, moving: bool = False) -> str:
    return "moved" if moving else str(u.notes.get("spotted", "none"))


def facing_of_sight(u: UnitState) -> float:
    """Suppressed units sight and fire to a 60-degree arc: the turret's front if it has a
    working turret, else the unit's own (12.3.1)."""
    if U.kind(u) == "vehicle" and u.notes.get("compartment") != "turret":
        return float(u.notes.get("turret_facing", u.facing))
    return float(u.facing)


def base_range(t: AdvTable, viewer: UnitState, target: UnitState, at: tuple[float, float],
               est: list[str] | None = None, ruled: list[str] | None = None) -> Val[int]:
    """The SIGHTING RANGES CHART range; a rider looks out as its carrier does (open or buttoned)."""
    carrier = t.state.units.get(str(viewer.notes.get("carried_by") or ""))
    hatch = U.hatch(carrier if carrier is not None else viewer)
    from umpire.turns.mbt.options.night import conditions_at

    return sighting.chart_range(conditions_at(t.state, t.conditions, at), hatch, t.terrain(at), U.size(target),
                                t.rulings, estimated=est, ruled=ruled)


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
    return Check(True, rng, "", est, ruled, los.hull_down, los.reasons)


def can_fire(t: AdvTable, firer: UnitState, target: UnitState, weapon: Weapon, ammo: str | None,
             at: tuple[float, float] | None = None, moving: bool = False, arc: bool = True) -> Check:
    """Is ``target`` a legal target of ``weapon`` now (7.2, 14.2)?"""
    seen = sees(t, firer, target, at, moving)
    if not seen.legal:
        return seen
    if ammo is not None:
        a = weapon.find_ammo(ammo)
        if not a.min_range.v <= seen.range <= a.max_range.v:
            return Check(False, seen.range, f"out of range: {seen.range} hexes, the {weapon.name} {a.name} reaches "
                         f"{a.min_range.v}-{a.max_range.v} (4.7.2)", seen.estimated, seen.ruled)
    if arc:
        b = bearing(t.xy(firer), at or t.xy(target))
        if U.suppressed(firer):
            if mbt_arcs.off(b, facing_of_sight(firer)) > 30 + 1e-9:
                return Check(False, seen.range, "suppressed: it fires only within 60 degrees of its front (12.3.1)",
                             seen.estimated, seen.ruled)
        elif not mbt_arcs.in_arc(str(weapon.trn.v), b, firer.facing, float(firer.notes.get("turret_facing",
                                                                                            firer.facing))):
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
        carrier = t.state.units.get(str(firer.notes.get("carried_by") or ""))
        shown = firer if carrier is None else carrier
        back = sighting.identification(rng, base_range(t, target, shown, a).v, "fired")
        if back is not None:
            out.append({"by": target.side, "unit": shown.id, "level": back, "at": [_r(a[0]), _r(a[1])]})
            if carrier is not None and back == "full" and (not U.transport(carrier)[2]
                                                           or U.hatch(carrier) == "open"):
                out.append({"by": target.side, "unit": firer.id, "level": back, "at": [_r(a[0]), _r(a[1])]})
    return out


def _facts(res: Resolution, t: AdvTable, firer: UnitState, target: UnitState, weapon: Weapon, ammo: str,
           step: str, a: tuple[float, float], b: tuple[float, float], moving: bool, check: Check | None) -> None:
    if check is not None:
        res.estimated = [*check.estimated, *[e for e in res.estimated if e not in check.estimated]]
        res.ruled = [*check.ruled, *[r for r in res.ruled if r not in check.ruled]]
    res.rulings = t.rulings.differences()
    res.extra.update({"firer": firer.id, "target": target.id, "step": step, "weapon": weapon.name, "ammo": ammo,
                      "range": t.hexes(a, b), "firer_at": [_r(a[0]), _r(a[1])], "target_at": [_r(b[0]), _r(b[1])],
                      "sighted": sighted_in_shot(t, firer, target, a, b, moving)})


def _acq(state: GameState, key: str, firer: UnitState, target: UnitState) -> int:
    acq = state.extra["mbt"].get(key, {}).get(firer.id)
    if acq and acq["target"] == target.id and acq["last"] == state.turn - 1:
        return int(acq["last"] - acq["since"] + 1)
    return 0


def note_acq(state: GameState, key: str, firer: str, target: str) -> None:
    acq = state.extra["mbt"].setdefault(key, {})
    prev = acq.get(firer)
    if prev and prev["target"] == target and prev["last"] in (state.turn - 1, state.turn):
        prev["last"] = state.turn
    else:
        acq[firer] = {"target": target, "since": state.turn, "last": state.turn}


def ap(state: GameState, t: AdvTable, firer: UnitState, target: UnitState, weapon: Weapon, ammo: str,
       order: str, step: str, dice: Dice, *, at: tuple[float, float] | None = None,
       target_facing: float | None = None, moving: bool = False, check: Check | None = None,
       shots: int | None = None, key_step: str | None = None) -> Resolution:
    """One AP point effect shot (7.4, 14.3) with the Advanced Game's modifiers."""
    from umpire.turns.mbt.advanced.targets import elevation, hull_down_why

    fcard, tcard = U.card_of(firer), U.card_of(target)
    assert isinstance(tcard, Card)
    a, b = t.xy(firer), at or t.xy(target)
    rng = t.hexes(a, b)
    target_order = "M" if moving else str(target.orders or "OW")
    inside = bool(target.notes.get("inside")) and t.building(b) is not None
    auto = hull_down_why(t, firer, target, a, b, inside)
    hd = auto is not None or bool(check and check.hull_down)
    crowded = t.stacking_points(b) > 10
    ra = tcard.notes.reactive_armor
    shot = ap_fire.ApShot(
        firer=fcard, weapon=weapon.name, ammo=ammo, target=tcard, range=rng,  # type: ignore[arg-type]
        firer_orders=order, target_orders=target_order, terrain=t.terrain(b),
        elevation=elevation(t, firer, target, a, b),
        angle=t.hit_angle(a, b, target.facing if target_facing is None else target_facing),
        shots=shots, grade=U.grade(firer), conditions=t.conditions,
        firer_suppressed=U.suppressed(firer), firer_tem_sup=bool(firer.notes.get("temp_sup")) and weapon.kind == "atgm",
        firer_transported=U.carried(firer), firer_crew_losses=int(firer.notes.get("crew_losses", 0) or 0),
        acquisition_turns=_acq(state, "acq", firer, target),
        brew_up_smoke_hexes=t.brew_up_smoke(a, b, t.wrecks()),
        other_smoke_hexes=t.other_smoke(a, b),
        discharger_smoke=t.discharger(firer.id) or t.discharger(target.id),
        hull_down=hd, inside_building=inside, crowded=crowded,
        reactive_armor=ra.kind if ra is not None and "reactive" in str(target.notes.get("equipment", "")) else "none",
        target_open=U.hatch(target) == "open", target_compartment_hit=bool(target.notes.get("compartment")),
        target_gun_hit=bool(target.notes.get("gun_hit")), advanced=True,
    )
    rec = RecordingDice(scoped(dice, "fire", slug(key_step or step), firer.id, target.id))
    res = ap_fire.resolve(shot, rec, t.rulings)
    res.rolls = rec.take()
    why_hd = auto or ("hull down behind the obstacle (13.2.2.2)" if hd else "")
    res.summary = (f"{firer.id} fires {weapon.name} {ammo} at {target.id} ({step}; range {rng}, "
                   f"{shot.angle.replace('_', '-')}, {shot.elevation}{'; ' + why_hd if why_hd else ''}): {res.summary}")
    _facts(res, t, firer, target, weapon, ammo, step, a, b, moving, check)
    res.extra["angle"], res.extra["elevation"] = shot.angle, shot.elevation
    return res


@dataclass
class GpShot:
    weapon: Weapon
    ammo: str
    gp: int
    canister: bool = False
    overrun: bool = False
    extra_mods: list[Modifier] = field(default_factory=list)
    estimated: list[str] = field(default_factory=list)


def gp_factor(firer: UnitState, weapon: Weapon, ammo: str, order: str, rng: int) -> tuple[int, list[str]]:
    """The GP factor of a weapon at a range, NM or MV by the firer's orders (14.4.1).

    :raises ValueError: (caught by callers) if the weapon cannot fire GP so.
    """
    a = weapon.find_ammo(ammo)
    line = orders.gp_line(order)
    values = getattr(a, line) or []
    bands = U.card_of(firer).range_bands
    for i, band in enumerate(bands):
        lo, hi = parse_range(band.v)
        if lo <= rng <= hi and i < len(values) and values[i].v is not None:
            est = [f"{U.card_of(firer).card} {weapon.name} {a.name} {line.upper()} at {band.v} ({values[i].v})"] \
                if values[i].estimated else []
            return int(values[i].v), est
    raise ValueError(f"the {weapon.name} {a.name} has no {line.upper()} GP factor at {rng} hexes (14.4.1)")


def gp(state: GameState, t: AdvTable, firer: UnitState, target: UnitState, shot: GpShot, order: str, step: str,
       dice: Dice, *, check: Check | None = None, at: tuple[float, float] | None = None,
       moving: bool = False, key_step: str | None = None) -> Resolution:
    """One GP point effect shot (14.4); the same roll goes against each unit the target vehicle
    carries where they can be hit (14.4.3.2.5)."""
    from umpire.turns.mbt.advanced.targets import gp_target

    a, b = t.xy(firer), at or t.xy(target)
    rng = t.hexes(a, b)
    tgt, defense, est = gp_target(t, firer, target, b, moving)
    est = [*shot.estimated, *est]
    small = shot.weapon.small_arms or shot.weapon.kind == "small_arms"
    mods = gp_fire.modifiers(
        firer_orders=order, target=tgt, rng=rng, grade=U.grade(firer), suppressed=U.suppressed(firer),
        crew_losses=int(firer.notes.get("crew_losses", 0) or 0), transported=U.carried(firer),
        acquisition_turns=_acq(state, "gp_acq", firer, target), brew_up_smoke_hexes=t.brew_up_smoke(a, b, t.wrecks()),
        other_smoke_hexes=t.other_smoke(a, b) + (1 if t.discharger(firer.id) or t.discharger(target.id) else 0),
        canister=shot.canister,
        tem_sup_class=(int(shot.weapon.class_.v) if shot.weapon.class_ is not None and firer.notes.get("temp_sup")
                       and shot.weapon.kind == "atgm" else None), estimated=est,
    ) + list(shot.extra_mods)
    gp_kill = shot.weapon.find_ammo(shot.ammo).gp_kill
    rec = RecordingDice(scoped(dice, "fire", slug(key_step or step), firer.id, target.id))
    res = gp_fire.resolve(gp=shot.gp, defense=defense, target=tgt, mods=mods, dice=rec, estimated=est, small_arms=small,
                          rng=rng, gp_kill=gp_kill, canister=shot.canister, overrun=shot.overrun,
                          procedure="overrun" if shot.overrun else "gp",
                          extra={"range": rng})
    res.rolls = rec.take()
    res.outcome["effect"] = effect_code(res.outcome["result"], tgt, small, rng, gp_kill, defense, shot.canister,
                                        shot.overrun)
    res.summary = (f"{firer.id} fires {shot.weapon.name} ({shot.gp} GP) at {target.id} ({step}; range {rng}): "
                   f"{res.summary}")
    _facts(res, t, firer, target, shot.weapon, shot.ammo, step, a, b, moving, check)
    if shot.overrun:
        res.extra["attacker"] = firer.id
    return res


def effect_code(result: str, tgt: gp_fire.GpTarget, small_arms: bool, rng: int, gp_kill: Any, defense: int,
                canister: bool, overrun: bool) -> str:
    """What a GP result does, as one word (14.4.4.2): none, temp_sup, suppressed, crew_loss,
    knocked_out, brewed_up, half (a squad becomes a half squad) or eliminated."""
    if result == "N":
        return "temp_sup" if tgt.pending_atgm else "none"
    if tgt.kind == "vehicle":
        if not tgt.open and small_arms and rng > 2:
            return "none"
        if result == "S":
            return "suppressed"
        if gp_kill is not None and not canister:
            lo, hi = parse_range(gp_kill.gp_defense.v)
            if lo <= defense <= hi:
                return str(gp_kill.result)
        return "crew_loss" if tgt.open else "suppressed"
    if result == "S":
        return "suppressed"
    return "half" if tgt.kind == "squad" and not overrun else "eliminated"


def passenger_results(state: GameState, t: AdvTable, carrier: UnitState, res: Resolution, shot: GpShot,
                      order: str) -> list[tuple[str, str, int, int]]:
    """14.4.3.2.5: the carrier's roll against each passenger it does not give full cover (its
    GP defense 1, or 3 in an open FC carrier); returns ``(unit, effect, defense, modified)``."""
    _, _, fc = U.transport(carrier)
    open_ = U.hatch(carrier) == "open"
    if fc and not open_:
        return []
    out = []
    roll = res.rolls[0].values[0] if res.rolls else 0
    general = sum(m.value for m in res.modifiers if not m.rule.startswith("14.4.2.2"))
    for p in U.passengers(state, carrier):
        defense = 3 if fc else 1
        n, s = gp_fire.crt(shot.gp, defense, [])
        result = gp_fire.crt_result(roll + general, n, s)
        kind = U.leg_kind(p) if isinstance(U.card_of(p), LegCard) else "towed"
        tgt = gp_fire.GpTarget(kind=kind, gp_defense=defense)
        out.append((p.id, effect_code(result, tgt, False, 1, None, defense, shot.canister, False), defense,
                    roll + general))
    return out
