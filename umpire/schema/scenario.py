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

from collections.abc import Callable
from typing import Any, ClassVar, Literal

from pydantic import ConfigDict, Field, model_validator

from umpire.core.state import Table
from umpire.schema.campaign_mark import CampaignMark
from umpire.schema.checked import Base, Checked, Colour, Ident, Seed, TableInches, Vertices
from umpire.schema.limits import MAX_TABLE

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
    """A stand of the scenario, as every ruleset has it; a ruleset's scenario model adds its own
    fields (:meth:`umpire.registry.Ruleset.scenario_model`)."""

    id: str = Field(min_length=1, description="the stand's id, unique in the scenario (every command names it)")
    name: str | None = Field(None, description="its name on the reports (default: the id)")
    kind: UnitKind | None = Field(None,
        description="company, platoon, battery or hq (Auftragstaktik), model (MBT): its base and its HQ role")
    type: str | None = Field(None,
        description="Auftragstaktik: a bundled unit (its stat line is taken from the data); MBT: a leg unit's type")
    quality: Quality = Field("regular", description="its troop quality (Auftragstaktik RATING UNITS > Quality)")
    at: Point | None = Field(None,
        description="where it stands: [x, y] in inches from the near-left corner (leave out to place it later)")
    edges: Edges | None = Field(None, description="where it stands, as distances from two table edges (MBT 23.3.2.3)")
    facing: float = Field(0.0,
        description="degrees clockwise from the far edge (0: toward the far edge, 90: toward the right edge)")
    base: Base | None = Field(None,
        description="its base, width by depth in inches (default: its kind's, rulesets/common/bases.yaml)")

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
    formations: list[FormationSpec] = Field(default_factory=list, description="the formations under it")
    units: list[UnitSpec] = Field(default_factory=list, description="its stands")


class SideSpec(_Strict):
    id: Ident = Field(description="the side's id (orders files and --side name it): letters, digits, - and _")
    name: str | None = Field(None, description="its name on the reports (default: the id)")
    color: Colour = Field("", description="its colour on the map: #rrggbb or a colour word")
    formations: list[FormationSpec] = Field(default_factory=list,
        description="its formations, nested as on paper, with their stands")
    units: list[UnitSpec] = Field(default_factory=list, description="stands that belong to no formation")


def _two_sides(given: Any) -> Any:
    """The sides given, with a side of no units for each one short of two (kept in place: its
    items' places in the file are kept by the list)."""
    sides = given if isinstance(given, list) else []
    taken = {s.get("id") for s in sides if isinstance(s, dict)}
    while len(sides) < 2:
        sides.append({"id": next(f"side-{n}" for n in range(1, 4) if f"side-{n}" not in taken)})
        taken.add(sides[-1]["id"])
    return sides


class Scenario(_Strict):
    """A scenario as every ruleset has it; a ruleset's scenario model adds its own blocks and
    fields (:meth:`umpire.registry.Ruleset.scenario_model`)."""

    #: What stands in for a part every other check hangs on when it is wrong or missing, so that
    #: ``umpire check`` checks the rest in the same run (its own problem is said):
    #: :func:`umpire.schema.settle.settle`. A table as large as a table may be puts no stand
    #: off it (a wrong table cannot tell what is on it).
    stand_ins: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "name": lambda given: "(a scenario)",
        "table": lambda given: {"width": MAX_TABLE, "depth": MAX_TABLE},
        "sides": _two_sides,
    }

    name: str = Field(description="the scenario's name, shown on every report")
    ruleset: str = Field(description="the ruleset it is played under, by name or alias (umpire procedures lists them)")
    description: str = Field("", description="what the players are told of the situation")
    table: TableSpec = Field(description="the table's size in inches")
    seed: Seed | None = Field(None,
        description="the seed of the game's dice (default: a new one for each game; --seed overrides it)")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each ruling read otherwise than by default (rulesets/*/rulings.yaml)")
    terrain: list[TerrainSpec] = Field(default_factory=list, description="the terrain pieces on the table")
    sides: list[SideSpec] = Field(min_length=2, description="the two sides, each with its forces")
    campaign: CampaignMark | None = Field(None, description="set by umpire campaign next: the slot, carried losses")


ModelFor = Callable[[Any], "type[Scenario]"]
"""``fn(data)``: the model a scenario's data is read with: its ruleset's scenario model
(:func:`umpire.registry.scenario_model`), the generic :class:`Scenario` and the ruleset's blocks."""


def scenario_from_data(data: Any, where: str, model_for: ModelFor) -> Scenario:
    from umpire.schema.load import validate

    return validate(model_for(data), data, where)
