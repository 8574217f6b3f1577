"""Lines of sight of many pairs at once: the all-pairs half of
:class:`~umpire.geometry.sight.TerrainIndex` (mixed into it).

:meth:`PairQueries.los_matrix` and :meth:`PairQueries.los_pairs` cut each sight line into
short pieces to find candidate features in the STRtree (a long diagonal's bounding box would
hold half the table), stop looking at a pair once it is blocked, and decide with the very
predicates :meth:`~umpire.geometry.sight.TerrainIndex.line_of_sight` uses, so the two always
agree; :meth:`PairQueries.blocked_by_pairs` names what blocks each line, nearest first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import shapely


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


class PairQueries:
    """The all-pairs answers of a terrain index (its attributes and single-line predicates are
    those of :class:`~umpire.geometry.sight.TerrainIndex`)."""

    _blockers: np.ndarray
    _blocker_tree: Any
    _geoms: np.ndarray
    _ids: tuple[str, ...]
    _is_hill: np.ndarray
    _centre: np.ndarray
    _reach: np.ndarray
    inside_depth: float | None
    _covering: Any
    _holds: Any
    _elevations: Any
    _may_block: Any
    _inside_blocks: Any
    _pierces: Any
    _piece_length: Any
    _inner_disks: Any
    line_of_sight: Any


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
        points_a: Sequence[Sequence[float]] | np.ndarray,
        points_b: Sequence[Sequence[float]] | np.ndarray,
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
        first, length = self._first_met(s, f, a, b, segs)
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

    def _first_met(self, s: np.ndarray, f: np.ndarray, a: np.ndarray, b: np.ndarray,
                   segs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Nearest first: where each blocker ``f[k]`` is first met along its line ``s[k]`` (only
        lines with more than one blocker need it; most lines have one), and each line's length."""
        d = b[s] - a[s]
        length = np.hypot(d[:, 0], d[:, 1])
        first = np.zeros(len(s))
        multi = np.flatnonzero(np.bincount(s)[s] > 1)
        if multi.size:
            sm, dm, lm = s[multi], d[multi], length[multi]
            coords, which = shapely.get_coordinates(shapely.intersection(self._geoms[f[multi]], segs[sm]),
                                                    return_index=True)
            rel = coords - a[sm][which]
            t = np.clip((rel[:, 0] * dm[which, 0] + rel[:, 1] * dm[which, 1]) / lm[which], 0.0, lm[which])
            met = np.full(len(multi), np.inf)
            np.minimum.at(met, which, t)
            first[multi] = met
        return first, length

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
            near = np.flatnonzero(score <= (1.0 + 1e-9) ** 2)  # (indices: taken from six arrays)
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
            kept = np.flatnonzero(keep)
            s, f, score, a0, ds, len2 = (v[kept] for v in (s, f, score, a0, ds, len2))
            # A line through a disk lying inside the feature surely passes through it (both
            # its ends are outside): that settles most blocked pairs without a GEOS call.
            core, core_r = self._inner_disks(f)
            sure = _offset(core, a0, ds, len2) < core_r * (1 - 1e-6) - eps
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
