"""The MBT fire charts: AP hit, number of hits, AP and GP modifiers, the GP CRT, close assault."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from umpire.rules.mbt import chart_checks as cc
from umpire.rules.mbt.provenance import (
    CLASSES,
    ROFS,
    STABS,
    TERRAINS,
    DataModel,
    VInt,
    VStr,
    check_bands,
    parse_range,
)


class ApHitChart(DataModel):
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


class NumberOfHitsTable(DataModel):
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


class NmMv(DataModel):
    nm: VInt
    mv: VInt


class GradeLine(DataModel):
    bands: list[str]
    poor: list[VInt]
    crack: list[VInt]

    @model_validator(mode="after")
    def _lengths(self) -> GradeLine:
        if not len(self.bands) == len(self.poor) == len(self.crack):
            raise ValueError("bands, poor and crack need the same length")
        check_bands(self.bands, "bands")
        return self


class SightLine(DataModel):
    bands: list[str]
    values: list[VInt]

    @model_validator(mode="after")
    def _lengths(self) -> SightLine:
        if len(self.bands) != len(self.values):
            raise ValueError("bands and values need the same length")
        check_bands(self.bands, "bands")
        return self


class MovementModifiers(DataModel):
    firer_nm: NmMv
    stab: dict[int, NmMv]
    class_: dict[int, NmMv] = Field(alias="class")


class ApGeneral(DataModel):
    acquisition_per_turn: VInt
    through_brew_up_smoke: VInt
    through_other_smoke: VInt
    firer_suppressed: VInt
    transported_firer: VInt
    per_crew_loss: VInt
    nbc: VInt


class ApModifiers(DataModel):
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


class GpModifiers(DataModel):
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


class Crt(DataModel):
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


class GpChart(DataModel):
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


class CloseAssaultMods(DataModel):
    attacking_uphill: VInt
    vs_moving_vehicle: VInt
    vs_open_vehicle: VInt
    attacker_crack: VInt
    attacker_poor: VInt
    assault_infantry: VInt
    flamethrower: VInt


class HandToHand(DataModel):
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


class HandToHandMods(DataModel):
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
    squad_plus: VInt
    assault_infantry: VInt


class CloseAssaultChart(DataModel):
    chart: Literal["close_assault"]
    title: str = ""
    used_by: str = ""
    close_assault: CloseAssaultMods
    hand_to_hand: HandToHand
    hand_to_hand_modifiers: HandToHandMods
