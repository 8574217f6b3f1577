"""Bearings and the aspect a firer sees of its target (front, flank, rear...).

Bearings use the table's facing convention: degrees clockwise from +y (the far edge), so
0 = towards the far edge and 90 = towards the right edge. Both rules measure from centre to
centre (Auftragstaktik COMBAT "line of fire"; MBT 23.3.2.4 "a string from the center of a firing
unit to the center of a target unit with a compass placed in front of the target").

Rulings made here (the text leaves them open):

- **Auftragstaktik, COMBAT (armor facing), ruling ``fire.arc_definition`` default (a).** Four
  arcs are bounded by 45-degree lines drawn outward from each corner of the target's base: front
  (beyond the front edge), left and right (flank), rear. The firer's arc is the one holding the
  firer's *centre*: the line of fire runs centre to centre, so a firer whose base straddles a
  line is judged by where its centre is. A centre exactly on a line gets the arc better for the
  target (the armor it would choose): on a front/flank line it is ``front``, on a flank/rear
  line ``flank``. The models always point at the front edge (ruling ``basing.platoon_facing``),
  so "or two adjacent ones" never applies.
- **MBT 7.4.5.1 Hit Angle Determination** is a rule of its sectors (ruling
  ``fire.hit_angle_sectors``): :func:`umpire.rules.mbt.arcs.hit_angle` classifies the bearing,
  for fire and for ``measure`` alike; the geometry gives the bearing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Literal

from umpire.geometry.facts import Pose
from umpire.geometry.footprint import sin_cos

Arc = Literal["front", "flank", "rear"]
LENGTH_TOLERANCE = 1e-9  # inches: closer than this to a 45-degree line is on it


def bearing(from_xy: Sequence[float], to_xy: Sequence[float]) -> float:
    """Direction from one point to another, degrees clockwise from +y, in ``[0, 360)``.
    The bearing from a point to itself is 0.

    >>> bearing((0, 0), (0, 5)), bearing((0, 0), (5, 0)), bearing((0, 0), (-1, -1))
    (0.0, 90.0, 225.0)
    """
    dx, dy = to_xy[0] - from_xy[0], to_xy[1] - from_xy[1]
    b = math.degrees(math.atan2(dx, dy)) % 360.0
    return 0.0 if b >= 360.0 else b + 0.0


def relative_bearing(pose: Pose, to_xy: Sequence[float]) -> float:
    """Bearing of ``to_xy`` from the stand's centre, relative to its facing, in ``(-180, 180]``;
    positive is to the stand's right. A point at the stand's centre has no direction: it
    counts as dead ahead (0), whichever way the table is turned.

    >>> relative_bearing(Pose(0, 0, facing=90), (0, 10))
    -90.0
    """
    if to_xy[0] == pose.x and to_xy[1] == pose.y:
        return 0.0
    r = (bearing(pose.xy, to_xy) - pose.facing) % 360.0
    if r >= 360.0:
        r -= 360.0
    return r - 360.0 if r > 180.0 else r + 0.0


def local_xy(pose: Pose, xy: Sequence[float]) -> tuple[float, float]:
    """``xy`` in the stand's own frame: (to its right, to its front) of its centre, inches."""
    s, c = _sin_cos(pose.facing)
    dx, dy = xy[0] - pose.x, xy[1] - pose.y
    return (dx * c - dy * s, dx * s + dy * c)


@lru_cache(maxsize=1024)
def _sin_cos(facing: float) -> tuple[float, float]:
    """:func:`~umpire.geometry.footprint.sin_cos` of one facing (a table's stands face few ways)."""
    s, c = sin_cos(facing)
    return float(s), float(c)


def base_arc(firer: Pose, target: Pose) -> Arc:
    """The arc of the target's base the firer's centre lies in: ``front``, ``flank`` or ``rear``,
    bounded by 45-degree lines from the base's corners (Auftragstaktik COMBAT's armor facing;
    see the module notes).

    In the target's frame a point is beyond the front or rear edge by ``|forward| - depth/2``
    and beyond a side edge by ``|right| - width/2``; the 45-degree corner lines are where the
    two are equal.

    >>> target = Pose(0, 0, facing=0)
    >>> [base_arc(Pose(x, y), target) for x, y in [(0, 5), (5, 0), (0, -5)]]
    ['front', 'flank', 'rear']
    """
    right, forward = local_xy(target, firer.xy)
    beyond_side = abs(right) - target.width / 2
    beyond_end = abs(forward) - target.depth / 2
    if beyond_end > beyond_side + LENGTH_TOLERANCE:
        return "front" if forward >= 0 else "rear"
    if beyond_end >= beyond_side - LENGTH_TOLERANCE:  # on a 45-degree line
        return "front" if forward >= 0 else "flank"
    return "flank"
