"""The table's plane in a photo: from pixels to inches.

The four corner markers give sixteen points whose places on the table are known
(:func:`umpire.photo.layout.corner_square`); a homography maps the photo onto the table through
them. A phone's lens bends straight lines a little (barrel or pincushion distortion), which a
homography cannot follow: the photo is first straightened by one radial term,
``p' = c + (p - c)(1 + k r^2)`` about the photo's middle (``r`` in half-diagonals), with ``k``
chosen so that every marker comes out as it was printed: the corner markers where they lie, each
stand's marker a square of its printed size. The fit's residual at the corner markers says how
well the whole photo fits the table, and a photo that does not (the corner markers laid out of
place, a table of another size) is refused.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from umpire.errors import UmpireError
from umpire.photo import cv2
from umpire.photo.family import Found
from umpire.photo.layout import CORNERS, corner_square

K_RANGE = 0.12  # the distortion term is looked for in -K_RANGE..K_RANGE (phones: within a few hundredths)
FIT_LIMIT = 0.35  # inches: the corner markers' largest residual a photo is trusted with


@dataclass(frozen=True)
class Plane:
    """How a photo's pixels map onto the table: the straightening term ``k`` about ``centre``
    (``half``: the half-diagonal, pixels), then the homography ``h`` (3 x 3, row by row);
    ``residual``: the corner markers' largest miss after the fit, inches."""

    h: tuple[float, ...]
    k: float
    centre: tuple[float, float]
    half: float
    residual: float

    def to_table(self, points: Any) -> Any:
        """Pixels ``(n, 2)`` to table inches ``(n, 2)``."""
        import numpy as np

        return _apply(np.asarray(self.h).reshape(3, 3), _straight(np.asarray(points, float), self))

    def scale_at(self, points: Any) -> Any:
        """Pixels an inch of the photo at each of ``points`` (the mean over two directions)."""
        import numpy as np

        p = np.asarray(points, float)
        d = 0.5
        a = self.to_table(p)
        bx = self.to_table(p + [d, 0])
        by = self.to_table(p + [0, d])
        per_px = (np.linalg.norm(bx - a, axis=1) + np.linalg.norm(by - a, axis=1)) / (2 * d)
        return 1.0 / np.maximum(per_px, 1e-9)


def _straight(p: Any, plane: Any) -> Any:
    import numpy as np

    c = np.asarray(plane.centre)
    q = (p - c) / plane.half
    return c + (p - c) * (1 + plane.k * (q * q).sum(axis=1))[:, None]


def _apply(h: Any, p: Any) -> Any:
    import numpy as np

    ph = np.column_stack([p, np.ones(len(p))]) @ h.T
    return ph[:, :2] / ph[:, 2:3]


@dataclass(frozen=True)
class _Trial:
    k: float
    centre: tuple[float, float]
    half: float


def _order(found: Found, table: tuple[float, float], size: float, rough: Any) -> Any:
    """The known table points of a corner marker's four corners, in the order the detector
    listed them (a corner card may lie any way round)."""
    import numpy as np

    known = np.asarray(corner_square(found.marker, table, size))
    seen = rough(np.asarray(found.corners))
    best = min(range(4), key=lambda s: float(np.linalg.norm(np.roll(known, -s, axis=0) - seen)))
    return np.roll(known, -best, axis=0)


def _corner_finds(found: list[Found], where: str) -> list[Found]:
    """The four corner markers among ``found``, in order.

    :raises UmpireError: if one is missing or seen twice."""
    corners = {f.marker: [g for g in found if g.marker == f.marker] for f in found if f.marker < len(CORNERS)}
    missing = [CORNERS[m] for m in range(len(CORNERS)) if m not in corners]
    if missing:
        seen = [CORNERS[m] for m in range(len(CORNERS)) if m in corners]
        what = "no corner marker" if not seen else f"the corner marker{'s' if len(missing) > 1 else ''} " \
            f"{', '.join(missing)} (seen: {', '.join(seen)})"
        raise UmpireError(f"{where}: {what} found; the photo must show all four corner markers of the table "
                          f"(umpire markers prints them)" if not seen else
                          f"{where}: {what} not found; the photo must show all four corner markers, none hidden")
    twice = [CORNERS[m] for m, fs in corners.items() if len(fs) > 1]
    if twice:
        raise UmpireError(f"{where}: the corner marker {', '.join(twice)} is seen twice: one set of corner markers "
                          "a table")
    corner_finds = [corners[m][0] for m in range(len(CORNERS))]
    return corner_finds


