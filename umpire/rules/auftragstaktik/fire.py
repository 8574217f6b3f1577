"""Direct fire: AT (gun, missile) and AP (HE, HW, SA) fire of one stand at another (COMBAT).

:func:`plan_fire` gathers every modifier, shift, cap and limit from plain values without
rolling; :func:`fire` rolls and reads the table. Distances are inches edge to edge; ``aspect``
is the target's facing the line of fire crosses (``front``, ``flank``, ``rear``).

Modifiers (each cites its heading): shooter and target size, target orders, firer on Withdraw,
vehicle fire control by range, main gun stabilization, troop-stand movement shifts, HW range,
SA 2-inch limit, cover and entrenchment, entrenched firer bonus, SA against body armour,
unspotted firer, troop quality difference, firer hits, grouping, flank and rear shifts (ruling
``fire.flank_rear_shift_direction``), HEAT against special armour, the low-velocity gun 4-inch
limit, ATGM generation caps, top attack, ATGM against helicopters, HW/SA against AFVs (morale
check only, or at most 1 hit on an AFV with no hits), towed artillery protection, direct HE
(+1 column, +2, one weight heavier), rate of fire, and troop stands in close terrain.
Night has no fire modifier in the rules (ruling ``spotting.night_codes``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from umpire.core.dice import Dice, RecordingDice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik import crt
from umpire.rules.auftragstaktik.data import RULESET, Tables, tables
from umpire.rules.auftragstaktik.mods import hit_effects, increments, mod, size_mods, tq_difference
from umpire.rules.auftragstaktik.ratings import Stand

WEAPONS = ("gun", "missile", "he", "hw", "sa")


@dataclass
class FirePlan:
    """Everything about a shot except the die."""

    header: crt.Header
    differential: int | None
    fixed: int | None
    modifiers: list[Modifier] = field(default_factory=list)
    shifts: list[Modifier] = field(default_factory=list)
    cap: int | None = None
    cap_why: str = ""
    max_hits: int | None = None
    no_roll: str = ""  # a reason the shot needs no die (no effect but a morale check)
    notes: list[str] = field(default_factory=list)

    @property
    def drm(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def shift(self) -> int:
        return sum(m.value for m in self.shifts)


def weapons_of(stand: Stand) -> list[str]:
    u = stand.unit
    return [
        w
        for w, have in zip(WEAPONS, (u.gun, u.missile, u.he, u.hw, u.sa), strict=True)
        if have is not None
    ]


def missile_generation(stand: Stand, t: Tables) -> int:
    m = stand.unit.missile
    assert m is not None
    if m.gen is not None:
        return m.gen
    return t.fire.atgm.guidance_generation.get(m.guidance or "b", 1)


def heavy_weapon_unit(stand: Stand, rulings: Rulings) -> bool:
    """Is ``stand`` one of the "Heavy weapon units (ATGM, MMG/HMG, RCL, mortar platoons)"
    (COMBAT; ruling ``fire.heavy_weapon_units``)?"""
    if stand.heavy_weapon is not None:
        return stand.heavy_weapon
    if "hwu" in stand.unit.special:
        return True
    return rulings["fire.heavy_weapon_units"] == "flag_or_crew_served" and (
        stand.stand_kind == "troop" and stand.unit.crew_served_only()
    )


def atgm_as_he(target: Stand, rulings: Rulings, t: Tables) -> tuple[str, str] | None:
    """The HE weight an ATGM counts as against ``target``, and why, or None for the AT
    differential (MISCELLANEOUS RULES > ATGMs vs. non-AFV targets; ruling atgm.non_afv_targets)."""
    if rulings["atgm.non_afv_targets"] == "at_differential":
        return None
    v = t.fire.vs_non_afv
    cat = target.fire_category()
    if cat == "soft":
        return v.unarmored_vehicles, "an unarmoured vehicle"
    if cat == "troop" and target.buildings:
        return v.fighting_positions, "troops in buildings"
    if cat == "troop" and target.entrenchment == v.fighting_position_entrenchment:
        return v.fighting_positions, f"a permanent fighting position ({target.entrenchment} entrenchment)"
    return None


def _check(
    shooter: Stand,
    target: Stand,
    weapon: str,
    range_in: float,
    phase: int | None,
    t: Tables,
    rulings: Rulings,
) -> None:
    """Refuse shots the rules forbid, naming the field and what is allowed."""
    u = shooter.unit
    have = weapons_of(shooter)
    if weapon not in WEAPONS:
        raise UmpireError(f"weapon: unknown weapon {weapon!r} (allowed: {', '.join(WEAPONS)})")
    if weapon not in have:
        name = u.name or "the shooter"
        raise UmpireError(
            f"weapon: {name} has no {weapon} rating (allowed "
            f"for this unit: {', '.join(have) or 'none'})"
        )
    if range_in < 0:
        raise UmpireError(f"range: {range_in} inches cannot be negative")
    he = t.common.hit_effects
    if shooter.hits >= he.may_not_fire_from:
        raise UmpireError(
            f"shooter.hits: a stand with {shooter.hits} hits may not "
            f"fire (allowed: 0-{he.may_not_fire_from - 1}; {he.source})"
        )
    limit, why = None, ""
    if weapon == "gun" and u.gun and u.gun.heat and u.gun.range is None:
        limit, why = (
            t.fire.ranges.low_velocity_gun_max_in,
            f"low-velocity HEAT gun ({t.fire.ranges.low_velocity_gun_source})",
        )
    elif weapon == "gun" and u.gun and u.gun.range is not None:
        limit, why = u.gun.range, "the gun's bracketed range"
    elif weapon == "missile" and u.missile and u.missile.range is not None:
        limit, why = u.missile.range, "the missile's bracketed range"
    elif weapon == "hw" and u.hw and u.hw.range is not None:
        limit, why = u.hw.range, "the HW bracketed range"
    elif weapon == "sa":
        limit, why = t.fire.ranges.sa_max_in, f"small arms ({t.fire.ranges.source})"
    if limit is not None and range_in > limit:
        raise UmpireError(
            f"range: {range_in:g} inches is beyond the {weapon} "
            f"range of {limit:g} inches (allowed: 0-{limit:g}; {why})"
        )
    kind = shooter.stand_kind
    if kind == "towed" and shooter.moved:
        raise UmpireError(
            "shooter.moved: towed artillery may fire only if it "
            "did not move in the preceding movement phase (COMBAT)"
        )
    if shooter.moved and heavy_weapon_unit(shooter, rulings):
        raise UmpireError(
            "shooter.moved: a heavy weapon unit (ATGM, MMG/HMG, RCL, mortar platoons) may fire only "
            "if it did not move in the preceding movement phase (COMBAT; rulings "
            "fire.heavy_weapon_units, atgm.moving_fire)"
        )
    if kind == "troop" and shooter.moved and weapon in ("hw", "missile"):
        shift = getattr(t.fire.troop_fire, weapon)[shooter.moving_order]
        if shift is None:
            raise UmpireError(
                f"shooter.orders: a moving troop stand on {shooter.orders} orders may not fire "
                f"{weapon.upper()} (allowed: stationary or DA; {t.fire.troop_fire.source})"
            )
    if weapon == "missile" and shooter.moved and kind != "troop" and phase == 1:
        raise UmpireError(
            "phase: a moving stand may fire ATGMs only in the "
            f"second fire phase (allowed: 2; {t.fire.atgm.source})"
        )
    if target.fire_category() in ("helicopter", "aircraft") and weapon != "missile":
        raise UmpireError(
            "target.kind: fire at helicopters and aircraft other than "
            "by ATGM is air defense (use the air-defense procedure)"
        )


def plan_fire(
    shooter: Stand,
    target: Stand,
    weapon: str,
    range_in: float,
    aspect: str = "front",
    rulings: Rulings | None = None,
    *,
    night: bool = False,
    phase: int | None = None,
    t: Tables | None = None,
) -> FirePlan:
    """Every modifier for ``shooter`` firing ``weapon`` at ``target`` at ``range_in`` inches.

    :raises UmpireError: for a weapon the unit lacks, a range beyond the weapon's, or a shot
        the rules forbid (3 hits, moving towed artillery, HW on HA...).
    """
    t = t or tables()
    if rulings is None:
        from umpire.rules.auftragstaktik.data import rulings as _r

        rulings = _r()
    _check(shooter, target, weapon, range_in, phase, t, rulings)
    f = t.fire
    u = shooter.unit
    cat = target.fire_category()
    afv = cat == "afv"
    notes: list[str] = []

    # ATGM against helicopters: its own column and modifiers (MISCELLANEOUS RULES > Air Defense)
    if weapon == "missile" and cat == "helicopter":
        gen = missile_generation(shooter, t)
        plan = FirePlan(header="AT", differential=None, fixed=f.atgm.vs_helicopter_column)
        plan.modifiers += mod(
            "ATGM against helicopter",
            f.atgm.vs_helicopter_drm[gen],
            f.atgm.vs_helicopter_source,
            f"generation {gen}",
        )
        plan.modifiers += hit_effects(t, shooter.hits)
        if target.orders == "DA" and target.unit.protection.mast:
            plan.shifts += mod(
                "mast-mounted sight (DA)",
                t.fire.helicopter.mast_sight_da_shift,
                t.fire.helicopter.source,
                kind="shift",
            )
        return plan

    if weapon == "he":
        return _plan_direct_he(shooter, target, range_in, rulings, t)
    as_he = atgm_as_he(target, rulings, t) if weapon == "missile" else None
    if as_he is not None:
        return _plan_atgm_as_he(shooter, target, as_he[0], as_he[1], range_in, rulings, t)

    # column
    if weapon in ("gun", "missile"):
        value = u.gun.value if weapon == "gun" else u.missile.value  # type: ignore[union-attr]
        plan = FirePlan(header="AT", differential=value - target.protection_value, fixed=None)
        notes.append(
            f"AT {value} against Protection {target.protection_value}: "
            f"differential {value - target.protection_value:+d}"
        )
    else:
        value = u.hw.value if weapon == "hw" else u.sa.ranged  # type: ignore[union-attr]
        if rulings["crt.column_selection"] == "ap_rating_only":
            plan = FirePlan(header="AP", differential=value, fixed=None)
            notes.append(f"AP {value}, Protection ignored (ruling crt.column_selection)")
        else:
            plan = FirePlan(header="AP", differential=value - target.protection_value, fixed=None)
            notes.append(
                f"{weapon.upper()} {value} against Protection {target.protection_value}: "
                f"differential {value - target.protection_value:+d}"
            )
    ms = plan.modifiers

    # size (HW may carry its own size code)
    shooter_size = shooter.size_code
    if weapon == "hw" and u.hw and u.hw.size:
        from umpire.rules.auftragstaktik.ratings import BATTERY

        shooter_size = BATTERY.get(u.hw.size, u.hw.size)
    ms += size_mods(t, shooter_size, target.size_code)
    ms += _target_orders(target, t)
    if shooter.orders == "WD":
        ms += mod("firer on Withdraw", f.firer_withdraw.drm, f.firer_withdraw.source)

    # range
    if weapon == "gun" and u.gun and u.gun.fire_control:
        ms += _fire_control(u.gun.fire_control, range_in, rulings, t)
    if weapon == "hw":
        n = increments(range_in, f.ranges.hw.per_in, f.ranges.hw.beyond_in, rulings)
        ms += mod(
            "HW range",
            f.ranges.hw.drm * n,
            f.ranges.source,
            f'{range_in:g}": {n} x {f.ranges.hw.drm} beyond {f.ranges.hw.beyond_in:g}"',
        )

    # movement of the firer
    kind = shooter.stand_kind
    if shooter.moved and kind == "troop" and weapon in ("sa", "hw", "missile"):
        shift = getattr(f.troop_fire, weapon)[shooter.moving_order]
        what = "man-portable ATGM (as HW)" if weapon == "missile" else weapon.upper()
        plan.shifts += mod(
            f"moving troop stand, {what}",
            shift or 0,
            f.troop_fire.source,
            shooter.moving_order,
            kind="shift",
        )
    elif shooter.moved and weapon == "gun" and u.gun and kind in ("vehicle", "helicopter"):
        grade = "a" if kind == "helicopter" else (u.gun.stabilization or "b")
        row = f.stabilization.rows[grade]
        order = shooter.moving_order
        ms += mod(
            "stabilization", getattr(row, order), f.stabilization.source, f"{row.name}, {order}"
        )

    # target cover and entrenchment
    ms += _cover(target, t)
    ms += mod(
        "firer entrenched",
        f.cover.fire_bonus[shooter.entrenchment],
        f.cover.source,
        shooter.entrenchment,
    )
    if weapon == "sa" and cat == "troop" and target.unit.protection.armor:
        marks = "*" * target.unit.protection.armor
        ms += mod("SA against body armour", f.misc.sa_vs_body_armor[marks], f.misc.source, marks)
    if not shooter.spotted:
        ms += mod("firer unspotted", f.misc.unspotted_firer, f.misc.source)
    ms += tq_difference(shooter.quality, target.quality, f.misc.tq_per_level, f.misc.source)
    ms += hit_effects(t, shooter.hits)
    ms += _grouping(shooter, target, t)

    # shifts: facing, top attack, HEAT
    eff_aspect = aspect
    if weapon == "missile" and u.missile and u.missile.top_attack:
        if aspect == "front":
            eff_aspect = "flank"
        notes.append(f"top-attack missile: strikes flank armour ({t.fire.top_attack.source})")
        if target.unit.protection.top:
            plan.shifts += mod(
                "top attack against ^ armour",
                f.top_attack.vs_top_armor_shift,
                f.top_attack.source,
                kind="shift",
            )
    plan.shifts += _facing(eff_aspect, rulings, t)
    if weapon in ("gun", "missile") and cat != "troop":
        heat = u.gun.heat if weapon == "gun" else u.missile.heat  # type: ignore[union-attr]
        armor = target.unit.protection.armor
        if heat and armor:
            plan.shifts += mod(
                "HEAT against special armour",
                f.heat.shifts[heat][armor],
                f.heat.source,
                f"{'*' * heat} HEAT vs {'*' * armor} Protection",
                kind="shift",
            )

    # ATGM generation cap
    if weapon == "missile":
        gen = missile_generation(shooter, t)
        cap = f.atgm.caps.get(gen)
        if cap is not None:
            plan.cap = cap
            plan.cap_why = f"generation {gen} ATGM cap ({f.atgm.source})"

    # HW/SA against AFVs
    if weapon in ("hw", "sa") and afv:
        if target.hits > 0:
            plan.no_roll = (
                "HW/SA fire at an AFV with hits has no effect "
                f"except a morale check ({f.afv_vs_hw_sa.source})"
            )
        else:
            plan.max_hits = f.afv_vs_hw_sa.max_hits
            notes.append(
                "HW/SA fire at an AFV with no hits: at most 1 hit, "
                f"forcing it to button up ({f.afv_vs_hw_sa.source})"
            )
    if night:
        notes.append("night: the rules give no fire modifier (ruling spotting.night_codes)")
    plan.notes = notes + plan.notes
    return plan


def _target_orders(target: Stand, t: Tables) -> list[Modifier]:
    to = t.fire.target_orders
    if target.orders == "WD":
        return mod(
            "target on Withdraw",
            to.moving["WD"],
            to.source,
            "applied once (ruling fire.withdraw_double_count)",
        )
    if target.stationary:
        troop = target.fire_category() == "troop"
        return mod(
            "target stationary",
            to.stationary_troop if troop else to.stationary,
            to.source,
            "troop stand" if troop else "",
        )
    order = target.orders if target.orders in ("DA", "TR") else "HA"
    name = {
        "DA": "target on Deliberate Advance",
        "TR": "target on Travel (Administrative Advance)",
        "HA": "target on Hasty Advance",
    }[order]
    return mod(name, to.moving[order], to.source)


def _fire_control(grade: str, range_in: float, rulings: Rulings, t: Tables) -> list[Modifier]:
    row = t.fire.fire_control.rows[grade]
    n = increments(range_in, row.per_in, row.beyond_in, rulings)
    return mod(
        "fire control",
        row.drm * n,
        t.fire.fire_control.source,
        f'{row.name}, {range_in:g}": {n} x {row.drm} beyond {row.beyond_in:g}"',
    )


def _cover(
    target: Stand, t: Tables, he_weight: str | None = None, icm: bool = False
) -> list[Modifier]:
    """Cover (troop stands only) and entrenchment; against HE, AFVs count as in hard (open
    topped: soft) cover, and the HE weight changes each modifier's size
    (ruling he.weight_cover_adjustment)."""
    c = t.fire.cover
    cat = target.fire_category()
    out: list[Modifier] = []
    cover: str = target.cover if cat == "troop" else "none"
    cover_why = c.source
    if cat != "troop" and target.cover != "none" and not (he_weight is not None and cat == "afv"):
        out.append(Modifier(name="target cover", value=0, rule=c.source,
                            detail=f"{target.cover}: vehicle stands do not benefit from cover"))
    if he_weight is not None and cat == "afv":
        if icm:
            cover = "none"
            out.append(Modifier(name="target cover", value=0, rule=t.indirect.icm.source,
                                detail="AFV hard cover against HE ignored by ICM"))
        else:
            cover = t.indirect.he.afv_cover["soft" if target.unit.protection.open_top else "hard"]
            cover_why = t.indirect.he.source
    pairs = [
        ("cover", cover, c.cover[cover], cover_why),
        ("entrenchment", target.entrenchment, c.entrenchment[target.entrenchment], c.source),
    ]
    for name, level, value, rule in pairs:
        if value == 0:
            continue
        detail: str = level
        if he_weight is not None:
            change = t.indirect.he.cover_change[he_weight]
            new = min(0, value - change)
            if new != value:
                detail += f", {he_weight} HE: {value:+d} -> {new:+d}"
            value = new
        if value == 0:  # cancelled by heavier HE: said, not silently dropped
            out.append(Modifier(name=f"target {name}", value=0, rule=rule, detail=detail))
        else:
            out += mod(f"target {name}", value, rule, detail)
    return out


def _grouping(shooter: Stand, target: Stand, t: Tables) -> list[Modifier]:
    g = t.fire.grouping
    return mod(
        "firer grouped",
        g.own_fire_per_extra_company * shooter.extra_companies,
        g.source,
        f"{shooter.extra_companies} additional "
        f"compan{'y' if shooter.extra_companies == 1 else 'ies'}",
    ) + mod(
        "target grouped",
        g.fire_at_group_per_extra_company * target.extra_companies,
        g.source,
        f"{target.extra_companies} additional "
        f"compan{'y' if target.extra_companies == 1 else 'ies'}",
    )


def _facing(aspect: str, rulings: Rulings, t: Tables) -> list[Modifier]:
    m = t.fire.misc
    sign = -1 if rulings["fire.flank_rear_shift_direction"] == "literal" else 1
    if aspect == "flank":
        return mod(
            "firing at flank",
            sign * m.flank_shift,
            m.source,
            "ruling fire.flank_rear_shift_direction",
            kind="shift",
        )
    if aspect == "rear":
        return mod(
            "firing at rear",
            sign * m.rear_shift,
            m.source,
            "ruling fire.flank_rear_shift_direction",
            kind="shift",
        )
    return []


def heavier(weight: str, steps: int, t: Tables) -> str:
    order = t.indirect.he.weights
    return order[min(len(order) - 1, order.index(weight) + steps)]


def _plan_direct_he(
    shooter: Stand,
    target: Stand,
    range_in: float,
    rulings: Rulings,
    t: Tables,
    weight: str | None = None,
) -> FirePlan:
    """Direct-fire HE (COMBAT > Direct fire HE effects; ruling he.direct_fire_modifiers), of the
    shooter's HE rating or of ``weight`` (an ATGM treated as artillery)."""
    from umpire.rules.auftragstaktik.ratings import He

    he = shooter.unit.he if weight is None else He(weight=weight)
    assert he is not None
    d = t.fire.direct_he
    base_weight = he.weight
    weight = heavier(base_weight, d.weight_step, t)
    plan = FirePlan(header="AP", differential=None, fixed=t.indirect.he.column)
    plan.notes.append(
        f"direct HE: the +1 column, {base_weight} HE counts "
        f"as {weight} ({d.source}; ruling he.vh_plus_one)"
    )
    ms = plan.modifiers
    ms += mod("direct HE", d.drm, d.source)
    ms += size_mods(t, shooter.size_code, None)
    if he.fire_control:
        ms += _fire_control(he.fire_control, range_in, rulings, t)
    if shooter.moved and shooter.stand_kind in ("vehicle", "helicopter"):
        grade = "a" if shooter.stand_kind == "helicopter" else (he.stabilization or "b")
        row = t.fire.stabilization.rows[grade]
        ms += mod(
            "stabilization",
            getattr(row, shooter.moving_order),
            t.fire.stabilization.source,
            f"{row.name}, {shooter.moving_order}",
        )
    ms += _target_orders(target, t)
    if shooter.orders == "WD":
        ms += mod("firer on Withdraw", t.fire.firer_withdraw.drm, t.fire.firer_withdraw.source)
    ms += _cover(target, t, he_weight=weight)
    ms += _light_in_open(weight, target, t)
    ms += mod(
        "firer entrenched",
        t.fire.cover.fire_bonus[shooter.entrenchment],
        t.fire.cover.source,
        shooter.entrenchment,
    )
    if not shooter.spotted:
        ms += mod("firer unspotted", t.fire.misc.unspotted_firer, t.fire.misc.source)
    ms += tq_difference(
        shooter.quality, target.quality, t.fire.misc.tq_per_level, t.fire.misc.source
    )
    ms += hit_effects(t, shooter.hits)
    ms += _grouping(shooter, target, t)
    return plan


