"""The MBT vehicle data card: weapons, ammunition, armor, speeds, damage ranges, each value with its source."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from umpire.errors import unknown
from umpire.rules.mbt.provenance import (
    ANGLES,
    CLASSES,
    DAMAGE,
    FALLING,
    LOCATIONS,
    STABS,
    DataModel,
    Val,
    VInt,
    VOptInt,
    VOptStr,
    VStr,
    band_of,
    check_bands,
    parse_range,
)
from umpire.schema.numbers import parse_int


class Damage(DataModel):
    no_damage: VStr
    compartment: VStr
    knocked_out: VStr
    brewed_up: VStr

    @model_validator(mode="after")
    def _covers(self) -> Damage:
        _check_partition({k: getattr(self, k).v for k in DAMAGE}, "damage")
        return self


class GpKill(DataModel):
    result: Literal["knocked_out", "brewed_up"]
    gp_defense: VStr


class Ammo(DataModel):
    name: str
    type: Literal["KE", "CE", "GP"]
    min_range: VInt
    max_range: VInt
    ap: list[VOptInt] | None = None
    pv: list[VOptInt] | None = None  # a helicopter gun's PYNOE line (20.2.3.2.1)
    pv_low: list[VOptInt] | None = None  # a helicopter gun's PYLOW line: fired from low altitude (20.2.3.2.2)
    damage: Damage | None = None
    gp_nm: list[VOptInt] | None = None
    gp_mv: list[VOptInt] | None = None
    gp_kill: GpKill | None = None

    @model_validator(mode="after")
    def _lines(self) -> Ammo:
        if self.type in ("KE", "CE"):
            if self.ap is None or self.pv is None or self.damage is None:
                raise ValueError(
                    f"ammo {self.name}: {self.type} ammunition needs ap, pv and damage lines"
                )
        elif self.gp_nm is None:
            raise ValueError(f"ammo {self.name}: GP ammunition needs a gp_nm line")
        return self


WEAPON_KINDS = (
    "gun", "atgm", "mg", "launcher", "grenade", "mortar", "aam", "designator", "flamethrower", "small_arms",
)


class Weapon(DataModel):
    """A weapon block of FIRING INFORMATION (7.4.1, 14.1). ``mount`` is the location code of an
    independent machinegun (14.1.2.2: ending O = fires only open); ``option`` names the
    equipment that fits it (``AT-4``: a BMP-1 ``[with AT-4]``); ``small_arms`` is the NOTES flag
    of 14.4.4.2.2.1; ``canister``/``smoke_ammo`` the alternate ammunition of 14.4.5."""

    name: str
    kind: Literal[
        "gun", "atgm", "mg", "launcher", "grenade", "mortar", "aam", "designator", "flamethrower", "small_arms"
    ]
    main: bool = False
    mount: str | None = None
    option: str | None = None
    small_arms: bool = False
    canister: bool = False
    smoke_ammo: bool = False
    stab: VInt | None = None
    class_: VInt | None = Field(default=None, alias="class")
    sights: VStr
    max_rof: VInt
    trn: VStr
    dep_el: VStr
    tot_ammo: VStr
    smoke_makers: VStr | None = None
    speeds: list[VInt] | None = None
    ammo: list[Ammo]

    @model_validator(mode="after")
    def _kind(self) -> Weapon:
        if self.kind == "atgm" and (self.class_ is None or self.speeds is None):
            raise ValueError(f"weapon {self.name}: an ATGM needs class and speeds [1-3, 4+]")
        if self.kind == "gun" and self.stab is None:
            raise ValueError(f"weapon {self.name}: a gun needs stab")
        if not 1 <= self.max_rof.v <= 5:
            raise ValueError(f"weapon {self.name}: max_rof {self.max_rof.v} is outside 1-5")
        if self.stab is not None and self.stab.v not in STABS:
            raise ValueError(
                f"weapon {self.name}: stab {self.stab.v} (allowed: {', '.join(map(str, STABS))}; 7.4.2.2)"
            )
        if self.class_ is not None and self.class_.v not in CLASSES:
            raise ValueError(
                f"weapon {self.name}: class {self.class_.v} (allowed: {', '.join(map(str, CLASSES))}; 7.4.2.2)"
            )
        return self

    @property
    def is_small_arms(self) -> bool:
        """Small arms for 14.4.4.2.2.1 and 14.4.4.2.3.1: a leg unit's own, or a weapon its card's
        NOTES call "small arms"."""
        return self.small_arms or self.kind == "small_arms"

    def sight_letters(self) -> list[str]:
        return [c for c in self.sights.v if c.isalpha()]

    def dep_el_numbers(self) -> tuple[int | None, int | None]:
        """(depression, elevation); None for ``Unl`` (unlimited, 17.3.1.1)."""
        if str(self.dep_el.v).strip().lower().startswith("unl"):
            return None, None
        d, _, e = str(self.dep_el.v).partition("/")
        return parse_int(d), parse_int(e)

    def find_ammo(self, name: str) -> Ammo:
        for a in self.ammo:
            if a.name.lower() == str(name).lower():
                return a
        raise unknown(f"ammunition for the {self.name}", name, [a.name for a in self.ammo])


class Target(DataModel):
    size: VInt
    gp_defense: VInt
    ca_defense: VInt
    stacking: VInt
    transport: VOptStr = Field(default_factory=lambda: Val[str | None](v=None))


class ArmorSection(DataModel):
    level: dict[str, dict[str, VInt]]
    rising: dict[str, dict[str, VInt]]
    falling: dict[str, dict[str, VInt]]
    above: dict[str, VInt]

    @model_validator(mode="after")
    def _groups(self) -> ArmorSection:
        for elev in ("level", "rising", "falling"):
            groups = getattr(self, elev)
            for g in ("straight", "oblique"):
                if g not in groups:
                    raise ValueError(f"{elev}: missing the {g} angle group")
                missing = [loc for loc in LOCATIONS[:6] if loc not in groups[g]]
                if missing:
                    raise ValueError(f"{elev}.{g}: missing location {missing[0]}")
                for loc, val in groups[g].items():
                    if not 0 <= val.v <= 999:
                        raise ValueError(f"{elev}.{g}.{loc}: armour basis {val.v} outside 0-999")
        return self


class Speeds(DataModel):
    normal: VInt
    snow: VInt
    mud: VInt
    road: VStr
    path: VStr


class MovementCosts(DataModel):
    terrain: dict[str, VStr | VInt]
    plus: dict[str, list[VStr] | VStr | VInt]


class ReactiveArmor(DataModel):
    available: bool
    kind: Literal["light", "heavy"]
    cost: VInt


class Notes(DataModel):
    """The NOTES of a vehicle card the Advanced Game reads (15.3.4, 15.4.1.2, 15.6, 17.7)."""

    reactive_armor: ReactiveArmor | None = None
    ko_by_one_compartment_hit: bool = False
    amphibious: bool = False
    avlb: bool = False  # an armored vehicle launched bridge (22)
    may_not_enter_buildings: bool = False
    path_restrictions: bool = False
    passengers_fire: Literal["open", "buttoned", "never"] = "open"
    mine_plow: bool = False
    options: dict[str, VInt] = Field(default_factory=dict)  # equipment -> extra points (TO&E 1)


class Armed:
    """What a card with weapons answers of them: a vehicle's, a towed gun's and a helicopter's."""

    if TYPE_CHECKING:
        card: str
        name: str
        weapons: list[Weapon]
        range_bands: list[VStr]

    def gun(self) -> Weapon | None:
        """Its main gun, if it has one."""
        return next((w for w in self.weapons if w.main), None)

    def weapon(self, name: str) -> Weapon:
        """A weapon by its name (case-blind)."""
        for w in self.weapons:
            if w.name.lower() == str(name).strip().lower():
                return w
        raise unknown(f"weapon on {self.card} ({self.name})", name, [w.name for w in self.weapons])

    def band_index(self, hexes: int) -> int:
        """The range band ``hexes`` falls in (7.4.1.3)."""
        return band_of(self.range_bands, hexes)


