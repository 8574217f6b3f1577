"""MBT data: the Game Card charts and the data cards, with provenance per value.

Every value in ``rulesets/mbt/`` is either bare (``58``: *estimated*, from the model documented
in ``rulesets/mbt/README.md``) or sourced (``{v: 58, src: "7.4.8"}``: stated by the rulebook at
that section; ``src: official`` is a value an owner transcribed from the printed card). A sourced
value may say how it rests on the text: ``derived: "95 - 80"`` (arithmetic on stated figures)
or ``ruling: sighting.scrub_example`` (the text read one way by a named ruling). Each value
becomes a :class:`Val`, so a procedure that reads one knows where it came from and can list
the estimates it leaned on (``Resolution.estimated``) and the rulings that decided it
(``Resolution.ruled``).

The models reject what a careful transcription can get wrong: a card with a missing range band,
a hit chart that is not monotonic, an unknown terrain column, d100 ranges that do not cover
01-100. ``umpire data check`` runs the same validation over a user's own files.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from umpire.core.rulings import RulingBook
from umpire.errors import DataError, UmpireError, shown, unknown
from umpire.resources import ruleset_dir
from umpire.rules.mbt import chart_checks as cc
from umpire.schema.checked import Checked
from umpire.schema.load import cached_model, read_yaml, validate
from umpire.schema.numbers import parse_int

T = TypeVar("T")

TERRAINS = (
    "clear",
    "road",
    "stream",
    "scrub",
    "rough",
    "light_woods",
    "woods",
    "heavy_woods",
    "building",
    "improved_position",
)
CONDITIONS = ("day", "dusk", "moonlight", "night")
ROFS = (2, 3, 4, 5)
STABS = (0, 1, 2, 3)  # gun stabilization ratings a card may carry (7.4.2.2)
CLASSES = (1, 2, 3)  # missile guidance classes (7.4.2.2, 12.3.5)
SIZES = ("vehicle", "large", "small")
ANGLES = ("front", "front_side", "rear_side", "rear")
LOCATIONS = ("TF", "TS", "TR", "HF", "HS", "HR", "TK", "GN", "miss")
FALLING = ("TTG", "HDG")
DAMAGE = ("no_damage", "compartment", "knocked_out", "brewed_up")


ORIGINS = ("rulebook", "derived", "ruling", "official", "estimated")


class Val(Checked, Generic[T]):
    """One value and its source: ``src`` is a rulebook section, ``official``, or None
    (estimated); ``derived`` says the arithmetic that made it from stated figures, ``ruling``
    names the ruling whose reading of the text it is."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    v: T
    src: str | None = None
    derived: str | None = None
    ruling: str | None = None

    @model_validator(mode="after")
    def _sourced(self) -> Val[T]:
        if self.src is None and (self.derived or self.ruling):
            raise ValueError("derived: and ruling: need src: (the section they rest on)")
        return self

    @property
    def estimated(self) -> bool:
        return self.src is None

    @property
    def origin(self) -> str:
        """``official``, ``ruling``, ``derived``, ``rulebook`` or ``estimated``."""
        if self.src is None:
            return "estimated"
        if self.src == "official":
            return "official"
        return "ruling" if self.ruling else "derived" if self.derived else "rulebook"

    def cite(self) -> str:
        return {
            "estimated": "estimated",
            "official": "official card",
            "ruling": f"rulebook {self.src} as read by ruling {self.ruling}",
            "derived": f"derived from rulebook {self.src}: {self.derived}",
        }.get(self.origin, f"rulebook {self.src}")


def _wrap(x: Any) -> Any:
    if isinstance(x, dict) and "v" in x:
        return x
    if isinstance(x, Val):
        return x
    return {"v": x}


VInt = Annotated[Val[int], BeforeValidator(_wrap)]
VOptInt = Annotated[Val[int | None], BeforeValidator(_wrap)]
VStr = Annotated[Val[str], BeforeValidator(_wrap)]
VOptStr = Annotated[Val[str | None], BeforeValidator(_wrap)]
VBool = Annotated[Val[bool], BeforeValidator(_wrap)]


