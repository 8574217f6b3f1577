"""The ``umpire calc`` case formats of auftragstaktik: one pydantic model per procedure.

The formats are a public interface, documented in the README and listed by
``umpire calc fields PROCEDURE``. Unknown fields are refused. Words are read as the table says
them (:mod:`umpire.rules.vocab`): ``weapon: atgm``, ``aspect: side``, ``range: 7"``. A case is
checked whole: every problem (a bad field, an unknown unit, a stat line that does not read) is
reported at once by :func:`check_case`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, ConfigDict, Field, model_validator

from umpire.errors import DataError, UmpireError
from umpire.rules.auftragstaktik.ratings import (
    Aspect,
    CoverLevel,
    Entrenchment,
    Kind,
    OrderCode,
    Quality,
    ReadsCodes,
    Stand,
    Unit,
)
from umpire.rules.auftragstaktik.spotting import Spotted
from umpire.rules.vocab import read_inches, read_word
from umpire.schema.checked import Checked
from umpire.schema.load import validate

WEAPON_WORDS = {
    "atgm": "missile",
    "atgms": "missile",
    "m": "missile",
    "missiles": "missile",
    "g": "gun",
    "guns": "gun",
    "main gun": "gun",
    "cannon": "gun",
    "heavy weapons": "hw",
    "heavy weapon": "hw",
    "mg": "hw",
    "machine gun": "hw",
    "machine guns": "hw",
    "small arms": "sa",
    "rifles": "sa",
    "high explosive": "he",
}
ASPECT_WORDS = {
    "side": "flank",
    "sides": "flank",
    "flanks": "flank",
    "back": "rear",
    "behind": "rear",
    "frontal": "front",
}
Weapon = Annotated[
    Literal["gun", "missile", "he", "hw", "sa"],
    BeforeValidator(read_word(WEAPON_WORDS, ("gun", "missile", "he", "hw", "sa"), "weapon")),
]
AspectIn = Annotated[
    Aspect, BeforeValidator(read_word(ASPECT_WORDS, ("front", "flank", "rear"), "aspect"))
]
Inches = Annotated[float, BeforeValidator(read_inches)]


class _Case(Checked):
    """A case. ``words``: its one-line form's positional words, in order (``umpire calc fire
    T-80B M1A1 7 side``); ``roles``: the parts its answer opens with (:mod:`umpire.caseline`)."""

    model_config = ConfigDict(extra="forbid")

    ruleset: str = "auftragstaktik"
    rulings: dict[str, str] = Field(default_factory=dict)


class _Sub(Checked):
    model_config = ConfigDict(extra="forbid")


_Codes = ReadsCodes


class StandCase(_Sub, _Codes):
    """A stand in a case: its ratings (stat line or bundled unit) and its state."""

    statline: str | None = None
    unit: str | None = None
    name: str | None = None
    quality: Quality = "regular"
    orders: OrderCode = "HA"
    moved: bool = False
    hits: int = Field(0, ge=0)
    size: str | None = None
    kind: Kind | None = None
    spotted: bool = True
    cover: CoverLevel = "none"
    entrenchment: Entrenchment = "none"
    grouped_companies: int = Field(1, ge=1)
    close_terrain: bool | None = None
    soviet_tank: bool | None = None
    machine_gun: bool = False
    buildings: bool = False
    heavy_weapon: bool | None = None

    @model_validator(mode="after")
    def _one_source(self) -> StandCase:
        if (self.statline is None) == (self.unit is None):
            raise ValueError("give either statline: or unit: (a unit name from the bundled data)")
        return self

    def to_stand(self, field: str) -> Stand:
        from umpire.rules.auftragstaktik.statline import parse_statline

        soviet = False
        if self.unit is not None:
            from umpire.rules.auftragstaktik.library import find_unit

            entry = find_unit(self.unit, field=f"{field}.unit")
            unit: Unit = parse_statline(entry.statline, name=entry.name, where=f"{field}.unit")
            soviet = entry.soviet_tank
        else:
            unit = parse_statline(
                self.statline or "", name=self.name or "", where=f"{field}.statline"
            )
        if self.size is not None and self.size not in unit.sizes:
            raise UmpireError(
                f"{field}.size: {self.size!r} is not a size of "
                f"this unit (allowed: {', '.join(unit.sizes)})"
            )
        return Stand(
            unit=unit,
            quality=self.quality,
            orders=self.orders,
            moved=self.moved,
            hits=self.hits,
            size=self.size,
            kind=self.kind,
            spotted=self.spotted,
            cover=self.cover,
            entrenchment=self.entrenchment,
            grouped_companies=self.grouped_companies,
            close_terrain=self.close_terrain,
            soviet_tank=soviet if self.soviet_tank is None else self.soviet_tank,
            machine_gun=self.machine_gun,
            buildings=self.buildings,
            heavy_weapon=self.heavy_weapon,
        )


@lru_cache(maxsize=256)
def _statline(unit: Unit) -> str:
    from umpire.rules.auftragstaktik.statline_format import format_statline

    return format_statline(unit)


def stand_case(stand: Stand) -> dict[str, Any]:
    """A stand as a case gives it (the inverse of :meth:`StandCase.to_stand`): its ratings as a
    stat line, and every field of its state that differs from a case's default."""
    defaults = StandCase.model_fields
    out: dict[str, Any] = {"statline": _statline(stand.unit)}
    if stand.unit.name:
        out["name"] = stand.unit.name
    for name in ("quality", "orders", "moved", "hits", "size", "kind", "spotted", "cover", "entrenchment",
                 "grouped_companies", "close_terrain", "soviet_tank", "machine_gun", "buildings", "heavy_weapon"):
        v = getattr(stand, name)
        if v != defaults[name].default:
            out[name] = v
    return out


