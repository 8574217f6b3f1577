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

import numpy as np
import shapely

from umpire.errors import UmpireError
from umpire.geometry.facts import Crossing, Feature, LosFact, polygons_of

_MERGE = 1e-9  # inches: stretches of one feature closer than this are one stretch


def _offset(points: np.ndarray, a0: np.ndarray, d: np.ndarray, len2: np.ndarray) -> np.ndarray:
    """Distance from each point to its segment ``a0 .. a0 + d`` (``len2`` = squared length)."""
    rel = points - a0
    t = np.clip(np.einsum("ij,ij->i", rel, d) / len2, 0.0, 1.0)
    out: np.ndarray = np.hypot(rel[:, 0] - t * d[:, 0], rel[:, 1] - t * d[:, 1])
    return out


def _offset2(points: np.ndarray, a0: np.ndarray, d: np.ndarray, len2: np.ndarray) -> np.ndarray:
    """:func:`_offset` squared (no square roots: it only sorts and bounds candidates)."""
    rx, ry = points[:, 0] - a0[:, 0], points[:, 1] - a0[:, 1]
    t = np.clip((rx * d[:, 0] + ry * d[:, 1]) / len2, 0.0, 1.0)
    ex, ey = rx - t * d[:, 0], ry - t * d[:, 1]
    out: np.ndarray = ex * ex + ey * ey
    return out


def _xy(point: Sequence[float]) -> np.ndarray:
    return np.asarray(point, dtype=float).reshape(2)


