"""Stand footprints: the rectangle a base covers on the table.

A base is ``width`` along its front edge by ``depth``, centred on the stand, turned to its
facing (Auftragstaktik BASING; MBT 23.3.2). Facing 90 with base (1.5, 1.0) spans x +- 0.5
and y +- 0.75. Facings that are whole multiples of 90 degrees give exact corners, so stands
set edge to edge on the table really touch.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

from umpire.geometry.facts import Pose


def sin_cos(facing: np.ndarray | float) -> tuple[np.ndarray, np.ndarray]:
    """``sin`` and ``cos`` of facings in degrees, exact at multiples of 90.

    >>> s, c = sin_cos(np.array([0.0, 90.0, 180.0, 270.0]))
    >>> s.tolist(), c.tolist()
    ([0.0, 1.0, 0.0, -1.0], [1.0, 0.0, -1.0, 0.0])
    """
    deg = np.mod(np.asarray(facing, dtype=float), 360.0)
    rad = np.radians(deg)
    s, c = np.sin(rad), np.cos(rad)
    quarter = np.mod(deg, 90.0) == 0
    if np.any(quarter):
        k = (deg // 90).astype(int) % 4
        s = np.where(quarter, np.array([0.0, 1.0, 0.0, -1.0])[k], s)
        c = np.where(quarter, np.array([1.0, 0.0, -1.0, 0.0])[k], c)
    return s, c


def pose_arrays(poses: Sequence[Pose]) -> np.ndarray:
    """Columns x, y, facing, width, depth, one row per pose (shape ``(n, 5)``)."""
    if len(poses) == 0:
        return np.zeros((0, 5))
    return np.array([(p.x, p.y, p.facing, p.width, p.depth) for p in poses], dtype=float)


def corner_array(poses: Sequence[Pose] | np.ndarray) -> np.ndarray:
    """Corners of every base, shape ``(n, 4, 2)``: front-left, front-right, rear-right,
    rear-left. ``poses`` may also be their :func:`pose_arrays` (checked poses, as arrays)."""
    arr = poses if isinstance(poses, np.ndarray) else pose_arrays(poses)
    x, y, facing, width, depth = arr.reshape(-1, 5).T
    s, c = sin_cos(facing)
    fwd = np.stack([s, c], axis=-1) * (depth / 2)[:, None]  # towards the front edge
    right = np.stack([c, -s], axis=-1) * (width / 2)[:, None]  # towards the right edge
    centre = np.stack([x, y], axis=-1)
    return np.stack(
        [centre + fwd - right, centre + fwd + right, centre - fwd + right, centre - fwd - right],
        axis=1,
    )


def corners(pose: Pose) -> tuple[tuple[float, float], ...]:
    """The four corners of one base: front-left, front-right, rear-right, rear-left.

    >>> corners(Pose(0, 0, facing=90, width=1.5, depth=1.0))
    ((0.5, 0.75), (0.5, -0.75), (-0.5, -0.75), (-0.5, 0.75))
    """
    return tuple((float(px), float(py)) for px, py in corner_array([pose])[0])


def footprints(poses: Sequence[Pose] | np.ndarray) -> np.ndarray:
    """Footprint polygons of many stands at once (a numpy array of shapely polygons); from
    poses or their :func:`pose_arrays`."""
    out: np.ndarray = shapely.polygons(corner_array(poses))
    return out


def footprint(pose: Pose) -> shapely.Polygon:
    """The footprint polygon of one stand (for use inside the geometry package)."""
    return footprints([pose])[0]
