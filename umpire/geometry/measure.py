"""``umpire calc measure``: distance, aspect and line of sight between two ends.

The case is a public interface (unknown fields are refused)::

    procedure: measure            # taken off by the dispatcher
    ruleset: auftragstaktik       # or mbt: changes the aspect sectors and the range
    table: [72, 48]               # optional: checks positions, allows edge distances
    terrain:                      # optional
      - {id: w1, type: woods, polygon: [[28, 20], [32, 20], [32, 28], [28, 28]]}
      - {id: h1, type: hill, height: 1, polygon: [[0, 40], [20, 40], [20, 48], [0, 48]]}
      - {id: r1, type: road, line: [[0, 10], [72, 10]]}
    from: {at: [10, 24], facing: 90, base: [1.5, 1.0]}
    to:   {at: {top: 24, right: 22}, facing: 270}

Each end is a stand (``at``, with ``facing`` and ``base``), a point (``point: [x, y]``) or a
terrain piece of the case (``terrain: w1``). ``at`` and ``point`` are ``[x, y]`` or distances
from two table edges (MBT 23.3.2.3; needs ``table``). ``base`` defaults per ruleset
(``rulesets/common/bases.yaml``). Terrain types, what they block and their default heights come
from ``rulesets/common/terrain-types.yaml``.

The answer (:func:`umpire.geometry.ends.measure_ends`): ``distance`` edge to edge
(Auftragstaktik: "from the edge of one stand to the edge of another"), ``center_distance``,
``range`` (the one the ruleset measures with) and ``range_is``, ``bearing`` from ``from`` to
``to``, ``aspect`` of ``to`` as seen by ``from`` when both are stands (the ruleset's own rule,
under the case's rulings), ``los`` centre to centre (MBT 23.3.2.2;
:mod:`umpire.geometry.sight`), both ground elevations, and the point used at each end. Lengths
are rounded to 0.01", angles to 0.1 degree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from pydantic import ConfigDict, Field, field_validator, model_validator

from umpire.errors import UmpireError, unknown
from umpire.geometry.ends import End, MeasureRules, measure_ends
from umpire.geometry.facts import Feature, Pose, check_on_table
from umpire.geometry.sight import TerrainIndex
from umpire.geometry.table import point_from_edges
from umpire.schema.bases import default_base
from umpire.schema.checked import Checked, Vertices
from umpire.schema.load import validate
from umpire.schema.terrain_types import TerrainTypes, terrain_types

Pair = tuple[float, float]


class TerrainCase(Checked):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(description="the piece's id")
    type: str = Field(description="its terrain type")
    polygon: Vertices | None = Field(None, description="an area's corners [x, y]")
    line: Vertices | None = Field(None, description="a road's or stream's points [x, y]")
    height: float | None = Field(None, description="a hill's height in levels")


def _xy_or_edges(value: Any) -> Any:
    ok_pair = isinstance(value, list | tuple) and len(value) == 2
    ok_edges = isinstance(value, dict) and set(value) <= {"left", "right", "top", "bottom"}
    if value is not None and not (ok_pair or ok_edges):
        raise ValueError(
            "give [x, y] in inches, or distances from two table edges such as {top: 23, right: 13}"
        )
    return value


class EndCase(Checked):
    """One end: a stand (``at``, ``facing``, ``base``), a point (``point``) or a terrain piece
    of the case (``terrain``, its id)."""

    model_config = ConfigDict(extra="forbid")

    at: Pair | dict[str, float] | None = Field(
        None, description="a stand: [x, y] in inches, or distances from two edges, e.g. {top: 23, right: 13}")
    facing: float = Field(0.0, description="the stand's facing, degrees clockwise from the far edge")
    base: tuple[float, float] | None = Field(None, description="the stand's base, width by depth in inches")
    point: Pair | dict[str, float] | None = Field(None, description="a point: [x, y] in inches, or distances from "
                                                  "two edges")
    terrain: str | None = Field(None, description="a terrain piece of the case, by its id")

    _at = field_validator("at", "point", mode="before")(_xy_or_edges)

    @model_validator(mode="after")
    def _one_end(self) -> EndCase:
        given = [k for k in ("at", "point", "terrain") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("give one of at: (a stand), point: [x, y] or terrain: ID"
                             + (f" (given: {', '.join(given)})" if given else ""))
        if self.at is None and {"facing", "base"} & self.model_fields_set:
            raise ValueError("facing: and base: belong to a stand (at:), not to a point or a terrain piece")
        return self


class MeasureCase(Checked):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    words: ClassVar[tuple[str, ...]] = ("from.at", "to.at")  # umpire calc measure 10,24 50,24
    roles: ClassVar[tuple[str, ...]] = ("from", "to")

    ruleset: str = Field(description="the ruleset whose rules measure, by name or alias")
    rulings: dict[str, str] = Field(default_factory=dict, description="NAME: CHOICE for each ruling read otherwise")
    scale: float = Field(1.0, gt=0, description="MBT: inches per hex (23.3.2.1)")
    table: tuple[float, float] | None = Field(None, description="the table, [width, depth] in inches")
    terrain: list[TerrainCase] = Field(default_factory=list, description="the terrain pieces that may block the line")
    from_: EndCase = Field(alias="from", description="the first stand")
    to: EndCase = Field(description="the second stand")


def terrain_features(terrain: Sequence[TerrainCase]) -> list[Feature]:
    """A case's terrain pieces as geometry features, in order (each checked)."""
    types = terrain_types()
    return [terrain_feature(i, t, types) for i, t in enumerate(terrain)]


