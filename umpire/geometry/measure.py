"""``umpire calc measure``: distance, aspect and line of sight between two stands.

The case is a public interface (unknown fields are refused)::

    procedure: measure            # taken off by the dispatcher
    ruleset: auftragstaktik       # or mbt: changes the aspect sectors
    table: [72, 48]               # optional: checks positions, allows edge distances
    terrain:                      # optional
      - {id: w1, type: woods, polygon: [[28, 20], [32, 20], [32, 28], [28, 28]]}
      - {id: h1, type: hill, height: 1, polygon: [[0, 40], [20, 40], [20, 48], [0, 48]]}
      - {id: r1, type: road, line: [[0, 10], [72, 10]]}
    from: {at: [10, 24], facing: 90, base: [1.5, 1.0]}
    to:   {at: {top: 24, right: 22}, facing: 270}

``at`` is ``[x, y]`` or distances from two table edges (MBT 23.3.2.3; needs ``table``).
``base`` defaults per ruleset (``rulesets/common/terrain-types.yaml``). Terrain types, what
they block and their default heights come from the same file.

The answer: ``distance`` edge to edge (Auftragstaktik: "from the edge of one stand to the
edge of another"), ``center_distance``, ``bearing`` from ``from`` to ``to``, ``aspect`` of
``to`` as seen by ``from`` (the ruleset's own rule, under the case's rulings), ``los`` centre to centre (MBT
23.3.2.2; :mod:`umpire.geometry.sight`), and both ground elevations. Lengths are rounded to
0.01", angles to 0.1 degree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, Literal

from pydantic import ConfigDict, Field, field_validator, model_validator

from umpire.errors import UmpireError, unknown
from umpire.geometry.arcs import bearing
from umpire.geometry.distance import center_distance, edge_distance
from umpire.geometry.facts import Feature, Pose, check_on_table
from umpire.geometry.sight import TerrainIndex
from umpire.geometry.table import point_from_edges
from umpire.resources import resource_dir
from umpire.schema.bases import default_base
from umpire.schema.checked import Checked, Vertices
from umpire.schema.load import load_model, validate

Pair = tuple[float, float]


class TerrainType(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["area", "line"]
    blocks_los: bool = False
    is_hill: bool = False
    height: float = 0.0
    depth: float = 0.0  # a depression: its ground lies this many levels below 0
    aliases: tuple[str, ...] = ()


class TerrainTypes(Checked):
    """``rulesets/common/terrain-types.yaml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str = ""
    types: dict[str, TerrainType]

    @model_validator(mode="after")
    def _hills_are_areas(self) -> TerrainTypes:
        for name, t in self.types.items():
            if t.is_hill and t.kind != "area":
                raise ValueError(f"type {name}: a hill must be an area")
        return self

    def lookup(self, name: str, where: str = "terrain") -> tuple[str, TerrainType]:
        """The canonical name and properties of a terrain type or alias.

        :raises UmpireError: naming the field and the allowed types.
        """
        for canonical, t in self.types.items():
            if name == canonical or name in t.aliases:
                return canonical, t
        names = list(self.types) + [a for t in self.types.values() for a in t.aliases]
        raise UmpireError(f"{where}: type: {unknown('terrain type', name, names)}")


@lru_cache(maxsize=1)
def terrain_types() -> TerrainTypes:
    """The bundled terrain types (read once)."""
    path = resource_dir("rulesets") / "common" / "terrain-types.yaml"
    return load_model(TerrainTypes, path, where="rulesets/common/terrain-types.yaml")


class TerrainCase(Checked):
    model_config = ConfigDict(extra="forbid")

    id: str
    type: str
    polygon: Vertices | None = None
    line: Vertices | None = None
    height: float | None = None


