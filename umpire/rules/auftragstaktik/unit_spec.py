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
    penetration_mm: int = Field(ge=0)
    fire_control: Grade | None = None
    stabilization: Grade | None = None
    heat: Marks = ""
    low_velocity: bool = False  # low-velocity HEAT gun (marked * on G; 4 inch limit)


class MissileSpec(_M):
    penetration_mm: int = Field(ge=0)
    guidance: Grade
    range_km: float = Field(gt=0)
    heat: Marks = "*"
    top_attack: bool = False
    gen: Literal[1, 2, 3, 4] | None = None


class HeSpec(_M):
    calibre_mm: float = Field(gt=0)
    fire_control: Grade | None = None
    stabilization: Grade | None = None


class HwSpec(_M):
    weapon: Literal["gpmg", "hmg", "autocannon"]
    mounts: Literal[1, 2, 3, 4] = 1
    size: str | None = None


class SaSpec(_M):
    weapon: Literal["automatic_rifle", "assault_rifle", "smg"]
    saws_per_squad: int = Field(0, ge=0)


class IndirectSpec(_M):
    calibre_mm: float = Field(gt=0)
    range_km: float = Field(gt=0)
    extended_range_km: float | None = Field(None, gt=0)
    high_rof: bool = False
    mrl_tubes: int | None = Field(None, gt=0)


class AdSpec(_M):
    type: Literal["g", "m"]
    weapon: Literal["gpmg", "hmg", "autocannon"] | None = None
    mounts: Literal[1, 2, 3, 4] = 1
    guidance: Grade | None = None
    value: int | None = None
    range_km: float | None = None


class Spec(_M):
    """The specifications a unit is rated from. Counts are per stand (company, battery, platoon)."""

    vehicles: int | None = Field(None, ge=1)
    personnel: int | None = Field(None, ge=1)
    battery: bool = False
    hq: bool = False  # HQ stands are medium companies whatever their strength
    speed_kph: float | None = Field(None, ge=0)
    mobility: Literal["tracked", "wheeled", "low_wheeled", "foot", "helicopter"] = "tracked"
    amphibious: bool = False
    move_in: int | None = (
        None  # a rated Move that overrides the speed scale (ruling movement.speed_basis)
    )
    armour_mm: int | None = Field(None, ge=0)
    unarmored: Literal["infantry", "soft_large", "soft_small"] | None = None
    special_armour: Marks = ""
    top_armour: bool = False
    open_topped: bool = False
    gun: GunSpec | None = None
    missile: MissileSpec | None = None
    at_cc: Literal["none", "per_squad", "lavish"] | None = None
    he: HeSpec | None = None
    hw: HwSpec | None = None
    small_arms: SaSpec | None = None
    indirect: IndirectSpec | None = None
    night_vision: Literal["TI", "II", "IR", "SL"] | None = None
    special: list[Literal["GSR", "h/k", "recon", "eng", "hwu"]] = Field(default_factory=list)
    air_defense: AdSpec | None = None

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
