"""Indirect HE fire, MRLs, ICM, counter-battery, airstrikes, strafing and air defense
(COMBAT > HE indirect fire effects; MISCELLANEOUS RULES).

Indirect HE is resolved on the +1 column against each stand under the template: cover and
entrenchment changed by the HE weight (ruling ``he.weight_cover_adjustment``; AFVs in hard
cover, open-topped AFVs in soft cover, ruling ``he.hard_soft_cover``), +2 for VL/L HE against
troops and soft vehicles in the open, +2 high rate of fire, the MRL modifier, the firing
battery's size and hits (ruling ``indirect.firer_modifiers``), and the HQ-level column shifts
(ruling ``indirect.hq_level_semantics``). ICM ignores AFV cover and adds +2 against troops in
the open. Counter-battery adds its own list. Airstrikes are Very Heavy HE with the aircraft's
ordnance modifier and no size or TQ modifiers; strafing uses the direct-fire column
(ruling ``air.strafing_modifiers``). Air defense uses the +1 column with its own list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from umpire.core.dice import Dice, RecordingDice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik import crt
from umpire.rules.auftragstaktik.data import RULESET, Tables, tables
from umpire.rules.auftragstaktik.fire_mods import cover, fire_control, light_in_open
from umpire.rules.auftragstaktik.fire_plan import FirePlan, missile_generation
from umpire.rules.auftragstaktik.hits import apply_hits
from umpire.rules.auftragstaktik.mods import hit_effects, increments, mod, size_mods, tq_difference
from umpire.rules.auftragstaktik.ratings import Level, Stand


@dataclass(frozen=True)
class Command:
    """Who ordered the fire and whose guns (or aircraft) fire it."""

    orders_level: Level = "battalion"
    firing_level: Level = "battalion"
    doctrine: str = "balanced"


@dataclass(frozen=True)
class CounterBattery:
    firer_c3: int = 3
    target_c3: int = 3
    target_sp: bool = False
    target_mrl: bool = False
    firer_icm: bool = False
    firer_mrl: bool = False
    target_outranges: bool = False


def hq_shift(cmd: Command, t: Tables) -> list[Modifier]:
    hs = t.indirect.hq_shifts
    for row in hs.rows:
        if row.orders == cmd.orders_level and row.firer == cmd.firing_level:
            value = row.decentralized if cmd.doctrine == "decentralized" else row.shift
            return mod(
                "HQ level",
                value,
                hs.source,
                f"{cmd.orders_level} orders, {cmd.firing_level} fire, {cmd.doctrine}",
                kind="shift",
            )
    return []


def _resolve(procedure: str, target: Stand, plan: FirePlan, dice: Dice, rulings: Rulings, t: Tables) -> Resolution:
    """Roll for ``plan`` (its column, modifiers, shifts and notes; no cap) against ``target``."""
    header = plan.header
    mods, shifts, notes = plan.modifiers, plan.shifts, plan.notes
    pick = crt.pick_column(
        t,
        rulings,
        header,
        fixed=plan.fixed,
        differential=plan.differential,
        shift=sum(s.value for s in shifts),
    )
    rec = RecordingDice(dice)
    natural = crt.roll(rec, t, rulings, f"{procedure} roll")
    modified = natural + sum(m.value for m in mods)
    hits, cell = crt.lookup(pick.index, modified, t, rulings, header)
    close = target.fire_category() == "troop" and target.in_close_terrain
    total, eliminated = apply_hits(target.hits, hits, troop_in_close_terrain=close, t=t)
    if close and total >= t.common.hit_effects.eliminated_at:
        notes.append(
            "troop stand in close terrain: only close combat eliminates "
            f"it ({t.common.hit_effects.close_terrain_source})"
        )
    return Resolution(
        ruleset=RULESET,
        procedure=procedure,
        outcome={"hits": hits, "total_hits": total, "eliminated": eliminated, "morale_check": True},
        summary=(
            "no effect"
            if hits == 0
            else "eliminated"
            if eliminated
            else f"{hits} hit{'s' if hits > 1 else ''}"
        )
        + f" ({crt.roll_words(natural, modified, cell.column)})",
        modifiers=mods,
        shifts=shifts,
        column=cell.column,
        cell=cell,
        rolls=rec.rolls,
        modified_roll=modified,
        rulings=rulings.differences(),
        notes=notes + pick.notes,
    )


def _he_target_mods(weight: str, target: Stand, t: Tables, icm: bool) -> list[Modifier]:
    he = t.indirect.he
    out = cover(target, t, he_weight=weight, icm=icm)
    out += light_in_open(weight, target, t)
    if (
        icm
        and target.fire_category() == "troop"
        and target.cover == "none"
        and target.entrenchment == "none"
    ):
        out += mod(
            "ICM against troops in the open", t.indirect.icm.troops_in_open, t.indirect.icm.source
        )
    _ = he
    return out


def indirect_fire(
    firer: Stand,
    target: Stand,
    dice: Dice,
    rulings: Rulings,
    *,
    command: Command = Command(),
    icm: bool = False,
    counter_battery: CounterBattery | None = None,
    range_in: float | None = None,
) -> Resolution:
    """Indirect HE (or counter-battery) fire by ``firer`` at one stand under its template.

    :raises UmpireError: if the firer has no Indirect rating or the range is beyond it.
    """
    t = tables()
    ind = firer.unit.indirect
    if ind is None or ind.weight is None:
        raise UmpireError(
            f"firer: {firer.unit.name or 'the firer'} has no Indirect "
            "rating (allowed: units with an Indirect value)"
        )
    limit = ind.extended_range or ind.range
    if range_in is not None and limit is not None and range_in > limit:
        raise UmpireError(
            f"range: {range_in:g} inches is beyond the indirect "
            f"range of {limit:g} inches (allowed: 0-{limit:g})"
        )
    he = t.indirect.he
    notes = [f"indirect HE on the +1 column, {ind.weight} HE ({he.source})"]
    mods = size_mods(t, firer.size_code, None, he.source)
    mods += hit_effects(t, firer.hits, "firing battery")
    mods += _he_target_mods(ind.weight, target, t, icm)
    if ind.burst:
        mods += mod("high rate of fire", he.high_rof, he.source)
    if ind.mrl is not None:
        mods += mod("MRL", ind.mrl, he.source, "parenthesised Indirect modifier")
    shifts = hq_shift(command, t)
    procedure = "indirect"
    if counter_battery is not None:
        procedure = "counter-battery"
        mods += _counter_battery_mods(counter_battery, firer, target, t)
    plan = FirePlan(header="AP", differential=None, fixed=he.column, modifiers=mods, shifts=shifts, notes=notes)
    return _resolve(procedure, target, plan, dice, rulings, t)


def _counter_battery_mods(cb: CounterBattery, firer: Stand, target: Stand, t: Tables) -> list[Modifier]:
    """Counter-battery fire's own modifiers: troop quality, both sides' C3 levels, what the
    target and the firer are (ruling cb.c3_level)."""
    mods: list[Modifier] = []
    c = t.indirect.counter_battery
    mods += tq_difference(firer.quality, target.quality, c.tq_per_level, c.source)
    mods += mod(
        "CB firer C3 level",
        c.firer_c3[cb.firer_c3],
        c.source,
        f"level {cb.firer_c3} (ruling cb.c3_level)",
    )
    mods += mod("target C3 level", c.target_c3[cb.target_c3], c.source, f"level {cb.target_c3}")
    if cb.target_sp:
        mods += mod("target is SP artillery", c.target_sp, c.source)
    if cb.target_mrl:
        mods += mod("target is an MRL", c.target_mrl, c.source)
    if cb.firer_icm:
        mods += mod("firer uses ICM", c.firer_icm, c.source)
    if cb.firer_mrl:
        mods += mod("CB firer is an MRL", c.firer_mrl, c.source)
    if cb.target_outranges:
        mods += mod("target outranges all CB firers", c.target_outranges, c.source)
    return mods


def ordnance_drm(tons: float, rulings: Rulings, t: Tables) -> int:
    """The aircraft ordnance modifier (RATING UNITS > Indirect; ruling air.ordnance_weight_gaps)."""
    table = t.indirect.airstrike.ordnance_tons
    keys = sorted(table)
    if (
        rulings["air.ordnance_weight_gaps"] == "interpolate"
        and keys[0] < tons < keys[-1]
        and tons not in table
    ):
        lo = max(k for k in keys if k < tons)
        hi = min(k for k in keys if k > tons)
        return round(table[lo] + (table[hi] - table[lo]) * (tons - lo) / (hi - lo))
    below = [k for k in keys if k <= tons]
    return table[below[-1] if below else keys[0]]


def airstrike(
    target: Stand, dice: Dice, rulings: Rulings, *, aircraft_drm: int, command: Command = Command()
) -> Resolution:
    """A bombing attack on one stand: Very Heavy HE on the +1 column, the aircraft's ordnance
    modifier, the HQ-level shift; no size or TQ modifiers (MISCELLANEOUS RULES > Airstrikes)."""
    t = tables()
    a = t.indirect.airstrike
    mods = mod("aircraft ordnance", aircraft_drm, a.source, "the air unit's Indirect modifier")
    mods += _he_target_mods(a.weight, target, t, icm=False)
    notes = [
        "airstrike: Very Heavy HE on the +1 column, no "
        f"template ({a.source}; ruling air.strafing_modifiers)"
    ]
    plan = FirePlan(header="AP", differential=None, fixed=t.indirect.he.column, modifiers=mods,
                    shifts=hq_shift(command, t), notes=notes)
    return _resolve("airstrike", target, plan, dice, rulings, t)


def strafing(aircraft: Stand, target: Stand, dice: Dice, rulings: Rulings) -> Resolution:
    """Strafing: AT rating against AFVs, HW against troops and soft vehicles, on the
    direct-fire column; the air unit counts as a medium platoon; TQ modifiers; nothing else."""
    t = tables()
    a = t.indirect.airstrike
    u = aircraft.unit
    afv = target.fire_category() == "afv"
    header: crt.Header
    if afv:
        if u.gun is None:
            raise UmpireError("firer: strafing an AFV needs an AT (G) rating")
        value, header = u.gun.value, "AT"
    else:
        if u.hw is None:
            raise UmpireError("firer: strafing troops or soft vehicles needs an HW rating")
        value, header = u.hw.value, "AP"
    mods = size_mods(t, a.strafing_size, target.size_code, a.source)
    mods += tq_difference(aircraft.quality, target.quality, t.fire.misc.tq_per_level, a.source)
    notes = [
        f"strafing: {'AT' if afv else 'HW'} {value} against Protection "
        f"{target.protection_value} (ruling air.strafing_modifiers)"
    ]
    plan = FirePlan(header=header, differential=value - target.protection_value, fixed=None, modifiers=mods,
                    notes=notes)
    return _resolve("strafing", target, plan, dice, rulings, t)


def air_defense(
    shooter: Stand,
    target: Stand,
    weapon: Literal["sa", "hw", "ad", "missile"],
    dice: Dice,
    rulings: Rulings,
    *,
    range_in: float = 0,
    aa_mount: bool = False,
) -> Resolution:
    """Fire at a helicopter or aircraft (MISCELLANEOUS RULES > Air Defense), on the +1 column.

    ``weapon`` ``ad`` is the unit's AD rating (gun or SAM); ``missile`` an ATGM at a helicopter.
    """
    t = tables()
    ad = t.indirect.air_defense
    cat = target.stand_kind
    if cat not in ("helicopter", "aircraft"):
        raise UmpireError(
            "target.kind: air defense fires at helicopters or "
            f"aircraft (allowed: helicopter, aircraft; got {cat})"
        )
    mods: list[Modifier] = []
    shifts: list[Modifier] = []
    notes = [f"air defense on the +1 column ({ad.source}; ruling ad.row_choice)"]
    if weapon == "missile":
        mods += _missile_at_helicopter(shooter, cat, t)
    else:
        mods += _air_defense_modifiers(shooter, target, weapon, rulings, range_in, aa_mount, t)
    if target.orders == "DA" and target.unit.protection.mast:
        shifts += mod(
            "mast-mounted sight (DA)",
            t.fire.helicopter.mast_sight_da_shift,
            t.fire.helicopter.source,
            kind="shift",
        )
    mods += hit_effects(t, shooter.hits)
    plan = FirePlan(header="AP", differential=None, fixed=ad.column, modifiers=mods, shifts=shifts, notes=notes)
    return _resolve("air-defense", target, plan, dice, rulings, t)


def _missile_at_helicopter(shooter: Stand, cat: str, t: Tables) -> list[Modifier]:
    """An ATGM fired at a helicopter: its generation's modifier (it fires at no aircraft)."""
    u = shooter.unit
    mods: list[Modifier] = []
    if u.missile is None:
        raise UmpireError(f"weapon: {u.name or 'the shooter'} has no missile rating")
    if cat != "helicopter":
        raise UmpireError("target.kind: ATGMs fire only at helicopters (allowed: helicopter)")
    gen = missile_generation(shooter, t)
    mods += mod(
        "ATGM against helicopter",
        t.fire.atgm.vs_helicopter_drm[gen],
        t.fire.atgm.vs_helicopter_source,
        f"generation {gen}",
    )
    return mods


