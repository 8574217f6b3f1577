"""The tracked table as geometry: the terrain index, stand poses, what a path runs through.

The index is built once per terrain layout (terrain never changes in a game) and kept.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from umpire.core.state import GameState, UnitState

if TYPE_CHECKING:
    from collections.abc import Sequence

    from umpire.geometry.facts import Feature, Pose
    from umpire.geometry.movement import PathTerrain
    from umpire.geometry.sight import TerrainIndex
    from umpire.rules.auftragstaktik.movement import Leg, StreamCrossing

LINE_CROSSINGS = ("stream", "river")


Key = tuple[Any, ...]  # the terrain as a hashable key (see _key)

_KEYS: dict[int, tuple[object, Key]] = {}


def _key(state: GameState) -> Key:
    """The terrain as a hashable key, worked out once per terrain list (a phase asks thousands
    of times about one state; the list is held so its id is never reused while cached). Terrain
    that keeps its own JSON text (``to_json()``) is keyed by that text: its pieces need not be
    read to find the index built for them."""
    as_kept = getattr(state.terrain, "to_json", None)
    if callable(as_kept):
        text = as_kept()
        if isinstance(text, str):
            return ("json", text)
    hit = _KEYS.get(id(state.terrain))
    if hit is not None and hit[0] is state.terrain:
        return hit[1]
    key = tuple(
        (t.id, t.type, tuple(map(tuple, t.polygon or ())), tuple(map(tuple, t.line or ())), t.height)
        for t in state.terrain
    )
    if len(_KEYS) > 64:
        _KEYS.clear()
    _KEYS[id(state.terrain)] = (state.terrain, key)
    return key


@lru_cache(maxsize=8)
def _features(key: Key) -> tuple[Feature, ...]:
    from umpire.geometry.facts import Feature, check_polygons
    from umpire.schema.terrain_types import terrain_types

    if key[:1] == ("json",):  # the terrain as kept: [{"id", "type", "polygon"|"line", "height"}, ...]
        import json

        key = tuple((t["id"], t["type"], t.get("polygon"), t.get("line"), t.get("height") or 0.0)
                    for t in json.loads(key[1]))
    types = terrain_types()
    rows = [(tid, *types.lookup(ttype, f"terrain {tid}"), polygon or line, height)
            for tid, ttype, polygon, line, height in key]
    check_polygons([(tid, coords) for tid, _name, props, coords, _h in rows if props.kind == "area"])
    return tuple(
        Feature(id=tid, type=canonical, coords=coords, kind=props.kind, height=height or props.height,
                blocks_los=props.blocks_los, is_hill=props.is_hill, checked=True)
        for tid, canonical, props, coords, height in rows
    )


@lru_cache(maxsize=8)
def _index(key: Key, inside_depth: float | None) -> TerrainIndex:
    from umpire.geometry.sight import TerrainIndex

    return TerrainIndex(_features(key), inside_depth=inside_depth)


_BUILT: dict[int, tuple[object, TerrainIndex, tuple[Feature, ...], float | None, dict[str, str]]] = {}
_LAST: list[Any] = [None, None, None]  # the terrain and rulings objects last asked about, and the answer


def _built(state: GameState) -> tuple[TerrainIndex, tuple[Feature, ...]]:
    from umpire.rules.auftragstaktik.spotting import woods_depth
    from umpire.turns.auftragstaktik.tracked import rulings_of

    if _LAST[0] is state.terrain and _LAST[1] is state.rulings:  # (rulings are never changed in place)
        return _LAST[2]  # type: ignore[no-any-return]
    hit = _BUILT.get(id(state.terrain))
    if hit is not None and hit[0] is state.terrain and hit[4] == state.rulings:
        _LAST[:] = [state.terrain, state.rulings, (hit[1], hit[2])]
        return hit[1], hit[2]  # asked thousands of times a phase: the same terrain, the same rulings
    depth = woods_depth(rulings_of(state))  # ruling spotting.woods_depth
    if hit is None or hit[0] is not state.terrain or hit[3] != depth:
        key = _key(state)
        if len(_BUILT) > 64:
            _BUILT.clear()
        hit = (state.terrain, _index(key, depth), _features(key), depth, {})
    _BUILT[id(state.terrain)] = (*hit[:4], dict(state.rulings))
    return hit[1], hit[2]


def terrain_index(state: GameState) -> TerrainIndex:
    return _built(state)[0]


def features(state: GameState) -> tuple[Feature, ...]:
    return _built(state)[1]


def pose(u: UnitState, at: tuple[float, float] | None = None, facing: float | None = None) -> Pose:
    from umpire.geometry.facts import Pose

    if at is None:
        if u.x is None or u.y is None:
            raise ValueError(f"unit {u.id} is not on the table")
        at = (u.x, u.y)
    x, y = at
    return Pose(float(x), float(y), float(u.facing if facing is None else facing), float(u.base[0]), float(u.base[1]))


_BY_ID: dict[int, tuple[tuple[Feature, ...], dict[str, Feature]]] = {}


def _by_id(feats: tuple[Feature, ...]) -> dict[str, Feature]:
    """Features by id, made once per feature tuple (kept, so its id is never reused)."""
    hit = _BY_ID.get(id(feats))
    if hit is None or hit[0] is not feats:
        if len(_BY_ID) > 16:
            _BY_ID.clear()
        hit = _BY_ID[id(feats)] = (feats, {f.id: f for f in feats})
    return hit[1]


def area_types_at(state: GameState, xy: tuple[float, float]) -> list[str]:
    """The types of the area features holding a point, in the order listed."""
    feats = _by_id(features(state))
    return [feats[i].type for i in terrain_index(state).features_at(xy) if feats[i].kind == "area"]


def area_types_of(state: GameState, points: list[tuple[float, float]]) -> list[list[str]]:
    """:func:`area_types_at` of many points, in one terrain query."""
    feats = _by_id(features(state))
    return [[feats[i].type for i in ids if feats[i].kind == "area"]
            for ids in terrain_index(state).features_at_many(points)]


RouteKey = tuple[int, tuple[tuple[float, float], ...]]
_ROUTES: dict[RouteKey, tuple[object, PathTerrain]] = {}


def _route_key(index: object, waypoints: Sequence[Sequence[float]]) -> RouteKey | None:
    """A path's key among the routes worked out ahead (None: not a list of points; the path
    is then read as it is, which says what is wrong)."""
    try:
        return id(index), tuple((float(x), float(y)) for x, y in waypoints)
    except (TypeError, ValueError):
        return None


def route_ahead(state: GameState, paths: Sequence[Sequence[Sequence[float]]]) -> None:
    """Work out the terrain along many paths at once (a movement phase's planned moves), so
    that :func:`route` finds them ready; the answers are the single-path ones."""
    from umpire.geometry.movement import paths_terrain

    index = terrain_index(state)
    todo = list(dict.fromkeys(k for w in paths if len(w) >= 2 and (k := _route_key(index, w)) is not None
                              and k not in _ROUTES))
    if not todo:
        return
    if len(_ROUTES) > 20_000:
        _ROUTES.clear()
    for k, pt in zip(todo, paths_terrain([k[1] for k in todo], index), strict=True):
        _ROUTES[k] = (index, pt)


def route(state: GameState, waypoints: list[tuple[float, float]]) -> tuple[list[Leg], list[StreamCrossing]]:
    """The legs (terrain, inches, along a road) and the stream crossings of a path."""
    from umpire.geometry.movement import path_terrain
    from umpire.rules.auftragstaktik.movement import Leg, StreamCrossing

    index = terrain_index(state)
    by_id = _by_id(features(state))
    legs: list[Leg] = []
    crossings: list[StreamCrossing] = []
    if len(waypoints) < 2:
        return legs, crossings
    key = _route_key(index, waypoints)
    ahead = _ROUTES.get(key) if key is not None else None
    pt = ahead[1] if ahead is not None and ahead[0] is index else path_terrain(waypoints, index)
    previous: set[str] = set()
    for s in pt.stretches:
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
