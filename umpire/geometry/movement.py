"""What terrain a move passes through, and how far it goes in each.

MBT 23.3.2.1: "For entering terrain that costs more or less than 1 movement factor to enter,
inch equivalents could be used. For example, each inch of rough terrain moved through expends
4" of a unit's miniature movement factor." The geometry measures; the ruleset prices.

A path is a list of waypoints (the stand's centre). :func:`path_terrain` cuts it wherever it
enters or leaves an area feature or the tolerance band of a line feature and returns the
stretches in path order:

- ``type`` is the type of the area feature holding the stretch, or ``"open"``; where areas
  overlap, the one listed last in the terrain wins the label, and ``areas`` keeps every id so
  a ruleset can choose otherwise (e.g. the costliest);
- ``along`` holds the line features (roads, streams...) the stretch lies within
  ``tolerance`` inches of: that is travel along the road. A path that only crosses a road
  also gets a short stretch (about twice the tolerance), which a ruleset can read as a crossing.

The summary adds up inches by type: the area types and ``"open"`` add up to the path length;
each line type (``"road"``...) counts the inches along it, on top of that.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from umpire.errors import UmpireError
from umpire.geometry.sight import TerrainIndex

TOLERANCE = 0.1  # inches: this close to a road's line is travelling along it


@dataclass(frozen=True)
class PathStretch:
    """One stretch of a path: its terrain label, length, where it starts and ends (inches
    along the path), the ids of the area features holding it and of the lines it follows."""

    type: str
    inches: float
    start: float
    end: float
    areas: tuple[str, ...] = ()
    along: tuple[str, ...] = ()


@dataclass(frozen=True)
class PathTerrain:
    """The stretches of a path in order, and inches per terrain type."""

    stretches: tuple[PathStretch, ...]
    summary: dict[str, float]

    def legs(self) -> list[tuple[str, float]]:
        """``(type, inches)`` per stretch, in path order."""
        return [(s.type, s.inches) for s in self.stretches]


def _points(waypoints: Sequence[Sequence[float]]) -> np.ndarray:
    pts = np.asarray(waypoints, dtype=float)
    if pts.ndim != 2 or pts.shape[1] != 2 or len(pts) < 1 or not np.isfinite(pts).all():
        raise UmpireError(f"path: {list(map(list, pts.reshape(-1, 1)))!r} is not a list of [x, y]")
    return pts


def path_length(waypoints: Sequence[Sequence[float]]) -> float:
    """Length of the path through the waypoints, inches.

    >>> path_length([(0, 0), (3, 4), (3, 10)])
    11.0
    """
    pts = _points(waypoints)
    return float(np.hypot(*np.diff(pts, axis=0).T).sum())


def _zones(index: TerrainIndex, tolerance: float) -> np.ndarray:
    """Each feature as the zone a path is "in": areas as drawn, lines widened by ``tolerance``
    (made once per index and tolerance: a turn prices hundreds of moves on one table)."""
    cache: dict[float, np.ndarray] = index.__dict__.setdefault("_path_zones", {})
    if tolerance not in cache:
        is_area = [f.kind == "area" for f in index.features]
        cache[tolerance] = np.array(
            [g if a else shapely.buffer(g, tolerance) for g, a in zip(index._geoms, is_area, strict=True)],
            dtype=object,
        )
    return cache[tolerance]


def path_terrain(
    waypoints: Sequence[Sequence[float]], index: TerrainIndex, tolerance: float = TOLERANCE
) -> PathTerrain:
    """The terrain along a move, stretch by stretch (see the module notes).

    >>> from umpire.geometry.facts import Feature
    >>> index = TerrainIndex([
    ...     Feature("w1", "woods", ((2, -1), (4, -1), (4, 1), (2, 1))),
    ...     Feature("r1", "road", ((5, 0), (20, 0)), kind="line", blocks_los=False),
    ... ])
    >>> route = path_terrain([(0, 0), (10, 0)], index)
    >>> [(t, round(i, 2)) for t, i in route.legs()]
    [('open', 2.0), ('woods', 2.0), ('open', 0.9), ('open', 5.1)]
    >>> {t: round(i, 2) for t, i in route.summary.items()}
    {'open': 8.0, 'woods': 2.0, 'road': 5.1}
    """
    pts = _points(waypoints)
    feats = index.features
    is_area = index._is_area
    zones = _zones(index, tolerance)
    stretches: list[PathStretch] = []
    walked = 0.0
    for a, b in zip(pts[:-1], pts[1:], strict=True):
        d = b - a
        length = float(np.hypot(*d))
        if length == 0:
            continue
        seg = shapely.LineString([a, b])
        near = np.sort(index._tree.query(seg, distance=tolerance, predicate="dwithin"))
        cuts = {0.0, length}
        if near.size:  # where the path crosses each nearby zone's edge, all in one call
            pts_cut = shapely.get_coordinates(shapely.intersection(shapely.boundary(zones[near]), seg))
            cuts.update(float(t) for t in np.clip((pts_cut - a) @ d / length, 0, length))
        cut = np.array(sorted(cuts))
        mids = shapely.points(a + np.outer((cut[:-1] + cut[1:]) / 2 / length, d))
        holds = shapely.intersects(zones[near][None, :], mids[:, None])  # (stretch, nearby zone)
        for k in range(len(mids)):
            if cut[k + 1] - cut[k] <= 1e-12:
                continue
            inside = [int(i) for i in near[holds[k]]]
            areas = tuple(feats[i].id for i in inside if is_area[i])
            along = tuple(feats[i].id for i in inside if not is_area[i])
            label = feats[[i for i in inside if is_area[i]][-1]].type if areas else "open"
            stretches.append(
                PathStretch(
                    label, float(cut[k + 1] - cut[k]), walked + cut[k], walked + cut[k + 1],
                    areas, along,
                )
            )
        walked += length
    merged: list[PathStretch] = []
    for s in stretches:
        last = merged[-1] if merged else None
        if last and (last.type, last.areas, last.along) == (s.type, s.areas, s.along):
            merged[-1] = PathStretch(
                s.type, last.inches + s.inches, last.start, s.end, s.areas, s.along
            )
        else:
            merged.append(s)
    summary: dict[str, float] = {}
    position = index._position
    for s in merged:
        summary[s.type] = summary.get(s.type, 0.0) + s.inches
        for t in dict.fromkeys(feats[position[i]].type for i in s.along):
            summary[t] = summary.get(t, 0.0) + s.inches
    return PathTerrain(tuple(merged), summary)
