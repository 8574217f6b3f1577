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
    cache: dict[float, np.ndarray] = index.memo("path_zones")
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
    zones = _zones(index, tolerance)
    mine: list[tuple[int, np.ndarray, np.ndarray, np.ndarray, float]] = []
    near_of: list[np.ndarray] = []
    cuts_of: list[np.ndarray] = []
    holds_of: list[np.ndarray] = []
    for a, b in zip(pts[:-1], pts[1:], strict=True):  # (one path: each segment asked alone)
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
        mine.append((len(near_of), a, b, d, length))
        near_of.append(near)
        cuts_of.append(cut)
        holds_of.append(shapely.intersects(zones[near][None, :], mids[:, None]))  # (stretch, nearby zone)
    return _stretches(mine, near_of, cuts_of, holds_of, index)


def _boundaries(index: TerrainIndex, tolerance: float) -> np.ndarray:
    """The edges of each zone (:func:`_zones`), made once per index and tolerance."""
    cache: dict[float, np.ndarray] = index.memo("path_zone_edges")
    if tolerance not in cache:
        cache[tolerance] = shapely.boundary(_zones(index, tolerance))
    return cache[tolerance]


_Segment = tuple[int, np.ndarray, np.ndarray, np.ndarray, float]  # index, start, end, direction, length


def _segments(all_pts: list[np.ndarray]) -> tuple[list[list[_Segment]], list[np.ndarray]]:
    """Every segment of every path that has a length, in order: each path's, and all of them
    flat (start and end)."""
    segs_of: list[list[_Segment]] = []
    flat: list[np.ndarray] = []
    for pts in all_pts:
        mine = []
        for a, b in zip(pts[:-1], pts[1:], strict=True):
            d = b - a
            length = float(np.hypot(*d))
            if length == 0:
                continue
            mine.append((len(flat), a, b, d, length))
            flat.append(np.stack([a, b]))
        segs_of.append(mine)
    return segs_of, flat


def _nearby(flat: list[np.ndarray], index: TerrainIndex, tolerance: float) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """For each segment, the terrain zones near it and where it crosses their edges (all in a
    few vectorised calls)."""
    n = len(flat)
    near_of: list[np.ndarray] = [np.empty(0, dtype=np.intp)] * n
    cut_pts: list[np.ndarray] = [np.empty((0, 2))] * n
    if not n:
        return near_of, cut_pts
    segs = shapely.linestrings(np.array(flat))
    si, fi = index._tree.query(segs, distance=tolerance, predicate="dwithin")
    order = np.lexsort((fi, si))
    si, fi = si[order], fi[order]
    starts = np.searchsorted(si, np.arange(n + 1))
    # where each segment crosses each nearby zone's edge, all in one call
    coords, which = shapely.get_coordinates(
        shapely.intersection(_boundaries(index, tolerance)[fi], segs[si]), return_index=True
    )
    pair_starts = np.searchsorted(which, np.arange(len(si) + 1))
    for k in range(n):
        lo, hi = starts[k], starts[k + 1]
        near_of[k] = fi[lo:hi]
        cut_pts[k] = coords[pair_starts[lo]:pair_starts[hi]]
    return near_of, cut_pts


def paths_terrain(
    paths: Sequence[Sequence[Sequence[float]]], index: TerrainIndex, tolerance: float = TOLERANCE
) -> list[PathTerrain]:
    """:func:`path_terrain` of many moves: the same answers, the terrain asked about all their
    segments in a few vectorised calls (a movement phase prices hundreds of moves; one path
    alone is quicker asked segment by segment, as :func:`path_terrain` does)."""
    zones = _zones(index, tolerance)
    segs_of, flat = _segments([_points(w) for w in paths])
    n = len(flat)
    near_of, cut_pts = _nearby(flat, index, tolerance)
    # The cuts of each segment, and the middle of each piece between two cuts.
    cuts_of: list[np.ndarray] = [np.empty(0)] * n
    mid_xy: list[np.ndarray] = []
    for mine in segs_of:
        for k, a, _b, d, length in mine:
            cuts = {0.0, length}
            if near_of[k].size:
                cuts.update(float(t) for t in np.clip((cut_pts[k] - a) @ d / length, 0, length))
            cut = cuts_of[k] = np.array(sorted(cuts))
            mid_xy.append(a + np.outer((cut[:-1] + cut[1:]) / 2 / length, d))
    mids = shapely.points(np.concatenate(mid_xy)) if mid_xy else np.empty(0, dtype=object)
    # Which nearby zones hold each middle: one call for every (middle, nearby zone) pair.
    mid_at, pair_mid, pair_zone = [], [], []
    at = 0
    for k in range(n):
        m, z = len(cuts_of[k]) - 1, near_of[k]
        mid_at.append(at)
        if z.size:
            pair_mid.append(np.repeat(np.arange(at, at + m), z.size))
            pair_zone.append(np.tile(z, m))
        at += m
    holds_all = (
        shapely.intersects(zones[np.concatenate(pair_zone)], mids[np.concatenate(pair_mid)])
        if pair_zone else np.zeros(0, dtype=bool)
    )
    holds_of: list[np.ndarray] = []
    done = 0
    for k in range(n):
        m, size = len(cuts_of[k]) - 1, near_of[k].size
        holds_of.append(holds_all[done:done + m * size].reshape(m, size))
        done += m * size
    return [_stretches(mine, near_of, cuts_of, holds_of, index) for mine in segs_of]


def _stretches(
    mine: list[tuple[int, np.ndarray, np.ndarray, np.ndarray, float]],
    near_of: list[np.ndarray],
    cuts_of: list[np.ndarray],
    holds_of: list[np.ndarray],
    index: TerrainIndex,
) -> PathTerrain:
    """One path's stretches and summary, from its segments' cuts and the zones holding them."""
    feats = index.features
    is_area = index._is_area
    stretches: list[PathStretch] = []
    walked = 0.0
    for k, _a, _b, _d, length in mine:
        near, cut, holds = near_of[k], cuts_of[k], holds_of[k]
        for j in range(len(cut) - 1):
            if cut[j + 1] - cut[j] <= 1e-12:
                continue
            inside = [int(i) for i in near[holds[j]]]
            areas = tuple(feats[i].id for i in inside if is_area[i])
            along = tuple(feats[i].id for i in inside if not is_area[i])
            label = feats[[i for i in inside if is_area[i]][-1]].type if areas else "open"
            stretches.append(
                PathStretch(
                    label, float(cut[j + 1] - cut[j]), walked + cut[j], walked + cut[j + 1],
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
