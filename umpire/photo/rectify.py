"""A second look for the markers a photo taken at an angle foreshortens: the table seen from straight
above, where the photo squeezes it.

In a photo taken from the side, a marker at the far edge is squeezed along the line of sight: a
half-inch marker can have two pixels a cell across and under one and a half along, and the
detector, which looks for a dark square with a white margin, loses it there first. Once the
table's plane is known (the corner markers), the part of the table where the photo squeezes a cell
of a missing marker under :data:`SQUEEZED` pixels is redrawn as seen from above (:func:`top_view`),
at :data:`CELL_PIXELS` pixels a cell, sharpened, and looked at again for the missing markers
alone: each one found there is mapped back onto the photo, where its corners are placed on its
edges as any other's are.

Nothing is invented: the redrawing only unsqueezes what the photo holds, and a marker the photo
does not show is not found in it either. Looking for a few markers rather than the family's 587,
the detector corrects more of a marker's cells (a blurred cell misread: up to 5 of the 36, where
the first look corrects 3): any two markers of the family differ in at least 11 cells, so a
marker is taken for another only with 6 of its cells misread just so, and must then still read
its printed size and a square (the reading's own checks). Where the photo does not squeeze the table (taken from
above), there is no second look: a marker not found there is not in the photo.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from umpire.photo import cv2
from umpire.photo.family import Found, dictionary, merge, refined
from umpire.photo.layout import CELLS
from umpire.photo.plane import Plane

CELL_PIXELS = 4.0  # pixels a cell of the smallest missing marker gets in the view from above
SQUEEZED = 2.5  # pixels a cell, its shorter way: where the photo has fewer, markers are looked for again
MAX_VIEW = 16_000_000  # pixels: the view from above is never drawn larger
MARGIN = 1.0  # inches round the table looked at too (a stand at its very edge)
CORRECTED = 1.0  # the share of the family's correctable cells (5) corrected, the missing markers alone
STEP = 8  # view pixels between the points mapped exactly onto the photo (the rest interpolated)
# the view's sharpening (pixels of a view at CELL_PIXELS a cell): a slight smoothing against the
# photo's noise, then the detail a blur of ``soft`` took out added back ``amount`` times; each finds
# markers the other misses
PASSES = ((0.7, 4.0, 2.5), (1.0, 6.0, 3.0))
# and sharpened along the way the photo squeezes the table: the photo's blur (BLUR pixels, a
# phone's at its sharpest) drawn out in the view as the squeeze draws it, times ``spread``, taken
# out ``amount`` times (the squeeze's way and size at the middle of the part redrawn)
BLUR = 1.1
SQUEEZED_PASSES = ((1.0, 4.0), (1.5, 4.0))


def _distorted(plane: Plane, p: Any) -> Any:
    """The photo's own (distorted) pixels of straightened points ``p`` (the inverse of the
    straightening, by a few fixed-point steps)."""
    import numpy as np

    c = np.asarray(plane.centre)
    d = p.copy()
    for _ in range(6):
        q = (d - c) / plane.half
        d = c + (p - c) / (1 + plane.k * (q * q).sum(axis=-1))[..., None]
    return d


def to_photo(plane: Plane, inches: Any) -> Any:
    """Table inches ``(n, 2)`` to the photo's pixels."""
    import numpy as np

    h = np.linalg.inv(np.asarray(plane.h).reshape(3, 3))
    pts = np.column_stack([inches, np.ones(len(inches))]) @ h.T
    return _distorted(plane, pts[:, :2] / pts[:, 2:3])


def squeeze(plane: Plane, inches: Any) -> Any:
    """Pixels an inch of the photo at each point of the table ``(n, 2)``, the way the photo
    squeezes it most (the smaller singular value of the table-to-photo map there)."""
    import numpy as np

    d = 0.05
    p = to_photo(plane, inches)
    jx = (to_photo(plane, inches + [d, 0]) - p) / d
    jy = (to_photo(plane, inches + [0, d]) - p) / d
    j = np.stack([jx, jy], axis=-1)  # (n, 2, 2)
    return np.linalg.svd(j, compute_uv=False)[:, -1]


