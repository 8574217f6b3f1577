"""The ``umpire calc`` case formats of auftragstaktik: one pydantic model per procedure.

The formats are a public interface, documented in docs/reference/calc.md and listed by
``umpire calc fields PROCEDURE``. Unknown fields are refused. Words are read as the table says
them (:mod:`umpire.rules.vocab`): ``weapon: atgm``, ``aspect: side``, ``range: 7"``. A case is
checked whole: every problem (a bad field, an unknown unit, a stat line that does not read) is
reported at once by :func:`check_case`.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, ConfigDict, Field, field_validator, model_validator

from umpire.errors import DataError, UmpireError
from umpire.rules.auftragstaktik import data
from umpire.rules.auftragstaktik.ratings import (
    Aspect,
    OrderCode,
    Quality,
    ReadsCodes,
    Stand,
    Unit,
)
from umpire.rules.auftragstaktik.spotting import Spotted
from umpire.rules.auftragstaktik.stand_case import StandCase, SubCase
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
_Codes = ReadsCodes


class CaseBase(Checked):
    """A case. ``words``: its one-line form's positional words, in order (``umpire calc fire
    T-80B M1A1 7 side``); ``roles``: the parts its answer opens with (:mod:`umpire.ask.line`)."""

    model_config = ConfigDict(extra="forbid")

    ruleset: str = Field("auftragstaktik", description="auftragstaktik (the default)")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default")

    @field_validator("rulings")
    @classmethod
    def _known_rulings(cls, rulings: dict[str, str]) -> dict[str, str]:
        """Each ruling named and chosen as the ruleset has it, said with the case's other problems."""
        data.rulings(rulings)
        return rulings


# --- fire ---------------------------------------------------------------------------------------


class FireCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("shooter", "target", "range", "aspect", "weapon")
    shooter: StandCase = Field(description="the firing stand")
    target: StandCase = Field(description="the stand fired at")
    weapon: Weapon | None = Field(None, description="gun, missile, he, hw or sa (atgm, mg, small arms... are read "
                                  "too; default: the shooter's first weapon for its target)")
    range: Inches = Field(ge=0, description="inches, edge to edge (7 or 7\")")
    aspect: AspectIn = Field("front", description="front, flank or rear (side, back are read too)")
    night: bool = Field(False, description="the shot is at night")
    phase: Literal[1, 2] | None = Field(None, description="the combat phase, 1 or 2 (default: none given)")


# --- spot ---------------------------------------------------------------------------------------


class SpotterCase(SubCase, _Codes):
    statline: str | None = Field(None, description="its stat line (or unit:)")
    unit: str | None = Field(None, description="a bundled unit's name (or statline:)")
    quality: Quality = Field("regular", description="its troop quality")
    orders: OrderCode = Field("NO", description="its order")
    moved: bool = Field(False, description="it moved this phase")
    recon: bool | None = Field(None, description="it is a recon stand (default: from its ratings)")
    thermal: bool | None = Field(None, description="it has thermal sights (default: from its ratings)")
    gsr: bool | None = Field(None, description="it has ground surveillance radar (default: from its ratings)")
    night_vision: Literal["TI", "II", "IR", "SL", "none"] | None = Field(None,
        description="its night vision: TI, II, IR, SL or none (default: from its ratings)")
    facing_target: bool = Field(True, description="the target is in its front")
    higher: bool = Field(False, description="it stands higher than the target")
    air_defense: bool = Field(False, description="it is an air defense stand")
    mbt: bool | None = Field(None, description="it is a main battle tank (default: from its ratings)")


class SpotCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("spotter", "distance", "target.kind")
    roles: ClassVar[tuple[str, ...]] = ("spotter", "target")
    spotter: SpotterCase = Field(SpotterCase(), description="the stand looking")
    target: Spotted = Field(Spotted(),
        description="the stand looked at")  # the procedure's own model: one list of fields
    distance: Inches = Field(ge=0, description="inches between them")
    night: bool = Field(False, description="it is night")


# --- hq -----------------------------------------------------------------------------------------


class HqCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("hq.rating", "enemy_rating", "phase")
    roles: ClassVar[tuple[str, ...]] = ()
    hq: dict[str, Any] = Field(description="the HQ making the roll: level, doctrine, rating (and tech_level...)")
    enemy_rating: int | None = Field(None, description="the enemy's HQ rating (or enemy:)")
    enemy: dict[str, Any] | None = Field(None, description="the enemy: tech_level and quality (or enemy_rating:)")
    phase: Literal["orders", "reaction"] = Field("orders", description="orders or reaction")
    already_rolled: bool = Field(False, description="the HQ has rolled already this turn")

    @model_validator(mode="after")
    def _enemy(self) -> HqCase:
        if (self.enemy_rating is None) == (self.enemy is None):
            raise ValueError(
                "give either enemy_rating (a number) or enemy (tech_level and quality)"
            )
        return self


# --- morale -------------------------------------------------------------------------------------


class MoraleCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("battalion.morale", "battalion.average_hits", "battalion.status")
    roles: ClassVar[tuple[str, ...]] = ()
    battalion: dict[str, Any] = Field(description="the battalion checking: its stands, losses and state (MORALE)")


