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
from typing import Any

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
    parts: list[tuple[np.ndarray, ...]] = []  # per segment: cuts, where it starts, zones holding, pieces held
    walked = 0.0
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
        holds = shapely.intersects(zones[near][None, :], mids[:, None])  # (piece, nearby zone)
        parts.append((cut, np.full(len(cut) - 1, walked), near[np.nonzero(holds)[1]], np.nonzero(holds)[0]))
        walked += length
    return _path_stretches(index, _pieces_of(parts), 1)[0]


def _pieces_of(parts: list[tuple[np.ndarray, ...]]) -> _Pieces:
    """One path's pieces, from its segments' cuts, where each segment starts along the path and
    which zones hold which of its pieces."""
    if not parts:
        empty = np.zeros(0)
        return _Pieces(np.zeros(0, np.intp), empty, empty, empty, np.zeros(0, np.intp), np.zeros(0, np.intp))
    cuts = [cut for cut, *_ in parts]
    walked = np.concatenate([w for _, w, _, _ in parts])
    c0 = np.concatenate([cut[:-1] for cut in cuts])
    c1 = np.concatenate([cut[1:] for cut in cuts])
    first = np.cumsum([0] + [len(cut) - 1 for cut in cuts])
    held = np.concatenate([piece + at for (_, _, _, piece), at in zip(parts, first, strict=False)])
    zone = np.concatenate([z for _, _, z, _ in parts])
    return _Pieces(np.zeros(len(c0), np.intp), walked + c0, walked + c1, c1 - c0, held, zone)


def _boundaries(index: TerrainIndex, tolerance: float) -> np.ndarray:
    """The edges of each zone (:func:`_zones`), made once per index and tolerance."""
    cache: dict[float, np.ndarray] = index.memo("path_zone_edges")
    if tolerance not in cache:
        cache[tolerance] = shapely.boundary(_zones(index, tolerance))
    return cache[tolerance]


def _all_points(paths: Sequence[Sequence[Sequence[float]]]) -> tuple[np.ndarray, np.ndarray]:
    """Every path's points in one array, and how many each path has (:func:`_points` of each
    path, which says what is wrong with the first bad one)."""
    try:
        sizes = np.array([len(w) for w in paths], dtype=np.intp)
        pts = np.array([p for w in paths for p in w], dtype=float)
        plain = pts.ndim == 2 and pts.shape[1] == 2 and bool(np.isfinite(pts).all()) and bool((sizes > 0).all())
    except (TypeError, ValueError, OverflowError):
        plain = False
    if not plain:  # the slow way, path by path, to raise the first path's own error
        each = [_points(w) for w in paths]
        sizes = np.array([len(w) for w in each], dtype=np.intp)
        pts = np.concatenate(each) if each else np.zeros((0, 2))
    return pts.reshape(-1, 2), sizes


def _all_segments(pts: np.ndarray, sizes: np.ndarray) -> tuple[np.ndarray, ...]:
    """Every segment of every path that has a length, in order: start, end, direction, length
    and the path it belongs to."""
    last = np.cumsum(sizes) - 1
    first = np.ones(len(pts), dtype=bool)
    first[last[sizes > 0]] = False  # a path's last point starts no segment
    i = np.flatnonzero(first)
    a, b = pts[i], pts[i + 1]
    d = b - a
    length = np.hypot(d[:, 0], d[:, 1])
    keep = length != 0
    path = np.repeat(np.arange(len(sizes)), sizes)[i]
    return a[keep], b[keep], d[keep], length[keep], path[keep]


