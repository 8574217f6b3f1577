"""Section 23: hexes become inches, in one place.

23.3.2.1 lets the players choose a length equal to one hex (``scale``, inches per hex; 1 inch by
default): movement factors and ranges convert directly, and terrain costing other than 1 MF per
hex is charged per inch moved. What the text leaves open is settled here:

- **Ranges.** A distance in inches becomes a whole number of hexes by ``ceil(inches / scale)``
  (ruling ``scale.range_rounding``: ``up``, any part of a hex counts, so the tape reads exactly as
  the card: a 40-hex weapon reaches 40 inches and not 40.1), or by the nearest whole number
  (``nearest``). Anything closer than one hex is range 1 (adjacent, 4.7.1 counts the target hex).
- **Range bands** in inches: the band ``13-16`` covers more than 12 and up to 16 hexes, that is
  ``(12 * scale, 16 * scale]`` inches.
- **"Always one step"** (8.4.4: a unit with MOVE or OVERRUN orders that spends nothing on turns
  may always enter one new hex): on the table it may always move up to one hex length (``scale``
  inches) straight ahead or in reverse, whatever the terrain costs, unless the terrain is
  prohibited. One hex length is the smallest move that would have put it in a new hex.
- **Turns** (23.3.2.4): a turn of up to 60 degrees counts as 60 degrees (one hexside).
"""

from __future__ import annotations

import math

from umpire.errors import UmpireError

EPS = 1e-9


def check_scale(scale: float) -> float:
    """:raises UmpireError: unless ``scale`` is a positive number of inches per hex."""
    if isinstance(scale, bool) or not isinstance(scale, int | float) or not scale > 0:
        raise UmpireError(f"scale: {scale!r} is not a positive number of inches per hex (e.g. 1)")
    return float(scale)


def to_hexes(inches: float, scale: float = 1.0, rounding: str = "up") -> int:
    """The range in hexes of a distance measured in inches.

    >>> to_hexes(5, 1), to_hexes(12.1, 1), to_hexes(12.4, 1, "nearest"), to_hexes(0.3, 1)
    (5, 13, 12, 1)
    >>> to_hexes(10, 2)
    5
    """
    if inches < 0:
        raise UmpireError(f"range: {inches!r} inches cannot be negative")
    h = inches / check_scale(scale)
    n = math.ceil(h - EPS) if rounding == "up" else math.floor(h + 0.5)
    return max(1, int(n))


def to_inches(hexes: float, scale: float = 1.0) -> float:
    """The length on the table of ``hexes`` hexes."""
    return hexes * check_scale(scale)


def one_step(scale: float = 1.0) -> float:
    """Inches a unit may always move under 8.4.4 (one hex length)."""
    return check_scale(scale)


def turn_hexsides(degrees: float) -> int:
    """Hexsides a turn counts as (23.3.2.4: up to 60 degrees is one).

    >>> [turn_hexsides(d) for d in (0, 10, 60, 61, 180)]
    [0, 1, 1, 2, 3]
    """
    d = abs(degrees) % 360
    d = min(d, 360 - d)
    return math.ceil(d / 60 - EPS)