def _ad_range_mods(shooter: Stand, weapon: str, missile_ad: bool, rulings: Rulings, range_in: float,
                   t: Tables) -> list[Modifier]:
    """Air defence at range: a missile's guidance and reach, small arms' reach, a gun's fire
    control, or HW's range increments (ruling ad.range_modifiers)."""
    u = shooter.unit
    ad = t.indirect.air_defense
    mods: list[Modifier] = []
    if missile_ad:
        g = u.air_defense.guidance or "b"  # type: ignore[union-attr]
        mods += mod("missile guidance", ad.guidance[g], ad.source, g)
        rng = u.air_defense.range  # type: ignore[union-attr]
        if rng is not None and range_in > rng:
            raise UmpireError(
                f"range: {range_in:g} inches is beyond the missile "
                f"range of {rng:g} inches (allowed: 0-{rng:g})"
            )
    elif weapon == "sa":
        if range_in > t.fire.ranges.sa_max_in:
            raise UmpireError(
                f"range: small arms reach {t.fire.ranges.sa_max_in:g} "
                f"inches (allowed: 0-{t.fire.ranges.sa_max_in:g})"
            )
    elif weapon == "ad" and u.gun is not None and u.gun.fire_control:
        mods += fire_control(u.gun.fire_control, range_in, rulings, t)
    else:
        h = t.fire.ranges.hw
        n = increments(range_in, h.per_in, h.beyond_in, rulings)
        mods += mod(
            "HW range",
            h.drm * n,
            t.fire.ranges.source,
            f'{range_in:g}" (ruling ad.range_modifiers)',
        )
    return mods


