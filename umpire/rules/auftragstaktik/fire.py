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

from dataclasses import dataclass
from typing import Any

from umpire.core.dice import Dice, RecordingDice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.rules.auftragstaktik import crt
from umpire.rules.auftragstaktik.data import RULESET, Tables, tables
from umpire.rules.auftragstaktik.data import rulings as _r
from umpire.rules.auftragstaktik.direct_he import atgm_as_he, plan_atgm_as_he, plan_direct_he
from umpire.rules.auftragstaktik.facts import AtFireFacts
from umpire.rules.auftragstaktik.fire_mods import cover, facing, fire_control, grouping, target_orders
from umpire.rules.auftragstaktik.fire_plan import FirePlan, check_shot, missile_generation
from umpire.rules.auftragstaktik.hits import apply_hits
from umpire.rules.auftragstaktik.mods import hit_effects, increments, mod, size_mods, tq_difference
from umpire.rules.auftragstaktik.ratings import BATTERY, Stand


@dataclass(frozen=True)
class Attack:
    """One direct-fire attack as the table gives it (COMBAT): ``shooter`` firing ``weapon`` at
    ``target`` at ``range_in`` inches edge to edge, across the target's ``aspect`` (front, flank or
    rear), at night or not, in combat ``phase`` (1 or 2; None: not said)."""

    shooter: Stand
    target: Stand
    weapon: str
    range_in: float
    aspect: str = "front"
    night: bool = False
    phase: int | None = None


def plan_fire(attack: Attack, rulings: Rulings | None = None, *, t: Tables | None = None) -> FirePlan:
    """Every modifier for the ``attack``'s shooter firing its weapon at its target.

    :raises UmpireError: for a weapon the unit lacks, a range beyond the weapon's, or a shot
        the rules forbid (3 hits, moving towed artillery, HW on HA...).
    """
    shooter, target, weapon, range_in = attack.shooter, attack.target, attack.weapon, attack.range_in
    aspect, night, phase = attack.aspect, attack.night, attack.phase
    t = t or tables()
    if rulings is None:

        rulings = _r()
    check_shot(shooter, target, weapon, range_in, phase, t, rulings)
    cat = target.fire_category()
    notes: list[str] = []

    if weapon == "missile" and cat == "helicopter":
        return _missile_at_helicopter(shooter, target, t)
    if weapon == "he":
        return plan_direct_he(shooter, target, range_in, rulings, t)
    as_he = atgm_as_he(target, rulings, t) if weapon == "missile" else None
    if as_he is not None:
        return plan_atgm_as_he(shooter, target, as_he[0], as_he[1], range_in, rulings, t)

    plan = _column(shooter, target, weapon, rulings, notes)
    _firer_and_target(plan, shooter, target, weapon, range_in, rulings, t)
    notes += _shifts(plan, shooter, target, weapon, aspect, rulings, t)
    notes += _limits(plan, shooter, target, weapon, t)
    if night:
        notes.append("night: the rules give no fire modifier (ruling spotting.night_codes)")
    plan.notes = notes + plan.notes
    return plan


def _missile_at_helicopter(shooter: Stand, target: Stand, t: Tables) -> FirePlan:
    """ATGM against helicopters: its own column and modifiers (MISCELLANEOUS RULES > Air Defense)."""
    f = t.fire
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


def _column(shooter: Stand, target: Stand, weapon: str, rulings: Rulings, notes: list[str]) -> FirePlan:
    """The CRT column: AT value (gun, missile) or AP value (HW, SA) against the target's Protection."""
    u = shooter.unit
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
    return plan


