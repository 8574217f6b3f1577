"""The Auftragstaktik table models of spotting, command, indirect fire and air, entrenchment and mines."""

# No ``from __future__ import annotations`` here: pydantic then reads each field's type as
# Python made it, instead of evaluating strings, and the table models are made faster.
from typing import Literal

from umpire.rules.auftragstaktik.combat_tables import FirerWithdraw, Increment
from umpire.rules.auftragstaktik.table_base import Sourced, TableModel

# --- spotting.yaml ----------------------------------------------------------------------------


class SpotterMods(TableModel):
    recon: int
    stationary: int
    distance: Increment
    higher: int
    ha_orders: int
    thermal: int
    not_facing: int
    quality: dict[str, int]


class SpottedMods(TableModel):
    vehicle_or_towed: int
    stationary: int
    moving_orders: dict[str, int]
    firing: int
    higher: int
    spotted_before: int
    cover: int
    quality: dict[str, int]
    grouped_over_2_companies: int


class Gsr(TableModel):
    moving_vehicle: int
    moving_troop: int


class Night(TableModel):
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


class CommandFile(TableModel):
    hq_roll: HqRoll
    doctrine: Doctrine
    hq_rating: HqRating
    command_radius: CommandRadius


# --- indirect.yaml ----------------------------------------------------------------------------


class LightInOpen(TableModel):
    weights: list[str]
    drm: int


class HeSection(Sourced):
    column: int
    weights: list[str]
    cover_change: dict[str, int]
    light_in_open: LightInOpen
    high_rof: int
    afv_cover: dict[str, str]


class HqShiftRow(TableModel):
    orders: str
    firer: str
    shift: int
    decentralized: int


class HqShifts(Sourced):
    rows: list[HqShiftRow]


class Band(TableModel):
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


class IndirectFile(TableModel):
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


class MiscFile(TableModel):
    entrench: Entrench
    mines: Mines