class TerrainIndex:
    """The terrain of one table, indexed once (an STRtree) and asked many questions.

    >>> wood = Feature("w1", "woods", ((28, 20), (32, 20), (32, 28), (28, 28)))
    >>> index = TerrainIndex([wood])
    >>> index.line_of_sight((10, 24), (50, 24)).blocked_by
    ('w1',)
    >>> index.line_of_sight((30, 24), (50, 24)).clear  # from inside the wood, looking out
    True
    """

    #: Sight lines are cut into pieces to look up candidate features; ``None`` picks a length
    #: from how closely the blocking features lie (about twice their mean spacing, at least 3").
    piece_length: float | None = None

    def __init__(self, features: Iterable[Feature], inside_depth: float | None = None) -> None:
        self.features: tuple[Feature, ...] = tuple(features)
        if inside_depth is not None and not (np.isfinite(inside_depth) and inside_depth >= 0):
            raise UmpireError(f"inside_depth: {inside_depth!r} (allowed: a number of inches >= 0)")
        self.inside_depth = inside_depth
        seen: set[str] = set()
        for f in self.features:
            if f.id in seen:
                raise UmpireError(f"terrain id {f.id!r} is used twice (ids must be unique)")
            seen.add(f.id)
        self._ids = tuple(f.id for f in self.features)
        self._geoms = np.empty(len(self.features), dtype=object)
        areas = [k for k, f in enumerate(self.features) if f.kind == "area"]
        if areas:
            self._geoms[areas] = polygons_of([self.features[k].coords for k in areas])
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

    def features_at(self, xy: Sequence[float]) -> tuple[str, ...]:
        """Ids of the features at a point (areas it is in or on the edge of, lines through it),
        in the order they were listed."""
        hits = np.sort(self._tree.query(shapely.points(_xy(xy)), predicate="intersects"))
        return tuple(self._ids[i] for i in hits)

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
        return float(max(3.0, 2.0 * spacing))

    @cached_property
    def _inner_disk(self) -> tuple[np.ndarray, np.ndarray]:
        """A disk inside each area feature: centre and radius (radius 0 for lines)."""
        centre = np.zeros((len(self.features), 2))
        radius = np.zeros(len(self.features))
        areas = np.flatnonzero(self._is_area)
        if areas.size:
            geoms = self._geoms[areas]
            mic = shapely.maximum_inscribed_circle(geoms, tolerance=self._reach[areas] / 50)
            point = shapely.get_point(mic, 0)
            inside = shapely.contains_properly(geoms, point)
            centre[areas] = shapely.get_coordinates(point)
            radius[areas] = np.where(inside, shapely.distance(point, shapely.boundary(geoms)), 0)
        return centre, radius

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

    # --- every pair ---------------------------------------------------------------------

    def los_matrix(
        self, points_a: Sequence[Sequence[float]], points_b: Sequence[Sequence[float]]
    ) -> np.ndarray:
        """``clear[i, j]``: is the line from ``points_a[i]`` to ``points_b[j]`` clear?

        Equal, pair for pair, to :meth:`line_of_sight` ``.clear``.
        """
        pa = np.asarray(points_a, dtype=float).reshape(-1, 2)
        pb = np.asarray(points_b, dtype=float).reshape(-1, 2)
        n, m = len(pa), len(pb)
        if n == 0 or m == 0 or len(self._blockers) == 0:
            return np.ones((n, m), dtype=bool)
        ii, jj = np.repeat(np.arange(n), m), np.tile(np.arange(m), n)
        return ~self._blocked(pa, pb, ii, jj).reshape(n, m)

    def los_pairs(
        self,
        points_a: Sequence[Sequence[float]],
        points_b: Sequence[Sequence[float]],
        ia: Sequence[int] | np.ndarray,
        jb: Sequence[int] | np.ndarray,
    ) -> np.ndarray:
        """``clear[k]``: is the line from ``points_a[ia[k]]`` to ``points_b[jb[k]]`` clear?

        The same answer as :meth:`los_matrix` for just the pairs asked (a caller that has
        already ruled most pairs out, e.g. by spotting range, asks only for the rest).
        """
        pa = np.asarray(points_a, dtype=float).reshape(-1, 2)
        pb = np.asarray(points_b, dtype=float).reshape(-1, 2)
        ia, jb = np.asarray(ia, dtype=int), np.asarray(jb, dtype=int)
        if not ia.size or len(self._blockers) == 0:
            return np.ones(ia.size, dtype=bool)
        return ~self._blocked(pa, pb, ia, jb)

    def blocked_by_pairs(
        self,
        points_a: Sequence[Sequence[float]],
        points_b: Sequence[Sequence[float]],
        ia: Sequence[int] | np.ndarray,
        jb: Sequence[int] | np.ndarray,
    ) -> list[tuple[str, ...]]:
        """For each pair ``points_a[ia[k]] -> points_b[jb[k]]``, what blocks it, nearest first:
        :meth:`line_of_sight` ``.blocked_by``, for many pairs in a few vectorised calls (a
        refused shot names what blocks it)."""
        pa = np.asarray(points_a, dtype=float).reshape(-1, 2)
        pb = np.asarray(points_b, dtype=float).reshape(-1, 2)
        ia, jb = np.asarray(ia, dtype=int), np.asarray(jb, dtype=int)
        out: list[tuple[str, ...]] = [() for _ in range(ia.size)]
        if not ia.size or not len(self._blockers):
            return out
        n = len(pa)
        cover = self._covering(np.concatenate([pa, pb]))
        elev = self._elevations(cover, n + len(pb))
        a, b = pa[ia], pb[jb]
        segs = shapely.linestrings(np.stack([a, b], axis=1))
        s, f = self._blocker_tree.query(segs, predicate="intersects")
        f = self._blockers[f]
        keep = ~(a[s] == b[s]).all(axis=1)  # a point sees itself
        s, f = s[keep], f[keep]
        i, j = ia[s], jb[s]
        a_in, b_in = self._holds(cover, i, f), self._holds(cover, n + j, f)
        may = self._may_block(f, elev[i], elev[n + j], a_in, b_in)
        s, f, a_in, b_in = s[may], f[may], a_in[may], b_in[may]
        inside = ~self._is_hill[f] & (a_in | b_in)
        if self.inside_depth is None:
            inside[:] = False
        hit = np.zeros(len(s), dtype=bool)
        hit[~inside] = self._pierces(f[~inside], segs[s[~inside]])
        if inside.any():
            hit[inside] = self._inside_blocks(f[inside], a[s[inside]], b[s[inside]], a_in[inside], b_in[inside])
        s, f = s[hit], f[hit]
        if not s.size:
            return out
        # Nearest first: where each blocker is first met along the line.
        d = b[s] - a[s]
        length = np.hypot(d[:, 0], d[:, 1])
        coords, which = shapely.get_coordinates(shapely.intersection(self._geoms[f], segs[s]), return_index=True)
        rel = coords - a[s][which]
        t = np.clip((rel[:, 0] * d[which, 0] + rel[:, 1] * d[which, 1]) / length[which], 0.0, length[which])
        first = np.full(len(s), np.inf)
        np.minimum.at(first, which, t)
        order = np.lexsort((first, s))
        s, f, first, length = s[order], f[order], first[order], length[order]
        # two blockers of one line met at (nearly) the same place: the single answer orders them
        close = (s[1:] == s[:-1]) & (np.diff(first) <= 1e-9 * (1.0 + length[1:]))
        exact = set(s[1:][close].tolist())
        found: dict[int, list[str]] = {}
        for k, fk in zip(s.tolist(), f.tolist(), strict=True):
            found.setdefault(k, []).append(self._ids[fk])
        for k, ids in found.items():
            out[k] = self.line_of_sight(a[k], b[k]).blocked_by if k in exact else tuple(ids)
        return out

    def _blocked(self, pa: np.ndarray, pb: np.ndarray, ii: np.ndarray, jj: np.ndarray) -> np.ndarray:
        """Whether each sight line ``pa[ii[s]] -> pb[jj[s]]`` is blocked."""
        n = len(pa)
        cover = self._covering(np.concatenate([pa, pb]))
        elev = self._elevations(cover, n + len(pb))
        elev_a, elev_b = elev[:n], elev[n:]

        ends = np.stack([pa[ii], pb[jj]], axis=1)  # (segments, 2, 2)
        d = ends[:, 1] - ends[:, 0]
        length = np.hypot(d[:, 0], d[:, 1])
        pieces = np.maximum(1, np.ceil(length / self._piece_length())).astype(int)
        # Boxes a little larger than each piece, so rounding never loses a candidate.
        eps = 1e-9 * (1.0 + float(np.abs(ends).max()))
        blocked = np.zeros(len(ii), dtype=bool)
        settled = length == 0  # a point sees itself
        start, length2 = ends[:, 0], length**2
        core, core_r = self._inner_disk
        for k in range(int(pieces.max())):
            act = np.flatnonzero(~settled & ~blocked & (pieces > k))
            if not act.size:
                break
            t0 = (k / pieces[act])[:, None]
            t1 = np.minimum((k + 1) / pieces[act], 1.0)[:, None]
            p0, p1 = ends[act, 0] + t0 * d[act], ends[act, 0] + t1 * d[act]
            lo, hi = np.minimum(p0, p1) - eps, np.maximum(p0, p1) + eps
            # (The diagonal of a box has the box as its envelope, and is cheaper to make.)
            qi, qf = self._blocker_tree.query(shapely.linestrings(np.stack([lo, hi], axis=1)))
            s, f = act[qi], self._blockers[qf]
            a0, ds, len2 = start[s], d[s], length2[s]
            # How far each candidate's centre is from the sight line, in reaches (squared): more
            # than 1 cannot meet (with a margin for rounding); the nearest are the likeliest.
            score = _offset2(self._centre[f], a0, ds, len2) / (self._reach[f] + eps) ** 2
            near = score <= (1.0 + 1e-9) ** 2
            s, f, score, a0, ds, len2 = (v[near] for v in (s, f, score, a0, ds, len2))
            i, j = ii[s], jj[s]
            a_in, b_in = self._holds(cover, i, f), self._holds(cover, n + j, f)
            keep = self._may_block(f, elev_a[i], elev_b[j], a_in, b_in)
            inside = keep & ~self._is_hill[f] & (a_in | b_in)
            if self.inside_depth is not None and inside.any():
                si, fi = s[inside], f[inside]
                todo = ~blocked[si]
                hit = np.zeros(len(si), dtype=bool)
                hit[todo] = self._inside_blocks(
                    fi[todo], ends[si[todo], 0], ends[si[todo], 1], a_in[inside][todo],
                    b_in[inside][todo],
                )
                blocked[si[hit]] = True
                keep &= ~inside
            s, f, score, a0, ds, len2 = (v[keep] for v in (s, f, score, a0, ds, len2))
            # A line through a disk lying inside the feature surely passes through it (both
            # its ends are outside): that settles most blocked pairs without a GEOS call.
            sure = _offset(core[f], a0, ds, len2) < core_r[f] * (1 - 1e-6) - eps
            blocked[s[sure]] = True
            rest = ~sure & ~blocked[s]
            self._settle(s[rest], f[rest], score[rest], ends, blocked)
        return blocked

    def _settle(
        self, s: np.ndarray, f: np.ndarray, score: np.ndarray, ends: np.ndarray, blocked: np.ndarray
    ) -> None:
        """Test candidate pairs (segment ``s``, feature ``f``), likeliest first for each
        segment, skipping segments already blocked; mark the blocked segments."""
        if not s.size:
            return
        order = np.lexsort((score, s))
        s, f = s[order], f[order]
        group_start = np.flatnonzero(np.r_[True, s[1:] != s[:-1]])
        rank = np.arange(len(s)) - np.repeat(group_start, np.diff(np.r_[group_start, len(s)]))
        by_rank = np.argsort(rank, kind="stable")
        bounds = np.searchsorted(rank[by_rank], np.arange(rank.max() + 2))
        for r in range(rank.max() + 1):
            sel = by_rank[bounds[r] : bounds[r + 1]]
            sel = sel[~blocked[s[sel]]]
            if sel.size:
                segs = shapely.linestrings(ends[s[sel]])
                blocked[s[sel][self._pierces(f[sel], segs)]] = True