def _plan_atgm_as_he(
    shooter: Stand,
    target: Stand,
    weight: str,
    why: str,
    range_in: float,
    rulings: Rulings,
    t: Tables,
) -> FirePlan:
    """An ATGM at a stand that is not an AFV, as artillery of ``weight`` (MISCELLANEOUS RULES >
    ATGMs vs. non-AFV targets; ruling atgm.non_afv_targets): the +1 column, the firer's size
    and hits, cover and entrenchment changed by the weight; or, under ``direct_he``, as
    direct-fire HE of that weight."""
    src = t.fire.vs_non_afv.source
    name = {"VL": "Very Light", "L": "Light", "M": "Medium", "H": "Heavy", "VH": "Very Heavy"}
    if rulings["atgm.non_afv_targets"] == "direct_he":
        plan = _plan_direct_he(shooter, target, range_in, rulings, t, weight=weight)
        plan.notes.insert(
            0,
            f"ATGM at {why}: treated as {name[weight]} artillery ({src}), "
            "fired as direct HE (ruling atgm.non_afv_targets)",
        )
        return plan
    he = t.indirect.he
    plan = FirePlan(header="AP", differential=None, fixed=he.column)
    plan.notes.append(
        f"ATGM at {why}: treated as {name[weight]} artillery on the +1 column ({src}; ruling "
        "atgm.non_afv_targets)"
    )
    ms = plan.modifiers
    ms += size_mods(t, shooter.size_code, None, he.source)
    ms += hit_effects(t, shooter.hits)
    ms += _cover(target, t, he_weight=weight)
    ms += _light_in_open(weight, target, t)
    return plan


