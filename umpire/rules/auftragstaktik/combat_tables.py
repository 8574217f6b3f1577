"""The Auftragstaktik table models of combat: the CRT, common modifiers, direct fire, morale, close combat."""

# No ``from __future__ import annotations`` here: pydantic then reads each field's type as
# Python made it, instead of evaluating strings, and the table models are made faster.
from typing import Literal

from pydantic import model_validator

from umpire.rules.auftragstaktik.table_base import Sourced, TableModel

# --- crt.yaml ---------------------------------------------------------------------------------


class CrtColumn(TableModel):
    index: int
    at_printed: str
    at_min: int | None
    at_max: int | None
    ap_printed: str
    ap: int


class CrtRow(TableModel):
    printed: str
    roll_min: int | None
    roll_max: int | None
    cells: list[int | None]


class DiceMethod(TableModel):
    sides: int
    count: int
    subtract: int


class DiceSection(TableModel):
    source: str
    methods: dict[str, DiceMethod]


class CrtFile(TableModel):
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


class Qualities(TableModel):
    source: str
    levels: dict[str, int]
    aliases: dict[str, str]


class OrdersSection(TableModel):
    source: str
    codes: dict[str, str]
    aliases: dict[str, str]


class SizeRow(TableModel):
    name: str
    shooter: int
    target: int


class Sizes(TableModel):
    source: str
    rows: dict[str, SizeRow]
    battery: dict[str, str]
    companies: list[str]
    platoons: list[str]


class HitEffects(TableModel):
    source: str
    drm: dict[int, int]
    may_not_fire_from: int
    eliminated_at: int
    recovery_per_orders_phase: int
    close_terrain_source: str


class CommonFile(TableModel):
    qualities: Qualities
    orders: OrdersSection
    sizes: Sizes
    hit_effects: HitEffects


# --- fire.yaml --------------------------------------------------------------------------------


class Increment(TableModel):
    drm: int
    per_in: float
    beyond_in: float


class FireControlRow(Increment):
    name: str


class TargetOrders(TableModel):
    source: str
    moving: dict[str, int]
    stationary: int
    stationary_troop: int


class FirerWithdraw(Sourced):
    drm: int


class FireControl(Sourced):
    rows: dict[str, FireControlRow]


class StabRow(TableModel):
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


class FireFile(TableModel):
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
