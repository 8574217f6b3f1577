"""Unit ratings (what a stat line says) and the state of a stand on the table.

A :class:`Unit` is the parsed stat line (see :mod:`.statline`); a :class:`Stand` is a unit in
play: its troop quality, orders, movement this phase, hits, cover and entrenchment. Procedures
take stands and plain values (inches, aspects) and never look anything up themselves.

Order codes: ``NO`` (No Orders), ``DA`` (Deliberate Advance), ``HA`` (Hasty Advance), ``TR``
(Travel) and ``WD`` (Withdraw). Troop qualities: elite, veteran, regular, recruit, militia
(``levy`` is read as militia, ruling ``tq.levy_militia``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import ConfigDict, field_validator

from umpire.errors import UmpireError, quoted
from umpire.schema.checked import Checked

Quality = Literal["elite", "veteran", "regular", "recruit", "militia"]
OrderCode = Literal["NO", "DA", "HA", "TR", "WD"]
Kind = Literal["vehicle", "towed", "troop", "helicopter", "aircraft"]
CoverLevel = Literal["none", "light", "heavy"]
Entrenchment = Literal["none", "hasty", "deliberate", "prepared"]
Aspect = Literal["front", "flank", "rear"]
Grade = Literal["b", "g", "a"]
Weight = Literal["VL", "L", "M", "H", "VH"]
Level = Literal["battalion", "brigade", "division"]  # the command level that orders or fires

QUALITIES: tuple[str, ...] = ("elite", "veteran", "regular", "recruit", "militia")
QUALITY_LEVEL = {"elite": 4, "veteran": 3, "regular": 2, "recruit": 1, "militia": 0}
ORDERS: dict[str, str] = {
    "NO": "No Orders",
    "DA": "Deliberate Advance",
    "HA": "Hasty Advance",
    "TR": "Travel",
    "WD": "Withdraw",
}
SIZES: tuple[str, ...] = ("sp", "mp", "lp", "sc", "mc", "lc", "sb", "mb", "lb")
BATTERY = {"sb": "mp", "mb": "lp", "lb": "sc"}
GRADE_NAME = {"b": "basic", "g": "good", "a": "advanced"}


class _M(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)


def read_quality(value: object, field: str = "quality") -> str:
    """Return the troop quality ``value`` names. :raises UmpireError: listing the qualities."""
    text = str(value).strip().lower()
    if text == "levy":
        return "militia"
    if text not in QUALITY_LEVEL:
        from difflib import get_close_matches

        close = get_close_matches(text, QUALITIES, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise UmpireError(
            f"{field}: unknown troop quality {quoted(value)} ({hint}allowed: {', '.join(QUALITIES)})"
        )
    return text


def read_order(value: object, field: str = "orders") -> str:
    """Return the order code ``value`` names (codes, full names, or CA/FA/AA aliases).

    :raises UmpireError: ``orders: unknown order code 'XX' (allowed: NO, DA, HA, TR, WD)``
    """
    if value is False:
        return "NO"  # YAML 1.1 reads an unquoted NO as false
    text = str(value).strip()
    up = text.upper()
    if up in ORDERS:
        return up
    names = {v.lower(): k for k, v in ORDERS.items()}
    aliases = {
        "CA": "DA",
        "FA": "HA",
        "AA": "TR",
        "ADMINISTRATIVE ADVANCE": "TR",
        "CAUTIOUS ADVANCE": "DA",
    }
    if text.lower() in names:
        return names[text.lower()]
    if up in aliases:
        return aliases[up]
    allowed = ", ".join(f"{k} ({v})" for k, v in ORDERS.items())
    raise UmpireError(f"{field}: unknown order code {value!r} (allowed: {allowed})")


def validator_message(reader: Callable[[object], str], value: object) -> str:
    """Run ``reader`` inside a pydantic validator: its message without the field prefix."""
    try:
        return reader(value)
    except UmpireError as exc:
        raise ValueError(str(exc).split(": ", 1)[-1]) from None


class Protection(_M):
    """The Protection field: value, special-armour grade, marks, and a second value if any."""

    value: int = 0
    armor: int = 0  # 0 plain, 1 '*', 2 '**' (body armour for troop stands)
    top: bool = False  # '^' strengthened top armour
    open_top: bool = False  # 'o'
    mast: bool = False  # 'm' mast-mounted sight (helicopters)
    unarmored: bool = False  # printed in { }
    second: int | None = None  # towed artillery moving / aircraft ECM

    def marks(self) -> str:
        return (
            "*" * self.armor
            + ("^" if self.top else "")
            + ("o" if self.open_top else "")
            + ("m" if self.mast else "")
        )


class Gun(_M):
    value: int
    fire_control: Grade | None = None
    stabilization: Grade | None = None
    heat: int = 0  # '*' on a gun: low-velocity HEAT (4 inch limit); '**' advanced HEAT
    range: float | None = None


class Missile(_M):
    value: int
    guidance: Grade | None = None
    heat: int = 0
    top_attack: bool = False
    range: float | None = None
    gen: int | None = None  # explicit generation overrides the guidance mapping


class He(_M):
    weight: Weight
    fire_control: Grade | None = None
    stabilization: Grade | None = None


class Hw(_M):
    value: int
    range: float | None = None
    size: str | None = None  # HW size override, e.g. (mp)


class Sa(_M):
    ranged: int
    cc: int | None = None


class Indirect(_M):
    weight: Weight | None = None
    range: float | None = None
    extended_range: float | None = None
    burst: bool = False
    mrl: int | None = None  # parenthesised MRL die-roll modifier
    aircraft_drm: int | None = None  # aircraft: ordnance-weight modifier


class AirDefense(_M):
    type: Literal["g", "m"]
    guidance: Grade | None = None
    value: int
    range: float | None = None


class Unit(_M):
    """A stat line: Size | Move | Protection | AT | AP | Indirect | Special."""

    name: str = ""
    sizes: tuple[str, ...] = ("sc",)
    move: int | None = None  # None for helicopters (H: unlimited)
    mobility: str = ""  # t, w, lw, f, h, with 'a' for amphibious
    protection: Protection = Protection()
    gun: Gun | None = None
    missile: Missile | None = None
    at_cc: int | None = None
    he: He | None = None
    hw: Hw | None = None
    sa: Sa | None = None
    indirect: Indirect | None = None
    special: tuple[str, ...] = ()
    air_defense: AirDefense | None = None

    @property
    def night_vision(self) -> str | None:
        for code in ("TI", "II", "IR", "SL"):
            if code in self.special:
                return code
        return None

    def crew_served_only(self) -> bool:
        """A foot stand with no small arms, only crew-served weapons (ATGM, MG, RCL, mortar):
        what the rules call a heavy weapon platoon (ruling ``fire.heavy_weapon_units``)."""
        armed = any(w is not None for w in (self.gun, self.missile, self.hw, self.indirect))
        return self.default_kind() == "troop" and self.sa is None and armed

    def looks_like_mbt(self, min_protection: int) -> bool:
        """A bare stat line of a main battle tank (ruling ``recon.eligibility``): a tracked
        armoured vehicle with a full-velocity gun, main-gun HE and at least ``min_protection``."""
        return (
            self.default_kind() == "vehicle"
            and self.mobility.rstrip("a") == "t"
            and self.gun is not None
            and not self.gun.heat
            and self.he is not None
            and self.protection.value >= min_protection
        )

    def default_kind(self) -> str:
        """Vehicle if armoured or tracked/wheeled, helicopter for H movement, else troop."""
        if self.mobility.startswith("h"):
            return "helicopter"
        if self.protection.value > 0 or self.mobility.rstrip("a") in ("t", "w", "lw"):
            return "vehicle"
        return "troop"


class ReadsCodes(Checked):
    """Mixin: ``orders`` and ``quality`` fields read forgivingly (aliases, YAML's ``NO`` read as
    false), with errors naming the field and the allowed codes."""

    @field_validator("quality", mode="before", check_fields=False)
    @classmethod
    def _quality(cls, v: object) -> str:
        return validator_message(read_quality, v)

    @field_validator("orders", mode="before", check_fields=False)
    @classmethod
    def _orders(cls, v: object) -> str:
        return validator_message(read_order, v)


def extra_companies(companies: int, troop: int | None, free: str = "one_of_each") -> int:
    """The companies of a group beyond those that group free (COMBAT > Fire at and by grouped
    units): one AFV and one troop company (ruling grouping.free_companies ``one_of_each``), or
    any two (``any_two``). ``troop``: how many of ``companies`` are troop companies (None: the
    free pair is one of each, so any two are free).

    >>> extra_companies(3, 3), extra_companies(3, 3, "any_two"), extra_companies(3, 1), extra_companies(3, None)
    (2, 1, 1, 1)
    """
    if free == "any_two" or troop is None:
        return max(0, companies - 2)
    troop = min(troop, companies)
    return companies - min(troop, 1) - min(companies - troop, 1)


class Stand(_M, ReadsCodes):
    """A unit in play, as the umpire describes it for one resolution."""

    unit: Unit
    quality: Quality = "regular"
    orders: OrderCode = "HA"
    moved: bool = False
    hits: int = 0
    size: str | None = None
    kind: Kind | None = None
    spotted: bool = True
    cover: CoverLevel = "none"
    entrenchment: Entrenchment = "none"
    grouped_companies: int = 1
    troop_companies: int | None = None  # of the grouped companies (None: the free pair one of each)
    close_terrain: bool | None = None
    soviet_tank: bool = False
    machine_gun: bool = False
    buildings: bool = False  # troops in buildings (village, town, city)
    heavy_weapon: bool | None = None  # None: by ruling fire.heavy_weapon_units

    @field_validator("hits")
    @classmethod
    def _h(cls, v: int) -> int:
        if v < 0:
            raise ValueError("hits cannot be negative")
        return v

    @property
    def stand_kind(self) -> str:
        return self.kind or self.unit.default_kind()

    @property
    def size_code(self) -> str:
        """The size used for modifiers (battery codes read as their platoon/company size)."""
        code = self.size or self.unit.sizes[0]
        return BATTERY.get(code, code)

    @property
    def level(self) -> int:
        return QUALITY_LEVEL[self.quality]

    @property
    def stationary(self) -> bool:
        """Did not move in the preceding movement phase (ruling orders.undefined_names)."""
        return not self.moved

    @property
    def moving_order(self) -> str:
        """The order column a moving stand uses: Travel and Withdraw count as HA (ruling
        fire.unlisted_orders); a No Orders stand moving in the first phase moves as HA."""
        if not self.moved:
            return "stationary"
        return "DA" if self.orders == "DA" else "HA"

    @property
    def is_company(self) -> bool:
        return self.size_code in ("sc", "mc", "lc")

    def fire_category(self) -> str:
        """How the stand is fired on: ``afv``, ``soft`` (vehicle), ``troop``, ``helicopter``,
        ``aircraft``. Towed artillery is a troop stand deployed and a soft vehicle moving."""
        kind = self.stand_kind
        if kind == "towed":
            return "soft" if self.moved else "troop"
        if kind == "vehicle":
            return "afv" if self.protection_value > 0 else "soft"
        return kind

    @property
    def protection_value(self) -> int:
        p = self.unit.protection
        if self.stand_kind == "towed" and self.moved and p.second is not None:
            return p.second
        return p.value

    @property
    def in_close_terrain(self) -> bool:
        """Troop stands in close terrain are eliminated only by close combat (COMBAT > Hit
        Effects). Default: any cover or entrenchment (rulings terrain.names,
        hits.close_terrain_overflow); the umpire may say otherwise (e.g. brush)."""
        if self.close_terrain is not None:
            return self.close_terrain
        return self.cover != "none" or self.entrenchment != "none"

    def extra_companies(self, free: str = "one_of_each") -> int:
        """Additional companies in a group beyond the free AFV + troop company (rulings
        grouping.counting, grouping.free_companies)."""
        return extra_companies(self.grouped_companies, self.troop_companies, free)