def parse_range(text: str, where: str = "range") -> tuple[int, int]:
    """``"14-74"`` -> (14, 74); ``"65"`` -> (65, 65).

    :raises ValueError: if it is not one or two whole numbers.
    """
    parts = str(text).split("-")
    try:
        nums = [parse_int(p) for p in parts]
    except ValueError:
        raise ValueError(f"{where}: {text!r} is not a range like 14-74") from None
    if len(nums) == 1:
        return nums[0], nums[0]
    if len(nums) != 2 or nums[0] > nums[1]:
        raise ValueError(f"{where}: {text!r} is not a range like 14-74 (low-high)")
    return nums[0], nums[1]


def parse_numbers(text: str) -> list[int]:
    """``"12-15-15"`` -> [12, 15, 15]."""
    return [parse_int(p) for p in str(text).split("-")]


class _Model(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---------------------------------------------------------------------------------------------
# Charts


class SightingChart(_Model):
    chart: Literal["sighting"]
    title: str = ""
    used_by: str = ""
    terrains: list[str]
    terrains_src: str | None = None  # where the column order comes from (None: estimated)
    sizes: list[str]
    ranges: dict[str, dict[str, dict[str, list[VInt]]]]

    @model_validator(mode="after")
    def _shape(self) -> SightingChart:
        bad = [t for t in self.terrains if t not in TERRAINS]
        if bad:
            raise ValueError(
                f"terrains: unknown terrain column {bad[0]!r} (known: {', '.join(TERRAINS)})"
            )
        if list(self.sizes) != list(SIZES):
            raise ValueError(f"sizes: must be {list(SIZES)} (sub-columns VH, large, small)")
        for cond, by_status in self.ranges.items():
            if cond not in CONDITIONS:
                raise ValueError(
                    f"ranges.{cond}: unknown conditions (known: {', '.join(CONDITIONS)})"
                )
            for status, line in by_status.items():
                if status not in ("open", "buttoned"):
                    raise ValueError(f"ranges.{cond}.{status}: sighting unit is open or buttoned")
                for terrain, cells in line.items():
                    where = f"ranges.{cond}.{status}.{terrain}"
                    if terrain not in self.terrains:
                        raise ValueError(
                            f"{where}: unknown terrain column {terrain!r} "
                            f"(known: {', '.join(self.terrains)})"
                        )
                    if len(cells) != len(SIZES):
                        raise ValueError(f"{where}: needs {len(SIZES)} values (VH, large, small)")
                    if any(c.v < 0 for c in cells):
                        raise ValueError(f"{where}: a sighting range cannot be negative")
                missing = [t for t in self.terrains if t not in line]
                if missing:
                    raise ValueError(
                        f"ranges.{cond}.{status}: missing terrain column {missing[0]!r}"
                    )
                for terrain, cells in line.items():
                    cc.not_rising(
                        [c.v for c in cells], SIZES, f"ranges.{cond}.{status}.{terrain}",
                        "a smaller unit is seen no farther than a larger one (13.1.2)",
                    )
            for status in ("open", "buttoned"):
                if status not in by_status:
                    raise ValueError(f"ranges.{cond}: missing the {status} line")
        for cond in CONDITIONS:
            if cond not in self.ranges:
                raise ValueError(f"ranges: missing the {cond} conditions (13.1.1)")
        for t in TERRAINS:
            if t not in self.terrains:
                raise ValueError(f"terrains: missing terrain column {t!r} (needed: {', '.join(TERRAINS)})")
        for status in ("open", "buttoned"):
            for terrain in self.terrains:
                for i, size in enumerate(SIZES):
                    cc.not_rising(
                        [self.ranges[c][status][terrain][i].v for c in CONDITIONS], CONDITIONS,
                        f"ranges.*.{status}.{terrain} ({size})",
                        "less light never lets a unit see farther (13.1.1)",
                    )
        return self


class ApHitChart(_Model):
    chart: Literal["ap_hit"]
    title: str = ""
    used_by: str = ""
    ap_factors: list[int]
    rows: dict[int, list[VInt]]

    @model_validator(mode="after")
    def _monotonic(self) -> ApHitChart:
        if self.ap_factors != sorted(set(self.ap_factors)):
            raise ValueError("ap_factors: must increase from left to right")
        cc.contiguous(self.ap_factors, "ap_factors", "AP factor column")
        cc.contiguous(self.rows, "rows", "net modifier")
        mods = sorted(self.rows)
        for m in mods:
            row = self.rows[m]
            if len(row) != len(self.ap_factors):
                raise ValueError(
                    f"rows.{m}: {len(row)} values for {len(self.ap_factors)} AP factor columns"
                )
            for i, cell in enumerate(row):
                if not 0 <= cell.v <= 100:
                    raise ValueError(f"rows.{m}[{i}]: hit number {cell.v} is outside 0-100")
                if i and cell.v < row[i - 1].v:
                    raise ValueError(
                        f"rows.{m}: not monotonic: AP "
                        f"{self.ap_factors[i]} gives {cell.v}, less than "
                        f"{row[i - 1].v} at AP {self.ap_factors[i - 1]}"
                    )
        for a, b in zip(mods, mods[1:], strict=False):
            for i, (lo, hi) in enumerate(zip(self.rows[a], self.rows[b], strict=True)):
                if hi.v < lo.v:
                    raise ValueError(
                        f"rows.{b}[{i}]: not monotonic: net modifier {b} gives {hi.v}, less than "
                        f"{lo.v} at {a} (AP {self.ap_factors[i]})"
                    )
        return self


class NumberOfHitsTable(_Model):
    chart: Literal["number_of_hits"]
    title: str = ""
    used_by: str = ""
    rofs: list[int]
    rows: dict[int, dict[int, list[VInt]]]

    @model_validator(mode="after")
    def _shape(self) -> NumberOfHitsTable:
        if list(self.rofs) != list(ROFS):
            raise ValueError(f"rofs: must be {list(ROFS)} (a weapon fires 2 to 5 shots, 7.4.4.2)")
        cc.contiguous(self.rows, "rows", "hit number", start=1)
        for h, line in self.rows.items():
            for rof in self.rofs:
                if rof not in line:
                    raise ValueError(f"rows.{h}: missing the ROF {rof} column")
            for rof, cells in line.items():
                where = f"rows.{h}.{rof}"
                if rof not in self.rofs:
                    raise ValueError(f"{where}: unknown ROF column (known: {self.rofs})")
                if len(cells) != rof - 1:
                    raise ValueError(
                        f"{where}: ROF {rof} needs {rof - 1} values ({rof} down to 2 hits)"
                    )
                vals = [c.v for c in cells]
                if vals != sorted(vals) or any(v > h for v in vals):
                    raise ValueError(
                        f"{where}: values must increase and stay within the hit number {h}"
                    )
        return self


class NmMv(_Model):
    nm: VInt
    mv: VInt


class GradeLine(_Model):
    bands: list[str]
    poor: list[VInt]
    crack: list[VInt]

    @model_validator(mode="after")
    def _lengths(self) -> GradeLine:
        if not len(self.bands) == len(self.poor) == len(self.crack):
            raise ValueError("bands, poor and crack need the same length")
        _check_bands(self.bands, "bands")
        return self


class SightLine(_Model):
    bands: list[str]
    values: list[VInt]

    @model_validator(mode="after")
    def _lengths(self) -> SightLine:
        if len(self.bands) != len(self.values):
            raise ValueError("bands and values need the same length")
        _check_bands(self.bands, "bands")
        return self


class MovementModifiers(_Model):
    firer_nm: NmMv
    stab: dict[int, NmMv]
    class_: dict[int, NmMv] = Field(alias="class")


class ApGeneral(_Model):
    acquisition_per_turn: VInt
    through_brew_up_smoke: VInt
    through_other_smoke: VInt
    firer_suppressed: VInt
    transported_firer: VInt
    per_crew_loss: VInt
    nbc: VInt


class ApModifiers(_Model):
    chart: Literal["ap_modifiers"]
    title: str = ""
    used_by: str = ""
    terrain: dict[str, VInt]
    movement: MovementModifiers
    general: ApGeneral
    tem_sup: dict[int, VInt]
    overwatch: NmMv
    grade: GradeLine
    sights: dict[str, SightLine]

    @model_validator(mode="after")
    def _terrains(self) -> ApModifiers:
        known = (*TERRAINS, "inside_building")
        for t in self.terrain:
            if t not in known:
                raise ValueError(f"terrain.{t}: unknown terrain column (known: {', '.join(known)})")
        for t in known:
            if t not in self.terrain:
                raise ValueError(f"terrain: missing the {t} line")
        cc.covers(self.movement.stab, STABS, "movement.stab", "Stab.")
        cc.covers(self.movement.class_, CLASSES, "movement.class", "Class")
        cc.covers(self.tem_sup, CLASSES, "tem_sup", "Class")
        return self


class GpModifiers(_Model):
    acquisition_per_turn: VInt
    per_crew_loss: VInt
    firer_suppressed: VInt
    transported_firer: VInt
    through_brew_up_smoke: VInt
    through_other_smoke: VInt
    overwatch_nm: VInt
    overwatch_mv: VInt
    building_target_per_height: VInt
    vehicle_in_building: VInt
    vehicle_in_woods: VInt
    vehicle_hull_down: VInt
    vehicle_moving: VInt
    canister_vs_leg_towed: VInt
    canister_vs_vehicle: VInt
    overrun: VInt
    nbc: VInt


class Crt(_Model):
    gp_factors: list[int]
    rows: dict[int, list[VStr]]

    @model_validator(mode="after")
    def _cells(self) -> Crt:
        if self.gp_factors != sorted(set(self.gp_factors)):
            raise ValueError("crt.gp_factors: must increase from left to right")
        for d, row in self.rows.items():
            if len(row) != len(self.gp_factors):
                raise ValueError(
                    f"crt.rows.{d}: {len(row)} cells for {len(self.gp_factors)} GP columns"
                )
            prev = None
            for i, cell in enumerate(row):
                n, s = parse_range(cell.v, f"crt.rows.{d}[{i}]")
                if not 0 <= n <= s <= 100:
                    raise ValueError(
                        f"crt.rows.{d}[{i}]: N-S {cell.v!r} must satisfy 0 <= N <= S <= 100"
                    )
                if prev is not None and (n > prev[0] or s > prev[1]):
                    raise ValueError(
                        f"crt.rows.{d}[{i}]: not monotonic: more GP factors must not raise N or S"
                    )
                prev = (n, s)
        return self


class GpChart(_Model):
    chart: Literal["gp"]
    title: str = ""
    used_by: str = ""
    modifiers: GpModifiers
    tem_sup: dict[int, VInt]
    grade: GradeLine
    crt: Crt

    @model_validator(mode="after")
    def _complete(self) -> GpChart:
        cc.covers(self.tem_sup, CLASSES, "tem_sup", "Class")
        cc.contiguous(self.crt.gp_factors, "crt.gp_factors", "GP factor column")
        cc.contiguous(self.crt.rows, "crt.rows", "GP defense")
        return self


class CloseAssaultMods(_Model):
    attacking_uphill: VInt
    vs_moving_vehicle: VInt
    vs_open_vehicle: VInt
    attacker_crack: VInt
    attacker_poor: VInt
    assault_infantry: VInt
    flamethrower: VInt


class HandToHand(_Model):
    defenders: list[str]
    attacker_wins_up_to: dict[str, list[VInt]]

    @model_validator(mode="after")
    def _complete(self) -> HandToHand:
        if not self.attacker_wins_up_to:
            raise ValueError("attacker_wins_up_to: no attacker lines")
        for who, cells in self.attacker_wins_up_to.items():
            if len(cells) != len(self.defenders):
                raise ValueError(
                    f"attacker_wins_up_to.{who}: {len(cells)} values for {len(self.defenders)} "
                    f"defender columns ({', '.join(self.defenders)})"
                )
        return self


class HandToHandMods(_Model):
    defender_suppressed: VInt
    uphill_attack: VInt
    defender_crew_loss_or_bailed: VInt
    per_additional_attacker: VInt
    defender_crack: VInt
    attacker_crack: VInt
    attacker_poor: VInt
    defender_poor: VInt
    flamethrower_attacking: VInt
    flamethrower_defending: VInt


class CloseAssaultChart(_Model):
    chart: Literal["close_assault"]
    title: str = ""
    used_by: str = ""
    close_assault: CloseAssaultMods
    hand_to_hand: HandToHand
    hand_to_hand_modifiers: HandToHandMods


class LosChart(_Model):
    chart: Literal["los"]
    title: str = ""
    used_by: str = ""
    columns: list[int]
    lines: dict[int, list[VOptStr]]
    dep_el: dict[int, list[VInt]]

    @model_validator(mode="after")
    def _cells(self) -> LosChart:
        for n, line in self.lines.items():
            if len(line) != len(self.columns):
                raise ValueError(f"lines.{n}: {len(line)} cells for {len(self.columns)} columns")
            for i, cell in enumerate(line):
                if cell.v is None:
                    continue
                nums = parse_numbers(cell.v)
                if not 1 <= len(nums) <= 3 or nums != sorted(nums):
                    raise ValueError(
                        f"lines.{n}[{i}]: {cell.v!r} must be 1-3 rising numbers like 12-15-15"
                    )
        for n, dep_line in self.dep_el.items():
            if len(dep_line) != len(self.columns):
                raise ValueError(f"dep_el.{n}: {len(dep_line)} cells for {len(self.columns)} columns")
        cc.contiguous(self.columns, "columns", "height difference", start=1)
        cc.contiguous(self.lines, "lines", "line", start=1)
        cc.contiguous(self.dep_el, "dep_el", "DEP/EL line", start=1)
        cc.los_lines(self.columns, self.lines, parse_numbers)
        return self

    def cell(self, line: int, column: int) -> Val[str | None]:
        return self.lines[line][self.columns.index(column)]


class TerrainChart(_Model):
    chart: Literal["terrain"]
    title: str = ""
    used_by: str = ""
    terrains: list[str]
    top_height: dict[str, VInt]
    ground: dict[str, VInt]
    smoke_height: dict[str, VInt]
    gp_defense: dict[str, VInt]

    @model_validator(mode="after")
    def _known(self) -> TerrainChart:
        for t in (*self.terrains, *self.top_height):
            if t not in TERRAINS:
                raise ValueError(
                    f"top_height.{t}: unknown terrain column (known: {', '.join(TERRAINS)})"
                )
        return self


class IntoBuildingsChart(_Model):
    """VEHICLE'S INTO BUILDINGS TABLE (15.4.3): per building type, the modified rolls that give a
    track hit and a main gun hit (facing forward or back)."""

    chart: Literal["buildings"]
    title: str = ""
    used_by: str = ""
    per_ca_defense: VInt
    types: dict[str, dict[str, VStr]]

    @model_validator(mode="after")
    def _lines(self) -> IntoBuildingsChart:
        for kind in ("wooden", "brick", "stone"):
            if kind not in self.types:
                raise ValueError(f"types: missing the {kind} column")
            for line in ("TK", "GN_forward", "GN_back"):
                if line not in self.types[kind]:
                    raise ValueError(f"types.{kind}: missing the {line} line")
                parse_range(self.types[kind][line].v, f"types.{kind}.{line}")
        return self


CHART_MODELS: dict[str, type[_Model]] = {
    "sighting": SightingChart,
    "ap_hit": ApHitChart,
    "number_of_hits": NumberOfHitsTable,
    "ap_modifiers": ApModifiers,
    "gp": GpChart,
    "close_assault": CloseAssaultChart,
    "los": LosChart,
    "terrain": TerrainChart,
    "buildings": IntoBuildingsChart,
}


# ---------------------------------------------------------------------------------------------
# Data cards


def _check_bands(bands: list[Any], where: str) -> list[tuple[int, int]]:
    """Range bands must run 1, 2, 3... without gaps or overlaps, each low <= high."""
    out = []
    expect = 1
    for i, b in enumerate(bands):
        text = b.v if isinstance(b, Val) else b
        lo, hi = parse_range(text, f"{where}[{i}]")
        if lo != expect:
            raise ValueError(
                f"{where}[{i}]: range band {text!r} should start at {expect} "
                f"(bands must rise without gaps or overlaps)"
            )
        out.append((lo, hi))
        expect = hi + 1
    return out


class Damage(_Model):
    no_damage: VStr
    compartment: VStr
    knocked_out: VStr
    brewed_up: VStr

    @model_validator(mode="after")
    def _covers(self) -> Damage:
        _check_partition({k: getattr(self, k).v for k in DAMAGE}, "damage")
        return self


class GpKill(_Model):
    result: Literal["knocked_out", "brewed_up"]
    gp_defense: VStr


class Ammo(_Model):
    name: str
    type: Literal["KE", "CE", "GP"]
    min_range: VInt
    max_range: VInt
    ap: list[VOptInt] | None = None
    pv: list[VOptInt] | None = None
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


class Weapon(_Model):
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


class Target(_Model):
    size: VInt
    gp_defense: VInt
    ca_defense: VInt
    stacking: VInt
    transport: VOptStr = Field(default_factory=lambda: Val[str | None](v=None))


class ArmorSection(_Model):
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


class Speeds(_Model):
    normal: VInt
    snow: VInt
    mud: VInt
    road: VStr
    path: VStr


class MovementCosts(_Model):
    terrain: dict[str, VStr | VInt]
    plus: dict[str, list[VStr] | VStr | VInt]


class ReactiveArmor(_Model):
    available: bool
    kind: Literal["light", "heavy"]
    cost: VInt


class Notes(_Model):
    """The NOTES of a vehicle card the Advanced Game reads (15.3.4, 15.4.1.2, 15.6, 17.7)."""

    reactive_armor: ReactiveArmor | None = None
    ko_by_one_compartment_hit: bool = False
    amphibious: bool = False
    may_not_enter_buildings: bool = False
    path_restrictions: bool = False
    passengers_fire: Literal["open", "buttoned", "never"] = "open"
    mine_plow: bool = False
    options: dict[str, VInt] = Field(default_factory=dict)  # equipment -> extra points (TO&E 1)


class Card(_Model):
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

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        bands = _check_bands(list(self.range_bands), "range_bands")
        n = len(bands)
        for w in self.weapons:
            for a in w.ammo:
                for line_name in ("ap", "pv", "gp_nm", "gp_mv"):
                    values = getattr(a, line_name)
                    if values is None:
                        continue
                    where = f"weapons.{w.name}.ammo.{a.name}.{line_name}"
                    if len(values) != n:
                        raise ValueError(
                            f"{where}: {len(values)} values for {n} range bands "
                            "(a missing range band? bands: "
                            f"{', '.join(b.v for b in self.range_bands)})"
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
                    if line_name in ("ap", "pv") and a.type == "KE":
                        nums = [values[i].v for i in filled]
                        if any(b > a_ for a_, b in zip(nums, nums[1:], strict=False)):
                            raise ValueError(
                                f"{where}: not monotonic: a KE line may not rise with range"
                            )
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

    def gun(self) -> Weapon | None:
        return next((w for w in self.weapons if w.main), None)

    def weapon(self, name: str) -> Weapon:
        for w in self.weapons:
            if w.name.lower() == str(name).lower():
                return w
        raise unknown(f"weapon on {self.card} ({self.name})", name, [w.name for w in self.weapons])

    def band_index(self, hexes: int) -> int:
        for i, b in enumerate(self.range_bands):
            lo, hi = parse_range(b.v)
            if lo <= hexes <= hi:
                return i
        return -1

    def armor_value(self, ammo_type: str, elevation: str, group: str, location: str) -> Val[int]:
        section = self.armor["KE" if ammo_type == "KE" else "CE"]
        if group == "above":
            return section.above[location]
        value: Val[int] = getattr(section, elevation)[group][location]
        return value


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


class RulesetInfo(_Model):
    name: str
    title: str
    version: str
    source: str
    toe: list[str] = Field(default_factory=list)
    charts: list[str]
    cards: list[str]


# ---------------------------------------------------------------------------------------------
# Loading


def data_dir() -> Path:
    return ruleset_dir("mbt")


@lru_cache(maxsize=1)
def info() -> RulesetInfo:
    return cached_model(RulesetInfo, data_dir() / "ruleset.yaml")  # type: ignore[return-value]


def chart(name: str) -> Any:
    """The chart called ``name`` (sighting, ap_hit, number_of_hits, ...), validated and cached."""
    if name not in CHART_MODELS:
        raise unknown("MBT chart", name, CHART_MODELS)
    return _chart(name)


@lru_cache(maxsize=32)
def _chart(name: str) -> Any:
    return cached_model(CHART_MODELS[name], data_dir() / "charts" / f"{name}.yaml")


def card_file(card_id: str) -> Path:
    """``USA-2A/1`` lives in ``cards/USA-2A_1.yaml`` (a file name holds no slash)."""
    return data_dir() / "cards" / f"{card_id.replace('/', '_')}.yaml"


@lru_cache(maxsize=1)
def card_ids() -> list[str]:
    """Every bundled data card id, of every kind (vehicle, leg, towed, helicopter, artillery)."""
    return sorted(p.stem.replace("_", "/") for p in (data_dir() / "cards").glob("*.yaml"))


@lru_cache(maxsize=256)
def card_head(card_id: str) -> tuple[str, str]:
    """(kind, name) of a card, read without validating it."""
    raw = read_yaml(card_file(card_id))
    if not isinstance(raw, dict):
        raise DataError(f"{shown(card_file(card_id))}: a card is a mapping")
    return str(raw.get("kind", "")), str(raw.get("name", ""))


def card_id(text: str) -> str:
    """A card id from an id or a unit name (``USSR-2A``, ``usa-2a/1``, ``T-72M1``).

    :raises UmpireError: for an unknown one, with close names suggested.
    """
    ids = card_ids()
    key = str(text).strip().upper().replace("_", "/")
    if key in ids:
        return key
    by_name = {card_head(i)[1].lower(): i for i in ids}
    if str(text).strip().lower() in by_name:
        return by_name[str(text).strip().lower()]
    nation = key.split("-")[0] + "-"
    same = [i for i in ids if i.startswith(nation)]
    raise unknown("data card", text, same or ids + sorted(by_name))


def card(card_id_or_name: str) -> Card:
    """The vehicle data card ``card_id_or_name`` (e.g. ``USSR-2A``).

    :raises UmpireError: for an unknown id (listing the known ones) or a card that is not a
        vehicle's (leg, towed, helicopter and artillery cards: :func:`umpire.rules.mbt.cards.any_card`).
    """
    key = card_id(card_id_or_name)
    kind, name = card_head(key)
    if kind != "vehicle":
        raise UmpireError(f"data card {key} ({name}) is a {kind} card, not a vehicle's")
    return _load_card(key)


def _load_card(card_id: str) -> Card:
    return cached_model(Card, card_file(card_id))  # type: ignore[return-value]


@lru_cache(maxsize=1)
def rulings() -> RulingBook:
    return cached_model(RulingBook, data_dir() / "rulings.yaml")  # type: ignore[return-value]


def model_for(data: Any) -> type[_Model]:
    """Which model a raw data file is: a chart (``chart:`` key) or a card (``card:`` key)."""
    if isinstance(data, dict) and "card" in data:
        from umpire.rules.mbt.cards import MODELS

        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in MODELS:
            raise DataError(f"kind: {kind!r} is not a kind of card (allowed: {', '.join(MODELS)})")
        return MODELS[kind]  # type: ignore[return-value]
    if isinstance(data, dict) and "chart" in data:
        name = data["chart"]
        if not isinstance(name, str) or name not in CHART_MODELS:
            raise DataError(f"chart: unknown chart {name!r} (known: {', '.join(CHART_MODELS)})")
        return CHART_MODELS[name]
    raise DataError("top level: an MBT data file has a 'chart:' key or a 'card:' key")


def check_file(path: Path) -> _Model:
    """Validate a user's transcription of an official chart or card.

    :raises DataError: one line per problem, naming file, field and reason.
    """
    data = read_yaml(path)
    try:
        model = model_for(data)
    except DataError as exc:
        raise DataError(f"{shown(path)}: {exc}") from None
    return validate(model, data, shown(path))


# ---------------------------------------------------------------------------------------------
# Provenance


def walk_values(obj: Any, path: str = "") -> Iterator[tuple[str, Val[Any]]]:
    """Every :class:`Val` inside a loaded model, with its field path."""
    if isinstance(obj, Val):
        yield path, obj
    elif isinstance(obj, BaseModel):
        for name in type(obj).model_fields:
            yield from walk_values(getattr(obj, name), f"{path}.{name}" if path else name)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk_values(v, f"{path}.{k}" if path else str(k))
    elif isinstance(obj, list | tuple):
        for i, v in enumerate(obj):
            yield from walk_values(v, f"{path}[{i}]")


def provenance_counts(model: Any) -> dict[str, int]:
    """How many values are ``rulebook``, ``derived``, ``ruling``, ``official`` and
    ``estimated``."""
    counts = dict.fromkeys(ORIGINS, 0)
    for _, val in walk_values(model):
        counts[val.origin] += 1
    return counts
