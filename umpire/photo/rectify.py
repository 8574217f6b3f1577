"""A second look for the markers a photo taken at an angle foreshortens: the table seen from straight
above.

In a photo taken from the side, a marker at the far edge is squeezed along the line of sight: a
half-inch marker can have two pixels a cell across and under one and a half along, and the
detector, which looks for a dark square with a white margin, loses it there first. Once the
table's plane is known (the corner markers), the photo is redrawn as the table seen from above
(:func:`top_view`), at :data:`CELL_PIXELS` pixels a cell of the smallest stand marker, and the
markers are looked for again in it; each one found there, and only there, is mapped back onto
the photo, where its corners are placed on its edges as any other's are. Nothing is invented:
the redrawing only unsqueezes what the photo holds, and a marker the photo does not show is not
found in it either.
"""

from __future__ import annotations

from typing import Any

from umpire.photo import cv2
from umpire.photo.family import Found, find, merge
from umpire.photo.layout import CELLS
from umpire.photo.plane import Plane

CELL_PIXELS = 4.0  # pixels a cell of the smallest stand marker gets in the view from above
MAX_VIEW = 16_000_000  # pixels: the view from above is never drawn larger
MARGIN = 1.0  # inches round the table drawn too (a stand at its very edge)


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


def top_view(grey: Any, plane: Plane, table: tuple[float, float], ppi: float) -> Any:
    """The photo redrawn as the table seen from above, ``ppi`` pixels an inch, far edge at the top,
    :data:`MARGIN` round it."""
    import numpy as np

    cv = cv2()
    w = int(round((table[0] + 2 * MARGIN) * ppi))
    h = int(round((table[1] + 2 * MARGIN) * ppi))
    out = np.empty((h, w), np.uint8)
    rows = 512  # drawn a band at a time: the maps of a whole view would take as much memory again
    xs = (np.arange(w) + 0.5) / ppi - MARGIN
    for y0 in range(0, h, rows):
        ys = table[1] + MARGIN - (np.arange(y0, min(y0 + rows, h)) + 0.5) / ppi
        gx, gy = np.meshgrid(xs, ys)
        src = to_photo(plane, np.column_stack([gx.ravel(), gy.ravel()])).astype(np.float32)
        mx = src[:, 0].reshape(gx.shape)
        my = src[:, 1].reshape(gx.shape)
        out[y0:y0 + len(ys)] = cv.remap(grey, mx, my, cv.INTER_CUBIC, borderMode=cv.BORDER_CONSTANT, borderValue=0)
    return out


def view_scale(table: tuple[float, float], smallest: float) -> float:
    """Pixels an inch of the view from above: :data:`CELL_PIXELS` a cell of the smallest marker,
    within :data:`MAX_VIEW`."""
    ppi = CELL_PIXELS * CELLS / smallest
    area = (table[0] + 2 * MARGIN) * (table[1] + 2 * MARGIN)
    return float(min(ppi, (MAX_VIEW / area) ** 0.5))


def look_again(grey: Any, plane: Plane, table: tuple[float, float], smallest: float,
               found: list[Found]) -> list[Found]:
    """The markers found in the view from above that the photo's own passes did not find, their
    corners on the photo."""
    import numpy as np

    ppi = view_scale(table, smallest)
    view = top_view(grey, plane, table, ppi)
    have = {f.marker for f in found}
    more = []
    for f in find(view, refine_corners=False):
        if f.marker in have:
            continue
        px = np.asarray(f.corners)
        inches = np.column_stack([(px[:, 0] + 0.5) / ppi - MARGIN, table[1] + MARGIN - (px[:, 1] + 0.5) / ppi])
        photo = to_photo(plane, inches)
        more.append(Found(f.marker, tuple((float(x), float(y)) for x, y in photo)))
    return merge(more)
