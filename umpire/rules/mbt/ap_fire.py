"""AP point effect fire (7.4, 14.3): AP factor, modifiers, hit number, number of hits, hit
location, penetration and damage.

:func:`resolve` takes an :class:`ApShot` of plain values and a ``Dice`` and returns a
``Resolution``. Dice, in order: the to-hit d100, then for each hit its location d100 and (if it
penetrates) its damage d100, exactly as the rulebook rolls them (7.4.4-7.4.7).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from umpire.core.dice import Dice
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.mbt import orders
from umpire.rules.mbt.ap_mods import modifiers
from umpire.rules.mbt.ap_tables import (
    armor_group,
    damage_effects,
    damage_result,
    factor_at,
    hit_number,
    locate,
    number_of_hits,
    read_val,
    worst_result,
)
from umpire.rules.mbt.facts import ShotFacts
from umpire.rules.mbt.vehicle_card import Card, Weapon


@dataclass
class ApShot:
    """Everything AP fire needs, as plain values. Ranges are in hexes."""

    firer: Card
    weapon: str
    ammo: str
    target: Card
    range: int
    firer_orders: str = "F"
    target_orders: str = "F"
    terrain: list[str] = field(default_factory=lambda: ["clear"])
    elevation: str = "level"  # level | rising | falling
    angle: str = "front"  # front | front_side | rear_side | rear
    shots: int | None = None  # default: the weapon's MAX ROF (always so in the Basic Game)
    grade: str = "average"
    sight: str | None = None  # None: the best sight the weapon has
    conditions: str = "day"
    firer_suppressed: bool = False
    firer_tem_sup: bool = False
    firer_transported: bool = False
    firer_crew_losses: int = 0
    acquisition_turns: int = 0
    brew_up_smoke_hexes: int = 0
    other_smoke_hexes: int = 0
    discharger_smoke: bool = False  # firer or target covered by its own DS smoke
    hull_down: bool = False
    inside_building: bool = False
    crowded: bool = False  # more than 10 stacking points: treat as clear (12.2.2)
    reactive_armor: str = "none"  # none | light | heavy
    target_open: bool = False
    target_compartment_hit: bool = False  # already has a compartment hit (7.4.7.2)
    target_gun_hit: bool = False
    nbc: bool = False
    advanced: bool = True  # False: Basic Game, no sight or grade modifiers
    hit_variations: bool = False  # option 17.2: turret facing (17.2.1), lower front hull (17.2.4)
    turret_angle: str | None = None  # the hit angle to a turret facing away from the hull (17.2.1.1)


def basic_game_checks(shot: ApShot, weapon: Weapon) -> None:
    """What the Basic Game does not allow (7.1: main guns and ATGMs only; 6.2.4: "In the Basic
    Game, only main guns can be fired with this order" (OW); hull down is 13.2, Advanced).

    :raises UmpireError: naming the field and the rule.
    """
    if weapon.kind == "mg":
        raise UmpireError(
            f"weapon: the {weapon.name}: only main guns and ATGMs are used in the Basic Game (7.1)"
        )
    if orders.order_code(shot.firer_orders) == "OW" and not weapon.main:
        raise UmpireError(
            f"firer.orders: OW: in the Basic Game, only main guns can be fired with this order "
            f"(6.2.4), not the {weapon.name}"
        )
    if shot.hull_down:
        raise UmpireError(
            "target.hull_down: hull down is an Advanced Game rule (13.2 replaces 6.1.4 of the "
            "Basic Game)"
        )


def resolve(shot: ApShot, dice: Dice, rulings: Rulings) -> Resolution:
    """Resolve one AP point effect shot (or ROF shots) at one target.

    :raises UmpireError: for an ammunition the weapon does not fire, a range out of reach, an
        order that cannot fire this weapon, a sight the weapon lacks.
    """
    estimated: list[str] = []
    notes: list[str] = []
    firer, target = shot.firer, shot.target
    weapon = firer.weapon(shot.weapon)
    ammo = weapon.find_ammo(shot.ammo)
    if ammo.type == "GP":
        raise UmpireError(
            f"ammo: {ammo.name} is GP ammunition; AP fire uses "
            f"{', '.join(a.name for a in weapon.ammo if a.type != 'GP')}"
            " (GP fire is the gp procedure)"
        )
    orders.check_can_fire(shot.firer_orders, weapon.kind)
    if not shot.advanced:
        basic_game_checks(shot, weapon)
    if shot.elevation not in ("level", "rising", "falling"):
        raise UmpireError(f"elevation: {shot.elevation!r} (allowed: level, rising, falling)")
    _, ap_val, band = factor_at(firer, weapon, ammo, "ap", shot.range)
    ap = read_val(
        ap_val, f"{firer.card} {weapon.name} {ammo.name} AP at {band} ({ap_val.v})", estimated
    )
    mods = modifiers(shot, weapon, ammo, estimated)
    net = sum(m.value for m in mods)
    h = hit_number(ap, net, rulings, estimated)
    max_rof = read_val(
        weapon.max_rof, f"{firer.card} {weapon.name} MAX ROF ({weapon.max_rof.v})", estimated
    )
    rof = max_rof if shot.shots is None else shot.shots
    if not shot.advanced and rof != max_rof:
        raise UmpireError(
            f"shots: {rof}: in the Basic Game, the maximum rate-of-fire number is always used "
            f"(7.4.4; the {weapon.name}'s MAX ROF is {max_rof})"
        )
    if not 1 <= rof <= max_rof:
        raise UmpireError(f"shots: {rof} (allowed: 1-{max_rof}, the {weapon.name}'s MAX ROF)")
    (roll,) = dice.roll(100, why=f"to hit (hit number {h})")
    hits = number_of_hits(h, rof, roll, estimated)
    falling = shot.elevation == "falling"
    results = []
    _, pv_val, _ = factor_at(firer, weapon, ammo, "pv", shot.range)
    compartment_hit = shot.target_compartment_hit
    gun_hit = shot.target_gun_hit
    for n in range(hits):
        (loc_roll,) = dice.roll(100, why=f"hit location {n + 1} ({shot.angle.replace('_', '-')})")
        code = locate(target, shot.angle, loc_roll, falling, estimated)
        hit: dict[str, Any] = {"roll": loc_roll, "location": code}
        starred = code.endswith("*")
        base = code.rstrip("*a") if code not in ("TTG", "HDG") else code
        if starred and shot.hull_down:
            hit.update(location=code, damage="miss", note="hull down: treated as a miss (13.2.2.3)")
            results.append(hit)
            continue
        if base == "miss":
            hit.update(damage="miss")
            results.append(hit)
            continue
        if base in ("TK", "GN"):
            if base == "GN" and (gun_hit or target.gun() is None):
                hit.update(location="GN", damage="miss", note="gun already hit: a miss (7.4.5.3.2)")
            else:
                hit.update(
                    location=base,
                    damage="track" if base == "TK" else "gun",
                    note="automatic damage (7.4.5.3)",
                )
                gun_hit = gun_hit or base == "GN"
            results.append(hit)
            continue
        if base in ("TTG", "HDG"):
            loc, group = ("TT" if base == "TTG" else "HD"), "above"
        else:
            loc, group = base, armor_group(shot.angle)
        if shot.hit_variations and shot.turret_angle is not None and loc in ("TF", "TS", "TR"):
            loc, group = _turret_facing(shot.turret_angle, loc, hit, dice, estimated)
        armor_val = target.armor_value(ammo.type, shot.elevation, group, loc)
        armor = read_val(
            armor_val,
            f"{target.card} armour {ammo.type} {shot.elevation} {group} {loc} ({armor_val.v})",
            estimated,
        )
        if shot.hit_variations and loc == "HF" and code not in ("HF", "TTG", "HDG"):
            armor = _lower_hull(shot.elevation, armor, hit, dice)
        pen = read_val(
            pv_val, f"{firer.card} {weapon.name} {ammo.name} PV at {band} ({pv_val.v})", estimated
        )
        hit.update(location=loc, armor=armor, penetration=pen)
        if ammo.type == "CE" and loc in ("TF", "TS", "HS") and shot.reactive_armor != "none":
            if shot.reactive_armor == "heavy":
                hit.update(
                    penetrated=False,
                    damage="no_damage",
                    note="heavy reactive armour: a CE hit here never penetrates (14.3.4.1)",
                )
                results.append(hit)
                continue
            armor += 80
            hit.update(armor=armor, note="light reactive armour: armour basis +80 (14.3.4.2)")
        penetrated = pen >= armor
        hit["penetrated"] = penetrated
        if not penetrated:
            hit["damage"] = "no_damage"
            effects = []
            if loc in ("TT", "HD") and shot.target_open:
                effects.append("1 crew loss: TT/HD hit on an open vehicle (14.3.3.4.1)")
            if loc in ("TT", "HF", "HR"):
                effects.append(f"machineguns mounted at {loc} destroyed (14.3.3.4.2)")
            if effects:
                hit["effects"] = effects
            results.append(hit)
            continue
        (dmg_roll,) = dice.roll(100, why=f"damage {n + 1} ({ammo.name})")
        result = damage_result(ammo, dmg_roll, f"{firer.card} {weapon.name} {ammo.name}", estimated)
        hit["damage_roll"] = dmg_roll
        if result == "compartment" and (compartment_hit or target.notes.ko_by_one_compartment_hit):
            result = "knocked_out"
            hit["note"] = "second compartment hit: knocked out (7.4.7.2)"
        hit["damage"] = result
        hit["effects"] = damage_effects(result, loc)
        compartment_hit = compartment_hit or result == "compartment"
        results.append(hit)
        if result in ("knocked_out", "brewed_up"):
            if n + 1 < hits:
                notes.append(f"the remaining {hits - n - 1} hit(s) strike a wreck")
            break
    notes.insert(
        0,
        f"AP factor {ap} ({weapon.name} {ammo.name} at range {shot.range}, band {band}); "
        f"net modifier {net:+d}; hit number {h}; {rof} shot(s)",
    )
    for i, r in enumerate(results, 1):
        line = f"hit {i}: roll {r['roll']} -> {r['location']}"
        if "armor" in r:
            line += f", armour {r['armor']} vs penetration {r['penetration']}: " + (
                "penetrates" if r.get("penetrated") else "no penetration"
            )
        line += f"; {r['damage'].replace('_', ' ')}"
        if r.get("note"):
            line += f" ({r['note']})"
        if r.get("variations"):
            line += "; " + "; ".join(r["variations"])
        notes.insert(i, line)
    worst = worst_result([r.get("damage", "") for r in results])
    summary = (
        f"{hits} hit{'s' if hits != 1 else ''}"
        + (f": {worst.replace('_', ' ')}" if hits else "")
        + f" (needed {h} or less, rolled {roll})"
    )
    return Resolution(
        ruleset="mbt",
        procedure="fire",
        outcome={"hits": hits, "shots": rof, "hit": hits > 0, "results": results, "worst": worst},
        summary=summary,
        modifiers=mods,
        modified_roll=None,
        notes=notes,
        estimated=estimated,
        facts=ShotFacts(ap_factor=ap, net_modifier=net, hit_number=h, range=shot.range, range_band=band,
                        max_range=ammo.max_range.v, to_hit_roll=roll),
    )




def _turret_facing(turret_angle: str, loc: str, hit: dict[str, Any], dice: Dice,
                   estimated: list[str]) -> tuple[str, str]:
    """17.2.1: a TF/TS/TR hit on a turret facing away from the hull strikes where the TURRET
    FACING TABLE says on the line of the hit angle to the turret; its armour basis is read from
    that angle (17.2.1.3, 17.2.1.4)."""
    from umpire.rules.mbt.options.hits import turret_facing

    r = turret_facing(turret_angle, dice)
    estimated += [e for e in r.estimated if e not in estimated]
    hit["turret_facing"] = {"was": loc, "roll": r.roll, "angle": turret_angle, "location": r.result}
    hit["variations"] = [*hit.get("variations", []), f"turret faces away: {loc} becomes {r.result} on a {r.roll} "
                         f"({turret_angle.replace('_', '-')} to the turret, 17.2.1)"]
    return str(r.result), armor_group(turret_angle)


def _lower_hull(elevation: str, armor: int, hit: dict[str, Any], dice: Dice) -> int:
    """17.2.4.1: an HF* hit may strike the thinner lower hull: the HF armour basis halved,
    fractions up, on the elevation's roll."""
    from umpire.rules.mbt.options.hits import lower_hull

    r = lower_hull(elevation, dice)
    hit["lower_hull"] = {"roll": r.roll, "thin": bool(r.result)}
    if not r.result:
        hit["variations"] = [*hit.get("variations", []), f"lower front hull roll {r.roll}: {r.summary}"]
        return armor
    thin = -(-armor // 2)
    hit["variations"] = [*hit.get("variations", []), f"lower front hull roll {r.roll}: {r.summary}, {armor} -> {thin}"]
    return thin