class Card(Armed, DataModel):
    card: str
    name: str
    nation: str
    kind: Literal["vehicle"]
    tracked: bool = True
    facts: str = ""
    crew: VInt
    weapons: list[Weapon]
    range_bands: list[VStr]
    target: Target
    hit_location: dict[str, dict[str, VStr]]
    armor: dict[Literal["KE", "CE"], ArmorSection]
    speeds: Speeds
    turn_costs: VStr
    movement_costs: MovementCosts
    point_values: VStr
    notes: Notes = Field(default_factory=Notes)
    bailed_crew: Weapon | None = None  # "Bailed Crew n": its crew's fire out of it (17.2.3.2.2.2, 14.8)

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        check_lines(self.weapons + ([self.bailed_crew] if self.bailed_crew else []), self.range_bands)
        for angle, cells in self.hit_location.items():
            if angle not in ANGLES:
                raise ValueError(
                    f"hit_location.{angle}: unknown hit angle (known: {', '.join(ANGLES)})"
                )
            main = {}
            for loc, rng in cells.items():
                base = loc.rstrip("*a") if loc not in FALLING else loc
                if base not in LOCATIONS and base not in FALLING:
                    raise ValueError(
                        f"hit_location.{angle}.{loc}: unknown location "
                        f"(known: {', '.join(LOCATIONS + FALLING)}, * = miss if hull down)"
                    )
                if loc not in FALLING:
                    main[loc] = rng.v
                else:
                    lo, hi = parse_range(rng.v, f"hit_location.{angle}.{loc}")
                    if not 1 <= lo <= hi <= 100:
                        raise ValueError(f"hit_location.{angle}.{loc}: {rng.v!r} outside 01-100")
            _check_partition(main, f"hit_location.{angle}")
        for missing in [a for a in ANGLES if a not in self.hit_location]:
            raise ValueError(f"hit_location: missing the {missing} line")
        for ammo_type in ("KE", "CE"):
            if ammo_type not in self.armor:
                raise ValueError(f"armor: missing the {ammo_type} section")
        return self

    def armor_value(self, ammo_type: str, elevation: str, group: str, location: str) -> Val[int]:
        section = self.armor["KE" if ammo_type == "KE" else "CE"]
        if group == "above":
            return section.above[location]
        value: Val[int] = getattr(section, elevation)[group][location]
        return value