def squeezed_region(plane: Plane, table: tuple[float, float], smallest: float) -> tuple[float, ...] | None:
    """The box (x0, y0, x1, y1, inches, :data:`MARGIN` round the table included) holding every
    part of the table where the photo has under :data:`SQUEEZED` pixels a cell of a marker of
    ``smallest`` inches its shorter way; None where it has that everywhere."""
    import numpy as np

    xs = np.linspace(-MARGIN, table[0] + MARGIN, 39)
    ys = np.linspace(-MARGIN, table[1] + MARGIN, 27)
    gx, gy = np.meshgrid(xs, ys)
    pts = np.column_stack([gx.ravel(), gy.ravel()])
    low = squeeze(plane, pts) * smallest / CELLS < SQUEEZED
    if not low.any():
        return None
    dx, dy = xs[1] - xs[0], ys[1] - ys[0]  # a grid step round what it found, the squeeze between points
    x0, y0 = pts[low].min(axis=0) - (dx, dy)
    x1, y1 = pts[low].max(axis=0) + (dx, dy)
    return (max(float(x0), -MARGIN), max(float(y0), -MARGIN), min(float(x1), table[0] + MARGIN),
            min(float(y1), table[1] + MARGIN))


def top_view(grey: Any, plane: Plane, box: tuple[float, ...], ppi: float) -> Any:
    """The photo redrawn as the table's ``box`` (x0, y0, x1, y1, inches) seen from above, ``ppi``
    pixels an inch, far edge at the top. The photo's pixel of every :data:`STEP`-th point is
    computed, those between interpolated (the map is smooth to far under a hundredth of a
    pixel over so few)."""
    import numpy as np

    cv = cv2()
    x0, y0, x1, y1 = box
    w = int(round((x1 - x0) * ppi))
    h = int(round((y1 - y0) * ppi))
    gw, gh = w // STEP + 2, h // STEP + 2
    xs = x0 + (np.arange(gw) * STEP + 0.5) / ppi
    ys = y1 - (np.arange(gh) * STEP + 0.5) / ppi
    gx, gy = np.meshgrid(xs, ys)
    src = to_photo(plane, np.column_stack([gx.ravel(), gy.ravel()])).astype(np.float32)
    coarse = src.reshape(gh, gw, 2)
    # the coarse grid's points are at view pixels k * STEP; each view pixel's place between them
    at_x = np.broadcast_to((np.arange(w, dtype=np.float32) / STEP)[None, :], (h, w))
    at_y = np.broadcast_to((np.arange(h, dtype=np.float32) / STEP)[:, None], (h, w))
    fine = cv.remap(coarse, np.ascontiguousarray(at_x), np.ascontiguousarray(at_y), cv.INTER_LINEAR)
    return cv.remap(grey, fine[..., 0], fine[..., 1], cv.INTER_CUBIC, borderMode=cv.BORDER_CONSTANT, borderValue=0)


def view_scale(box: tuple[float, ...], smallest: float) -> float:
    """Pixels an inch of the view from above: :data:`CELL_PIXELS` a cell of the smallest marker,
    within :data:`MAX_VIEW`."""
    ppi = CELL_PIXELS * CELLS / smallest
    area = (box[2] - box[0]) * (box[3] - box[1])
    return float(min(ppi, (MAX_VIEW / max(area, 1e-9)) ** 0.5))


def _detector(wanted: list[int], longest: int, smallest_px: float) -> Any:
    """The detector for the markers ``wanted`` alone, in a view whose longest side is ``longest``."""
    import numpy as np

    cv = cv2()
    family = dictionary()
    only = cv.aruco.Dictionary(np.ascontiguousarray(family.bytesList[wanted]), family.markerSize,
                               family.maxCorrectionBits)
    p = cv.aruco.DetectorParameters()
    p.minMarkerPerimeterRate = 4 * smallest_px / max(longest, 1)
    p.maxMarkerPerimeterRate = 4.0
    p.errorCorrectionRate = CORRECTED
    p.adaptiveThreshConstant = 3  # a blurred margin is a faint one
    p.polygonalApproxAccuracyRate = 0.06  # a blurred square's corners are round
    p.cornerRefinementMethod = cv.aruco.CORNER_REFINE_NONE  # placed on the photo afterwards
    # each cell read at its middle, as the photo's own passes read it
    p.perspectiveRemovePixelPerCell = 8
    p.perspectiveRemoveIgnoredMarginPerCell = 0.3
    return cv.aruco.ArucoDetector(only, p)