def _least(cost: Callable[[float], float]) -> float:
    """The lens's k where ``cost`` is least: the best of 25 steps across its range, then a
    golden-section search around it."""
    import numpy as np

    ks = np.linspace(-K_RANGE, K_RANGE, 25)
    costs = [cost(float(k)) for k in ks]
    i = int(np.argmin(costs))
    lo, hi = ks[max(i - 1, 0)], ks[min(i + 1, len(ks) - 1)]
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = cost(a), cost(b)
    for _ in range(30):
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = cost(a)
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = cost(b)
    return float((lo + hi) / 2)


def fit(found: list[Found], size: dict[int, float], photo: tuple[int, int], table: tuple[float, float],
        corner_size: float, where: str) -> Plane:
    """The plane of a photo ``photo`` (width, height) pixels from its markers (``size``: each
    stand marker's printed side, inches).

    :raises UmpireError: if a corner marker is missing or seen twice, or the corners do not fit
        a table of this size."""
    import numpy as np

    cv = cv2()
    corner_finds = _corner_finds(found, where)
    stands = [f for f in found if f.marker in size]
    w, h = photo
    half = math.hypot(w, h) / 2
    centre = (w / 2 - 0.5, h / 2 - 0.5)

    def solve(k: float) -> tuple[Any, float, float]:
        trial = _Trial(k, centre, half)
        mids = np.array([_straight(np.asarray(f.corners), trial).mean(axis=0) for f in corner_finds])
        known_mids = np.array([np.mean(corner_square(f.marker, table, corner_size), axis=0) for f in corner_finds])
        rough_h = cv.getPerspectiveTransform(mids.astype(np.float32), known_mids.astype(np.float32))
        src, dst = [], []
        for f in corner_finds:
            pts = _straight(np.asarray(f.corners), trial)
            src.append(pts)
            dst.append(_order(f, table, corner_size, lambda p, hh=rough_h: _apply(hh, p)))
        src_a, dst_a = np.vstack(src), np.vstack(dst)
        hom, _ = cv.findHomography(src_a, dst_a, 0)
        if hom is None:
            return None, math.inf, math.inf
        miss = np.linalg.norm(_apply(hom, src_a) - dst_a, axis=1)
        cost = float((miss ** 2).sum())
        if stands:
            pts = np.stack([_straight(np.asarray(f.corners), trial) for f in stands])  # (n, 4, 2)
            table_pts = _apply(hom, pts.reshape(-1, 2)).reshape(-1, 4, 2)
            sides = np.linalg.norm(table_pts - np.roll(table_pts, -1, axis=1), axis=2)  # (n, 4)
            want = np.array([size[f.marker] for f in stands])[:, None]
            rel = sides / want - 1
            rel = np.clip(rel, -0.2, 0.2)  # a marker misread or bent weighs no more than that
            # the corner markers' sixteen points against the stands' hundreds of sides: each side's
            # relative error counts as much as a corner's miss over the marker's size
            cost += float(((rel * want) ** 2).sum())
        return hom, cost, float(miss.max())

    k = _least(lambda k: solve(k)[1])
    hom, _, residual = solve(k)
    if hom is None:
        raise UmpireError(f"{where}: the corner markers do not make a table (they lie in a line, or on each other)")
    plane = Plane(tuple(float(v) for v in np.asarray(hom).ravel()), k, centre, half, residual)
    if residual > FIT_LIMIT:
        raise UmpireError(f"{where}: the corner markers do not lie where a {table[0]:g}\" x {table[1]:g}\" table's "
                          f"corners are (they miss by up to {residual:.2f}\"): is each flush in its own corner, "
                          "and is the table the game's?")
    return plane
