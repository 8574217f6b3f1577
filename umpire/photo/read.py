"""A photo of the table read into stands' positions and facings, each with how sure it is.

:func:`read_photo` takes the photo's bytes, the table's size and which marker is which (plain
values) and returns a :class:`Reading`: every stand whose marker was found and read as printed,
its centre in inches and facing in degrees (clockwise from the far edge) with their likely
error; the markers it found that are no stand's, or read wrong (a size far from the printed
one, a shape far from a square: a marker bent, half hidden or of another set), or found twice;
and how well the photo fits the table. What it could not see it leaves out: a marker too small,
blurred or hidden is not found, and the reading says so by not listing it, never by a guess.

How sure: a marker's corners are placed to about a tenth of a pixel in a sharp photo; the error
of its centre and facing grows as its cells get fewer pixels and as its four corners stray from
the printed square. :data:`SURE` is the line between a reading to trust and one to look at.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from umpire.photo.family import find, refined
from umpire.photo.image import decode
from umpire.photo.layout import CELLS, corner_of
from umpire.photo.plane import Plane, fit

SIZE_TOLERANCE = 0.2  # a marker whose sides read more than this much off its printed size is refused
SQUARE_TOLERANCE = 0.12  # of its size: how far a marker's corners may stray from a square
SURE = (0.1, 2.0)  # inches and degrees: a reading likelier to be off by more is marked as doubtful
OFF_TABLE = 1.0  # inches: a marker further than this outside the table is not on it


@dataclass(frozen=True)
class Seen:
    """A stand's marker read: where its centre is, which way its front faces, how sure."""

    unit: str
    marker: int
    x: float
    y: float
    facing: float
    error: float  # inches: the likely error of the position
    turn_error: float  # degrees: the likely error of the facing
    pixels: float  # pixels a cell of the marker covers in the photo

    @property
    def sure(self) -> bool:
        return self.error <= SURE[0] and self.turn_error <= SURE[1]


@dataclass(frozen=True)
class Odd:
    """A marker found but not taken as a stand: ``why`` in words, where it lies (inches; None when
    it could not be placed)."""

    marker: int
    why: str
    x: float | None = None
    y: float | None = None
    unit: str | None = None


@dataclass(frozen=True)
class Reading:
    """What one photo shows of the table."""

    width: int
    height: int
    kind: str
    seen: tuple[Seen, ...]
    odd: tuple[Odd, ...] = ()
    residual: float = 0.0  # inches: the corner markers' largest miss after the fit
    distortion: float = 0.0  # the lens's radial term the fit took out

    def seen_units(self) -> set[str]:
        return {s.unit for s in self.seen}


def _facing(p: Any) -> float:
    """The facing (degrees clockwise from the far edge) of a marker whose corners, in table
    inches, are ``p`` (top-left, top-right, bottom-right, bottom-left as printed)."""
    fx, fy = (p[0] + p[1] - p[2] - p[3]) / 2  # back to front
    rx, ry = (p[1] + p[2] - p[0] - p[3]) / 2  # left to right, turned a quarter to point to the front
    vx, vy = fx - ry, fy + rx
    return math.degrees(math.atan2(vx, vy)) % 360


def read_stands(found: list[Any], plane: Plane, markers: Mapping[int, tuple[str, float]],
                table: tuple[float, float]) -> tuple[list[Seen], list[Odd]]:
    """Each stand's marker among ``found`` placed on the table (``markers``: unit and printed size
    by marker), and the markers that are no stand's or read wrong."""
    import numpy as np

    seen: list[Seen] = []
    odd: list[Odd] = []
    by_marker: dict[int, list[Any]] = {}
    for f in found:
        if corner_of(f.marker) is None:
            by_marker.setdefault(f.marker, []).append(f)
    for m, finds in sorted(by_marker.items()):
        unit, size = markers.get(m, (None, None))
        places = []
        for f in finds:
            px = np.asarray(f.corners)
            t = plane.to_table(px)
            mid = t.mean(axis=0)
            places.append((f, px, t, mid))
        if len(finds) > 1:
            for _, _, _, mid in places:
                odd.append(Odd(m, f"marker {m} is seen {len(finds)} times: none of them is read", float(mid[0]),
                               float(mid[1]), unit))
            continue
        f, px, t, mid = places[0]
        x, y = float(mid[0]), float(mid[1])
        if not (-OFF_TABLE <= x <= table[0] + OFF_TABLE and -OFF_TABLE <= y <= table[1] + OFF_TABLE):
            odd.append(Odd(m, f"marker {m} lies off the table", x, y, unit))
            continue
        if unit is None or size is None:
            odd.append(Odd(m, f"marker {m} is no stand's of this game", x, y))
            continue
        sides = np.linalg.norm(t - np.roll(t, -1, axis=0), axis=1)
        read = float(sides.mean())
        if abs(read / size - 1) > SIZE_TOLERANCE:
            odd.append(Odd(m, f"marker {m} reads {read:.2f}\" a side, printed {size:g}\": a marker of another size, "
                              "or misread", x, y, unit))
            continue
        # the printed square that fits the corners best, and how far the corners stray from it
        facing = _facing(t)
        a = math.radians(facing)
        f_, r_ = np.array([math.sin(a), math.cos(a)]), np.array([math.cos(a), -math.sin(a)])
        ideal = mid + np.array([(-r_ + f_), (r_ + f_), (r_ - f_), (-r_ - f_)]) * size / 2
        stray = float(np.sqrt(((t - ideal) ** 2).sum(axis=1).mean()))
        if stray > SQUARE_TOLERANCE * size:
            odd.append(Odd(m, f"marker {m} is not square in the photo (its corners stray {stray:.2f}\"): bent, "
                              "half hidden or misread", x, y, unit))
            continue
        scale = float(plane.scale_at(px.mean(axis=0, keepdims=True))[0])
        cell_px = scale * size / CELLS
        # a corner's error in pixels: a tenth of a pixel in a sharp photo, more as cells shrink
        corner_px = 0.1 + 0.6 / max(cell_px, 0.5) ** 2
        corner_in = math.hypot(corner_px / scale, stray)
        error = math.hypot(corner_in / 2, plane.residual / 2)
        turn = math.degrees(math.atan2(corner_in * math.sqrt(2), size))
        seen.append(Seen(unit, m, round(x, 3), round(y, 3), round(facing, 2), round(error, 3), round(turn, 2),
                         round(cell_px, 2)))
    return seen, odd


def read_photo(data: bytes, table: tuple[float, float], markers: Mapping[int, tuple[str, float]],
               corner_size: float, where: str = "photo") -> Reading:
    """Read a photo of a table ``width x depth`` inches (``markers``: each stand marker's unit and
    printed size; ``corner_size``: the corner markers' side).

    :raises UmpireError: for a photo that cannot be read (its kind, size, a damaged file) or that
        does not show the table (a corner marker missing, the corners not a table of this size)."""
    pic = decode(data, where)
    found = find(pic.grey)
    sizes = {m: s for m, (_, s) in markers.items()}
    plane = fit(found, sizes, (pic.width, pic.height), table, corner_size, where)
    have = {f.marker for f in found}
    missing = {m: s for m, s in sizes.items() if m not in have}
    if missing:
        from umpire.photo.rectify import look_again

        found += [refined(pic.grey, f) for f in look_again(pic.grey, plane, table, missing)]
    seen, odd = read_stands(found, plane, markers, table)
    return Reading(pic.width, pic.height, pic.kind, tuple(seen), tuple(odd), round(plane.residual, 3),
                   round(plane.k, 4))