def _sharpened(view: Any, cell: float, smooth: float, soft: float, amount: float) -> Any:
    cv = cv2()
    k = cell / CELL_PIXELS
    im = cv.GaussianBlur(view, (0, 0), smooth * k)
    return cv.addWeighted(im, 1 + amount, cv.GaussianBlur(im, (0, 0), soft * k), -amount, 0)


def _squeeze_kernel(plane: Plane, box: tuple[float, ...], ppi: float, spread: float) -> Any:
    """The photo's blur as the view draws it at the middle of ``box``: a Gaussian drawn out along
    the way the photo squeezes the table, normalised, ``spread`` times as wide."""
    import numpy as np

    mid = np.array([[(box[0] + box[2]) / 2, (box[1] + box[3]) / 2]])
    d = 0.05
    p = to_photo(plane, mid)
    jac = np.column_stack([(to_photo(plane, mid + [d, 0]) - p)[0] / d, (to_photo(plane, mid + [0, d]) - p)[0] / d])
    _, sv, vt = np.linalg.svd(jac)
    along, across = (spread * BLUR * ppi / max(float(v), 1e-9) for v in (sv[1], sv[0]))
    angle = np.arctan2(-vt[1][1], vt[1][0])  # the view's y runs down the table
    r = int(np.ceil(3 * max(along, across)))
    y, x = np.mgrid[-r:r + 1, -r:r + 1].astype(np.float64)
    u = x * np.cos(angle) + y * np.sin(angle)
    w = -x * np.sin(angle) + y * np.cos(angle)
    k = np.exp(-0.5 * ((u / along) ** 2 + (w / across) ** 2))
    return (k / k.sum()).astype(np.float32)


def _views(view: Any, cell: float, plane: Plane, box: tuple[float, ...], ppi: float) -> Iterator[Any]:
    """The view sharpened each way it is read (:data:`PASSES`, :data:`SQUEEZED_PASSES`)."""
    cv = cv2()
    for p in PASSES:
        yield _sharpened(view, cell, *p)
    smooth = cv.GaussianBlur(view, (0, 0), 0.7 * cell / CELL_PIXELS)
    for spread, amount in SQUEEZED_PASSES:
        soft = cv.filter2D(smooth, -1, _squeeze_kernel(plane, box, ppi, spread))
        yield cv.addWeighted(smooth, 1 + amount, soft, -amount, 0)


def look_again(grey: Any, plane: Plane, table: tuple[float, float], missing: Mapping[int, float]) -> list[Found]:
    """The ``missing`` markers (printed size by marker) found in the view from above of the part
    of the table the photo squeezes, their corners on the photo (none where it squeezes none)."""
    import numpy as np

    if not missing:
        return []
    smallest = min(missing.values())
    box = squeezed_region(plane, table, smallest)
    if box is None:
        return []
    ppi = view_scale(box, smallest)
    view = top_view(grey, plane, box, ppi)
    wanted = sorted(missing)
    cell = ppi * smallest / CELLS
    det = _detector(wanted, max(view.shape), 0.75 * CELLS * cell)
    more = []
    for sharp in _views(view, cell, plane, box, ppi):
        corners, ids, _ = det.detectMarkers(sharp)
        if ids is None:
            continue
        for c, i in zip(corners, ids.ravel(), strict=True):
            f = refined(view, Found(wanted[int(i)], tuple((float(x), float(y)) for x, y in c.reshape(4, 2))))
            px = np.asarray(f.corners, np.float64)
            inches = np.column_stack([box[0] + (px[:, 0] + 0.5) / ppi, box[3] - (px[:, 1] + 0.5) / ppi])
            photo = to_photo(plane, inches)
            more.append(Found(wanted[int(i)], tuple((float(x), float(y)) for x, y in photo)))
    return merge(more)