def _light_in_open(weight: str, target: Stand, t: Tables) -> list[Modifier]:
    he = t.indirect.he
    cat = target.fire_category()
    in_open = target.cover == "none" and target.entrenchment == "none"
    if weight in he.light_in_open.weights and cat in ("troop", "soft") and in_open:
        return mod(
            "light HE against troops/soft vehicles in the open",
            he.light_in_open.drm,
            he.source,
            weight,
        )
    return []


def rate_of_fire(
    shooter: Stand, target: Stand, weapon: str, eliminated: bool, t: Tables
) -> dict[str, Any]:
    """What the rate-of-fire rules allow after this shot (COMBAT > Rate of fire; ruling
    rof.shot_accounting): whether it counts against the limit and whether the stand may fire
    again."""
    src = t.fire.rate_of_fire.source
    s_afv = shooter.fire_category() == "afv"
    cat = target.fire_category()
    counts = not (shooter.is_company and not target.is_company)
    if not counts:
        return {
            "counts": False,
            "may_fire_again": True,
            "why": "a company firing at a platoon: the shot does "
            f"not count (ruling rof.platoon_targets; {src})",
        }
    if not shooter.is_company and target.is_company:
        return {
            "counts": True,
            "may_fire_again": False,
            "why": f"a platoon firing at a company: one shot per fire phase ({src})",
        }
    if weapon == "missile" and (
        shooter.unit.missile is None or shooter.unit.missile.guidance != "a"
    ):
        return {
            "counts": True,
            "may_fire_again": False,
            "why": f"ATGMs fire one shot, whatever its effect ({src})",
        }
    if shooter.soviet_tank:
        return {
            "counts": True,
            "may_fire_again": False,
            "why": f"tanks of Soviet manufacture fire once per fire phase ({src})",
        }
    unlimited = (s_afv and cat == "afv" and "h/k" in shooter.unit.special) or (
        shooter.machine_gun and cat == "troop"
    )
    second = (s_afv and cat == "afv") or cat == "troop"
    if eliminated and unlimited:
        return {
            "counts": True,
            "may_fire_again": True,
            "why": "hunter-killer / machine guns: another "
            f"shot while they keep eliminating ({src})",
        }
    if eliminated and second:
        return {
            "counts": True,
            "may_fire_again": True,
            "why": f"the target was eliminated: a second shot ({src})",
        }
    return {
        "counts": True,
        "may_fire_again": False,
        "why": f"one shot unless it eliminates its target ({src})",
    }


