"""Line of sight across the terrain, one pair or every pair at once.

MBT 23.3.2.2: "Lines of sight can be handled by stretching a string from the center of one unit
to the center of another unit to see if it passes through any potentially blocking terrain."
Auftragstaktik leaves LOS to the umpire (ruling ``spotting.los_rules``: terrain pieces carry a
height level and a blocks-LOS flag). The geometry reports these facts; the ruleset decides what
they mean (depth of penetration, spotting into woods...) from :attr:`LosFact.crossed`:

- the sight line is the segment between the two points (stand centres);
- every feature the segment meets is listed in ``crossed``, one :class:`Crossing` per stretch;
- an area with ``blocks_los`` (woods, town) blocks when the segment passes through its
  interior. An end point lying in that same area (or on its edge) sees out through the first
  ``inside_depth`` inches of the line from it: the area blocks only if the line, less that much
  at each end inside it, still meets its interior (``inside_depth=None``: any depth, the area
  never blocks its own occupants). A line that only grazes an edge or a corner passes;
- a hill (``is_hill``) blocks when the segment passes through its interior and the hill is
  higher than the elevation of both ends. The elevation of a point is the greatest height of
  the hills it lies in (or on the edge of), else 0;
- line features (roads, streams, crests) never block, nor do stands.

:meth:`TerrainIndex.los_matrix` answers every pair of two point sets. It cuts each sight line
into short pieces to find candidate features in the STRtree (a long diagonal's bounding box
would hold half the table), stops looking at a pair once it is blocked, and decides with the
very predicates :meth:`TerrainIndex.line_of_sight` uses, so the two always agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any

import numpy as np
import shapely

from umpire.errors import UmpireError
from umpire.geometry.facts import Crossing, Feature, LosFact, polygons_of
from umpire.geometry.sight_pairs import PairQueries

_MERGE = 1e-9  # inches: stretches of one feature closer than this are one stretch


def _xy(point: Sequence[float]) -> np.ndarray:
    return np.asarray(point, dtype=float).reshape(2)


class TerrainIndex(PairQueries):
    """The terrain of one table, indexed once (an STRtree) and asked many questions.

    >>> wood = Feature("w1", "woods", ((28, 20), (32, 20), (32, 28), (28, 28)))
    >>> index = TerrainIndex([wood])
    >>> index.line_of_sight((10, 24), (50, 24)).blocked_by
    ('w1',)
    >>> index.line_of_sight((30, 24), (50, 24)).clear  # from inside the wood, looking out
    True
    """

    #: Sight lines are cut into pieces to look up candidate features; ``None`` picks a length
    #: from how closely the blocking features lie (three times their mean spacing, at least 2":
    #: the quickest on tables of 1,000 and 5,000 pieces).
    piece_length: float | None = None

    def __init__(self, features: Iterable[Feature], inside_depth: float | None = None, *,
                 polygons: Sequence[Any] | None = None) -> None:
        """``polygons``: the area features' polygons in order, if already made (as
        :func:`~umpire.geometry.facts.check_polygons` returns them)."""
        self.features: tuple[Feature, ...] = tuple(features)
        if inside_depth is not None and not (np.isfinite(inside_depth) and inside_depth >= 0):
            raise UmpireError(f"inside_depth: {inside_depth!r} (allowed: a number of inches >= 0)")
        self.inside_depth = inside_depth
        self._memos: dict[str, dict[Any, Any]] = {}
        seen: set[str] = set()
        for f in self.features:
            if f.id in seen:
                raise UmpireError(f"terrain id {f.id!r} is used twice (ids must be unique)")
            seen.add(f.id)
        self._ids = tuple(f.id for f in self.features)
        self._geoms = np.empty(len(self.features), dtype=object)
        areas = [k for k, f in enumerate(self.features) if f.kind == "area"]
        if areas:
            self._geoms[areas] = polygons_of([self.features[k].coords for k in areas]) if polygons is None else polygons
        for k, f in enumerate(self.features):
            if f.kind != "area":
                self._geoms[k] = shapely.LineString(f.coords)
        shapely.prepare(self._geoms)
        self._tree = shapely.STRtree(self._geoms)
        self._is_area = np.array([f.kind == "area" for f in self.features], dtype=bool)
        self._is_hill = np.array([f.is_hill for f in self.features], dtype=bool)
        self._height = np.array([f.height for f in self.features], dtype=float)
        can_block = self._is_area & np.array([f.blocks_los for f in self.features], dtype=bool)
        self._can_block = can_block
        self._blockers = np.flatnonzero(can_block)
        self._position = {fid: k for k, fid in enumerate(self._ids)}
        self._blocker_tree = shapely.STRtree(self._geoms[self._blockers])
        # A circle round each feature (centre of its box, reach of its farthest corner): a
        # sight line farther than that from the centre cannot meet the feature.
        bounds = shapely.bounds(self._geoms).reshape(-1, 4)
        self._centre = (bounds[:, :2] + bounds[:, 2:]) / 2
        self._reach = np.hypot(bounds[:, 2] - bounds[:, 0], bounds[:, 3] - bounds[:, 1]) / 2

    # --- facts about points ---------------------------------------------------------------

    def _covering(self, points: np.ndarray) -> np.ndarray:
        """Which area features hold which points (inside or on the edge), from the STRtree: the
        sorted codes ``i * F + f`` (point ``i``, feature ``f``, ``F`` features). Sparse, as a
        point lies in few of a big table's thousands of features."""
        if not len(points) or not len(self.features):
            return np.empty(0, dtype=np.int64)
        pi, fi = self._tree.query(shapely.points(points), predicate="intersects")
        keep = self._is_area[fi]
        return np.sort(pi[keep].astype(np.int64) * len(self.features) + fi[keep])

    def _holds(self, cover: np.ndarray, i: np.ndarray | int, f: np.ndarray) -> np.ndarray:
        """Whether area feature ``f[k]`` holds point ``i[k]`` (``cover`` from :meth:`_covering`)."""
        code = np.asarray(i, dtype=np.int64) * len(self.features) + f
        if not cover.size:
            return np.zeros(np.shape(code), dtype=bool)
        at = np.minimum(np.searchsorted(cover, code), cover.size - 1)
        out: np.ndarray = cover[at] == code
        return out

    def _elevations(self, cover: np.ndarray, n: int) -> np.ndarray:
        """The ground height at each of ``n`` points: the tallest hill holding it, else 0."""
        i, f = np.divmod(cover, max(len(self.features), 1))
        hill = self._is_hill[f]
        tallest = np.full(n, -np.inf)
        np.maximum.at(tallest, i[hill], self._height[f[hill]])
        out: np.ndarray = np.where(np.isneginf(tallest), 0.0, tallest)
        return out

    def memo(self, name: str) -> dict[Any, Any]:
        """A dict kept with this index for what is worked out on it (sight lines, routes,
        cover, path zones): the index never changes, so neither does what is kept."""
        return self._memos.setdefault(name, {})

    def features_at(self, xy: Sequence[float]) -> tuple[str, ...]:
        """Ids of the features at a point (areas it is in or on the edge of, lines through it),
        in the order they were listed."""
        hits = np.sort(self._tree.query(shapely.points(_xy(xy)), predicate="intersects"))
        return tuple(self._ids[i] for i in hits)

    def features_at_many(self, points: Sequence[Sequence[float]] | np.ndarray) -> list[tuple[str, ...]]:
        """:meth:`features_at` of each point, all in one query."""
        pts = np.asarray(points, dtype=float).reshape(-1, 2)
        out: list[list[str]] = [[] for _ in range(len(pts))]
        if len(pts):
            pi, fi = self._tree.query(shapely.points(pts), predicate="intersects")
            order = np.lexsort((fi, pi))
            ids = self._ids
            for p, f in zip(pi[order].tolist(), fi[order].tolist(), strict=True):
                out[p].append(ids[f])
        return [tuple(x) for x in out]

    def elevations(self, points: Sequence[Sequence[float]] | np.ndarray) -> np.ndarray:
        """Ground height at each point (as :meth:`elevation_at`), all at once."""
        pts = np.asarray(points, dtype=float).reshape(-1, 2)
        return self._elevations(self._covering(pts), len(pts))

    def elevation_at(self, xy: Sequence[float]) -> float:
        """Ground height at a point: the greatest height of the hills holding it, else 0."""
        return float(self._elevations(self._covering(_xy(xy)[None, :]), 1)[0])

    # --- the blocking rule, shared by the single and the all-pairs answers -----------------

    def _may_block(
        self,
        f: np.ndarray,
        elev_a: np.ndarray,
        elev_b: np.ndarray,
        a_in: np.ndarray,
        b_in: np.ndarray,
    ) -> np.ndarray:
        """Whether blocking feature ``f`` blocks the line if the line passes through it (an area
        holding an end blocks only through more than ``inside_depth``: :meth:`_inside_blocks`)."""
        by_height = self._height[f] > np.maximum(elev_a, elev_b)
        outside = ~a_in & ~b_in
        if self.inside_depth is not None:
            outside = np.ones_like(outside)
        out: np.ndarray = np.where(self._is_hill[f], by_height, outside)
        return out

    def _inside_blocks(
        self, f: np.ndarray, a: np.ndarray, b: np.ndarray, a_in: np.ndarray, b_in: np.ndarray
    ) -> np.ndarray:
        """For lines ``a[k] -> b[k]`` with an end inside area ``f[k]``: does the area block once
        ``inside_depth`` is taken off the line at each end inside it?"""
        depth = float(self.inside_depth or 0.0)
        d = b - a
        length = np.hypot(d[:, 0], d[:, 1])
        unit = d / np.where(length > 0, length, 1.0)[:, None]
        lo = np.where(a_in, depth, 0.0)
        hi = length - np.where(b_in, depth, 0.0)
        left = hi - lo > 1e-9
        out = np.zeros(len(f), dtype=bool)
        if left.any():
            p0 = a[left] + unit[left] * lo[left, None]
            p1 = a[left] + unit[left] * hi[left, None]
            segs = shapely.linestrings(np.stack([p0, p1], axis=1))
            out[left] = shapely.relate_pattern(self._geoms[f[left]], segs, "T********")
        return out

    def _pierces(self, f: np.ndarray, segs: np.ndarray) -> np.ndarray:
        """Whether each segment passes through the interior of feature ``f``.

        Only asked when neither end lies in ``f`` or on its edge (:meth:`_may_block` is false
        otherwise), and for such a segment "crosses" is exactly "meets the interior": a line
        along an edge or through a corner only touches. The feature is prepared, which makes
        shapely's ``crosses`` about as cheap as ``intersects``.
        """
        out: np.ndarray = shapely.crosses(self._geoms[f], segs)
        return out

    def _piece_length(self) -> float:
        if self.piece_length is not None:
            return self.piece_length
        x0, y0, x1, y1 = shapely.total_bounds(self._geoms[self._blockers])
        spacing = np.sqrt(max((x1 - x0) * (y1 - y0), 1.0) / len(self._blockers))
        return float(max(2.0, 3.0 * spacing))

    def _inner_disks(self, f: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """A disk inside each of features ``f``: centre and radius (radius 0 for lines), each
        feature's worked out the first time it is asked (a table of thousands of pieces has
        few that a phase's sight lines come near)."""
        centre, radius, known = self._disks
        todo = np.unique(f[~known[f]])
        areas = todo[self._is_area[todo]]
        if areas.size:
            geoms = self._geoms[areas]
            mic = shapely.maximum_inscribed_circle(geoms, tolerance=self._reach[areas] / 50)
            point = shapely.get_point(mic, 0)
            inside = shapely.contains_properly(geoms, point)
            centre[areas] = shapely.get_coordinates(point)
            radius[areas] = np.where(inside, shapely.distance(point, shapely.boundary(geoms)), 0)
        known[todo] = True
        return centre[f], radius[f]

    @cached_property
    def _disks(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The inner disks worked out so far (:meth:`_inner_disks`): centres, radii, known."""
        n = len(self.features)
        return np.zeros((n, 2)), np.zeros(n), np.zeros(n, dtype=bool)

    # --- one line of sight --------------------------------------------------------------

    def line_of_sight(self, a_xy: Sequence[float], b_xy: Sequence[float]) -> LosFact:
        """Line of sight from ``a_xy`` to ``b_xy`` (stand centres), with every crossing."""
        a, b = _xy(a_xy), _xy(b_xy)
        if not self.features or np.array_equal(a, b):
            return LosFact(clear=True, blocked_by=(), crossed=())
        cover = self._covering(np.stack([a, b]))
        elev = self._elevations(cover, 2)
        seg = shapely.linestrings(np.stack([a, b])[None, :, :])[0]
        cand = np.sort(self._tree.query(seg))
        cand = cand[shapely.intersects(self._geoms[cand], seg)]
        crossed = self._crossings(cand, seg, a, b)
        blockers = cand[self._can_block[cand]]
        a_in, b_in = self._holds(cover, 0, blockers), self._holds(cover, 1, blockers)
        may = self._may_block(blockers, elev[0], elev[1], a_in, b_in)
        blockers, a_in, b_in = blockers[may], a_in[may], b_in[may]
        inside = ~self._is_hill[blockers] & (a_in | b_in)
        if self.inside_depth is None:
            inside[:] = False
        hit = np.zeros(len(blockers), dtype=bool)
        out = ~inside
        hit[out] = self._pierces(blockers[out], np.full(int(out.sum()), seg, dtype=object))
        if inside.any():
            n = int(inside.sum())
            hit[inside] = self._inside_blocks(
                blockers[inside], np.tile(a, (n, 1)), np.tile(b, (n, 1)), a_in[inside], b_in[inside],
            )
        blockers = blockers[hit]
        first: dict[str, float] = {}
        for c in crossed:
            first.setdefault(c.id, c.enter)
        blocked_by = tuple(
            sorted((self._ids[f] for f in blockers), key=lambda i: (first.get(i, 0.0), i))
        )
        return LosFact(clear=not blocked_by, blocked_by=blocked_by, crossed=crossed)

    def crossings(
        self, a_xy: Sequence[float], b_xy: Sequence[float], among: Sequence[int] | np.ndarray
    ) -> tuple[Crossing, ...]:
        """The :attr:`LosFact.crossed` of :meth:`line_of_sight`, for features ``among`` only
        (their positions in :attr:`features`): those stretches and no others."""
        a, b = _xy(a_xy), _xy(b_xy)
        among = np.sort(np.asarray(among, dtype=int))
        if not among.size or np.array_equal(a, b):
            return ()
        seg = shapely.linestrings(np.stack([a, b])[None, :, :])[0]
        return self._crossings(among[shapely.intersects(self._geoms[among], seg)], seg, a, b)

    def _crossings(
        self, cand: np.ndarray, seg: shapely.LineString, a: np.ndarray, b: np.ndarray
    ) -> tuple[Crossing, ...]:
        if not len(cand):
            return ()
        d = b - a
        length = float(np.hypot(*d))
        out: list[Crossing] = []
        for f, inter in zip(cand, shapely.intersection(self._geoms[cand], seg), strict=True):
            spans = []
            for part in shapely.get_parts(shapely.get_parts(inter)):
                pts = shapely.get_coordinates(part)
                if len(pts):
                    t = np.clip((pts - a) @ d / length, 0.0, length)
                    spans.append((float(t.min()), float(t.max())))
            spans.sort()
            merged: list[list[float]] = []
            for lo, hi in spans:
                if merged and lo <= merged[-1][1] + _MERGE:
                    merged[-1][1] = max(merged[-1][1], hi)
                else:
                    merged.append([lo, hi])
            feat = self.features[f]
            out += [Crossing(feat.id, feat.type, feat.height, lo, hi) for lo, hi in merged]
        return tuple(sorted(out, key=lambda c: (c.enter, c.exit, self._position[c.id])))