def _along(a: np.ndarray, d: np.ndarray, seg: np.ndarray, points: np.ndarray) -> np.ndarray:
    """``(points[k] - a[seg[k]]) @ d[seg[k]]`` for every point, each the very number the
    single product gives: a segment's lone point as a dot product, several as a matrix times
    a vector (the two are rounded differently), in a few stacked products."""
    out = np.empty(len(points))
    if not len(points):
        return out
    rel = points - a[seg]
    count = np.bincount(seg, minlength=len(a))
    first = np.cumsum(count) - count
    rank = np.arange(len(points)) - first[seg]
    lone = count[seg] == 1
    if lone.any():
        out[lone] = (rel[lone][:, None, :] @ d[seg[lone]][:, :, None])[:, 0, 0]
    size = np.maximum(2, 1 << np.ceil(np.log2(np.maximum(count, 1))).astype(int))  # rows padded
    for k in np.unique(size[seg[~lone]]):
        these = np.flatnonzero(~lone & (size[seg] == k))
        segs, row = np.unique(seg[these], return_inverse=True)
        block = np.zeros((len(segs), int(k), 2))
        block[row, rank[these]] = rel[these]
        out[these] = (block @ d[segs][:, :, None])[row, rank[these], 0]
    return out


def _nearby(segs: np.ndarray, index: TerrainIndex, tolerance: float) -> tuple[np.ndarray, ...]:
    """For each segment (an array of line strings), the terrain zones near it and where it
    crosses their edges (all in a few vectorised calls): the zones ``fi`` of segment ``k`` are
    ``fi[starts[k]:starts[k + 1]]``, in order; the crossing points and their segments."""
    n = len(segs)
    si, fi = index._tree.query(segs, distance=tolerance, predicate="dwithin")
    order = np.lexsort((fi, si))
    si, fi = si[order], fi[order]
    starts = np.searchsorted(si, np.arange(n + 1))
    # where each segment crosses each nearby zone's edge, all in one call
    coords, which = shapely.get_coordinates(
        shapely.intersection(_boundaries(index, tolerance)[fi], segs[si]), return_index=True
    )
    return fi, starts, coords, si[which]