def _firer_and_target(plan: FirePlan, shooter: Stand, target: Stand, weapon: str, range_in: float,
                      rulings: Rulings, t: Tables) -> None:
    """The modifiers of size, orders, range, the firer's movement, cover and entrenchment,
    armour, spotting, troop quality, hits and grouping."""
    f = t.fire
    u = shooter.unit
    ms = plan.modifiers
    # size (HW may carry its own size code)
    shooter_size = shooter.size_code
    if weapon == "hw" and u.hw and u.hw.size:

        shooter_size = BATTERY.get(u.hw.size, u.hw.size)
    ms += size_mods(t, shooter_size, target.size_code)
    ms += target_orders(target, t, rulings)
    if shooter.orders == "WD":
        ms += mod("firer on Withdraw", f.firer_withdraw.drm, f.firer_withdraw.source)
    ms += _range(shooter, weapon, range_in, rulings, t)
    _firer_moved(plan, shooter, weapon, t)
    _cover_and_standing(plan, shooter, target, weapon, rulings, t)


def _range(shooter: Stand, weapon: str, range_in: float, rulings: Rulings, t: Tables) -> list[Modifier]:
    """The range modifiers: a gun's fire control, HW's range increments (COMBAT > Range)."""
    f = t.fire
    u = shooter.unit
    ms: list[Modifier] = []
    if weapon == "gun" and u.gun and u.gun.fire_control:
        ms += fire_control(u.gun.fire_control, range_in, rulings, t)
    if weapon == "hw":
        n = increments(range_in, f.ranges.hw.per_in, f.ranges.hw.beyond_in, rulings)
        ms += mod(
            "HW range",
            f.ranges.hw.drm * n,
            f.ranges.source,
            f'{range_in:g}": {n} x {f.ranges.hw.drm} beyond {f.ranges.hw.beyond_in:g}"',
        )
    return ms


def _firer_moved(plan: FirePlan, shooter: Stand, weapon: str, t: Tables) -> None:
    """The firer's movement: a troop stand's column shift, a vehicle gun's stabilization."""
    f = t.fire
    u = shooter.unit
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
        plan.modifiers += mod(
            "stabilization", getattr(row, order), f.stabilization.source, f"{row.name}, {order}"
        )


def _cover_and_standing(plan: FirePlan, shooter: Stand, target: Stand, weapon: str, rulings: Rulings,
                        t: Tables) -> None:
    """The target's cover and armour, the firer's entrenchment and spotting, troop quality, the
    firer's hits and grouping."""
    f = t.fire
    ms = plan.modifiers
    ms += cover(target, t)
    ms += mod(
        "firer entrenched",
        f.cover.fire_bonus[shooter.entrenchment],
        f.cover.source,
        shooter.entrenchment,
    )
    if weapon == "sa" and target.fire_category() == "troop" and target.unit.protection.armor:
        marks = "*" * target.unit.protection.armor
        ms += mod("SA against body armour", f.misc.sa_vs_body_armor[marks], f.misc.source, marks)
    if not shooter.spotted:
        ms += mod("firer unspotted", f.misc.unspotted_firer, f.misc.source)
    ms += tq_difference(shooter.quality, target.quality, f.misc.tq_per_level, f.misc.source)
    ms += hit_effects(t, shooter.hits)
    ms += grouping(shooter, target, t, rulings)


def _shifts(plan: FirePlan, shooter: Stand, target: Stand, weapon: str, aspect: str, rulings: Rulings,
            t: Tables) -> list[str]:
    """The column shifts of facing (a top-attack missile strikes flank armour) and HEAT; the notes
    they make."""
    notes: list[str] = []
    f = t.fire
    u = shooter.unit
    cat = target.fire_category()
    eff_aspect = aspect
    if weapon == "missile" and u.missile and u.missile.top_attack:
        eff_aspect = "flank"  # from the front and from the rear alike (ruling top_attack.combined_shift)
        notes.append(f"top-attack missile: strikes flank armour ({t.fire.top_attack.source})")
        if target.unit.protection.top:
            plan.shifts += mod(
                "top attack against ^ armour",
                f.top_attack.vs_top_armor_shift,
                f.top_attack.source,
                kind="shift",
            )
    plan.shifts += facing(eff_aspect, rulings, t)
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
    return notes


