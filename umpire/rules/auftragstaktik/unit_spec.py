"""The real specifications a unit is rated from (RATING UNITS): size, speed, armour, weapons, night vision."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from umpire.rules.auftragstaktik.ratings import (
    Grade,
)
from umpire.schema.checked import Checked

Marks = Literal["", "*", "**"]


class _M(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GunSpec(_M):
    penetration_mm: int = Field(ge=0, description="armour it pierces, mm (RATING UNITS > Gun)")
    fire_control: Grade | None = Field(None, description="its fire control grade")
    stabilization: Grade | None = Field(None, description="its stabilization grade")
    heat: Marks = Field("", description="HEAT marks: '', * or **")
    low_velocity: bool = Field(False,
        description="a low-velocity HEAT gun (4\" limit)")  # low-velocity HEAT gun (marked * on G; 4 inch limit)


class MissileSpec(_M):
    penetration_mm: int = Field(ge=0, description="armour it pierces, mm")
    guidance: Grade = Field(description="its guidance grade")
    range_km: float = Field(gt=0, description="its range, km")
    heat: Marks = Field("*", description="HEAT marks: '', * or **")
    top_attack: bool = Field(False, description="it attacks the top armour")
    gen: Literal[1, 2, 3, 4] | None = Field(None, description="its generation, 1-4")


class HeSpec(_M):
    calibre_mm: float = Field(gt=0, description="the gun's calibre, mm")
    fire_control: Grade | None = Field(None, description="its fire control grade")
    stabilization: Grade | None = Field(None, description="its stabilization grade")


class HwSpec(_M):
    weapon: Literal["gpmg", "hmg", "autocannon"] = Field(description="gpmg, hmg or autocannon")
    mounts: Literal[1, 2, 3, 4] = Field(1, description="weapons per vehicle, 1-4")
    size: str | None = Field(None, description="its size code, if set")


class SaSpec(_M):
    weapon: Literal["automatic_rifle", "assault_rifle", "smg"] = Field(
        description="automatic_rifle, assault_rifle or smg")
    saws_per_squad: int = Field(0, ge=0, description="squad automatic weapons per squad")


class IndirectSpec(_M):
    calibre_mm: float = Field(gt=0, description="the gun's calibre, mm")
    range_km: float = Field(gt=0, description="its range, km")
    extended_range_km: float | None = Field(None, gt=0, description="its range with extended-range rounds, km")
    high_rof: bool = Field(False, description="it has a high rate of fire")
    mrl_tubes: int | None = Field(None, gt=0, description="an MRL's tubes")


class AdSpec(_M):
    type: Literal["g", "m"] = Field(description="g (guns) or m (missiles)")
    weapon: Literal["gpmg", "hmg", "autocannon"] | None = Field(None, description="gpmg, hmg or autocannon")
    mounts: Literal[1, 2, 3, 4] = Field(1, description="weapons per vehicle, 1-4")
    guidance: Grade | None = Field(None, description="a missile's guidance grade")
    value: int | None = Field(None, description="its rating, if given")
    range_km: float | None = Field(None, description="its range, km")


class Spec(_M):
    """The specifications a unit is rated from. Counts are per stand (company, battery, platoon)."""

    vehicles: int | None = Field(None, ge=1, description="vehicles or weapons per stand (or personnel:)")
    personnel: int | None = Field(None, ge=1, description="dismounted men per stand (or vehicles:)")
    battery: bool = Field(False, description="it is an artillery battery")
    hq: bool = Field(False, description="it is an HQ stand (a medium company whatever its strength)")
    speed_kph: float | None = Field(None, ge=0, description="road speed, km/h (or move_in:)")
    mobility: Literal["tracked", "wheeled", "low_wheeled", "foot", "helicopter"] = Field("tracked",
        description="tracked, wheeled, low_wheeled, foot or helicopter")
    amphibious: bool = Field(False, description="it swims")
    move_in: int | None = Field(
        None, description="a Move rating given outright, overriding the speed (ruling movement.speed_basis)")
    armour_mm: int | None = Field(None, ge=0,
        description="its frontal armour, mm (armor_mm is read too; or unarmored:)")
    unarmored: Literal["infantry", "soft_large", "soft_small"] | None = Field(None,
        description="infantry, soft_large or soft_small (instead of armour_mm)")
    special_armour: Marks = Field("", description="special armour marks: '', * or **")
    top_armour: bool = Field(False, description="it has top armour")
    open_topped: bool = Field(False, description="it is open-topped")
    gun: GunSpec | None = Field(None, description="its main gun")
    missile: MissileSpec | None = Field(None, description="its antitank missile")
    at_cc: Literal["none", "per_squad", "lavish"] | None = Field(None,
        description="antitank weapons for close combat: none, per_squad or lavish")
    he: HeSpec | None = Field(None, description="its gun's HE fire")
    hw: HwSpec | None = Field(None, description="its heavy weapons")
    small_arms: SaSpec | None = Field(None, description="its small arms")
    indirect: IndirectSpec | None = Field(None, description="its indirect fire")
    night_vision: Literal["TI", "II", "IR", "SL"] | None = Field(None, description="TI, II, IR or SL")
    special: list[Literal["GSR", "h/k", "recon", "eng", "hwu"]] = Field(default_factory=list,
        description="GSR, h/k, recon, eng, hwu")
    air_defense: AdSpec | None = Field(None, description="its air defense weapons")

    @model_validator(mode="after")
    def _counted(self) -> Spec:
        if (self.vehicles is None) == (self.personnel is None):
            raise ValueError(
                "give vehicles (vehicles or weapons per stand) "
                "or personnel (dismounted men), not both"
            )
        if self.armour_mm is None and self.unarmored is None:
            raise ValueError("give armour_mm, or unarmored: infantry | soft_large | soft_small")
        if (
            self.speed_kph is None
            and self.move_in is None
            and self.mobility not in ("foot", "helicopter")
        ):
            raise ValueError("give speed_kph (road speed) or move_in")
        return self
