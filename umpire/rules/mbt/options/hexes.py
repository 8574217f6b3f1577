"""Hexes on an ungridded table: mapboard directions, hex offsets, and the patterns area fire covers.

MBT is played on a hex grid; on the ungridded table (23.3.2) a hex is ``scale`` inches across
and the grid is laid wherever the rule needs one, centred on the point it starts from (the
target hex of a fire plot, a unit making a panic move). Mapboard direction 1 is the top side of
the directional hex (1.1), toward the far edge (bearing 0), and the others run clockwise, 60
degrees apart; a hex's neighbour in direction ``d`` is one hex length along that bearing.

A hex is an axial pair ``(a, b)``: ``a`` steps along direction 1 and ``b`` along direction 2.
Everything here is plain arithmetic (no geometry library): the turn code turns a unit's centre
into the hex it is in with :func:`hex_of`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Hex = tuple[int, int]

#: Axial steps of the six mapboard directions (1: bearing 0, 2: bearing 60, ... clockwise).
STEPS: dict[int, Hex] = {1: (1, 0), 2: (0, 1), 3: (-1, 1), 4: (-1, 0), 5: (0, -1), 6: (1, -1)}


def bearing(direction: int) -> float:
    """The table bearing of mapboard direction 1-6 (degrees clockwise from the far edge).

    >>> bearing(1), bearing(4), bearing(6)
    (0.0, 180.0, 300.0)
    """
    return float((direction - 1) * 60)


def direction_of(facing: float) -> int:
    """The mapboard direction nearest a facing (an aircraft's flight, a helicopter's nose).

    >>> direction_of(0), direction_of(59), direction_of(-60), direction_of(181)
    (1, 2, 6, 4)
    """
    return int(round((facing % 360.0) / 60.0)) % 6 + 1


def step(h: Hex, direction: int, n: int = 1) -> Hex:
    da, db = STEPS[direction]
    return h[0] + n * da, h[1] + n * db


def distance(h: Hex) -> int:
    """Hexes from the centre hex (0, 0) to ``h``.

    >>> distance((2, 0)), distance((1, 1)), distance((1, -1)), distance((2, -1))
    (2, 2, 1, 2)
    """
    a, b = h
    return (abs(a) + abs(b) + abs(a + b)) // 2


def within(n: int) -> list[Hex]:
    """Every hex within ``n`` hexes of the centre, sorted (the centre first)."""
    out = [(a, b) for a in range(-n, n + 1) for b in range(-n, n + 1) if distance((a, b)) <= n]
    return sorted(out, key=lambda h: (distance(h), h))


def offset(h: Hex, scale: float) -> tuple[float, float]:
    """The table offset (dx, dy) in inches of hex ``h``'s centre from the centre hex's."""
    a, b = h
    x = b * math.sin(math.radians(60))
    y = a + b * math.cos(math.radians(60))
    return x * scale, y * scale


def hex_of(dx: float, dy: float, scale: float) -> Hex:
    """The hex holding the table offset (dx, dy) inches from the centre hex's centre."""
    b = dx / (scale * math.sin(math.radians(60)))
    a = dy / scale - b * 0.5
    # cube rounding (x = a, z = b, y = -a - b)
    x, z = a, b
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    ex, ey, ez = abs(rx - x), abs(ry - y), abs(rz - z)
    if ex > ey and ex > ez:
        rx = -ry - rz
    elif ez > ey:
        rz = -rx - ry
    return int(rx), int(rz)


def line(start: Hex, direction: int, count: int) -> list[Hex]:
    """``start`` and the next ``count`` hexes in ``direction``."""
    return [step(start, direction, k) for k in range(count + 1)]


def around(hexes: Iterable[Hex]) -> list[Hex]:
    """``hexes`` and every hex adjacent to one of them, in order, without repeats."""
    out: list[Hex] = []
    for h in hexes:
        for x in [h, *(step(h, d) for d in STEPS)]:
            if x not in out:
                out.append(x)
    return out


#: What each pattern covers (19.2.3, 20.1.3.3.2-20.1.3.3.6, 19.2.4.6) and the GP share it takes.
PATTERNS = ("tight", "line", "loose", "impact", "iron", "cluster", "napalm", "mines", "smoke")


def pattern(name: str, direction: int = 1, *, radius: int = 0) -> list[Hex]:
    """The hexes a SHEAF or an air weapon affects around the impact hex (0, 0).

    ``direction`` is a line SHEAF's chosen direction or an aircraft's facing; ``radius`` an
    illumination area's (``name`` ``within``).

    >>> len(pattern("tight")), len(pattern("loose")), pattern("line", 4)[-1], len(pattern("cluster", 1))
    (7, 19, (-6, 0), 10)
    """
    centre = (0, 0)
    if name == "tight":
        return within(1)  # 19.2.3.1
    if name == "loose":
        return within(2)  # 19.2.3.3
    if name == "line":
        return line(centre, direction, 6)  # 19.2.3.2
    if name == "impact":
        return [centre]  # rockets (20.1.3.4.1), mortars' smoke (19.2.4.4)
    if name == "iron":
        return line(centre, direction, 1)  # 20.1.3.3.2
    if name == "cluster":
        return around(line(centre, direction, 1))  # 20.1.3.3.3
    if name == "napalm":
        return line(centre, direction, 3)  # 20.1.3.3.4
    if name in ("mines", "smoke"):
        return line(centre, direction, 2)  # 20.1.3.3.5, 20.1.3.3.6
    if name == "within":
        return within(radius)  # 19.2.4.6 illumination
    raise ValueError(f"unknown pattern {name!r} (known: {', '.join(PATTERNS)}, within)")
