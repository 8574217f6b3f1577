"""The scenario file: the table, its terrain, the sides and their orders of battle.

A scenario is YAML, its shape validated here with unknown fields rejected; what its ruleset
accepts in it (unit types, stat lines, cards, setup rules) is the ruleset's to say, when the
ruleset object turns it into the first :class:`~umpire.core.state.GameState` of a game
(:func:`umpire.registry.initial_state`). Positions are inches
from the umpire's near-left corner (``at: [x, y]``), or distances from two table edges
(``edges: {top: 23, right: 13}``, MBT 23.3.2.3). Organisation is written as it is on paper:
formations nested in formations, units inside the formation they belong to.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import ConfigDict, Field, model_validator

from umpire.core.state import Table
from umpire.schema.campaign_mark import CampaignMark
from umpire.schema.checked import Base, Checked, Colour, Ident, Seed, TableInches, Vertices
from umpire.schema.mbt_forces import ToeSpec
from umpire.schema.mbt_options import AircraftSpec, BatterySpec, CounterBatterySpec, HelicopterSpec, MinefieldSpec
from umpire.schema.mbt_setup import AdvancedSpec

Point = tuple[float, float]
Quality = Literal["elite", "veteran", "regular", "recruit", "militia"]
#: A formation's echelon: MBT's platoons and companies, Auftragstaktik's battalions and the HQs
#: above them (a regiment counts as a brigade, ORDERS).
Level = Literal["platoon", "company", "battalion", "regiment", "brigade", "division"]
#: What a stand is, for its base (``rulesets/common/bases.yaml``) and its HQ role.
UnitKind = Literal["company", "platoon", "battery", "hq", "model"]


class _Strict(Checked):
    model_config = ConfigDict(extra="forbid")


class TableSpec(_Strict):
    width: TableInches = Field(description="inches, left to right")
    depth: TableInches = Field(description="inches, near edge to far edge")


class TerrainSpec(_Strict):
    id: str = Field(min_length=1,
        description="the piece's id, unique in the scenario (measure, fire and the reports name it)")
    type: str = Field(
        description="its terrain type: woods, town, hill, road, stream... (rulesets/common/terrain-types.yaml)")
    name: str = Field("", description="its name on the map (e.g. Töpen)")
    polygon: Vertices | None = Field(None, description="an area's corners [x, y] in inches, in order around its edge")
    line: Vertices | None = Field(None, description="a road's or stream's points [x, y] in inches, in order")
    height: float = Field(0.0, ge=0, description="a hill's height in levels (0 for flat terrain)")

    @model_validator(mode="after")
    def _one_shape(self) -> TerrainSpec:
        if (self.polygon is None) == (self.line is None):
            raise ValueError("give exactly one of polygon (an area) or line (a road, stream...)")
        if self.polygon is not None and len(self.polygon) < 3:
            raise ValueError(f"a polygon needs at least 3 points (got {len(self.polygon)})")
        if self.line is not None and len(self.line) < 2:
            raise ValueError(f"a line needs at least 2 points (got {len(self.line)})")
        return self


class Edges(_Strict):
    top: float | None = Field(None, ge=0, description="inches from the far edge")
    bottom: float | None = Field(None, ge=0, description="inches from the near edge")
    left: float | None = Field(None, ge=0, description="inches from the left edge")
    right: float | None = Field(None, ge=0, description="inches from the right edge")

    @model_validator(mode="after")
    def _two_edges(self) -> Edges:
        if (self.top is None) == (self.bottom is None) or (self.left is None) == (self.right is None):
            raise ValueError("give one of top/bottom and one of left/right, e.g. {top: 23, right: 13}")
        return self

    def point(self, table: TableSpec | Table) -> Point:
        y = table.depth - self.top if self.top is not None else float(self.bottom or 0.0)
        x = table.width - self.right if self.right is not None else float(self.left or 0.0)
        return (x, y)


class UnitSpec(_Strict):
    id: str = Field(min_length=1, description="the stand's id, unique in the scenario (every command names it)")
    name: str | None = Field(None, description="its name on the reports (default: the id)")
    kind: UnitKind | None = Field(None,
        description="company, platoon, battery or hq (Auftragstaktik), model (MBT): its base and its HQ role")
    type: str | None = Field(None,
        description="Auftragstaktik: a bundled unit (its stat line is taken from the data); MBT: a leg unit's type")
    statline: str | None = Field(None,
        description="Auftragstaktik: its own stat line, in the rules' notation (instead of type)")
    card: str | None = Field(None, description="MBT: its data card id, e.g. USA-1B")
    quality: Quality = Field("regular", description="its troop quality (Auftragstaktik RATING UNITS > Quality)")
    at: Point | None = Field(None,
        description="where it stands: [x, y] in inches from the near-left corner (leave out to place it later)")
    edges: Edges | None = Field(None, description="where it stands, as distances from two table edges (MBT 23.3.2.3)")
    facing: float = Field(0.0,
        description="degrees clockwise from the far edge (0: toward the far edge, 90: toward the right edge)")
    base: Base | None = Field(None,
        description="its base, width by depth in inches (default: its kind's, rulesets/common/bases.yaml)")
    orders: Literal["NO", "DA", "HA", "TR", "WD"] | None = Field(
        None, description="Auftragstaktik: its order at the start (NO, DA, HA, TR, WD)")
    # MBT Advanced Game (12.5, 12.7, 13.4, 15.3, 15.4.5): grade, attached weapons, doctrine,
    # carried at the start by a vehicle of its side, inside buildings or on an upper floor.
    grade: Literal["crack", "average", "poor"] | None = Field(None,
        description="MBT Advanced Game: crack, average or poor (12.7)")
    equipment: str | None = Field(None, description="MBT Advanced Game: weapons attached to a leg unit (12.5)")
    doctrine: bool = Field(False, description="MBT Advanced Game: the unit follows its side's doctrine (13.4)")
    carried_by: str | None = Field(None,
        description="MBT Advanced Game: the vehicle of its side it starts carried in (15.3)")
    inside: bool = Field(False, description="MBT Advanced Game: it starts inside the buildings it stands in (15.4.5)")
    up: int = Field(0, ge=0, le=20, description="MBT Advanced Game: the floor of the building it starts on (15.4)")

    @model_validator(mode="after")
    def _one_position(self) -> UnitSpec:
        if self.at is not None and self.edges is not None:
            raise ValueError("give at: [x, y] or edges: {...}, not both")
        return self


class FormationSpec(_Strict):
    id: str = Field(min_length=1,
        description="the formation's id, unique in the scenario (orders files name battalions by it)")
    name: str | None = Field(None, description="its name on the reports (default: the id)")
    level: Level = Field("battalion",
        description="its echelon: platoon, company, battalion, regiment, brigade or division")
    hq: str | None = Field(None, description="the id of its HQ stand")
    doctrine: Literal["decentralized", "balanced", "centralized"] | None = Field(None,
        description="Auftragstaktik: its command doctrine (decentralized, balanced, centralized; either spelling)")
    formations: list[FormationSpec] = Field(default_factory=list, description="the formations under it")
    units: list[UnitSpec] = Field(default_factory=list, description="its stands")
    toe: ToeSpec | None = Field(None, description="MBT: a TO&E organisation and variant, expanded into its models")


class AirSpec(_Strict):
    """A flight of aircraft a side may call on (Auftragstaktik MISCELLANEOUS RULES > Airstrikes)."""

    id: str = Field(min_length=1,
        description="the flight's id, unique in the scenario (orders files name it under air:)")
    name: str | None = Field(None, description="its name on the reports")
    ordnance_tons: float = Field(gt=0, description="ordnance per aircraft, tons (RATING UNITS > Indirect)")
    statline: str | None = Field(None, description="for strafing: the aircraft's AT and HW ratings")
    quality: Quality = Field("regular", description="its pilots' quality")
    sorties: int = Field(1, ge=1, description="strikes it may fly in the game")


class SideSpec(_Strict):
    id: Ident = Field(description="the side's id (orders files and --side name it): letters, digits, - and _")
    name: str | None = Field(None, description="its name on the reports (default: the id)")
    color: Colour = Field("", description="its colour on the map: #rrggbb or a colour word")
    hq_rating: int | None = Field(None, description="Auftragstaktik: the side's HQ rating (ORDERS)")
    c3: int | None = Field(None, ge=1, le=5, description="C3 level for counter-battery fire (1-5)")
    icm: Literal["one_per_stand", "unlimited"] | None = Field(
        None, description="ICM missions per artillery stand a game (unlimited: US forces of the late 1980s)"
    )
    air: list[AirSpec] = Field(default_factory=list,
        description="Auftragstaktik: the flights of aircraft it may call on")
    formations: list[FormationSpec] = Field(default_factory=list,
        description="its formations, nested as on paper, with their stands")
    units: list[UnitSpec] = Field(default_factory=list, description="stands that belong to no formation")


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
    ground: Literal["normal", "snow", "mud"] = Field("normal", description="the ground weather: normal, snow or mud "
                                                     "(option 18.2: the vehicles' Snow or Mud movement factors)")
    streams: Literal["fordable", "frozen", "unfordable"] = Field("fordable", description="streams as the ground "
        "weather leaves them: frozen over in snow (clear hexes, 18.2.1) or unfordable in mud (18.2.2)")


class Scenario(_Strict):
    name: str = Field(description="the scenario's name, shown on every report")
    ruleset: str = Field(description="auftragstaktik or mbt (or an alias of one)")
    description: str = Field("", description="what the players are told of the situation")
    table: TableSpec = Field(description="the table's size in inches")
    seed: Seed | None = Field(None,
        description="the seed of the game's dice (default: a new one for each game; --seed overrides it)")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default (rulesets/*/rulings.yaml)")
    terrain: list[TerrainSpec] = Field(default_factory=list, description="the terrain pieces on the table")
    sides: list[SideSpec] = Field(min_length=2, description="the two sides, each with its forces")
    mbt: MbtSpec | None = Field(None,
        description="MBT: how the scenario is played (the game, turns, scale, objectives, setup zones)")
    weather: Literal["clear", "mud", "deep snow"] = Field("clear", description="Auftragstaktik weather effects")
    night: bool | list[int] = Field(False, description="Auftragstaktik: every turn at night, or these turns")
    campaign: CampaignMark | None = Field(None, description="set by umpire campaign next: the slot, carried losses")


def load_scenario(path: Path) -> Scenario:
    """Read and validate a scenario file (errors name the file, the field path and the value);
    ``terrain:`` entries ``{from: FILE}`` bring in the pieces drawn in an SVG or GeoJSON file
    beside it (:mod:`umpire.schema.terrain_files`)."""
    from umpire.errors import shown
    from umpire.schema.limits import MAX_SCENARIO_BYTES
    from umpire.schema.load import read_yaml, validate
    from umpire.schema.terrain_files import expand_terrain

    where = shown(path)
    return validate(Scenario, expand_terrain(read_yaml(path, MAX_SCENARIO_BYTES), Path(path).parent, where), where)


def scenario_from_data(data: Any, where: str) -> Scenario:
    from umpire.schema.load import validate

    return validate(Scenario, data, where)
