"""What an Auftragstaktik scenario holds beyond every ruleset's: stat lines and orders on its
stands, command doctrine on its formations, HQ ratings, C3 levels, ICM and aircraft on its sides,
weather and night on the game (the scenario model of :meth:`umpire.registry.Ruleset.scenario_model`)."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from umpire.schema.checked import Checked
from umpire.schema.scenario import FormationSpec, Quality, Scenario, SideSpec, UnitSpec


class _Strict(Checked):
    model_config = ConfigDict(extra="forbid")


class AtUnitSpec(UnitSpec):
    statline: str | None = Field(None,
        description="Auftragstaktik: its own stat line, in the rules' notation (instead of type)")
    orders: Literal["NO", "DA", "HA", "TR", "WD"] | None = Field(
        None, description="Auftragstaktik: its order at the start (NO, DA, HA, TR, WD)")


class AtFormationSpec(FormationSpec):
    doctrine: Literal["decentralized", "balanced", "centralized"] | None = Field(None,
        description="Auftragstaktik: its command doctrine (decentralized, balanced, centralized; either spelling)")
    formations: list[AtFormationSpec] = Field(default_factory=list, description="the formations under it")  # type: ignore[assignment]
    units: list[AtUnitSpec] = Field(default_factory=list, description="its stands")  # type: ignore[assignment]


class AirSpec(_Strict):
    """A flight of aircraft a side may call on (Auftragstaktik MISCELLANEOUS RULES > Airstrikes)."""

    id: str = Field(min_length=1,
        description="the flight's id, unique in the scenario (orders files name it under air:)")
    name: str | None = Field(None, description="its name on the reports")
    ordnance_tons: float = Field(gt=0, description="ordnance per aircraft, tons (RATING UNITS > Indirect)")
    statline: str | None = Field(None, description="for strafing: the aircraft's AT and HW ratings")
    quality: Quality = Field("regular", description="its pilots' quality")
    sorties: int = Field(1, ge=1, description="strikes it may fly in the game")


class AtSideSpec(SideSpec):
    hq_rating: int | None = Field(None, description="Auftragstaktik: the side's HQ rating (ORDERS)")
    c3: int | None = Field(None, ge=1, le=5, description="C3 level for counter-battery fire (1-5)")
    icm: Literal["one_per_stand", "unlimited"] | None = Field(
        None, description="ICM missions per artillery stand a game (unlimited: US forces of the late 1980s)"
    )
    air: list[AirSpec] = Field(default_factory=list,
        description="Auftragstaktik: the flights of aircraft it may call on")
    formations: list[AtFormationSpec] = Field(default_factory=list,  # type: ignore[assignment]
        description="its formations, nested as on paper, with their stands")
    units: list[AtUnitSpec] = Field(default_factory=list, description="stands that belong to no formation")  # type: ignore[assignment]


class AtScenario(Scenario):
    sides: list[AtSideSpec] = Field(min_length=2, description="the two sides, each with its forces")  # type: ignore[assignment]
    weather: Literal["clear", "mud", "deep snow"] = Field("clear", description="Auftragstaktik weather effects")
    night: bool | list[int] = Field(False, description="Auftragstaktik: every turn at night, or these turns")