def _cuts(a: np.ndarray, b: np.ndarray, length: np.ndarray, index: TerrainIndex,
          tolerance: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Where each segment enters or leaves a zone near it: the cuts (inches along it, 0 and its
    length included, sorted, each once) and their segments; the zones near each segment."""
    n, d = len(a), b - a
    segs = shapely.linestrings(np.stack([a, b], axis=1)) if n else np.empty(0, dtype=object)
    fi, starts, coords, cseg = _nearby(segs, index, tolerance) if n else (
        np.empty(0, np.intp), np.zeros(1, np.intp), np.empty((0, 2)), np.empty(0, np.intp))
    t = np.clip(_along(a, d, cseg, coords) / length[cseg], 0, length[cseg])
    seg = np.concatenate([np.arange(n), np.arange(n), cseg])
    cut = np.concatenate([np.zeros(n), length, t])
    order = np.lexsort((cut, seg))  # stable: a segment's own 0 comes before a crossing's -0
    seg, cut = seg[order], cut[order]
    fresh = np.r_[True, (seg[1:] != seg[:-1]) | (cut[1:] != cut[:-1])][:len(seg)]
    return cut[fresh], seg[fresh], fi, starts


def paths_terrain(
    paths: Sequence[Sequence[Sequence[float]]], index: TerrainIndex, tolerance: float = TOLERANCE
) -> list[PathTerrain]:
    """:func:`path_terrain` of many moves: the same answers, number for number, the terrain
    asked about all their segments in a few vectorised calls (a movement phase prices hundreds
    of moves; one path alone is quicker asked segment by segment, as :func:`path_terrain` does)."""
    zones = _zones(index, tolerance)
    pts, sizes = _all_points(paths)
    a, b, d, length, path = _all_segments(pts, sizes)
    cut, seg, fi, starts = _cuts(a, b, length, index, tolerance)
    # The pieces between two cuts of a segment, and the middle of each.
    piece = np.flatnonzero(seg[1:] == seg[:-1])
    pseg, c0, c1 = seg[piece], cut[piece], cut[piece + 1]
    mids = shapely.points(a[pseg] + ((c0 + c1) / 2 / length[pseg])[:, None] * d[pseg]) \
        if len(piece) else np.empty(0, dtype=object)
    # Which nearby zones hold each middle: one call for every (middle, nearby zone) pair.
    near = (starts[1:] - starts[:-1])[pseg]
    pair_piece = np.repeat(np.arange(len(piece)), near)
    pair_zone = fi[np.repeat(starts[pseg] - (np.cumsum(near) - near), near) + np.arange(int(near.sum()))]
    holds = shapely.intersects(zones[pair_zone], mids[pair_piece]) if len(pair_zone) else np.zeros(0, dtype=bool)
    walked = _walked(length, path)[pseg]
    pieces = _Pieces(path[pseg], walked + c0, walked + c1, c1 - c0, pair_piece[holds], pair_zone[holds])
    return _path_stretches(index, pieces, len(sizes))


def _walked(length: np.ndarray, path: np.ndarray) -> np.ndarray:
    """How far along its path each segment starts (added up segment by segment, as one path's
    walk does)."""
    out, walked, last = [], 0.0, -1
    for n, p in zip(length.tolist(), path.tolist(), strict=True):
        if p != last:
            walked, last = 0.0, p
        out.append(walked)
        walked += n
    return np.array(out, dtype=float)


@dataclass(frozen=True)
class _Pieces:
    """The pieces of many paths between two cuts, in path order: each one's path, start and end
    (inches along its path), length; and which zones hold which piece (``held[k]`` is held by
    zone ``zone[k]``, a piece's zones in order)."""

    path: np.ndarray
    start: np.ndarray
    end: np.ndarray
    inches: np.ndarray
    held: np.ndarray
    zone: np.ndarray


def _path_stretches(index: TerrainIndex, pieces: _Pieces, n: int) -> list[PathTerrain]:
    """The stretches and summary of each of ``n`` paths, from their pieces: pieces in a row held
    by the same zones are one stretch."""
    inside: dict[int, list[int]] = {}
    for p, z in zip(pieces.held.tolist(), pieces.zone.tolist(), strict=True):
        inside.setdefault(p, []).append(z)
    kinds: dict[tuple[int, ...], tuple[str, tuple[str, ...], tuple[str, ...]]] = {(): ("open", (), ())}
    runs: list[list[list[Any]]] = [[] for _ in range(n)]  # per path: [kind, inches, first, last]
    for p, (path, inches) in enumerate(zip(pieces.path.tolist(), pieces.inches.tolist(), strict=True)):
        if inches <= 1e-12:
            continue
        key = tuple(inside.get(p, ()))
        kind = kinds.get(key)
        if kind is None:
            kind = kinds[key] = _kind(index, key)
        mine = runs[path]
        if mine and mine[-1][0] is kind:
            mine[-1][1] += inches
            mine[-1][3] = p
        else:
            mine.append([kind, inches, p, p])
    return [_terrain(index, mine, pieces) for mine in runs]


def _kind(index: TerrainIndex, inside: tuple[int, ...]) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """A stretch held by zones ``inside``: its label, the areas and the lines that hold it."""
    feats, is_area = index.features, index._is_area
    areas = tuple(feats[i].id for i in inside if is_area[i])
    along = tuple(feats[i].id for i in inside if not is_area[i])
    label = feats[[i for i in inside if is_area[i]][-1]].type if areas else "open"
    return label, areas, along


def _terrain(index: TerrainIndex, runs: list[list[Any]], pieces: _Pieces) -> PathTerrain:
    """One path's stretches (its runs of pieces) and summary."""
    feats, position = index.features, index._position
    stretches = tuple(
        PathStretch(label, inches, pieces.start[first], pieces.end[last], areas, along)
        for (label, areas, along), inches, first, last in runs
    )
    summary: dict[str, float] = {}
    for s in stretches:
        summary[s.type] = summary.get(s.type, 0.0) + s.inches
        for t in dict.fromkeys(feats[position[i]].type for i in s.along):
            summary[t] = summary.get(t, 0.0) + s.inches
    return PathTerrain(stretches, summary)
