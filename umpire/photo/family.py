"""The marker family through OpenCV's ``objdetect``: the detector, its settings, a marker's cells.

The detector's defaults are tuned for markers that fill a good part of a frame; a table photo
holds hundreds of small ones, so it is told to look for markers down to :data:`MIN_SIDE_PX`
pixels a side, and to place their corners to a fraction of a pixel. It never reports a marker
whose cells it could not read: a marker too small, blurred or hidden is not found (the reading
says so), never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.photo import cv2
from umpire.photo.layout import CELLS, COUNT

MIN_SIDE_PX = 10  # the smallest marker side, in pixels, the detector looks for (1.25 pixels a cell)


@dataclass(frozen=True)
class Found:
    """A marker found in a photo: its number and its black square's four corners in pixels
    (top-left, top-right, bottom-right, bottom-left of the marker as printed)."""

    marker: int
    corners: tuple[tuple[float, float], ...]


def dictionary() -> Any:
    cv = cv2()
    return cv.aruco.getPredefinedDictionary(cv.aruco.DICT_APRILTAG_36h11)


def detector(longest: int, smallest: float = MIN_SIDE_PX) -> Any:
    """The detector for an image whose longest side is ``longest`` pixels, looking for markers
    down to ``smallest`` pixels a side."""
    cv = cv2()
    p = cv.aruco.DetectorParameters()
    p.minMarkerPerimeterRate = 4 * smallest / max(longest, 1)
    p.maxMarkerPerimeterRate = 4.0
    p.cornerRefinementMethod = cv.aruco.CORNER_REFINE_SUBPIX
    p.cornerRefinementWinSize = 3
    p.cornerRefinementMaxIterations = 50
    p.cornerRefinementMinAccuracy = 0.01
    # read each cell at its middle: a blurred cell's edges are its neighbours' as much as its own
    p.perspectiveRemovePixelPerCell = 8
    p.perspectiveRemoveIgnoredMarginPerCell = 0.3
    return cv.aruco.ArucoDetector(dictionary(), p)


TILE = 1024  # pixels of the photo read at a time when looking for small markers...
OVERLAP = 160  # ...each overlapping the next by more than a stand's marker is wide
ENLARGE = 2  # small markers are looked for in the photo enlarged this many times, and sharpened


def _detect(det: Any, image: Any, scale: float, dx: int, dy: int) -> list[Found]:
    corners, ids, _ = det.detectMarkers(image)
    out = []
    if ids is not None:
        for c, i in zip(corners, ids.ravel(), strict=True):
            # a pixel's centre is at its integer coordinates, in the enlarged image as in the photo
            pts = ((float(x) + 0.5) / scale - 0.5 + dx for x in c.reshape(4, 2)[:, 0])
            qts = ((float(y) + 0.5) / scale - 0.5 + dy for y in c.reshape(4, 2)[:, 1])
            out.append(Found(int(i), tuple(zip(pts, qts, strict=True))))
    return out


def find(grey: Any, refine_corners: bool = True) -> list[Found]:
    """Every marker of the family in a greyscale photo, by number then place.

    Two passes: the whole photo at its own size (the corner markers, any large marker), then the
    photo a tile at a time, enlarged and sharpened (the stands' small markers, which blur and
    the detector's own thresholds would otherwise lose). A marker found more than once in one
    place (two passes, two tiles) is kept once, its corners the mean of its finds."""
    cv = cv2()
    h, w = grey.shape[:2]
    found = _detect(detector(max(h, w), 24), grey, 1.0, 0, 0)
    step = TILE - OVERLAP
    for y0 in range(0, max(h - OVERLAP, 1), step):
        for x0 in range(0, max(w - OVERLAP, 1), step):
            tile = grey[y0:y0 + TILE, x0:x0 + TILE]
            big = cv.resize(tile, None, fx=ENLARGE, fy=ENLARGE, interpolation=cv.INTER_CUBIC)
            soft = cv.GaussianBlur(big, (0, 0), 2.0)
            big = cv.addWeighted(big, 2.5, soft, -1.5, 0)
            found += _detect(detector(max(big.shape), MIN_SIDE_PX * ENLARGE), big, ENLARGE, x0, y0)
    return [refined(grey, f) for f in merge(found)] if refine_corners else merge(found)


def refine(grey: Any, found: Found) -> Found:
    """``found`` with its corners placed where the lines of its black square's four edges meet.

    A blurred photo rounds a square's corners, and a corner found where the grey turns (OpenCV's
    refinement) lies a third to half a pixel inside the true one, more the more the photo is
    blurred: a marker read a pixel too small, and one placed in a blurred corner of the photo
    pulled towards its middle. A straight edge blurs symmetrically, so each edge is placed
    where the grey changes fastest across it, at points along its middle part, a line is fitted
    through them, and the corners are where those lines meet. A marker whose edges cannot be
    placed so keeps the corners it was found with."""
    import numpy as np

    cv = cv2()
    q = np.asarray(found.corners, np.float64)
    mid = q.mean(axis=0)
    side = float(np.mean(np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)))
    cell = side / CELLS
    if cell < 1.0:
        return found
    lines = []
    reach = min(0.6 * cell, 6.0)  # how far either side of the edge found to look for the true one
    step = 0.2
    offs = np.arange(-reach - 2 * step, reach + 2 * step + 1e-9, step)
    for a in range(4):
        p0, p1 = q[a], q[(a + 1) % 4]
        t = (p1 - p0) / np.linalg.norm(p1 - p0)
        n = np.array([t[1], -t[0]])
        if np.dot(n, (p0 + p1) / 2 - mid) < 0:
            n = -n  # outwards
        k = int(min(max(6, side / 2), 40))
        along = np.linspace(0.15, 0.85, k)
        base = p0[None, :] + (p1 - p0)[None, :] * along[:, None]  # (k, 2)
        pts = base[:, None, :] + offs[None, :, None] * n[None, None, :]  # (k, m, 2)
        vals = cv.remap(grey, pts[..., 0].astype(np.float32), pts[..., 1].astype(np.float32), cv.INTER_LINEAR,
                        borderMode=cv.BORDER_REPLICATE).astype(np.float64)
        edge = _edge_points(vals, base, n, offs, step)
        if len(edge) < 4:
            return found
        c = edge.mean(axis=0)
        _, _, vt = np.linalg.svd(edge - c)
        lines.append((c, vt[0]))
    new = _meeting(lines)
    if new is None:
        return found
    if np.max(np.linalg.norm(new - q, axis=1)) > max(2.5, 0.8 * cell):
        return found  # the lines met far from where the detector saw the corners: keep those
    return Found(found.marker, tuple((float(x), float(y)) for x, y in new))


def _edge_points(vals: Any, base: Any, n: Any, offs: Any, step: float) -> Any:
    """Where the grey changes fastest across an edge (to a fraction of a step) at each point
    ``base`` along it, sampled at ``offs`` along its outward normal ``n``: the points found
    clearly, as (k, 2)."""
    import numpy as np

    grad = np.gradient(vals, axis=1)  # dark inside, light outside: rising outwards
    grad = (grad[:, :-2] + 2 * grad[:, 1:-1] + grad[:, 2:]) / 4
    g = grad[:, 1:-1]
    i = np.argmax(g, axis=1)
    ok = (i > 0) & (i < g.shape[1] - 1)
    rows = np.arange(len(i))[ok]
    i = i[ok]
    gl, gc, gr = g[rows, i - 1], g[rows, i], g[rows, i + 1]
    den = gl - 2 * gc + gr
    frac = np.where(np.abs(den) > 1e-9, 0.5 * (gl - gr) / np.where(np.abs(den) > 1e-9, den, 1), 0.0)
    strong = gc > 0.25 * np.median(gc) if len(gc) else gc > 0
    off = offs[2:-2][i] + frac * step
    edge = base[rows] + off[:, None] * n[None, :]
    return edge[strong & (np.abs(frac) <= 1)]


def _meeting(lines: list[tuple[Any, Any]]) -> Any:
    """Where each edge's line (a point and a direction) meets the one before it: the four
    corners, or None where two lines are (nearly) parallel."""
    import numpy as np

    out = []
    for a in range(4):
        (c0, d0), (c1, d1) = lines[(a - 1) % 4], lines[a]
        m = np.array([d0, -d1]).T
        if abs(np.linalg.det(m)) < 1e-6:
            return None
        s0, _ = np.linalg.solve(m, c1 - c0)
        out.append(c0 + s0 * d0)
    return np.array(out)


def refined(grey: Any, found: Found) -> Found:
    """:func:`refine` twice: the second time along the edges the first placed."""
    return refine(grey, refine(grey, found))


def merge(found: list[Found]) -> list[Found]:
    """One find per marker and place: finds of a marker whose middles lie within half its side
    are one find (their corners averaged); finds of one marker far apart stay apart."""
    import numpy as np

    out: list[Found] = []
    for marker in sorted({f.marker for f in found}):
        groups: list[list[Any]] = []
        for f in (f for f in found if f.marker == marker):
            pts = np.asarray(f.corners)
            mid = pts.mean(axis=0)
            side = float(np.linalg.norm(pts[0] - pts[1]))
            for g in groups:
                if np.linalg.norm(g[0].mean(axis=0) - mid) < side / 2:
                    g.append(pts)
                    break
            else:
                groups.append([pts])
        for g in groups:
            mean = np.mean(g, axis=0)
            out.append(Found(marker, tuple((float(x), float(y)) for x, y in mean)))
    return out


def cells(marker: int) -> list[list[int]]:
    """Marker ``marker``'s cells, :data:`CELLS` rows from the top, 1 for black (border included).

    :raises ValueError: for a number outside the family."""
    if not 0 <= marker < COUNT:
        raise ValueError(f"marker {marker}: the family has markers 0 to {COUNT - 1}")
    cv = cv2()
    img = cv.aruco.generateImageMarker(dictionary(), marker, CELLS, borderBits=1)
    return [[1 if v < 128 else 0 for v in row] for row in img.tolist()]
