"""The Auftragstaktik tables as validated data, read once from ``rulesets/auftragstaktik/``.

Every file has a pydantic model with ``extra="forbid"``, so a typo in a table is an error that
names the file and field, never a silent default. :func:`tables` and :func:`ruling_book` cache
what they read; nothing else in the rules package touches the disk, except :func:`unit_library`
which reads the bundled unit files under ``data/auftragstaktik/units/``.
"""

# No ``from __future__ import annotations`` here: pydantic then reads each field's type as
# Python made it, instead of evaluating strings, and the ninety table models are made faster.
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from umpire.core.rulings import RulingBook, Rulings
from umpire.errors import DataError
from umpire.schema.checked import Checked
from umpire.schema.load import read_yaml, validate

RULESET = "auftragstaktik"


class _M(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- crt.yaml ---------------------------------------------------------------------------------


class CrtColumn(_M):
    index: int
    at_printed: str
    at_min: int | None
    at_max: int | None
    ap_printed: str
    ap: int


class CrtRow(_M):
    printed: str
    roll_min: int | None
    roll_max: int | None
    cells: list[int | None]


class DiceMethod(_M):
    sides: int
    count: int
    subtract: int


class DiceSection(_M):
    source: str
    methods: dict[str, DiceMethod]


class CrtFile(_M):
    source: str
    columns: list[CrtColumn]
    named_columns: dict[str, int]
    rows: list[CrtRow]
    dice: DiceSection

    @model_validator(mode="after")
    def _shape(self) -> "CrtFile":
        n = len(self.columns)
        if [c.index for c in self.columns] != list(range(n)):
            raise ValueError("columns must be indexed 0..n-1 in order")
        for row in self.rows:
            if len(row.cells) != n:
                raise ValueError(f"row {row.printed!r} has {len(row.cells)} cells, expected {n}")
        return self


# --- common.yaml ------------------------------------------------------------------------------


class Qualities(_M):
    source: str
    levels: dict[str, int]
    aliases: dict[str, str]


class OrdersSection(_M):
    source: str
    codes: dict[str, str]
    aliases: dict[str, str]


class SizeRow(_M):
    name: str
    shooter: int
    target: int


class Sizes(_M):
    source: str
    rows: dict[str, SizeRow]
    battery: dict[str, str]
    companies: list[str]
    platoons: list[str]


class HitEffects(_M):
    source: str
    drm: dict[int, int]
    may_not_fire_from: int
    eliminated_at: int
    recovery_per_orders_phase: int
    close_terrain_source: str


class CommonFile(_M):
    qualities: Qualities
    orders: OrdersSection
    sizes: Sizes
    hit_effects: HitEffects


# --- fire.yaml --------------------------------------------------------------------------------


class Increment(_M):
    drm: int
    per_in: float
    beyond_in: float


class FireControlRow(Increment):
    name: str


class TargetOrders(_M):
    source: str
    moving: dict[str, int]
    stationary: int
    stationary_troop: int


class Sourced(_M):
    source: str


class FirerWithdraw(Sourced):
    drm: int


class FireControl(Sourced):
    rows: dict[str, FireControlRow]


class StabRow(_M):
    name: str
    HA: int
    DA: int


class Stabilization(Sourced):
    rows: dict[str, StabRow]


class TroopFire(Sourced):
    sa: dict[str, int | None]
    hw: dict[str, int | None]
    missile: dict[str, int | None]


class Ranges(Sourced):
    hw: Increment
    sa_max_in: float
    low_velocity_gun_max_in: float
    low_velocity_gun_source: str


class Cover(Sourced):
    cover: dict[str, int]
    entrenchment: dict[str, int]
    fire_bonus: dict[str, int]


class Misc(Sourced):
    sa_vs_body_armor: dict[str, int]
    unspotted_firer: int
    tq_per_level: int
    flank_shift: int
    rear_shift: int


class Grouping(Sourced):
    own_fire_per_extra_company: int
    fire_at_group_per_extra_company: int
    spotted_per_extra_company: int


class Heat(Sourced):
    shifts: dict[int, list[int]]


class TopAttack(Sourced):
    vs_top_armor_shift: int


class Atgm(Sourced):
    caps: dict[int, int | None]
    guidance_generation: dict[str, int]
    vs_helicopter_source: str
    vs_helicopter_column: int
    vs_helicopter_drm: dict[int, int]


class MaxHits(Sourced):
    max_hits: int


class AtgmVsNonAfv(Sourced):
    unarmored_vehicles: Literal["VL", "L", "M", "H", "VH"]
    fighting_positions: Literal["VL", "L", "M", "H", "VH"]
    fighting_position_entrenchment: Literal["hasty", "deliberate", "prepared"]


class Helicopter(Sourced):
    mast_sight_da_shift: int


class DirectHe(Sourced):
    drm: int
    weight_step: int


class FireFile(_M):
    target_orders: TargetOrders
    firer_withdraw: FirerWithdraw
    fire_control: FireControl
    stabilization: Stabilization
    troop_fire: TroopFire
    ranges: Ranges
    cover: Cover
    misc: Misc
    grouping: Grouping
    heat: Heat
    top_attack: TopAttack
    atgm: Atgm
    vs_non_afv: AtgmVsNonAfv
    afv_vs_hw_sa: MaxHits
    helicopter: Helicopter
    direct_he: DirectHe
    rate_of_fire: Sourced


# --- spotting.yaml ----------------------------------------------------------------------------


class SpotterMods(_M):
    recon: int
    stationary: int
    distance: Increment
    higher: int
    ha_orders: int
    thermal: int
    not_facing: int
    quality: dict[str, int]


class SpottedMods(_M):
    vehicle_or_towed: int
    stationary: int
    moving_orders: dict[str, int]
    firing: int
    higher: int
    spotted_before: int
    cover: int
    quality: dict[str, int]
    grouped_over_2_companies: int


class Gsr(_M):
    moving_vehicle: int
    moving_troop: int


class Night(_M):
    none: int
    other: int
    TI: int


class Recon(Sourced):
    mbt_min_protection: int


class SpottingFile(Sourced):
    recon: Recon
    spotted_if_total_greater_than: int
    spotter: SpotterMods
    target: SpottedMods
    gsr: Gsr
    night: Night
    air_defense_vs_helicopter: FirerWithdraw
    stays_spotted_within_in: float


# --- command.yaml -----------------------------------------------------------------------------


class HqRoll(Sourced):
    failure_max: int
    delay_min: int
    delay_max: int
    success_min: int
    rating_difference_multiplier: int


class Doctrine(Sourced):
    aliases: dict[str, str]
    rows: dict[str, dict[str, int]]
    level_aliases: dict[str, str]


class HqRating(Sourced):
    tech_levels: dict[int, str]
    quality: dict[str, int]


class CommandRadius(Sourced):
    rows: dict[str, dict[str, int]]
    tech_rows: dict[int, str]
    doctrine_factor: dict[str, float]
    recon_factor: float


class CommandFile(_M):
    hq_roll: HqRoll
    doctrine: Doctrine
    hq_rating: HqRating
    command_radius: CommandRadius


# --- morale.yaml ------------------------------------------------------------------------------


class MoraleMods(Sourced):
    general: int
    per_average_hit: int
    checked: int
    routed: int
    cover: int


class MoraleResults(Sourced):
    cells: dict[int, str]


class MoraleEffects(Sourced):
    checked_orders: list[str]
    surrender_within_in: float


class MoraleFile(Sourced):
    columns: dict[str, int]
    names: dict[str, str]
    modifiers: MoraleMods
    results: MoraleResults
    effects: MoraleEffects


# --- close_combat.yaml ------------------------------------------------------------------------


class Overrun(Sourced):
    attacker_max_hits_at_start: int
    continue_max_hits: int


class CloseCombatFile(Sourced):
    modifiers_source: str
    morale_per_level: int
    morale_levels: dict[str, int]
    cc_value_per_point: int
    hits_per_hit: int
    tq_per_level: int
    vs_afv_source: str
    afv_return_fire_drm: int
    withdraw_hits: int
    overrun: Overrun


# --- indirect.yaml ----------------------------------------------------------------------------


class LightInOpen(_M):
    weights: list[str]
    drm: int


class HeSection(Sourced):
    column: int
    weights: list[str]
    cover_change: dict[str, int]
    light_in_open: LightInOpen
    high_rof: int
    afv_cover: dict[str, str]


class HqShiftRow(_M):
    orders: str
    firer: str
    shift: int
    decentralized: int


class HqShifts(Sourced):
    rows: list[HqShiftRow]


class Band(_M):
    max: float | None
    drm: int


class Mrl(Sourced):
    tubes: list[Band]


class Icm(Sourced):
    troops_in_open: int


class CounterBattery(Sourced):
    tq_per_level: int
    firer_c3: dict[int, int]
    target_c3: dict[int, int]
    target_sp: int
    target_mrl: int
    firer_icm: int
    firer_mrl: int
    target_outranges: int


class Airstrike(Sourced):
    weight: str
    ordnance_tons: dict[float, int]
    strafing_size: str


class AirDefense(Sourced):
    column: int
    tq_per_level: int
    guidance: dict[str, int]
    aircraft_sa_hw: int


class IndirectFile(_M):
    he: HeSection
    hq_shifts: HqShifts
    mrl: Mrl
    icm: Icm
    counter_battery: CounterBattery
    airstrike: Airstrike
    air_defense: AirDefense


# --- misc.yaml --------------------------------------------------------------------------------


class Entrench(Sourced):
    deliberate: dict[str, int]
    prepared_extra: int
    levels: list[str]


class Mines(Sourced):
    column: int
    quality_shift: dict[str, int]
    affects: dict[str, list[Literal["AP", "AT"]]]
    troops_cautious: int
    template_in: list[float]


class MiscFile(_M):
    entrench: Entrench
    mines: Mines


# --- rating.yaml ------------------------------------------------------------------------------


class CodeBand(_M):
    max: float | None
    code: str


class InchBand(_M):
    max: float | None
    inches: int


class SizeScale(Sourced):
    vehicles: list[CodeBand]
    personnel: list[CodeBand]
    battery: dict[str, str]


class MovementScale(Sourced):
    kph: list[InchBand]
    foot: int
    horse: int
    codes: dict[str, str]


class MmScale(Sourced):
    bands: list[int]


class CalibreScale(Sourced):
    classes: list[CodeBand]


class RangeScale(Sourced):
    inches_per_km: float
    plus_in: float = 0


class SmallArms(Sourced):
    weapons: dict[str, tuple[int, int]]
    per_2_saws_per_squad: int


class HeavyWeapons(Sourced):
    weapons: dict[str, tuple[int, float]]
    mounts: dict[int, int]


class AtCc(Sourced):
    values: dict[str, int]


class Unarmored(Sourced):
    infantry: int
    soft_large: int
    soft_small: int


class RatingFile(_M):
    size: SizeScale
    movement: MovementScale
    mm_scale: MmScale
    calibre: CalibreScale
    missile_range: RangeScale
    indirect_range: RangeScale
    small_arms: SmallArms
    heavy_weapons: HeavyWeapons
    at_cc: AtCc
    unarmored: Unarmored


# --- turn.yaml --------------------------------------------------------------------------------


class PhaseName(_M):
    id: str
    name: str


class Phases(Sourced):
    order: list[PhaseName]


class Limit(_M):
    min: float
    max: float
    max_troops: float | None = None


class Limits(Sourced):
    NO: Limit
    DA: Limit
    HA: Limit
    TR: Limit
    WD: Limit
    no_orders_first_phase: Limit
    routed: Limit


class CostRow(_M):
    foot: float | None
    wheeled: float | None
    tracked: float | None


class Weather(Sourced):
    off_road_factor: dict[str, float]


class TerrainRow(_M):
    row: str
    cover: Literal["none", "light", "heavy"] = "none"
    close: bool = False
    buildings: bool = False  # troops here are "troops in buildings" (ATGMs vs. non-AFV targets)


class Movement(Sourced):
    order_of_movement: list[str]
    limits: Limits
    costs: dict[str, CostRow]
    crossings: dict[str, CostRow]
    road: CostRow
    low_mobility_wheeled_off_road: float
    weather: Weather
    mobility: dict[str, str]
    terrain: dict[str, TerrainRow]
    general_direction_deg: float

    @model_validator(mode="after")
    def _rows_known(self) -> "Movement":
        for name, t in self.terrain.items():
            if t.row not in self.costs:
                raise ValueError(f"terrain.{name}.row: {t.row!r} is not a row of costs ({', '.join(self.costs)})")
        return self


class Integrity(Sourced):
    default_tech_level: Literal[1, 2, 3, 4]


class TurnMorale(Sourced):
    default_level: Literal["VL", "L", "A", "H", "VH"]
    surrender_within_in: float


class TurnCloseCombat(Sourced):
    touching_in: float


class TurnFile(Sourced):
    phases: Phases
    movement: Movement
    integrity: Integrity
    morale: TurnMorale
    close_combat: TurnCloseCombat


# --- ruleset.yaml -----------------------------------------------------------------------------


class RulesetFile(_M):
    name: str
    title: str
    aliases: list[str]
    version: str
    author: str
    source: str
    files: dict[str, str]


class Tables(_M):
    """Every table of the ruleset, validated."""

    ruleset: RulesetFile
    crt: CrtFile
    common: CommonFile
    fire: FireFile
    spotting: SpottingFile
    command: CommandFile
    morale: MoraleFile
    close_combat: CloseCombatFile
    indirect: IndirectFile
    misc: MiscFile
    rating: RatingFile
    turn: TurnFile


_FILES: dict[str, type[BaseModel]] = {
    "crt": CrtFile,
    "common": CommonFile,
    "fire": FireFile,
    "spotting": SpottingFile,
    "command": CommandFile,
    "morale": MoraleFile,
    "close_combat": CloseCombatFile,
    "indirect": IndirectFile,
    "misc": MiscFile,
    "rating": RatingFile,
    "turn": TurnFile,
}


def _dir() -> Path:
    from umpire.resources import ruleset_dir

    return ruleset_dir(RULESET)


def _load(model: type[BaseModel], name: str, folder: Path) -> BaseModel:
    path = folder / name
    return validate(model, read_yaml(path), f"rulesets/{RULESET}/{name}")


def _code() -> list[Path]:
    """The code the tables' models are made of (a change to it makes cached tables stale)."""
    import umpire.core.rulings
    import umpire.schema.checked

    return [Path(__file__), Path(umpire.schema.checked.__file__), Path(umpire.core.rulings.__file__)]


@lru_cache(maxsize=1)
def tables() -> Tables:
    """All the tables, read and validated once (and kept validated between runs,
    :mod:`umpire.schema.cache`).

    :raises DataError: naming the file and field of the first problem found.
    """
    from umpire.schema.cache import cached

    folder = _dir()
    return cached("auftragstaktik-tables", [*sorted(folder.glob("*.yaml")), *_code()], Tables, _read_tables)


def _read_tables() -> Tables:
    folder = _dir()
    meta = _load(RulesetFile, "ruleset.yaml", folder)
    assert isinstance(meta, RulesetFile)
    parts: dict[str, BaseModel] = {"ruleset": meta}
    for key, model in _FILES.items():
        if key not in meta.files:
            raise DataError(f"rulesets/{RULESET}/ruleset.yaml: files.{key}: missing")
        parts[key] = _load(model, meta.files[key], folder)
    return Tables.model_validate({k: v.model_dump() for k, v in parts.items()})


@lru_cache(maxsize=1)
def ruling_book() -> RulingBook:
    """The ruleset's rulings (every ambiguity entry), validated (and kept, as the tables)."""
    from umpire.schema.cache import cached

    def read() -> RulingBook:
        book = _load(RulingBook, "rulings.yaml", _dir())
        assert isinstance(book, RulingBook)
        return book

    return cached("auftragstaktik-rulings", [_dir() / "rulings.yaml", *_code()], RulingBook, read)


def rulings(overrides: dict[str, str] | None = None) -> Rulings:
    """The rulings in force: defaults plus ``overrides``.

    :raises UmpireError: for an unknown ruling name or choice.
    """
    return ruling_book().select(overrides or {})


def units_dir() -> Path:
    from umpire.resources import resource_dir

    return resource_dir("data") / RULESET / "units"
