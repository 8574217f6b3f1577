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
from umpire.schema.mbt_options import AircraftSpec, BatterySpec, CounterBatterySpec, MinefieldSpec
from umpire.schema.mbt_setup import AdvancedSpec

Point = tuple[float, float]
Quality = Literal["elite", "veteran", "regular", "recruit", "militia"]


class _Strict(Checked):
    model_config = ConfigDict(extra="forbid")


class TableSpec(_Strict):
    width: TableInches = Field(description="inches, left to right")
    depth: TableInches = Field(description="inches, near edge to far edge")


class TerrainSpec(_Strict):
    id: str = Field(min_length=1)
    type: str
    name: str = ""
    polygon: Vertices | None = None
    line: Vertices | None = None
    height: float = Field(0.0, ge=0)

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
    top: float | None = Field(None, ge=0)
    bottom: float | None = Field(None, ge=0)
    left: float | None = Field(None, ge=0)
    right: float | None = Field(None, ge=0)

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
    id: str = Field(min_length=1)
    name: str | None = None
    kind: str | None = None
    type: str | None = None
    statline: str | None = None
    card: str | None = None
    quality: Quality = "regular"
    at: Point | None = None
    edges: Edges | None = None
    facing: float = 0.0
    base: Base | None = None
    orders: str | None = None
    # MBT Advanced Game (12.5, 12.7, 13.4, 15.3, 15.4.5): grade, attached weapons, doctrine,
    # carried at the start by a vehicle of its side, inside buildings or on an upper floor.
    grade: Literal["crack", "average", "poor"] | None = None
    equipment: str | None = None
    doctrine: bool = False
    carried_by: str | None = None
    inside: bool = False
    up: int = Field(0, ge=0, le=20)

    @model_validator(mode="after")
    def _one_position(self) -> UnitSpec:
        if self.at is not None and self.edges is not None:
            raise ValueError("give at: [x, y] or edges: {...}, not both")
        return self


class FormationSpec(_Strict):
    id: str = Field(min_length=1)
    name: str | None = None
    level: str = "battalion"
    hq: str | None = None
    doctrine: Literal["decentralized", "balanced", "centralized"] | None = None
    formations: list[FormationSpec] = Field(default_factory=list)
    units: list[UnitSpec] = Field(default_factory=list)
    toe: ToeSpec | None = Field(None, description="MBT: a TO&E organisation and variant, expanded into its models")


class AirSpec(_Strict):
    """A flight of aircraft a side may call on (Auftragstaktik MISCELLANEOUS RULES > Airstrikes)."""

    id: str = Field(min_length=1)
    name: str | None = None
    ordnance_tons: float = Field(gt=0, description="ordnance per aircraft, tons (RATING UNITS > Indirect)")
    statline: str | None = Field(None, description="for strafing: the aircraft's AT and HW ratings")
    quality: Quality = "regular"
    sorties: int = Field(1, ge=1, description="strikes it may fly in the game")


class SideSpec(_Strict):
    id: Ident
    name: str | None = None
    color: Colour = ""
    hq_rating: int | None = None
    c3: int | None = Field(None, ge=1, le=5, description="C3 level for counter-battery fire (1-5)")
    icm: Literal["one_per_stand", "unlimited"] | None = Field(
        None, description="ICM missions per artillery stand a game (unlimited: US forces of the late 1980s)"
    )
    air: list[AirSpec] = Field(default_factory=list)
    formations: list[FormationSpec] = Field(default_factory=list)
    units: list[UnitSpec] = Field(default_factory=list)


class ObjectiveSpec(_Strict):
    terrain: str = Field(min_length=1, description="id of the terrain piece that is the objective")
    points: int = Field(10, ge=0, description="victory points for the side controlling it")


class SetupZoneSpec(_Strict):
    edge: Literal["left", "right", "near", "far"] = Field(
        description="the table edge the side sets up along (mapboard side 1 or 4, 2.4)")
    depth: float = Field(4, gt=0, description="hexes from that edge (2.5: 4)")


class MbtSpec(_Strict):
    """How an MBT scenario is played (the Basic Game scenario of 2.0-9.4 by default)."""

    game: Literal["basic", "advanced"] = "basic"
    matchup: str | None = None
    turns: int = Field(10, ge=1)
    scale: float = Field(1.0, gt=0, description="inches per hex (23.3.2.1)")
    conditions: Literal["day", "dusk", "moonlight", "night", "fog", "blowing_snow"] = "day"
    objectives: list[ObjectiveSpec] = Field(default_factory=list)
    win_margin: int = Field(30, ge=0)
    setup: dict[str, SetupZoneSpec] = Field(
        default_factory=dict, description="per side: its setup zone (2.4, 2.5), checked when the game is created")
    advanced: AdvancedSpec | None = Field(None, description="the Advanced Game scenario's own rules (Scenario Format)")
    options: list[str] = Field(default_factory=list, description="the MBT options played (17-22), off by default")
    batteries: list[BatterySpec] = Field(default_factory=list, description="off-board artillery (option 19)")
    minefields: list[MinefieldSpec] = Field(default_factory=list, description="minefields laid before play (17.5)")
    counter_battery: list[CounterBatterySpec] = Field(default_factory=list,
                                                      description="counter battery capabilities (option 19.4)")
    aircraft: list[AircraftSpec] = Field(default_factory=list, description="aircraft a side may call on (option 20.1)")


class Scenario(_Strict):
    name: str
    ruleset: str
    description: str = ""
    table: TableSpec
    seed: Seed | None = None
    rulings: dict[str, str] = Field(default_factory=dict)
    terrain: list[TerrainSpec] = Field(default_factory=list)
    sides: list[SideSpec] = Field(min_length=2)
    mbt: MbtSpec | None = None
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