class StandCase(Checked):
    model_config = ConfigDict(extra="forbid")

    at: Pair | dict[str, float]
    facing: float = 0.0
    base: tuple[float, float] | None = None

    @field_validator("at", mode="before")
    @classmethod
    def _at(cls, value: Any) -> Any:
        ok_pair = isinstance(value, list | tuple) and len(value) == 2
        ok_edges = isinstance(value, dict) and set(value) <= {"left", "right", "top", "bottom"}
        if not (ok_pair or ok_edges):
            raise ValueError(
                "give [x, y] in inches, or distances from two table edges such as "
                "{top: 23, right: 13}"
            )
        return value


class MeasureCase(Checked):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    ruleset: Literal["auftragstaktik", "mbt"]
    rulings: dict[str, str] = Field(default_factory=dict)
    scale: float = Field(1.0, gt=0, description="MBT: inches per hex (23.3.2.1)")
    table: tuple[float, float] | None = None
    terrain: list[TerrainCase] = Field(default_factory=list)
    from_: StandCase = Field(alias="from")
    to: StandCase


def _feature(i: int, t: TerrainCase, types: TerrainTypes) -> Feature:
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


def _pose(name: str, s: StandCase, case: MeasureCase, types: TerrainTypes) -> Pose:
    if isinstance(s.at, dict):
        if case.table is None:
            raise UmpireError(
                f"{name}.at: distances from table edges need table: [width, depth] in the case"
            )
        try:
            x, y = point_from_edges(case.table[0], case.table[1], **s.at)
        except UmpireError as err:
            raise UmpireError(f"{name}.at: {err}") from None
    else:
        x, y = s.at
        if case.table is not None:
            check_on_table(f"{name}.at", x, y, case.table[0], case.table[1])
    width, depth = s.base if s.base is not None else default_base(case.ruleset, "*")
    if width <= 0 or depth <= 0:
        raise UmpireError(
            f"{name}.base: [{width:g}, {depth:g}] is not allowed (width and depth more than 0)"
        )
    return Pose(x=x, y=y, facing=s.facing, width=width, depth=depth)


def _r(v: float, places: int = 2) -> float:
    return round(float(v), places) + 0.0


InsideDepth = Callable[[str, Mapping[str, str], float], "float | None"]
"""``fn(ruleset, rulings, scale)``: how far a stand sees through the wood or town it stands in
(the ruleset says: see :meth:`umpire.registry.Ruleset.inside_depth`)."""


Aspect = Callable[[str, Mapping[str, str], Pose, Pose], str]
"""``fn(ruleset, rulings, firer, target)``: the aspect of the target as the firer sees it, by the
rule the ruleset's fire takes it by (see :meth:`umpire.registry.Ruleset.aspect`)."""


def measure_case(case: dict[str, Any], inside_depth: InsideDepth, aspect: Aspect) -> dict[str, Any]:
    """Answer a ``measure`` case (see the module notes).

    :raises UmpireError: for a malformed case, an unknown terrain type, a bad polygon.
    """
    c = validate(MeasureCase, case, "case")
    types = terrain_types()
    features = [_feature(i, t, types) for i, t in enumerate(c.terrain)]
    index = TerrainIndex(features, inside_depth=inside_depth(c.ruleset, c.rulings, c.scale))
    a = _pose("from", c.from_, c, types)
    b = _pose("to", c.to, c, types)
    los = index.line_of_sight(a.xy, b.xy)
    return {
        "ruleset": c.ruleset,
        "distance": _r(edge_distance(a, b)),
        "center_distance": _r(center_distance(a, b)),
        "bearing": _r(bearing(a.xy, b.xy), 1) % 360.0,
        "aspect": aspect(c.ruleset, c.rulings, a, b),
        "los": {
            "clear": los.clear,
            "blocked_by": list(los.blocked_by),
            "crossed": [
                {
                    "id": x.id,
                    "type": x.type,
                    "height": x.height,
                    "enter": _r(x.enter),
                    "exit": _r(x.exit),
                }
                for x in los.crossed
            ],
        },
        "from_elevation": index.elevation_at(a.xy),
        "to_elevation": index.elevation_at(b.xy),
    }