# --- fire ---------------------------------------------------------------------------------------


class FireCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("shooter", "target", "range", "aspect", "weapon")
    shooter: StandCase
    target: StandCase
    weapon: Weapon | None = None  # None: the shooter's first weapon for this target (fire_plan.weapon_order)
    range: Inches = Field(ge=0)
    aspect: AspectIn = "front"
    night: bool = False
    phase: Literal[1, 2] | None = None


# --- spot ---------------------------------------------------------------------------------------


class SpotterCase(_Sub, _Codes):
    statline: str | None = None
    unit: str | None = None
    quality: Quality = "regular"
    orders: OrderCode = "NO"
    moved: bool = False
    recon: bool | None = None
    thermal: bool | None = None
    gsr: bool | None = None
    night_vision: Literal["TI", "II", "IR", "SL", "none"] | None = None
    facing_target: bool = True
    higher: bool = False
    air_defense: bool = False
    mbt: bool | None = None


class SpotCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("spotter", "distance", "target.kind")
    roles: ClassVar[tuple[str, ...]] = ("spotter", "target")
    spotter: SpotterCase = SpotterCase()
    target: Spotted = Spotted()  # the procedure's own model: one list of fields
    distance: Inches = Field(ge=0)
    night: bool = False


# --- hq -----------------------------------------------------------------------------------------


class HqCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("hq.rating", "enemy_rating", "phase")
    roles: ClassVar[tuple[str, ...]] = ()
    hq: dict[str, Any]
    enemy_rating: int | None = None
    enemy: dict[str, Any] | None = None
    phase: Literal["orders", "reaction"] = "orders"
    already_rolled: bool = False

    @model_validator(mode="after")
    def _enemy(self) -> HqCase:
        if (self.enemy_rating is None) == (self.enemy is None):
            raise ValueError(
                "give either enemy_rating (a number) or enemy (tech_level and quality)"
            )
        return self


# --- morale -------------------------------------------------------------------------------------


class MoraleCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("battalion.morale", "battalion.average_hits", "battalion.status")
    roles: ClassVar[tuple[str, ...]] = ()
    battalion: dict[str, Any]


# --- close combat and overruns ------------------------------------------------------------------

Morale = Literal["VL", "L", "A", "H", "VH"]


class CloseCombatCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("attacker", "defender")
    attacker: StandCase
    defender: StandCase
    attacker_morale: Morale = "A"
    defender_morale: Morale = "A"
    concealed: bool = False


class OverrunCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("defender", "attackers")
    roles: ClassVar[tuple[str, ...]] = ("attackers", "defender")
    defender: StandCase
    attackers: list[StandCase] = Field(min_length=1)
    target: int = 0
    attacker_morale: Morale = "A"
    defender_morale: Morale = "A"


# --- indirect, air ------------------------------------------------------------------------------

Level = Literal["battalion", "brigade", "division"]


class IndirectCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("firer", "target", "range")
    firer: StandCase
    target: StandCase
    orders_level: Level = "battalion"
    firing_level: Level = "battalion"
    doctrine: Literal["decentralized", "balanced", "centralized"] = "balanced"
    icm: bool = False
    range: Inches | None = Field(None, ge=0)


