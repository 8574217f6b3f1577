"""The Auftragstaktik table models of unit ratings and of the turn: phases, limits, movement, weather."""

# No ``from __future__ import annotations`` here: pydantic then reads each field's type as
# Python made it, instead of evaluating strings, and the table models are made faster.
from typing import Literal

from pydantic import model_validator

from umpire.rules.auftragstaktik.table_base import Sourced, TableModel

# --- rating.yaml ------------------------------------------------------------------------------


class CodeBand(TableModel):
    max: float | None
    code: str


class InchBand(TableModel):
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


class RatingFile(TableModel):
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


class PhaseName(TableModel):
    id: str
    name: str


class Phases(Sourced):
    order: list[PhaseName]


class Limit(TableModel):
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


class CostRow(TableModel):
    foot: float | None
    wheeled: float | None
    tracked: float | None


class Weather(Sourced):
    off_road_factor: dict[str, float]


class TerrainRow(TableModel):
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
