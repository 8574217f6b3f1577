"""RATING UNITS: from real specifications to a stat line, per the rules' scales.

:func:`rate` takes a :class:`Spec` (vehicles or men per unit, speed in km/h, armour and
penetration in mm, calibres, ranges in km, night vision...) and returns the :class:`Unit` with
a :class:`Derivation` for each field saying how it was found. Rulings used: ``size.gaps``,
``scale.band_561_770``, ``scale.out_of_range``, ``scale.calibre_gaps``, ``scale.range_rounding``,
``ap.saw_bonus``, ``movement.speed_basis``, ``scale.at_ap_typo``.

Fire control, stabilization and guidance are given as grades (b, g, a): the rules describe them
(basic: stadiametric sights, no stabilization, MCLOS; good: optical rangefinders, some
stabilization, SACLOS; advanced: laser rangefinders, full stabilization, fire-and-forget), but
the published ratings do not follow those words mechanically (the rulebook's T-80B is G(g/g)
although it has a laser rangefinder), so the rater states the grade.
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.data import Tables, tables
from umpire.rules.auftragstaktik.ratings import (
    AirDefense,
    Gun,
    He,
    Hw,
    Indirect,
    Missile,
    Protection,
    Sa,
    Unit,
)
from umpire.rules.auftragstaktik.unit_spec import Spec


@dataclass(frozen=True)
class Derivation:
    field: str
    value: str
    how: str


def _band(value: float, bands: list, attr: str) -> object:  # type: ignore[type-arg]
    for b in bands:
        if b.max is None or value <= b.max:
            return getattr(b, attr)
    raise AssertionError("the last band is open")


def mm_rating(mm: float, t: Tables, rulings: Rulings | None = None) -> int:
    """The Protection / AT rating of ``mm`` millimetres (RATING UNITS > Protection, AT)."""
    if mm <= 0:
        return 0
    bands = t.rating.mm_scale.bands
    if rulings is not None and rulings["scale.band_561_770"] == "narrow" and 670 < mm <= 770:
        return 13
    for i, top in enumerate(bands, start=1):
        if mm <= top:
            return i
    return len(bands)


def calibre_class(mm: float, t: Tables) -> str:
    return str(_band(mm, t.rating.calibre.classes, "code"))


def _fmt(x: float) -> str:
    return f"{x:g}"


def rate(
    spec: Spec, rulings: Rulings | None = None, name: str = ""
) -> tuple[Unit, list[Derivation]]:
    """Rate ``spec``; returns the unit and how each field was derived (one line of the rating
    rules each, in the order they print)."""
    t = tables()
    how: list[Derivation] = []
    size = _size(spec, t, how)
    move, code = _move(spec, t, how)
    prot = _protection(spec, t, rulings, how)
    gun, missile, at_cc = _anti_tank(spec, t, rulings, how)
    he, hw, sa = _anti_personnel(spec, t, how)
    ind = _indirect(spec, t, how)
    ad = _air_defense(spec, t, how)
    special = tuple(([spec.night_vision] if spec.night_vision else []) + list(spec.special))
    if special:
        how.append(Derivation("special", " ".join(special), "RATING UNITS > Special"))
    unit = Unit(
        name=name,
        sizes=(size,),
        move=move,
        mobility=code,
        protection=prot,
        gun=gun,
        missile=missile,
        at_cc=at_cc,
        he=he,
        hw=hw,
        sa=sa,
        indirect=ind,
        special=special,
        air_defense=ad,
    )
    return unit, how


def _size(spec: Spec, t: Tables, how: list[Derivation]) -> str:
    """Size: by vehicles (or weapons) or dismounted personnel; an HQ stand a medium company; a
    battery by its guns."""
    r = t.rating
    if spec.vehicles is not None:
        size = str(_band(spec.vehicles, r.size.vehicles, "code"))
        basis = f"{spec.vehicles} vehicles or weapons"
    else:
        size = str(_band(spec.personnel or 0, r.size.personnel, "code"))
        basis = f"{spec.personnel} dismounted personnel"
    if spec.hq:
        size = "mc"
        basis = "an HQ stand: a medium company (MISCELLANEOUS RULES > Headquarters Stands)"
    if spec.battery:
        if size not in r.size.battery:
            raise UmpireError(
                f"spec.vehicles: {spec.vehicles} guns is not "
                "a battery size (allowed: 4, 5, 6-7, 8-11)"
            )
        size = r.size.battery[size]
    how.append(Derivation("size", size, f"{basis} ({r.size.source}; ruling size.gaps)"))
    return size


def _move(spec: Spec, t: Tables, how: list[Derivation]) -> tuple[int | None, str]:
    """Move and its mobility code: by road speed, kept from the data, foot, or a helicopter's."""
    r = t.rating
    code = r.movement.codes[spec.mobility] + ("a" if spec.amphibious else "")
    move: int | None
    if spec.mobility == "helicopter":
        move, code = None, "h"
        how.append(Derivation("move", "H", f"helicopter: unlimited movement ({r.movement.source})"))
    elif spec.move_in is not None:
        move = spec.move_in
        scale = (
            ""
            if spec.speed_kph is None
            else f"; the speed scale gives {_band(spec.speed_kph, r.movement.kph, 'inches')} "
            f"for {_fmt(spec.speed_kph)} km/h"
        )
        how.append(
            Derivation(
                "move",
                f"{move}{code}",
                f"rated Move kept from the data (ruling movement.speed_basis){scale}",
            )
        )
    elif spec.mobility == "foot":
        move = r.movement.foot
        how.append(Derivation("move", f"{move}", f"foot: {move} ({r.movement.source})"))
    else:
        move = int(_band(spec.speed_kph or 0, r.movement.kph, "inches"))  # type: ignore[call-overload]
        how.append(
            Derivation(
                "move",
                f"{move}{code}",
                f"{_fmt(spec.speed_kph or 0)} km/h road speed ({r.movement.source})",
            )
        )
    return move, code


