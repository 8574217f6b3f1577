"""The ``umpire calc`` cases of the Advanced Game's resolutions, built from the tracked table: the
facts a shot, an overrun, a close assault or a smoke marker rests on (cards, orders, heights,
terrain columns, markers, smoke between the two), in the words a case takes. The turn resolves
each by the calc procedure's own function on this case, and keeps the case with the resolution
(``case``), so ``umpire calc`` on it gives the same answer.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

from umpire.core.state import GameState, UnitState
from umpire.rules.mbt.cards import LegCard
from umpire.rules.mbt.state import MbtGame, MbtUnit
from umpire.rules.mbt.vehicle_card import Card
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.table import AdvTable
from umpire.turns.mbt.options import on

if TYPE_CHECKING:
    from umpire.turns.mbt.advanced.shots import AdvShot

Point = tuple[float, float]


def without_none(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v is not None}


def case_head(state: GameState, t: AdvTable, procedure: str) -> dict[str, Any]:
    return {"procedure": procedure, "ruleset": "mbt", "game": "advanced", "scale": t.scale,
            "rulings": dict(state.rulings)}


def acquisition(state: GameState, key: Literal["acq", "gp_acq"], firer: UnitState, target: UnitState) -> int:
    """Turns in a row ``firer`` has fired at ``target`` before this one (7.4.2.3.1, 14.4.2.1.1)."""
    acq = MbtGame.of(state).runs(key).get(firer.id)
    if acq and acq["target"] == target.id and acq["last"] == state.turn - 1:
        return int(acq["last"] - acq["since"] + 1)
    return 0


def firer(state: GameState, t: AdvTable, shot: AdvShot, a: Point, acq_key: Literal["acq", "gp_acq"]
          ) -> dict[str, Any]:
    """A firer as a case gives it: card and type, weapon, orders, grade, state, height, carrier."""
    u, w, ammo, order, target = shot.firer, shot.weapon, shot.ammo, shot.order, shot.target
    carrier = state.units.get(str(u.carried_by or ""))
    crew_of = MbtUnit.of(u).bailed_crew  # a bailed out crew fires its vehicle's Bailed Crew line (17.2.3.2.2.2)
    return without_none({
        "card": str(crew_of) if crew_of else u.card,
        "type": u.type if isinstance(U.card_of(u), LegCard) and not crew_of else None, "weapon": w.name,
        "bailed_crew": True if crew_of else None,
        "ammo": ammo, "orders": order, "grade": U.grade(u), "suppressed": U.suppressed(u),
        "tem_sup": bool(MbtUnit.of(u).temp_sup) and w.kind == "atgm",
        "crew_losses": int(MbtUnit.of(u).crew_losses or 0),
        "acquisition_turns": acquisition(state, acq_key, u, target),
        "height": t.unit_height(u, a),
        "riding_in": {"card": carrier.card, "turret": U.hatch(carrier)} if carrier is not None else None,
    })


def smoke_between(t: AdvTable, u: UnitState, target: UnitState, a: Point, b: Point) -> dict[str, Any]:
    return {"brew_up": t.brew_up_smoke(a, b, t.wrecks()), "other": t.other_smoke(a, b),
            "discharger": t.discharger(u.id) or t.discharger(target.id)}


def fire_case(state: GameState, t: AdvTable, shot: AdvShot, *, hull_down: bool = False) -> dict[str, Any]:
    """The ``fire`` case of one AP shot (7.4, 14.3); ``hull_down``: behind the obstacle of the
    line of sight (13.2.2.2; the automatic kinds the case's rules work out)."""
    u, target, at, target_facing, shots = shot.firer, shot.target, shot.at, shot.target_facing, shot.shots
    a, b = t.xy(u), at or t.xy(target)
    carrier = state.units.get(str(u.carried_by or ""))
    f = firer(state, t, shot, a, "acq")
    f["turret"] = U.hatch(carrier if carrier is not None else u)  # a rider looks out as its carrier does
    from umpire.turns.mbt.options import searchlights
    from umpire.turns.mbt.options.night import light

    conditions, near_fire = light(state, t.conditions, b)
    return {
        **case_head(state, t, "fire"), "conditions": conditions, **({"near_fire": True} if near_fire else {}),
        **searchlights.fields(t, u, target, b),
        "firer": f,
        "target": fire_target(state, t, target, a, b, moving=shot.moving, hull_down=hull_down,
                              target_facing=target_facing),
        "range": math.dist(a, b),
        "angle": t.hit_angle(a, b, target.facing if target_facing is None else target_facing),
        **({"shots": shots} if shots is not None else {}),
        "smoke": smoke_between(t, u, target, a, b),
        **({"hit_variations": True} if on(state, "hit_variations") else {}),
        **({"weapon_limits": True} if on(state, "weapon_limits") else {}),
        **nbc(state, u, f),
    }


def fire_target(state: GameState, t: AdvTable, target: UnitState, a: Point, b: Point, *, moving: bool = False,
                hull_down: bool = False, target_facing: float | None = None) -> dict[str, Any]:
    """The target of an AP shot from ``a`` as a case gives it (7.4, 14.3): its card, orders, terrain,
    marker, turret, hull down, inside a building, crowding, reactive armour, damage, height."""
    tcard = U.card_of(target)
    assert isinstance(tcard, Card)
    inside = bool(MbtUnit.of(target).inside) and t.building(b) is not None
    ra = tcard.notes.reactive_armor
    return without_none({
        "card": target.card, "orders": "M" if moving else str(target.orders or "OW"), "terrain": t.terrain(b),
        "spotted": "moved" if moving else str(MbtUnit.of(target).spotted), "turret": U.hatch(target),
        "hull_down": hull_down, "inside_building": t.building(b) if inside else None,
        "crowded": t.stacking_points(b) > 10,
        "reactive_armor": ra.kind if ra is not None and "reactive" in str(MbtUnit.of(target).equipment or "")
        else "none",
        "compartment_hit": bool(MbtUnit.of(target).compartment), "gun_hit": bool(MbtUnit.of(target).gun_hit),
        "height": t.unit_height(target, b),
        "turret_angle": turret_angle(t, target, a, b, target_facing) if on(state, "hit_variations") else None,
    })


def nbc(state: GameState, u: UnitState, f: dict[str, Any]) -> dict[str, Any]:
    """Option 18.4: the case's NBC environment, and on ``f`` (the firer) what 18.4.2 reads: open or
    buttoned, a penetrating or compartment hit."""
    if not on(state, "nbc"):
        return {}
    carrier = state.units.get(str(u.carried_by or ""))
    f.setdefault("turret", U.hatch(carrier if carrier is not None else u))
    if MbtUnit.of(u).compartment or MbtUnit.of(u).penetrated:
        f["compartment_hit"] = True
    return {"nbc": True}


def turret_angle(t: AdvTable, target: UnitState, a: Point, b: Point, target_facing: float | None) -> str | None:
    """The hit angle to ``target``'s turret (17.2.1.1) when it faces away from its hull."""
    hull = target.facing if target_facing is None else target_facing
    turret = MbtUnit.of(target).turret_facing
    if turret is None or abs(((float(turret) - hull + 180) % 360) - 180) <= 1e-6:
        return None
    return t.hit_angle(a, b, float(turret))


def gp_target(state: GameState, t: AdvTable, u: UnitState | None, target: UnitState, b: Point, moving: bool,
              viewer: tuple[Point, int] | None = None) -> dict[str, Any]:
    """The target of GP fire as a case gives it (14.4.3): the terrain columns of its hex (a
    building hex, a ditch), its state, the block or wreck in its hex, hull down behind an
    obstacle from the firer ``u`` (or the point and height ``viewer`` fires from), the units it
    carries."""
    seen_from = viewer if viewer is not None else (t.xy(u), t.unit_height(u)) if u is not None else None
    assert seen_from is not None
    cols = list(t.terrain(b))
    if t.building(b) is not None and "building" not in cols:
        cols.append("building")
    if t.has(b, "ditch"):
        cols.append("ditch")
    vehicle = U.kind(target) == "vehicle"
    inside = vehicle and bool(MbtUnit.of(target).inside) and t.building(b) is not None
    return without_none({
        "card": target.card, "type": None if vehicle or U.kind(target) == "towed" else target.type,
        "orders": "M" if moving else str(target.orders or "OW"), "turret": U.hatch(target) if vehicle else None,
        "terrain": cols, "inside_building": t.building(b) if inside else None,
        "hull_down": vehicle and t.los_adv(seen_from[0], b, seen_from[1], t.unit_height(target, b)).hull_down,
        "full_cover": bool(MbtUnit.of(target).full_cover),
        "block_or_wreck": not vehicle and (t.has(b, "block") or any(t.same_hex(w, b)
                                                                     for w in t.wrecks(burning_only=False))),
        "pending_atgm": bool(MbtUnit.of(target).atgm_pending), "height": t.unit_height(target, b),
        "passengers": [without_none({"card": p.card, "type": p.type if U.kind(p) == "leg" else None})
                       for p in U.passengers(state, target)] if vehicle else None,
    })


def gp_case(state: GameState, t: AdvTable, shot: AdvShot) -> dict[str, Any]:
    """The ``gp`` case of one GP shot (14.4); the shot's ``attached_fired``: option 17.3.4; its
    ``shots`` fewer than the maximum rate: option 17.3.2.2; its ``pinning`` and the squad plus and
    hasty entrenchment facts: option 17.4."""
    from umpire.turns.mbt.options.legs import gp_fields

    u, target, w, pinning, shots = shot.firer, shot.target, shot.weapon, shot.pinning, shot.shots
    a, b = t.xy(u), shot.at or t.xy(target)
    f = firer(state, t, shot, a, "gp_acq")
    if shot.canister:
        f["canister"] = True
    if shot.attached_fired:
        f["attached_fired"] = shot.attached_fired
    more_f, more_t, legs = gp_fields(state, t, u, target, pinning)
    f.update(more_f)
    case = {**case_head(state, t, "gp"), "firer": f, "target": gp_target(state, t, u, target, b, shot.moving) | more_t,
            **legs,
            "range": math.dist(a, b), "smoke": smoke_between(t, u, target, a, b),
            **({"weapon_limits": True} if on(state, "weapon_limits") else {}), **nbc(state, u, f)}
    if shots is not None and shots < int(w.max_rof.v) and on(state, "weapon_limits"):
        case["shots"] = shots
    if pinning == "area":  # 17.4.3.2: the GP defenses of all the leg and towed units in the hex, added
        from umpire.turns.mbt.options.legs import area_defense

        case["target"]["gp_defense"] = area_defense(state, t, u, target, lambda x: gp_case(
            state, t, replace(shot, target=x, at=None, canister=False, pinning=None, shots=None)))
    return case


def overrun_case(state: GameState, t: AdvTable, u: UnitState, d: UnitState) -> dict[str, Any]:
    """The ``overrun`` case of vehicle ``u`` overrunning ``d`` in its hex (14.7.2): the guns it has
    left, the leg units it carries and their weapons, the defender's weapons, terrain and state."""
    b = t.xy(d)
    target = gp_target(state, t, u, d, b, False)
    riders = [without_none({"card": p.card, "type": p.type, "weapons": [w.name for w in U.weapons(p)]})
              for p in U.passengers(state, u) if U.kind(p) == "leg"]
    return {
        **case_head(state, t, "overrun"), "part": "attack",
        "attacker": {"card": u.card, "weapons": [w.name for w in U.weapons(u) if w.kind in ("gun", "mg", "grenade")],
                     "turret": U.hatch(u), "grade": U.grade(u), "suppressed": U.suppressed(u),
                     "crew_losses": int(MbtUnit.of(u).crew_losses or 0), "riders": riders},
        "defender": without_none({
            "card": d.card, "type": d.type if U.kind(d) == "leg" else None,
            "weapons": [w.name for w in U.weapons(d)], "orders": str(d.orders or "OW"), "terrain": target["terrain"],
            "full_cover": target["full_cover"], "block_or_wreck": target["block_or_wreck"], "grade": U.grade(d),
            "suppressed": U.suppressed(d), "fired": bool(MbtUnit.of(d).used),
            "just_unloaded": bool(MbtUnit.of(d).unloaded),
        }),
        "smoke": smoke_between(t, u, d, t.xy(u), b),
    }


def sight_case(state: GameState, t: AdvTable, viewer: UnitState, target: UnitState) -> dict[str, Any]:
    """The ``sight`` case of ``viewer`` looking at ``target`` where they stand (13.1, 13.2): a rider
    looks out as its carrier does; the obstacles of the line of sight at their ranges (13.2.1)."""
    a, b = t.xy(viewer), t.xy(target)
    carrier = state.units.get(str(viewer.carried_by or ""))
    ha, hb = t.unit_height(viewer, a), t.unit_height(target, b)
    rng = t.hexes(a, b)
    obstacles = [] if rng <= 1 else [{"distance": o.distance * t.scale, "height": o.height, "what": o.what}
                                     for o in t.obstacles(a, b, rng)]
    from umpire.turns.mbt.options import searchlights
    from umpire.turns.mbt.options.night import light

    conditions, near_fire = light(state, t.conditions, b)
    return {
        **case_head(state, t, "sight"), "conditions": conditions, **({"near_fire": True} if near_fire else {}),
        **searchlights.fields(t, viewer, target, b),
        "sighter": {"turret": U.hatch(carrier if carrier is not None else viewer), "height": ha},
        "target": {"kind": U.size(target), "terrain": t.terrain(b), "spotted": str(MbtUnit.of(target).spotted),
                   "height": hb},
        "range": math.dist(a, b), "obstacles": obstacles,
    }