LINES = ("ap", "pv", "pv_low", "gp_nm", "gp_mv")


def check_lines(weapons: list[Weapon], range_bands: list[Val[str]]) -> None:
    """Every ammunition line of ``weapons`` against the card's range bands (4.7.2, 7.4.1.3): one
    value a band, blanks only before the minimum or after the maximum range, the AP line's ends
    the minimum and maximum ranges, KE lines never rising with range.

    :raises ValueError: naming the weapon, the ammunition and the line.
    """
    bands = check_bands(list(range_bands), "range_bands")
    n = len(bands)
    for w in weapons:
        for a in w.ammo:
            for line_name in LINES:
                values = getattr(a, line_name)
                if values is None:
                    continue
                where = f"weapons.{w.name}.ammo.{a.name}.{line_name}"
                if len(values) != n:
                    raise ValueError(
                        f"{where}: {len(values)} values for {n} range bands "
                        "(a missing range band? bands: "
                        f"{', '.join(b.v for b in range_bands)})"
                    )
                filled = [i for i, v in enumerate(values) if v.v is not None]
                if filled and filled != list(range(filled[0], filled[-1] + 1)):
                    raise ValueError(
                        f"{where}: blank cells only before the minimum "
                        "or after the maximum range"
                    )
                if filled and line_name == "ap":
                    lo, hi = bands[filled[0]][0], bands[filled[-1]][1]
                    if a.max_range.v != hi:
                        raise ValueError(
                            f"weapons.{w.name}.ammo.{a.name}.max_range: "
                            f"{a.max_range.v} but the last "
                            f"band with a number ends at {hi} (4.7.2)"
                        )
                    if a.min_range.v != lo:
                        raise ValueError(
                            f"weapons.{w.name}.ammo.{a.name}.min_range: "
                            f"{a.min_range.v} but the first "
                            f"band with a number starts at {lo} (4.7.2)"
                        )
                if line_name in ("ap", "pv", "pv_low") and a.type == "KE":
                    nums = [values[i].v for i in filled]
                    if any(b > a_ for a_, b in zip(nums, nums[1:], strict=False)):
                        raise ValueError(
                            f"{where}: not monotonic: a KE line may not rise with range"
                        )


def _check_partition(ranges: dict[str, str], where: str) -> None:
    spans = sorted((*parse_range(r, f"{where}.{k}"), k) for k, r in ranges.items())
    expect = 1
    for lo, hi, k in spans:
        if lo != expect:
            raise ValueError(
                f"{where}.{k}: d100 ranges must cover 01-100 without gaps or overlaps "
                f"({k} starts at {lo}, expected {expect})"
            )
        expect = hi + 1
    if expect != 101:
        raise ValueError(f"{where}: d100 ranges must reach 100 (they stop at {expect - 1})")