def resolve(
    plan: FirePlan, dice: Dice, rulings: Rulings, t: Tables, why: str = "to-hit roll"
) -> tuple[int, int | None, crt.ColumnPick, Any]:
    """Roll for ``plan``: (hits, modified roll, column, cell). No roll when ``plan.no_roll``."""
    pick = crt.pick_column(
        t,
        rulings,
        plan.header,
        differential=plan.differential,
        fixed=plan.fixed,
        shift=plan.shift,
        cap=plan.cap,
        cap_why=plan.cap_why,
    )
    if plan.no_roll:
        return 0, None, pick, None
    natural = crt.roll(dice, t, rulings, why)
    modified = natural + plan.drm
    hits, cell = crt.lookup(pick.index, modified, t, rulings, plan.header)
    if plan.max_hits is not None and hits > plan.max_hits:
        hits = plan.max_hits
    return hits, modified, pick, cell


def fire(
    shooter: Stand,
    target: Stand,
    weapon: str,
    range_in: float,
    aspect: str,
    dice: Dice,
    rulings: Rulings,
    *,
    night: bool = False,
    phase: int | None = None,
    extra_modifiers: list[Modifier] | None = None,
) -> Resolution:
    """Resolve one direct-fire attack (COMBAT). ``extra_modifiers`` are added to the rules'
    own (e.g. an AFV's -6 for HW fire in close combat).

    Outcome: ``hits`` (the cell: 0, 1, 2 or 4; 4 = eliminated), ``total_hits``, ``eliminated``
    (false for troop stands in close terrain unless by close combat), ``morale_check`` (the
    target's battalion checks morale), ``rate_of_fire``.

    :raises UmpireError: see :func:`plan_fire`.
    """
    t = tables()
    plan = plan_fire(
        shooter, target, weapon, range_in, aspect, rulings, night=night, phase=phase, t=t
    )
    plan.modifiers.extend(extra_modifiers or [])
    rec = RecordingDice(dice)
    hits, modified, pick, cell = resolve(plan, rec, rulings, t)
    if plan.max_hits is not None and cell is not None and (cell.value or 0) > plan.max_hits:
        plan.notes.append(f"result {cell.value} limited to {plan.max_hits} hit")
    total = target.hits + hits
    he = t.common.hit_effects
    eliminated = total >= he.eliminated_at
    if eliminated and target.fire_category() == "troop" and target.in_close_terrain:
        eliminated = False
        plan.notes.append(
            "troop stand in close terrain: hits accumulate, but only "
            f"close combat eliminates it ({he.close_terrain_source})"
        )
    if plan.no_roll:
        plan.notes.append(plan.no_roll)
    rof = rate_of_fire(shooter, target, weapon, eliminated, t)
    needs = None
    if not plan.no_roll:
        lo, hi = crt.die_bounds(t, rulings)
        needs = next(
            (
                n
                for n in range(lo, hi + 1)
                if crt.lookup(pick.index, n + plan.drm, t, rulings, plan.header)[0] > 0
            ),
            None,
        )
    summary = (
        "no effect"
        if hits == 0
        else ("eliminated" if eliminated else f"{hits} hit{'s' if hits > 1 else ''}")
    )
    if plan.no_roll:
        summary = "no effect (morale check only)"
    return Resolution(
        ruleset=RULESET,
        procedure="fire",
        outcome={
            "hits": hits,
            "total_hits": total,
            "eliminated": eliminated,
            "morale_check": True,
            "rate_of_fire": rof,
        },
        summary=f"{summary}"
        + (
            f" ({crt.roll_words(modified - plan.drm, modified, cell.column)})"
            if cell is not None and modified is not None
            else ""
        ),
        modifiers=plan.modifiers,
        shifts=plan.shifts,
        column=cell.column
        if cell is not None
        else (crt.label(pick.index, t, plan.header) if pick.index is not None else None),
        cell=cell,
        modified_roll=modified,
        rulings=rulings.differences(),
        rolls=rec.rolls,
        notes=plan.notes
        + pick.notes
        + [rof["why"]]
        + (
            [f"needs {needs}+ on the die for at least 1 hit"]
            if needs is not None
            else []
            if plan.no_roll
            else ["no die roll can hit"]
        ),
        extra={
            "needs": needs,
            "column_index": pick.index,
            "differential": plan.differential,
            "net_drm": plan.drm,
            "net_shift": plan.shift,
        },
    )