def _limits(plan: FirePlan, shooter: Stand, target: Stand, weapon: str, t: Tables) -> list[str]:
    """What caps the result: an ATGM generation's cap; HW and SA against AFVs; the notes they make."""
    notes: list[str] = []
    f = t.fire
    afv = target.fire_category() == "afv"
    # ATGM generation cap
    if weapon == "missile":
        gen = missile_generation(shooter, t)
        cap = f.atgm.caps.get(gen)
        if cap is not None:
            plan.cap = crt.Cap(cap, f"generation {gen} ATGM cap ({f.atgm.source})")

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
    return notes


def _rof(counts: bool, again: bool, why: str) -> dict[str, Any]:
    """One rate-of-fire answer: whether the shot counts, whether the stand may fire again, why."""
    return {"counts": counts, "may_fire_again": again, "why": why}


def rate_of_fire(
    shooter: Stand, target: Stand, weapon: str, eliminated: bool, t: Tables, rulings: Rulings | None = None
) -> dict[str, Any]:
    """What the rate-of-fire rules allow after this shot (COMBAT > Rate of fire; ruling
    rof.shot_accounting): whether it counts against the limit and whether the stand may fire
    again. A Soviet-made tank company firing at a platoon: ruling rof.soviet_tank_platoons."""
    src = t.fire.rate_of_fire.source
    s_afv = shooter.fire_category() == "afv"
    cat = target.fire_category()
    counts = not (shooter.is_company and not target.is_company)
    if not counts and shooter.soviet_tank and rulings is not None and rulings["rof.soviet_tank_platoons"] == "once":
        return _rof(True, False, "tanks of Soviet manufacture fire once per fire phase, at a platoon too "
                    f"(ruling rof.soviet_tank_platoons; {src})")
    if not counts:
        return _rof(False, True, "a company firing at a platoon: the shot does not count"
                    + (", a Soviet-made tank company's as any company's (rulings rof.platoon_targets, "
                       f"rof.soviet_tank_platoons; {src})" if shooter.soviet_tank
                       else f" (ruling rof.platoon_targets; {src})"))
    if not shooter.is_company and target.is_company:
        return _rof(True, False, f"a platoon firing at a company: one shot per fire phase ({src})")
    if weapon == "missile" and (
        shooter.unit.missile is None or shooter.unit.missile.guidance != "a"
    ):
        return _rof(True, False, f"ATGMs fire one shot, whatever its effect ({src})")
    if shooter.soviet_tank:
        return _rof(True, False, f"tanks of Soviet manufacture fire once per fire phase ({src})")
    unlimited = (s_afv and cat == "afv" and "h/k" in shooter.unit.special) or (
        shooter.machine_gun and cat == "troop"
    )
    second = (s_afv and cat == "afv") or cat == "troop"
    if eliminated and unlimited:
        return _rof(True, True, f"hunter-killer / machine guns: another shot while they keep eliminating ({src})")
    if eliminated and second:
        return _rof(True, True, f"the target was eliminated: a second shot ({src})")
    return _rof(True, False, f"one shot unless it eliminates its target ({src})")


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
    )
    if plan.no_roll:
        return 0, None, pick, None
    natural = crt.roll(dice, t, rulings, why)
    modified = natural + plan.drm
    hits, cell = crt.lookup(pick.index, modified, t, rulings, plan.header)
    if plan.max_hits is not None and hits > plan.max_hits:
        hits = plan.max_hits
    return hits, modified, pick, cell