def _protection(spec: Spec, t: Tables, rulings: Rulings | None, how: list[Derivation]) -> Protection:
    """Protection: unarmoured by its kind, else by the armour's millimetres."""
    r = t.rating
    if spec.unarmored is not None:
        value = getattr(r.unarmored, spec.unarmored)
        prot = Protection(value=value, armor=len(spec.special_armour), unarmored=True)
        how.append(
            Derivation(
                "protection",
                f"{{{value}{spec.special_armour}}}",
                f"unarmoured: {spec.unarmored.replace('_', ' ')} ({r.unarmored.source})",
            )
        )
    else:
        value = mm_rating(spec.armour_mm or 0, t, rulings)
        prot = Protection(
            value=value,
            armor=len(spec.special_armour),
            top=spec.top_armour,
            open_top=spec.open_topped,
        )
        how.append(
            Derivation(
                "protection",
                f"{value}{prot.marks()}",
                f"{spec.armour_mm} mm "
                f"({r.mm_scale.source})"
                + (f"; special armour {spec.special_armour}" if spec.special_armour else ""),
            )
        )
    return prot


def _anti_tank(spec: Spec, t: Tables, rulings: Rulings | None, how: list[Derivation]
               ) -> tuple[Gun | None, Missile | None, int | None]:
    """AT: the gun and the missile by their penetration (the missile's range by its km), AT CC."""
    r = t.rating
    gun = missile = None
    if spec.gun:
        g = spec.gun
        heat = len(g.heat) or (1 if g.low_velocity else 0)
        gun = Gun(
            value=mm_rating(g.penetration_mm, t, rulings),
            fire_control=g.fire_control,
            stabilization=g.stabilization,
            heat=heat,
        )
        how.append(
            Derivation(
                "AT gun",
                str(gun.value),
                f"{g.penetration_mm} mm penetration ({r.mm_scale.source}; ruling scale.at_ap_typo)",
            )
        )
    if spec.missile:
        m = spec.missile
        rng = r.missile_range.inches_per_km * m.range_km + r.missile_range.plus_in
        missile = Missile(
            value=mm_rating(m.penetration_mm, t, rulings),
            guidance=m.guidance,
            heat=len(m.heat),
            top_attack=m.top_attack,
            range=rng,
            gen=m.gen,
        )
        how.append(
            Derivation(
                "AT missile",
                f"{missile.value} [{_fmt(rng)}]",
                f"{m.penetration_mm} mm; {_fmt(m.range_km)} km x 2 + 2 inches "
                f"({r.missile_range.source}; ruling scale.range_rounding)",
            )
        )
    at_cc = None
    if spec.at_cc is not None:
        at_cc = r.at_cc.values[spec.at_cc]
        how.append(
            Derivation("AT CC", str(at_cc), f"{spec.at_cc.replace('_', ' ')} ({r.at_cc.source})")
        )
    return gun, missile, at_cc


