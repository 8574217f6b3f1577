"""What an MBT scenario holds beyond every ruleset's: data cards, grades, attached weapons,
doctrine and carriers on its models, TO&E organisations on its formations, and the ``mbt:``
block (the game, its turns, scale, light, objectives, set-up zones and the Advanced Game's own
rules): the scenario model of :meth:`umpire.registry.Ruleset.scenario_model`."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from umpire.rules.mbt.advanced_spec import AdvancedSpec
from umpire.rules.mbt.options_spec import (
    AircraftSpec,
    BatterySpec,
    CounterBatterySpec,
    HelicopterSpec,
    MinefieldSpec,
    PlayerSpec,
    WeightLimitSpec,
)
from umpire.rules.mbt.toe_spec import ToeSpec
from umpire.schema.checked import Checked
from umpire.schema.scenario import FormationSpec, Scenario, SideSpec, UnitSpec


class _Strict(Checked):
    model_config = ConfigDict(extra="forbid")


class MbtUnitSpec(UnitSpec):
    card: str | None = Field(None, description="MBT: its data card id, e.g. USA-1B")
    # The Advanced Game (12.5, 12.7, 13.4, 15.3, 15.4.5): grade, attached weapons, doctrine,
    # carried at the start by a vehicle of its side, inside buildings or on an upper floor.
    grade: Literal["crack", "average", "poor"] | None = Field(None,
        description="MBT Advanced Game: crack, average or poor (12.7)")
    equipment: str | None = Field(None, description="MBT Advanced Game: weapons attached to a leg unit (12.5)")
    doctrine: bool = Field(False, description="MBT Advanced Game: the unit follows its side's doctrine (13.4)")
    carried_by: str | None = Field(None,
        description="MBT Advanced Game: the vehicle of its side it starts carried in (15.3)")
    inside: bool = Field(False, description="MBT Advanced Game: it starts inside the buildings it stands in (15.4.5)")
    up: int = Field(0, ge=0, le=20, description="MBT Advanced Game: the floor of the building it starts on (15.4)")
    camouflaged: bool = Field(False, description="MBT option 17.6: it starts the scenario camouflaged (the NOTES "
                              "line of its record sheet, 17.6.1)")
    searchlights: list[Literal["IR", "WL"]] = Field(default_factory=list, description="MBT option 18.1.2: the "
        "searchlights its card NOTES list, IR, WL or both (the transcribed cards do not carry them)")


class MbtFormationSpec(FormationSpec):
    formations: list[MbtFormationSpec] = Field(default_factory=list, description="the formations under it")  # type: ignore[assignment]
    units: list[MbtUnitSpec] = Field(default_factory=list, description="its stands")  # type: ignore[assignment]
    toe: ToeSpec | None = Field(None, description="MBT: a TO&E organisation and variant, expanded into its models")


class MbtSideSpec(SideSpec):
    formations: list[MbtFormationSpec] = Field(default_factory=list,  # type: ignore[assignment]
        description="its formations, nested as on paper, with their stands")
    units: list[MbtUnitSpec] = Field(default_factory=list, description="stands that belong to no formation")  # type: ignore[assignment]


class ObjectiveSpec(_Strict):
    terrain: str = Field(min_length=1, description="id of the terrain piece that is the objective")
    points: int = Field(10, ge=0, description="victory points for the side controlling it")


class SetupZoneSpec(_Strict):
    edge: Literal["left", "right", "near", "far"] = Field(
        description="the table edge the side sets up along (mapboard side 1 or 4, 2.4)")
    depth: float = Field(4, gt=0, description="hexes from that edge (2.5: 4)")


class MbtSpec(_Strict):
    """How an MBT scenario is played (the Basic Game scenario of 2.0-9.4 by default)."""

    game: Literal["basic", "advanced"] = Field("basic", description="basic (2.0-9.4) or advanced (10.0 on)")
    matchup: str | None = Field(None, description="the Basic Game matchup (2.3) its forces must fit")
    turns: int = Field(10, ge=1, description="turns the game lasts")
    scale: float = Field(1.0, gt=0, description="inches per hex (23.3.2.1)")
    conditions: Literal["day", "dusk", "moonlight", "night", "fog", "blowing_snow"] = Field("day",
        description="the light: day, dusk, moonlight or night; fog or blowing_snow with the night option (11.0, 18.1)")
    objectives: list[ObjectiveSpec] = Field(default_factory=list,
        description="terrain pieces worth victory points to the side that holds them")
    win_margin: int = Field(30, ge=0, description="victory points by which a side must lead to win (9.4)")
    setup: dict[str, SetupZoneSpec] = Field(
        default_factory=dict, description="per side: its setup zone (2.4, 2.5), checked when the game is created")
    advanced: AdvancedSpec | None = Field(None, description="the Advanced Game scenario's own rules (Scenario Format)")
    options: list[str] = Field(default_factory=list, description="the MBT options played (17-22), off by default")
    batteries: list[BatterySpec] = Field(default_factory=list, description="off-board artillery (option 19)")
    minefields: list[MinefieldSpec] = Field(default_factory=list, description="minefields laid before play (17.5)")
    counter_battery: list[CounterBatterySpec] = Field(default_factory=list,
                                                      description="counter battery capabilities (option 19.4)")
    aircraft: list[AircraftSpec] = Field(default_factory=list, description="aircraft a side may call on (option 20.1)")
    helicopters: list[HelicopterSpec] = Field(default_factory=list,
                                              description="helicopter units on the table (option 20.2)")
    jamming: dict[str, int] = Field(default_factory=dict,
                                    description="jamming points each side may spend in the game (option 21.2), by side")
    players: list[PlayerSpec] = Field(default_factory=list,
                                      description="several players a side and the units each commands (option 21.3)")
    fires: list[tuple[float, float]] = Field(default_factory=list, description="burning markers at the start, "
                                             "each at a point in a building (option 18.3)")
    weight_limits: list[WeightLimitSpec] = Field(default_factory=list, description="bridges holding less than "
                                                 "60 tons (option 17.8.1)")
    ice_tons: int | None = Field(None, ge=0, description="the weight the ice of frozen streams holds, tons (option "
                                 "17.8.2)")
    ammunition: Literal["maximum", "variable"] = Field("maximum", description="option 17.3.2: each weapon carries its "
        "maximum rounds (17.3.2.1.4.1) or rolls them before the game (variable, 17.3.2.1.4.2)")
    fuel: bool = Field(False, description="option 17.3.3: each vehicle rolls its fuel factors before the game and "
                       "spends one a Turn it moves or makes exhaust smoke")
    ground: Literal["normal", "snow", "mud"] = Field("normal", description="the ground weather: normal, snow or mud "
                                                     "(option 18.2: the vehicles' Snow or Mud movement factors)")
    streams: Literal["fordable", "frozen", "unfordable"] = Field("fordable", description="streams as the ground "
        "weather leaves them: frozen over in snow (clear hexes, 18.2.1) or unfordable in mud (18.2.2)")


class MbtScenario(Scenario):
    sides: list[MbtSideSpec] = Field(min_length=2, description="the two sides, each with its forces")  # type: ignore[assignment]
    mbt: MbtSpec | None = Field(None,
        description="MBT: how the scenario is played (the game, turns, scale, objectives, setup zones)")
