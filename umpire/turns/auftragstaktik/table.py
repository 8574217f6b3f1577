"""The tracked table as geometry: the terrain index, stand poses, what a path runs through.

The index is built once per terrain and rulings (terrain never changes in a game) and kept with the
terrain (:meth:`umpire.core.shared.Terrain.derived`); what is worked out on it (routes, sight lines,
cover) is kept with the index (:meth:`umpire.geometry.sight.TerrainIndex.memo`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast

from umpire.core.state import GameState, UnitState
from umpire.rules.auftragstaktik.data import rulings

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from umpire.core.shared import Terrain
    from umpire.geometry.facts import Feature, Pose
    from umpire.geometry.sight import TerrainIndex
    from umpire.rules.auftragstaktik.movement import Leg, StreamCrossing

LINE_CROSSINGS = ("stream", "river")


Key = tuple[Any, ...]  # the terrain as a hashable key: its JSON text as the game file keeps it
T = TypeVar("T")


_MADE: dict[Key, Any] = {}  # the last few tables' features and indexes, by their terrain's JSON text


def _kept(key: Key, build: Callable[[], T]) -> T:
    """What is built from a terrain, by its text: a game read again builds nothing again."""
    if key not in _MADE:
        if len(_MADE) >= 16:
            del _MADE[next(iter(_MADE))]
        _MADE[key] = build()
    return cast(T, _MADE[key])


def _features(terrain: Terrain) -> tuple[tuple[Feature, ...], Any]:
    """The terrain's features, and the area features' polygons (made once: checked, then
    indexed)."""
    from umpire.geometry.facts import Feature, check_polygons
    from umpire.schema.terrain_types import terrain_types

    types, known = terrain_types(), {}
    for t in terrain:  # each type looked up once (the first piece of an unknown type is named)
        if t.type not in known:
            known[t.type] = types.lookup(t.type, f"terrain {t.id}")
    rows = [(t.id, *known[t.type], t.polygon or t.line or (), t.height or 0.0) for t in terrain]
    polygons = check_polygons([(tid, coords) for tid, _name, props, coords, _h in rows if props.kind == "area"])
    return tuple(
        Feature(id=tid, type=canonical, coords=coords, kind=props.kind, height=height or props.height,
                blocks_los=props.blocks_los, is_hill=props.is_hill, checked=True)
        for tid, canonical, props, coords, height in rows
    ), polygons


def _index(features: tuple[Feature, ...], polygons: Any, inside_depth: float | None) -> TerrainIndex:
    from umpire.geometry.sight import TerrainIndex

    return TerrainIndex(features, inside_depth=inside_depth, polygons=polygons)


@dataclass(frozen=True)
class _Table:
    """The table as geometry under a game's rulings: its index, its features, those by id."""

    index: TerrainIndex
    features: tuple[Feature, ...]
    by_id: dict[str, Feature]


def _table(state: GameState) -> _Table:
    """The table of ``state``, built once per terrain and rulings and kept with the terrain (a
    phase asks thousands of times about one state; every copy of it shares its terrain)."""
    rulings = state.rulings
    key = ("auftragstaktik.table", tuple(sorted(rulings.items())) if rulings else ())
    return state.terrain.derived(key, lambda: _build(state))


def _build(state: GameState) -> _Table:
    from umpire.rules.auftragstaktik.spotting import woods_depth  # the spotting rules: a move by hand needs none

    depth = woods_depth(rulings(state.rulings))  # ruling spotting.woods_depth
    text = state.terrain.to_json()
    feats, polygons = _kept(("features", text), lambda: _features(state.terrain))
    index = _kept(("index", text, depth), lambda: _index(feats, polygons, depth))
    return _Table(index, feats, {f.id: f for f in feats})


def terrain_index(state: GameState) -> TerrainIndex:
    return _table(state).index


def features(state: GameState) -> tuple[Feature, ...]:
    return _table(state).features