def _anti_personnel(spec: Spec, t: Tables, how: list[Derivation]) -> tuple[He | None, Hw | None, Sa | None]:
    """AP: HE by calibre, heavy weapons by weapon and mount, small arms with their SAW bonus."""
    r = t.rating
    he = hw = sa = None
    if spec.he:
        he = He(
            weight=calibre_class(spec.he.calibre_mm, t),
            fire_control=spec.he.fire_control,
            stabilization=spec.he.stabilization,
        )
        how.append(
            Derivation(
                "HE",
                he.weight,
                f"{_fmt(spec.he.calibre_mm)} mm ({r.calibre.source}; ruling scale.calibre_gaps)",
            )
        )
    if spec.hw:
        base, rng_in = r.heavy_weapons.weapons[spec.hw.weapon]
        hw = Hw(
            value=base + r.heavy_weapons.mounts[spec.hw.mounts], range=rng_in, size=spec.hw.size
        )
        how.append(
            Derivation(
                "HW",
                f"{hw.value} [{_fmt(rng_in)}]",
                f"{spec.hw.weapon}, {spec.hw.mounts}-gun mount ({r.heavy_weapons.source})",
            )
        )
    if spec.small_arms:
        ranged, cc = r.small_arms.weapons[spec.small_arms.weapon]
        bonus = r.small_arms.per_2_saws_per_squad * (spec.small_arms.saws_per_squad // 2)
        sa = Sa(ranged=ranged + bonus, cc=cc)
        how.append(
            Derivation(
                "SA",
                f"{sa.ranged}/{cc}",
                f"{spec.small_arms.weapon.replace('_', ' ')}, {spec.small_arms.saws_per_squad} "
                f"SAW per squad ({r.small_arms.source}; ruling ap.saw_bonus)",
            )
        )
    return he, hw, sa


def _indirect(spec: Spec, t: Tables, how: list[Derivation]) -> Indirect | None:
    """Indirect fire: weight by calibre, range by km, an MRL's tubes."""
    r = t.rating
    ind = None
    if spec.indirect:
        i = spec.indirect
        k = r.indirect_range.inches_per_km
        mrl = None
        if i.mrl_tubes is not None:
            mrl = next(b.drm for b in t.indirect.mrl.tubes if b.max is None or i.mrl_tubes <= b.max)
        ind = Indirect(
            weight=calibre_class(i.calibre_mm, t),
            range=k * i.range_km,
            extended_range=k * i.extended_range_km if i.extended_range_km else None,
            burst=i.high_rof,
            mrl=mrl,
        )
        how.append(
            Derivation(
                "indirect",
                f"{ind.weight} [{_fmt(ind.range or 0)}]",
                f"{_fmt(i.calibre_mm)} mm, {_fmt(i.range_km)} "
                f"km x 2 inches ({r.indirect_range.source})",
            )
        )
    return ind


def _air_defense(spec: Spec, t: Tables, how: list[Derivation]) -> AirDefense | None:
    """Air defence: as the heavy weapons value; missiles ranged as direct-fire missiles."""
    r = t.rating
    ad = None
    if spec.air_defense:
        a = spec.air_defense
        value = a.value
        if value is None and a.weapon is not None:
            value = r.heavy_weapons.weapons[a.weapon][0] + r.heavy_weapons.mounts[a.mounts]
        if value is None:
            raise UmpireError("spec.air_defense: give weapon (gpmg, hmg, autocannon) or value")
        ad_range = (
            (r.missile_range.inches_per_km * a.range_km + r.missile_range.plus_in)
            if a.range_km and a.type == "m"
            else (r.heavy_weapons.weapons[a.weapon][1] if a.weapon else None)
        )
        ad = AirDefense(type=a.type, guidance=a.guidance, value=value, range=ad_range)
        how.append(
            Derivation(
                "AD",
                str(value),
                "as the heavy weapons value; missiles ranged as "
                "direct-fire missiles (RATING UNITS > Air defense (AD))",
            )
        )
    return ad
