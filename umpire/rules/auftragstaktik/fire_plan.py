"""A direct-fire plan (all but the die) and what a stand may fire: its weapons, ATGM generation, the shots forbidden."""

from __future__ import annotations

from dataclasses import dataclass, field

from umpire.core.modifiers import Modifier
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik import crt
from umpire.rules.auftragstaktik.data import Tables
from umpire.rules.auftragstaktik.ratings import Stand, Unit

WEAPONS = ("gun", "missile", "he", "hw", "sa")


@dataclass
class FirePlan:
    """Everything about a shot except the die."""

    header: crt.Header
    differential: int | None
    fixed: int | None
    modifiers: list[Modifier] = field(default_factory=list)
    shifts: list[Modifier] = field(default_factory=list)
    cap: crt.Cap | None = None
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
    return unit_weapons(stand.unit)


def unit_weapons(u: Unit) -> list[str]:
    """The weapons a unit's ratings give it, in the order :data:`WEAPONS` lists them."""
    return [
        w
        for w, have in zip(WEAPONS, (u.gun, u.missile, u.he, u.hw, u.sa), strict=True)
        if have is not None
    ]


def weapon_order(target: Stand) -> tuple[str, ...]:
    """The order a stand picks its weapon in when none is named, as the tracked turn does: its
    anti-tank weapons at an armoured vehicle, else HE, heavy weapons, small arms."""
    armoured = target.stand_kind == "vehicle" and target.unit.protection.value > 0
    return ("gun", "missile", "he", "hw", "sa") if armoured else ("he", "hw", "sa", "gun", "missile")


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


def check_shot(
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
    limit, why = _range_limit(shooter, weapon, t)
    if limit is not None and range_in > limit:
        raise UmpireError(
            f"range: {range_in:g} inches is beyond the {weapon} "
            f"range of {limit:g} inches (allowed: 0-{limit:g}; {why})"
        )
    _check_moved(shooter, weapon, t, rulings)
    kind = shooter.stand_kind
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


def _range_limit(shooter: Stand, weapon: str, t: Tables) -> tuple[float | None, str]:
    """How far ``weapon`` reaches, and why (a bracketed range, the low-velocity gun's, small
    arms'); no limit for a weapon with none."""
    u = shooter.unit
    if weapon == "gun" and u.gun and u.gun.heat and u.gun.range is None:
        return t.fire.ranges.low_velocity_gun_max_in, f"low-velocity HEAT gun ({t.fire.ranges.low_velocity_gun_source})"
    if weapon == "gun" and u.gun and u.gun.range is not None:
        return u.gun.range, "the gun's bracketed range"
    if weapon == "missile" and u.missile and u.missile.range is not None:
        return u.missile.range, "the missile's bracketed range"
    if weapon == "hw" and u.hw and u.hw.range is not None:
        return u.hw.range, "the HW bracketed range"
    if weapon == "sa":
        return t.fire.ranges.sa_max_in, f"small arms ({t.fire.ranges.source})"
    return None, ""


def _check_moved(shooter: Stand, weapon: str, t: Tables, rulings: Rulings) -> None:
    """Refuse what a stand that moved may not fire: towed artillery, a heavy weapon unit, a
    moving troop stand's HW or ATGM on orders that forbid it."""
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