# --- close combat and overruns ------------------------------------------------------------------

Morale = Literal["VL", "L", "A", "H", "VH"]


class CloseCombatCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("attacker", "defender")
    attacker: StandCase = Field(description="the attacking stand")
    defender: StandCase = Field(description="the defending stand")
    attacker_morale: Morale = Field("A", description="VL, L, A, H or VH")
    defender_morale: Morale = Field("A", description="VL, L, A, H or VH")
    concealed: bool = Field(False, description="the defender is concealed")


class OverrunCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("defender", "attackers")
    roles: ClassVar[tuple[str, ...]] = ("attackers", "defender")
    defender: StandCase = Field(description="the stand overrun")
    attackers: list[StandCase] = Field(min_length=1, description="the stands overrunning it")
    target: int = Field(0, description="the attacker the defender fires at: its place in attackers, from 0")
    attacker_morale: Morale = Field("A", description="VL, L, A, H or VH")
    defender_morale: Morale = Field("A", description="VL, L, A, H or VH")


# --- indirect, air ------------------------------------------------------------------------------

Level = Literal["battalion", "brigade", "division"]


class IndirectCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("firer", "target", "range")
    firer: StandCase = Field(description="the battery firing")
    target: StandCase = Field(description="the stand under the template")
    orders_level: Level = Field("battalion",
        description="the HQ that ordered the mission: battalion, brigade or division")
    firing_level: Level = Field("battalion", description="the echelon of the battery: battalion, brigade or division")
    doctrine: Literal["decentralized", "balanced", "centralized"] = Field("balanced",
        description="decentralized, balanced or centralized (either spelling)")
    icm: bool = Field(False, description="the mission fires ICM")
    range: Inches | None = Field(None, ge=0, description="inches from the battery (default: in range)")


class CbFacts(SubCase):
    firer_c3: Literal[1, 2, 3, 4, 5] = Field(3, description="the firing side's C3 level (1-5)")
    target_c3: Literal[1, 2, 3, 4, 5] = Field(3, description="the target side's C3 level (1-5)")
    target_sp: bool = Field(False, description="the target battery is self-propelled")
    target_mrl: bool = Field(False, description="the target battery is an MRL")
    firer_icm: bool = Field(False, description="the counter-battery mission fires ICM")
    firer_mrl: bool = Field(False, description="the firing battery is an MRL")
    target_outranges: bool = Field(False, description="the target battery outranges the firer")


class CounterBatteryCase(IndirectCase):
    counter_battery: CbFacts = Field(CbFacts(), description="what counter-battery fire turns on")


class AirstrikeCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("target", "tons")
    roles: ClassVar[tuple[str, ...]] = ("aircraft", "target")
    target: StandCase = Field(description="the stand struck")
    aircraft: StandCase | None = Field(None, description="the aircraft, as a stand (or aircraft_drm:)")
    aircraft_drm: int | None = Field(None, description="the aircraft's modifier (instead of aircraft:)")
    tons: float | None = Field(None, gt=0, description="ordnance per aircraft, tons")
    orders_level: Level = Field("battalion", description="the HQ that ordered the strike")
    firing_level: Level = Field("battalion", description="the HQ the flight is assigned to")
    doctrine: Literal["decentralized", "balanced", "centralized"] = Field("balanced",
        description="decentralized, balanced or centralized (either spelling)")


class StrafingCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("aircraft", "target")
    aircraft: StandCase = Field(description="the aircraft, with its AT and HW ratings")
    target: StandCase = Field(description="the stand strafed")


class AirDefenseCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("shooter", "target", "weapon", "range")
    shooter: StandCase = Field(description="the stand firing at the aircraft")
    target: StandCase = Field(description="the aircraft or helicopter")
    weapon: Literal["sa", "hw", "ad", "missile"] = Field(description="sa, hw, ad or missile")
    range: Inches = Field(0, ge=0, description="inches to the target")
    aa_mount: bool = Field(False, description="the weapon is on an AA mount")


# --- entrench, mines ----------------------------------------------------------------------------


class EntrenchCase(CaseBase, _Codes):
    words: ClassVar[tuple[str, ...]] = ("level", "quality", "stand")
    level: Literal["none", "hasty", "deliberate", "prepared"] = Field("hasty",
        description="how far it is dug in now: none, hasty, deliberate or prepared")
    quality: Quality = Field("regular", description="its troop quality")
    stationary: bool = Field(True, description="it stays put this turn")
    stand: Literal["troop", "apc", "mbt", "mbt_t64", "other_vehicle"] = Field("troop",
        description="troop, apc, mbt, mbt_t64 or other_vehicle")
    engineer: bool = Field(False, description="an engineer stand helps")
    with_infantry: bool = Field(False, description="infantry helps")


class MinesCase(CaseBase):
    words: ClassVar[tuple[str, ...]] = ("stand", "minefield")
    stand: StandCase = Field(description="the stand entering the minefield")
    minefield: Literal["AP", "AT"] = Field(description="AP or AT")


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
