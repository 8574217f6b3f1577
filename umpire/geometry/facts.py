"""The plain facts the geometry works with and returns, and checks on what users supply.

A :class:`Pose` is a stand on the table; a :class:`Feature` is a terrain piece; a
:class:`LosFact` is the answer to "can A see B?" with every :class:`Crossing` on the way.
All are frozen dataclasses holding floats, strings and tuples: callers never see shapely.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import Any, Literal

import shapely

from umpire.errors import UmpireError

FeatureKind = Literal["area", "line"]


@dataclass(frozen=True)
class Pose:
    """A stand: centre ``(x, y)``, ``facing`` in degrees clockwise from +y, base ``width``
    (along the front edge) by ``depth``, in inches.

    Auftragstaktik BASING gives 1.5 x 1 company bases (ruling ``basing.units``: inches).

    >>> Pose(10, 24, facing=90).depth
    1.0
    """

    x: float
    y: float
    facing: float = 0.0
    width: float = 1.5
    depth: float = 1.0

    def __post_init__(self) -> None:
        for name in ("x", "y", "facing", "width", "depth"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or not math.isfinite(value):
                raise UmpireError(f"stand {name}: {value!r} is not a finite number")
        if self.width <= 0 or self.depth <= 0:
            raise UmpireError(
                f"stand base: ({self.width}, {self.depth}) is not allowed "
                "(width and depth must be more than 0 inches)"
            )

    @property
    def xy(self) -> tuple[float, float]:
        return (float(self.x), float(self.y))


@dataclass(frozen=True)
class Feature:
    """A terrain piece.

    ``kind`` is ``"area"`` (``coords`` are the corners of a polygon) or ``"line"`` (``coords``
    are the points of a road, stream or crest). ``blocks_los`` says whether the piece can block
    a line of sight at all; ``is_hill`` says it raises the ground to ``height`` and then blocks
    by height (see :mod:`umpire.geometry.sight`). A wooded hill is two features.
    """

    id: str
    type: str
    coords: tuple[tuple[float, float], ...]
    kind: FeatureKind = "area"
    height: float = 0.0
    blocks_los: bool = True
    is_hill: bool = False
    #: The caller has already checked the shape, with many others at once (:func:`check_polygons`).
    checked: bool = field(default=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        coords = _float_pairs(self.coords)
        object.__setattr__(self, "coords", coords)
        if self.kind == "area":
            if not self.checked:
                check_polygon(self.id, coords)
        elif self.kind == "line":
            check_line(self.id, coords)
            if self.is_hill:
                raise UmpireError(f"terrain {self.id!r}: a hill must be an area, not a line")
        else:
            raise UmpireError(f"terrain {self.id!r}: kind {self.kind!r} (allowed: area, line)")
        if not math.isfinite(self.height):
            raise UmpireError(f"terrain {self.id!r}: height {self.height!r} is not a number")


@dataclass(frozen=True)
class Crossing:
    """One stretch of a line inside (or along) a feature: ``enter`` and ``exit`` are distances
    in inches along the line from its first point. A line that only touches a feature has
    ``enter == exit``. A line that leaves a feature and comes back gets two crossings."""

    id: str
    type: str
    height: float
    enter: float
    exit: float

    @property
    def length(self) -> float:
        return self.exit - self.enter


@dataclass(frozen=True)
class LosFact:
    """Line of sight between two points (MBT 23.3.2.2: a string from centre to centre).

    ``blocked_by`` lists the ids of the features that block, nearest first; ``crossed`` every
    stretch of every feature the line meets, in order along the line.
    """

    clear: bool
    blocked_by: tuple[str, ...]
    crossed: tuple[Crossing, ...]


def _float_pairs(coords: Sequence[Sequence[float]]) -> tuple[tuple[float, float], ...]:
    """``coords`` as a tuple of ``(float, float)`` pairs: taken as they are when they already are
    (a terrain piece read from the game file), else each point converted."""
    if (type(coords) is tuple and set(map(type, coords)) <= {tuple} and set(map(len, coords)) <= {2}
            and set(map(type, chain.from_iterable(coords))) <= {float}):
        return coords
    return tuple((float(x), float(y)) for x, y in coords)


def _finite_points(what: str, coords: Sequence[Sequence[float]]) -> list[tuple[float, float]]:
    points = []
    for i, p in enumerate(coords):
        if len(p) != 2 or not all(isinstance(v, int | float) and math.isfinite(v) for v in p):
            raise UmpireError(f"{what}: point {i + 1} {list(p)!r} is not an [x, y] pair of numbers")
        points.append((float(p[0]), float(p[1])))
    return points


def check_polygon(id: str, coords: Sequence[Sequence[float]]) -> None:
    """Check that ``coords`` make a simple polygon.

    :raises UmpireError: naming the feature, for fewer than 3 corners, no area, or edges
        that cross (a bow-tie).

    >>> check_polygon("w1", [(0, 0), (1, 0)])
    Traceback (most recent call last):
    ...
    umpire.errors.UmpireError: terrain 'w1': polygon has 2 corners (a polygon needs at least 3)
    """
    points = _finite_points(f"terrain {id!r}: polygon", coords)
    if len(points) > 1 and points[0] == points[-1]:
        points = points[:-1]  # a closed ring repeats its first point; that is not a corner
    distinct = len(dict.fromkeys(points))
    if distinct < 3:
        raise UmpireError(
            f"terrain {id!r}: polygon has {distinct} corners (a polygon needs at least 3)"
        )
    poly = shapely.Polygon(points)
    if shapely.area(shapely.convex_hull(poly)) <= 0:
        raise UmpireError(f"terrain {id!r}: polygon corners lie on one line (it has no area)")
    if not poly.is_valid:
        reason = shapely.is_valid_reason(poly)
        raise UmpireError(
            f"terrain {id!r}: polygon is not simple ({reason}); list the corners in order "
            "around the edge, with no edge crossing another"
        )


def polygons_of(rings: Sequence[Sequence[Sequence[float]]]) -> Any:
    """Shapely polygons of many rings at once (an array, in order): rings of the same number of
    points are made in one call. Each is what ``shapely.Polygon(ring)`` makes."""
    import numpy as np

    out = np.empty(len(rings), dtype=object)
    by_size: dict[int, list[int]] = {}
    for k, ring in enumerate(rings):
        by_size.setdefault(len(ring), []).append(k)
    for size, ks in by_size.items():
        if size < 3:  # not a polygon: made alone, so that shapely says why
            for k in ks:
                out[k] = shapely.Polygon(rings[k])
            continue
        out[ks] = shapely.polygons(np.array([rings[k] for k in ks], dtype=float).reshape(len(ks), size, 2))
    return out


def check_polygons(items: Sequence[tuple[str, Sequence[Sequence[float]]]]) -> Any:
    """:func:`check_polygon` for many polygons ``(id, coords)`` at once: the shapes are tested in
    a few vectorised calls (a big table has thousands of pieces). Returns the polygons tested,
    in order (each what :func:`polygons_of` makes of its coords).

    :raises UmpireError: the error :func:`check_polygon` gives for the first unusable one.
    """
    import numpy as np

    rings: list[Any] = []
    closed: list[int] = []
    first_bad: int | None = None
    plain = _plain_numbers(items)
    for k, (fid, coords) in enumerate(items):
        if plain:  # every value a finite int or float, every point a pair: as _finite_points says
            points: Any = list(map(tuple, coords))
        else:
            try:
                points = _finite_points(f"terrain {fid!r}: polygon", coords)
            except UmpireError:
                first_bad = k
                break
        if len(points) > 1 and points[0] == points[-1]:
            points = points[:-1]
            closed.append(k)
        if len(set(points)) < 3:
            first_bad = k
            break
        rings.append(points)
    polys = polygons_of(rings)
    if rings:
        ok = (shapely.area(shapely.convex_hull(polys)) > 0) & shapely.is_valid(polys)
        if not ok.all():
            first_bad = int(np.flatnonzero(~ok)[0])
    if first_bad is not None:
        check_polygon(*items[first_bad])  # raises, with its own words
        for fid, coords in items:  # (not reached: the checks agree; to be safe, one by one)
            check_polygon(fid, coords)
    if closed:  # a ring given closed is made as given (its last point may repeat twice)
        polys[closed] = polygons_of([items[k][1] for k in closed])
    return polys


def _plain_numbers(items: Sequence[tuple[str, Sequence[Sequence[float]]]]) -> bool:
    """Whether every point of every item is a pair of finite ints or floats (checked at once; a
    False sends the caller to :func:`_finite_points`, which says what is wrong)."""
    import numpy as np

    try:  # (passes of C loops: thousands of pieces)
        points = list(chain.from_iterable(coords for _, coords in items))
        if set(map(len, points)) - {2}:
            return False
        flat = list(chain.from_iterable(points))
    except TypeError:
        return False
    if not set(map(type, flat)) <= {float, int}:
        return False
    try:
        return bool(np.isfinite(np.array(flat, dtype=float)).all()) if flat else True
    except OverflowError:  # an int too large for a float
        return False


def check_line(id: str, coords: Sequence[Sequence[float]]) -> None:
    """Check that ``coords`` make a line of some length (a road, stream or crest).

    :raises UmpireError: for fewer than 2 distinct points.
    """
    points = _finite_points(f"terrain {id!r}: line", coords)
    if len(dict.fromkeys(points)) < 2:
        raise UmpireError(f"terrain {id!r}: line needs at least 2 different points")


def check_on_table(name: str, x: float, y: float, width: float, depth: float) -> None:
    """:raises UmpireError: if ``(x, y)`` is off a ``width`` x ``depth`` table.

    >>> check_on_table("from.at", 80, 10, 72, 48)
    Traceback (most recent call last):
    ...
    umpire.errors.UmpireError: from.at: (80, 10) is off the table (allowed: x 0-72, y 0-48)
    """
    if not (0 <= x <= width and 0 <= y <= depth):
        raise UmpireError(
            f"{name}: ({x:g}, {y:g}) is off the table (allowed: x 0-{width:g}, y 0-{depth:g})"
        )
