"""Distances between stands.

Auftragstaktik MOVEMENT > Spotting: "all distances are measured from the edge of one stand to
the edge of another. Use the shortest distance between stands" (ruling
``range.increment_rounding`` keeps edge to edge, shortest). MBT 23.3.2.1-2 measures ranges and
strings from centre to centre, so both are offered.

The ``*_matrix`` forms answer every pair at once with shapely's array functions and give
exactly what the single-pair functions give.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

from umpire.geometry.facts import Pose
from umpire.geometry.footprint import footprint, footprints, pose_arrays


def edge_distance(a: Pose, b: Pose) -> float:
    """Shortest distance between the two bases, 0 when they touch or overlap.

    >>> edge_distance(Pose(10, 24, facing=90), Pose(50, 24, facing=270))
    39.0
    """
    return float(shapely.distance(footprint(a), footprint(b)))


def center_distance(a: Pose, b: Pose) -> float:
    """Distance between the centres of the two stands.

    >>> center_distance(Pose(0, 0), Pose(3, 4))
    5.0
    """
    return float(np.hypot(b.x - a.x, b.y - a.y))


def within(a: Pose, b: Pose, radius: float, edge: bool = True) -> bool:
    """Is ``b`` within ``radius`` inches of ``a``? Edge to edge unless ``edge=False``."""
    d = edge_distance(a, b) if edge else center_distance(a, b)
    return d <= radius


def edge_distance_matrix(poses_a: Sequence[Pose], poses_b: Sequence[Pose]) -> np.ndarray:
    """Edge-to-edge distances, shape ``(len(poses_a), len(poses_b))``."""
    fa, fb = footprints(poses_a), footprints(poses_b)
    out: np.ndarray = shapely.distance(fa[:, None], fb[None, :]).reshape(len(fa), len(fb))
    return out


def center_distance_matrix(poses_a: Sequence[Pose], poses_b: Sequence[Pose]) -> np.ndarray:
    """Centre-to-centre distances, shape ``(len(poses_a), len(poses_b))``."""
    a, b = pose_arrays(poses_a)[:, :2], pose_arrays(poses_b)[:, :2]
    out: np.ndarray = np.hypot(b[None, :, 0] - a[:, None, 0], b[None, :, 1] - a[:, None, 1])
    return out