def fire(attack: Attack, dice: Dice, rulings: Rulings, *, extra_modifiers: list[Modifier] | None = None
         ) -> Resolution:
    """Resolve one direct-fire attack (COMBAT). ``extra_modifiers`` are added to the rules'
    own (e.g. an AFV's -6 for HW fire in close combat).

    Outcome: ``hits`` (the cell: 0, 1, 2 or 4; 4 = eliminated), ``total_hits``, ``eliminated``
    (false for troop stands in close terrain unless by close combat), ``morale_check`` (the
    target's battalion checks morale), ``rate_of_fire``.

    :raises UmpireError: see :func:`plan_fire`.
    """
    shooter, target, weapon = attack.shooter, attack.target, attack.weapon
    t = tables()
    plan = plan_fire(attack, rulings, t=t)
    plan.modifiers.extend(extra_modifiers or [])
    rec = RecordingDice(dice)
    hits, modified, pick, cell = resolve(plan, rec, rulings, t)
    total, eliminated = _land_hits(plan, target, hits, cell, t)
    rof = rate_of_fire(shooter, target, weapon, eliminated, t, rulings)
    needs = None if plan.no_roll else _needs(plan, pick, rulings, t)
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
        summary=_summary(plan, hits, eliminated, modified, cell),
        modifiers=plan.modifiers,
        shifts=plan.shifts,
        column=_column_label(plan, pick, cell, t),
        cell=cell,
        modified_roll=modified,
        rulings=rulings.differences(),
        rolls=rec.rolls,
        notes=plan.notes + pick.notes + [rof["why"]] + _needs_words(plan, needs),
        facts=AtFireFacts(needs=needs, column_index=pick.index, differential=plan.differential, net_drm=plan.drm,
                          net_shift=plan.shift),
    )


def _land_hits(plan: FirePlan, target: Stand, hits: int, cell: Any, t: Tables) -> tuple[int, bool]:
    """The target's hits after this shot, and whether it is eliminated; the notes they make (a
    capped result, a troop stand in close terrain, a shot with no roll)."""
    if plan.max_hits is not None and cell is not None and (cell.value or 0) > plan.max_hits:
        plan.notes.append(f"result {cell.value} limited to {plan.max_hits} hit")
    he = t.common.hit_effects
    close = target.fire_category() == "troop" and target.in_close_terrain
    total, eliminated = apply_hits(target.hits, hits, troop_in_close_terrain=close, t=t)
    if close and total >= he.eliminated_at:
        plan.notes.append(
            "troop stand in close terrain: hits accumulate, but only "
            f"close combat eliminates it ({he.close_terrain_source})"
        )
    if plan.no_roll:
        plan.notes.append(plan.no_roll)
    return total, eliminated


def _needs(plan: FirePlan, pick: crt.ColumnPick, rulings: Rulings, t: Tables) -> int | None:
    """The lowest natural roll that scores at least one hit in the picked column, if any."""
    lo, hi = crt.die_bounds(t, rulings)
    return next(
        (
            n
            for n in range(lo, hi + 1)
            if crt.hits_at(pick.index, n + plan.drm, t, rulings) > 0
        ),
        None,
    )


def _needs_words(plan: FirePlan, needs: int | None) -> list[str]:
    """What the die must show for a hit, or that none can (nothing when there is no roll)."""
    if needs is not None:
        return [f"needs {needs}+ on the die for at least 1 hit"]
    return [] if plan.no_roll else ["no die roll can hit"]


def _column_label(plan: FirePlan, pick: crt.ColumnPick, cell: Any, t: Tables) -> str | int | None:
    """The column read: the cell's, or the picked column's when no die was rolled."""
    if cell is not None:
        return cell.column  # type: ignore[no-any-return]
    return crt.label(pick.index, t, plan.header) if pick.index is not None else None


def _summary(plan: FirePlan, hits: int, eliminated: bool, modified: int | None, cell: Any) -> str:
    """The one-line outcome: the effect, and the roll read in its column."""
    summary = (
        "no effect"
        if hits == 0
        else ("eliminated" if eliminated else f"{hits} hit{'s' if hits > 1 else ''}")
    )
    if plan.no_roll:
        summary = "no effect (morale check only)"
    if cell is not None and modified is not None:
        summary += f" ({crt.roll_words(modified - plan.drm, modified, cell.column)})"
    return summary