class CbFacts(_Sub):
    firer_c3: Literal[1, 2, 3, 4, 5] = 3
    target_c3: Literal[1, 2, 3, 4, 5] = 3
    target_sp: bool = False
    target_mrl: bool = False
    firer_icm: bool = False
    firer_mrl: bool = False
    target_outranges: bool = False


class CounterBatteryCase(IndirectCase):
    counter_battery: CbFacts = CbFacts()


class AirstrikeCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("target", "tons")
    roles: ClassVar[tuple[str, ...]] = ("aircraft", "target")
    target: StandCase
    aircraft: StandCase | None = None
    aircraft_drm: int | None = None
    tons: float | None = Field(None, gt=0)
    orders_level: Level = "battalion"
    firing_level: Level = "battalion"
    doctrine: Literal["decentralized", "balanced", "centralized"] = "balanced"


class StrafingCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("aircraft", "target")
    aircraft: StandCase
    target: StandCase


class AirDefenseCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("shooter", "target", "weapon", "range")
    shooter: StandCase
    target: StandCase
    weapon: Literal["sa", "hw", "ad", "missile"]
    range: Inches = Field(0, ge=0)
    aa_mount: bool = False


# --- entrench, mines ----------------------------------------------------------------------------


class EntrenchCase(_Case, _Codes):
    words: ClassVar[tuple[str, ...]] = ("level", "quality", "stand")
    level: Literal["none", "hasty", "deliberate", "prepared"] = "hasty"
    quality: Quality = "regular"
    stationary: bool = True
    stand: Literal["troop", "apc", "mbt", "mbt_t64", "other_vehicle"] = "troop"
    engineer: bool = False
    with_infantry: bool = False


class MinesCase(_Case):
    words: ClassVar[tuple[str, ...]] = ("stand", "minefield")
    stand: StandCase
    minefield: Literal["AP", "AT"]


# --- checking a case whole ------------------------------------------------------------------

STAND_FIELDS = ("shooter", "target", "attacker", "defender", "firer", "aircraft", "stand", "spotter")


def _stand_dicts(case: Any) -> list[tuple[str, dict[str, Any]]]:
    if not isinstance(case, dict):
        return []
    out = [(k, case[k]) for k in STAND_FIELDS if isinstance(case.get(k), dict)]
    attackers = case.get("attackers")
    if isinstance(attackers, list):
        out += [(f"attackers[{i}]", a) for i, a in enumerate(attackers) if isinstance(a, dict)]
    return out


def _unit_of(raw: dict[str, Any], field: str) -> Unit | None:
    """The ratings a raw stand names (``unit:`` or ``statline:``), or None if it names none."""
    from umpire.rules.auftragstaktik.statline import parse_statline

    if isinstance(raw.get("unit"), str) and raw.get("statline") is None:
        from umpire.rules.auftragstaktik.library import find_unit

        entry = find_unit(raw["unit"], field=f"{field}.unit")
        return parse_statline(entry.statline, name=entry.name, where=f"{field}.unit")
    if isinstance(raw.get("statline"), str) and raw.get("unit") is None:
        return parse_statline(raw["statline"], name="", where=f"{field}.statline")
    return None


def check_case(model: type[Any], case: Any) -> Any:
    """Validate ``case`` as ``model``, and resolve every stand's unit or stat line (and size),
    reporting every problem at once.

    :raises DataError: one line per problem.
    """
    problems: list[str] = []
    c = None
    try:
        c = validate(model, case, "case")
    except DataError as exc:
        problems += str(exc).splitlines()
    for field, raw in _stand_dicts(case):
        try:
            unit = _unit_of(raw, field)
        except UmpireError as exc:
            problems.append(f"case: {exc}")
            continue
        size = raw.get("size")
        if unit is not None and isinstance(size, str) and size not in unit.sizes:
            problems.append(
                f"case: {field}.size: {size!r} is not a size of this unit "
                f"(allowed: {', '.join(unit.sizes)})"
            )
    if problems:
        raise DataError("\n".join(dict.fromkeys(problems)))
    return c


def stands(c: Any, *fields: str) -> list[Stand]:
    """``c``'s stands as the procedures take them (their problems were found by check_case)."""
    return [getattr(c, f).to_stand(f) for f in fields]