def pose(u: UnitState, at: tuple[float, float] | None = None, facing: float | None = None) -> Pose:
    from umpire.geometry.facts import Pose

    if at is None:
        if u.x is None or u.y is None:
            raise ValueError(f"unit {u.id} is not on the table")
        at = (u.x, u.y)
    x, y = at
    return Pose(float(x), float(y), float(u.facing if facing is None else facing), float(u.base[0]), float(u.base[1]))


def area_types_at(state: GameState, xy: tuple[float, float]) -> list[str]:
    """The types of the area features holding a point, in the order listed."""
    table = _table(state)
    feats = table.by_id
    return [feats[i].type for i in table.index.features_at(xy) if feats[i].kind == "area"]


def area_types_of(state: GameState, points: list[tuple[float, float]]) -> list[list[str]]:
    """:func:`area_types_at` of many points, in one terrain query."""
    table = _table(state)
    feats = table.by_id
    return [[feats[i].type for i in ids if feats[i].kind == "area"]
            for ids in table.index.features_at_many(points)]


RouteKey = tuple[tuple[float, float], ...]


def _route_key(waypoints: Sequence[Sequence[float]]) -> RouteKey | None:
    """A path's key among the routes worked out ahead on an index (None: not a list of points;
    the path is then read as it is, which says what is wrong)."""
    try:
        return tuple((float(x), float(y)) for x, y in waypoints)
    except (TypeError, ValueError):
        return None


def route_ahead(state: GameState, paths: Sequence[Sequence[Sequence[float]]]) -> None:
    """Work out the terrain along many paths at once (a movement phase's planned moves), so
    that :func:`route` finds them ready; the answers are the single-path ones."""
    from umpire.geometry.movement import paths_terrain

    index = terrain_index(state)
    routes = index.memo("auftragstaktik.routes")
    todo = list(dict.fromkeys(k for w in paths if len(w) >= 2 and (k := _route_key(w)) is not None
                              and k not in routes))
    if not todo:
        return
    if len(routes) > 20_000:
        routes.clear()
    for k, pt in zip(todo, paths_terrain(list(todo), index), strict=True):
        routes[k] = pt


def route(state: GameState, waypoints: list[tuple[float, float]]) -> tuple[list[Leg], list[StreamCrossing]]:
    """The legs (terrain, inches, along a road) and the stream crossings of a path."""
    from umpire.geometry.movement import path_terrain
    from umpire.rules.auftragstaktik.movement import Leg, StreamCrossing

    table = _table(state)
    index, by_id = table.index, table.by_id
    legs: list[Leg] = []
    crossings: list[StreamCrossing] = []
    if len(waypoints) < 2:
        return legs, crossings
    key = _route_key(waypoints)
    ahead = index.memo("auftragstaktik.routes").get(key) if key is not None else None
    pt = ahead if ahead is not None else path_terrain(waypoints, index)
    previous: set[str] = set()
    for s in pt.stretches:
        if not s.along:  # (most of a move: no road or stream along it)
            legs.append(Leg(s.type, s.inches, False))
            previous = set()
            continue
        along_types = {by_id[i].type for i in s.along}
        legs.append(Leg(s.type, s.inches, "road" in along_types))
        streams = {i for i in s.along if by_id[i].type in LINE_CROSSINGS}
        for sid in sorted(streams - previous):
            crossings.append(StreamCrossing(by_id[sid].type, bridged="road" in along_types, where=sid))
        previous = streams
    return legs, crossings


Where = tuple[float | None, float | None, float, tuple[float, ...]]

_FOOT: dict[Where, object] = {}


def where(u: UnitState) -> Where:
    """A stand's pose as a key (position, facing, base)."""
    return (u.x, u.y, u.facing, tuple(u.base))


def footprints_of(units: list[UnitState]) -> list[object]:
    """The stands' footprint polygons, each made once per pose (a phase asks the same ones
    many times over)."""
    from umpire.geometry.footprint import footprints

    keys = [where(u) for u in units]
    missing = {k: u for k, u in zip(keys, units, strict=True) if k not in _FOOT}
    if missing:
        if len(_FOOT) > 100_000:
            _FOOT.clear()
        for k, f in zip(missing, footprints([pose(u) for u in missing.values()]), strict=True):
            _FOOT[k] = f
    return [_FOOT[k] for k in keys]