def terrain_feature(i: int, t: TerrainCase, types: TerrainTypes) -> Feature:
    """The ``i``-th terrain piece of a case as a geometry feature (its type looked up)."""
    where = f"terrain[{i}] ({t.id})"
    canonical, props = types.lookup(t.type, where)
    given = "polygon" if t.polygon is not None else "line" if t.line is not None else None
    if given is None or (t.polygon is not None and t.line is not None):
        raise UmpireError(
            f"{where}: give exactly one of polygon: or line: (type {t.type!r} takes "
            f"{'polygon' if props.kind == 'area' else 'line'}:)"
        )
    wanted = "polygon" if props.kind == "area" else "line"
    if given != wanted:
        raise UmpireError(
            f"{where}: type {t.type!r} is {'an area' if props.kind == 'area' else 'a line'}, "
            f"so give {wanted}: not {given}:"
        )
    coords = t.polygon if t.polygon is not None else t.line
    assert coords is not None
    return Feature(
        id=t.id,
        type=canonical,
        coords=tuple(coords),
        kind=props.kind,
        height=props.height if t.height is None else t.height,
        blocks_los=props.blocks_los,
        is_hill=props.is_hill,
    )


def _point(name: str, at: Pair | dict[str, float], case: MeasureCase) -> Pair:
    if isinstance(at, dict):
        if case.table is None:
            raise UmpireError(
                f"{name}: distances from table edges need table: [width, depth] in the case"
            )
        try:
            return point_from_edges(case.table[0], case.table[1], **at)
        except UmpireError as err:
            raise UmpireError(f"{name}: {err}") from None
    x, y = at
    if case.table is not None:
        check_on_table(name, x, y, case.table[0], case.table[1])
    return x, y


def _end(name: str, s: EndCase, case: MeasureCase, pieces: Mapping[str, Feature]) -> End:
    if s.terrain is not None:
        if s.terrain not in pieces:
            raise UmpireError(f"{name}.terrain: {unknown('terrain piece', s.terrain, pieces)}")
        return End(feature=pieces[s.terrain])
    if s.point is not None:
        return End(xy=_point(f"{name}.point", s.point, case))
    assert s.at is not None
    x, y = _point(f"{name}.at", s.at, case)
    width, depth = s.base if s.base is not None else default_base(case.ruleset, "*")
    if width <= 0 or depth <= 0:
        raise UmpireError(
            f"{name}.base: [{width:g}, {depth:g}] is not allowed (width and depth more than 0)"
        )
    return End(pose=Pose(x=x, y=y, facing=s.facing, width=width, depth=depth))


RulesFor = Callable[[str], MeasureRules]
"""``fn(ruleset)``: what the ruleset called so says of measuring (its ruleset object, found by
:func:`umpire.registry.find_ruleset`). :raises UmpireError: for an unknown ruleset."""


def measure_case(case: dict[str, Any], rules_for: RulesFor, *, table: Sequence[Feature] | None = None
                 ) -> dict[str, Any]:
    """Answer a ``measure`` case (see the module notes). ``table``: the features of the case's
    terrain already made (a game's, made once from its terrain by :func:`terrain_features` and
    kept with it); the case then lists no terrain of its own.

    :raises UmpireError: for a malformed case, an unknown ruleset, terrain type or piece, a bad polygon.
    """
    c = validate(MeasureCase, case, "case")
    try:
        rules = rules_for(c.ruleset)
    except UmpireError as exc:
        raise UmpireError(f"case: ruleset: {exc}") from None
    features = list(table) if table is not None else terrain_features(c.terrain)
    index = TerrainIndex(features, inside_depth=rules.inside_depth(c.rulings, c.scale))
    pieces = {f.id: f for f in features}
    a = _end("from", c.from_, c, pieces)
    b = _end("to", c.to, c, pieces)
    return measure_ends(c.ruleset, a, b, index, rules, c.rulings)
