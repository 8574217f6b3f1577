"""The geometry of an SVG drawing: lengths with units, transforms, and shapes flattened to points.

Curves (path curves and arcs, circles, ellipses) become straight segments that stay within
:data:`FLATNESS` inches of the curve on the table, whatever the drawing's scale: the number of
segments of each curve is worked out from its size after every transform. Path data is parsed
by ``svg.path``; transforms (``matrix``, ``translate``, ``scale``, ``rotate``, ``skewX``,
``skewY``) here. Nothing here opens a file.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from umpire.errors import UmpireError

#: Inches a flattened curve may stray from the curve drawn.
FLATNESS = 0.01
#: Segments one curve may be cut into (a curve needing more is drawn far larger than a table).
MAX_SEGMENTS = 2_000

#: Inches per unit of an SVG length (CSS: 96 px to the inch; a length without a unit is px).
UNITS = {"in": 1.0, "cm": 1 / 2.54, "mm": 1 / 25.4, "pt": 1 / 72, "pc": 1 / 6, "px": 1 / 96, "": 1 / 96}

Point = tuple[float, float]
Affine = tuple[float, float, float, float, float, float]  # a b c d e f: x' = a x + c y + e, y' = b x + d y + f
IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

_NUM = r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
_LENGTH = re.compile(rf"\s*({_NUM})\s*([a-z]*)\s*\Z")
_NUMBERS = re.compile(_NUM)
_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?")


def at_most(text: str, most: int, per_point: int, what: str) -> None:
    """Refuse ``text`` (path data, a list of points) as soon as it holds more numbers than
    ``most`` points can take, ``per_point`` numbers a point at most: counted as far as the limit
    and no further, so a drawing of a million commands costs no more than one at the limit.

    :raises UmpireError: ``more than 10,000 points (at most 10,000)``."""
    from itertools import islice

    bound = most * per_point
    if len(text) > bound and sum(1 for _ in islice(_NUMBERS.finditer(text), bound + 1)) > bound:
        raise UmpireError(f"{what}: more than {most:,} points (at most {most:,}, curves counted once flattened)")


def numbers(text: str, what: str) -> list[float]:
    """The numbers in ``text`` (separated by spaces or commas). :raises UmpireError: otherwise."""
    rest = _NUMBERS.sub(" ", text).replace(",", " ").strip()
    if rest:
        raise UmpireError(f"{what}: {text[:60]!r} is not a list of numbers")
    out = [float(v) for v in _NUMBERS.findall(text)]
    if not all(math.isfinite(v) and abs(v) < 1e9 for v in out):
        raise UmpireError(f"{what}: {text[:60]!r} holds a number too large")
    return out


def length_in_inches(text: str, what: str) -> float:
    """An SVG length (``72in``, ``1828.8mm``, ``6912`` px) in inches.

    >>> length_in_inches("1828.8mm", "width")
    72.0
    """
    m = _LENGTH.match(text)
    if not m or m.group(2) not in UNITS:
        raise UmpireError(f"{what}: {text[:40]!r} is not a length (allowed: a number with in, cm, mm, pt, pc "
                          "or px, e.g. 72in)")
    value = float(m.group(1)) * UNITS[m.group(2)]
    if not (math.isfinite(value) and value > 0):
        raise UmpireError(f"{what}: {text[:40]!r} is not a length more than 0")
    return round(value, 9)


def compose(outer: Affine, inner: Affine) -> Affine:
    """The transform that applies ``inner`` first, then ``outer``."""
    a1, b1, c1, d1, e1, f1 = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a1 * a2 + c1 * b2, b1 * a2 + d1 * b2, a1 * c2 + c1 * d2, b1 * c2 + d1 * d2,
            a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1)


def apply(m: Affine, p: Point) -> Point:
    a, b, c, d, e, f = m
    return (a * p[0] + c * p[1] + e, b * p[0] + d * p[1] + f)


def stretch(m: Affine) -> float:
    """How much ``m`` lengthens a line at most (its largest singular value)."""
    a, b, c, d, _, _ = m
    s = a * a + b * b + c * c + d * d
    det = a * d - b * c
    return math.sqrt((s + math.sqrt(max(s * s - 4 * det * det, 0.0))) / 2)


def parse_transform(text: str, what: str) -> Affine:
    """An SVG ``transform`` attribute.

    >>> parse_transform("translate(10, 5) scale(2)", "t")
    (2.0, 0.0, 0.0, 2.0, 10.0, 5.0)
    """
    out, pos = IDENTITY, 0
    while pos < len(text.strip()):
        m = _TRANSFORM.match(text, pos)
        if not m:
            raise UmpireError(f"{what}: transform {text[:60]!r} is not one SVG can hold")
        name, args = m.group(1), numbers(m.group(2), f"{what}: transform {m.group(1)}")
        out = compose(out, _one(name, args, f"{what}: transform {m.group(0).strip()!r}"))
        pos = m.end()
    return out


def _one(name: str, v: list[float], what: str) -> Affine:
    counts = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3), "skewX": (1,), "skewY": (1,)}
    if len(v) not in counts[name]:
        raise UmpireError(f"{what}: {name} takes {' or '.join(map(str, counts[name]))} numbers")
    if name == "matrix":
        return (v[0], v[1], v[2], v[3], v[4], v[5])
    if name == "translate":
        return (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
    if name == "scale":
        return (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
    if name == "rotate":
        r = math.radians(v[0])
        turn: Affine = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0.0, 0.0)
        if len(v) == 3:
            return compose((1.0, 0.0, 0.0, 1.0, v[1], v[2]), compose(turn, (1.0, 0.0, 0.0, 1.0, -v[1], -v[2])))
        return turn
    t = math.tan(math.radians(v[0]))
    return (1.0, 0.0, t, 1.0, 0.0, 0.0) if name == "skewX" else (1.0, t, 0.0, 1.0, 0.0, 0.0)


def _count(n: float) -> int:
    return max(1, min(MAX_SEGMENTS, math.ceil(n)))


def ellipse(cx: float, cy: float, rx: float, ry: float, scale: float) -> list[Point]:
    """The corners of an ellipse flattened to :data:`FLATNESS` (``scale``: inches per unit)."""
    r = max(rx, ry) * scale
    step = 2 * math.acos(max(-1.0, 1 - FLATNESS / r)) if r > FLATNESS else math.pi / 2
    n = max(8, _count(2 * math.pi / step))
    return [(cx + rx * math.cos(2 * math.pi * k / n), cy + ry * math.sin(2 * math.pi * k / n)) for k in range(n)]


def path_points(d: str, scale: float, what: str, most: int) -> tuple[list[Point], bool]:
    """The points of path data ``d`` flattened to :data:`FLATNESS` (``scale``: inches per unit),
    and whether the path is closed. :raises UmpireError: for bad data, more than one part, or
    more than ``most`` points (refused before the path is parsed when its numbers are already
    too many: every segment gives at least one point and takes at most seven numbers)."""
    from svg.path import Arc, Close, CubicBezier, Line, Move, QuadraticBezier, parse_path

    at_most(d, most, 7, what)
    try:
        segments = list(parse_path(d))
    except (ValueError, IndexError, TypeError, ZeroDivisionError) as exc:
        raise UmpireError(f"{what}: path data is not valid ({str(exc)[:60]})") from None
    parts = [k for k, s in enumerate(segments) if isinstance(s, Move)]
    drawn = [k for k in parts if k + 1 < len(segments) and not isinstance(segments[k + 1], Move)]
    if len(drawn) > 1:
        raise UmpireError(f"{what}: the path has {len(drawn)} separate parts (a hole or a second piece); draw "
                          "each piece as its own shape (Path > Break Apart)")
    points: list[Point] = []
    closed = False
    for s in segments:
        if isinstance(s, Move):
            if points:
                break
            points.append((s.end.real, s.end.imag))
            continue
        if isinstance(s, Close):
            closed = True
            break
        if isinstance(s, Line):
            n = 1
        elif isinstance(s, CubicBezier):
            m = max(abs(s.start - 2 * s.control1 + s.control2), abs(s.control1 - 2 * s.control2 + s.end))
            n = _count(math.sqrt(0.75 * m * scale / FLATNESS))
        elif isinstance(s, QuadraticBezier):
            n = _count(math.sqrt(abs(s.start - 2 * s.control + s.end) * scale / (4 * FLATNESS)))
        elif isinstance(s, Arc):
            r = max(abs(s.radius.real), abs(s.radius.imag)) * float(getattr(s, "radius_scale", 1.0)) * scale
            step = 2 * math.acos(max(-1.0, 1 - FLATNESS / r)) if r > FLATNESS else math.pi
            n = _count(math.radians(abs(getattr(s, "delta", 180.0))) / step)
        else:  # pragma: no cover - svg.path makes no other segments
            raise UmpireError(f"{what}: a path segment umpire cannot read ({type(s).__name__})")
        if len(points) + n > most + 1:
            raise UmpireError(f"{what}: more than {most:,} points once flattened (at most {most:,})")
        for k in range(1, n + 1):
            p = s.point(k / n)
            points.append((float(p.real), float(p.imag)))
    if len(points) > 2 and math.dist(points[0], points[-1]) < 1e-9:
        points.pop()
        closed = True
    return points, closed


def point_list(text: str, what: str, most: int) -> list[Point]:
    """The points of a ``polygon`` or ``polyline`` (``points="x,y x,y ..."``), at most ``most``."""
    at_most(text, most, 2, what)
    v = numbers(text, what)
    if len(v) % 2:
        raise UmpireError(f"{what}: points: an odd count of numbers ({len(v)}); give x,y pairs")
    return [(v[k], v[k + 1]) for k in range(0, len(v), 2)]


def transformed(m: Affine, points: Sequence[Point]) -> list[Point]:
    return [apply(m, p) for p in points]