def _air_defense_modifiers(shooter: Stand, target: Stand, weapon: str, rulings: Rulings, range_in: float,
                           aa_mount: bool, t: Tables) -> list[Modifier]:
    """SA, HW or an AD rating fired at a helicopter or an aircraft: troop quality, the target's
    Protection, the weapon's rating, a missile's guidance or the weapon's range, an aircraft
    as the target of SA or HW off an AA mount."""
    ad = t.indirect.air_defense
    cat = target.stand_kind
    u = shooter.unit
    mods: list[Modifier] = []
    mods += tq_difference(shooter.quality, target.quality, ad.tq_per_level, ad.source)
    missile_ad = weapon == "ad" and u.air_defense is not None and u.air_defense.type == "m"
    p = target.unit.protection
    prot = (p.second or 0) if missile_ad else p.value
    sign = 1 if rulings["ad.protection_sign"] == "add" else -1
    mods += mod(
        "target Protection",
        sign * prot,
        ad.source,
        f"{'second' if missile_ad else 'first'} value (ruling ad.protection_sign)",
    )
    rating = {
        "sa": u.sa.ranged if u.sa else None,
        "hw": u.hw.value if u.hw else None,
        "ad": u.air_defense.value if u.air_defense else None,
    }[weapon]
    if rating is None:
        raise UmpireError(f"weapon: {u.name or 'the shooter'} has no {weapon} rating")
    if rulings["ad.weapon_rating"] == "add_rating":
        mods += mod(
            "weapon rating",
            rating,
            ad.source,
            f"{weapon.upper()} {rating} (ruling ad.weapon_rating)",
        )
    mods += _ad_range_mods(shooter, weapon, missile_ad, rulings, range_in, t)
    if cat == "aircraft" and weapon in ("sa", "hw") and not aa_mount:
        mods += mod("target is an aircraft", ad.aircraft_sa_hw, ad.source)
    return mods
