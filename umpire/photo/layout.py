"""Which printed marker is which, and where it lies: pure values, no OpenCV.

- **The family.** AprilTag 36h11: 587 markers of 6 x 6 cells inside a black border one cell
  wide, any two differing in at least 11 cells, so a misread cell or two is corrected and a
  wrong identity is all but impossible. A marker's *size* is the side of its black square; it
  is printed on a white card with a quiet margin of one cell all round, which the detector needs.
- **Corners.** Markers 0-3 are the table's corners: near-left, near-right, far-right, far-left
  (near is the umpire's edge). Each is printed on a square card :data:`CORNER_MARGIN` of its size
  wider on every side; the card lies flush in its corner, so the marker's square is known on
  the table whatever way round the card was put down.
- **Stands.** Markers from 4 on are the stands', one each, stuck in the middle of the base with
  the marker's top towards the stand's front; the unit's id is printed under it. Which marker is
  which unit is kept in the game file; a game that has none kept takes :func:`assign`'s, which
  follows the order a game lists its units in (by id), so markers printed from a scenario fit
  the games started from it.
- **Sizes.** :func:`size_for_base` picks the largest of :data:`SIZES` whose card (and its label)
  fits on the base: 0.625" on Auftragstaktik's 1.5" x 1" and 1" x 1" bases, 0.375" on MBT's
  0.5" x 0.75" models.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from umpire.errors import UmpireError

FAMILY = "apriltag-36h11"
COUNT = 587  # markers in the family
CELLS = 8  # a marker's side in cells: 6 of data and the border's two
CORNERS = ("near-left", "near-right", "far-right", "far-left")  # markers 0, 1, 2, 3
FIRST_STAND = len(CORNERS)
CORNER_SIZE = 3.0  # inches: a corner marker's side unless told
CORNER_MARGIN = 0.125  # of the marker's size: the white card round a corner marker, on each side (a cell)
QUIET = 1 / CELLS  # of the marker's size: the white margin round a stand's marker (one cell)
LABEL = 0.12  # inches: the band under a stand's marker that holds its unit's id
SIZES = (1.0, 0.875, 0.75, 0.625, 0.5, 0.4375, 0.375, 0.3125, 0.25)  # inches, largest first
SMALLEST, LARGEST = 0.2, 2.0  # the sizes a stand's marker may be printed at (--size)
CORNER_RANGE = (1.0, 8.0)  # the sizes a corner marker may be printed at

Point = tuple[float, float]


def card(size: float) -> tuple[float, float]:
    """A stand's printed card, width by height in inches: the marker, its quiet margin, its label."""
    side = size * (1 + 2 * QUIET)
    return side, side + LABEL


def size_for_base(base: Sequence[float]) -> float:
    """The largest standard marker whose card fits on a base ``width x depth`` (the smallest if none).

    >>> size_for_base((1.5, 1.0)), size_for_base((1.0, 1.0)), size_for_base((0.5, 0.75))
    (0.625, 0.625, 0.375)
    """
    w, d = float(base[0]), float(base[1])
    for s in SIZES:
        cw, ch = card(s)
        if cw <= w + 1e-9 and ch <= d + 1e-9:
            return s
    return SIZES[-1]


def check_size(size: float, what: str = "--size", lo: float = SMALLEST, hi: float = LARGEST) -> float:
    """:raises UmpireError: for a marker size outside ``lo``-``hi`` inches."""
    if not lo <= size <= hi:
        raise UmpireError(f"{what} {size:g}: a marker's side is {lo:g} to {hi:g} inches")
    return float(size)


def corner_of(marker: int) -> str | None:
    """The corner a marker stands for (None for a stand's)."""
    return CORNERS[marker] if 0 <= marker < len(CORNERS) else None


def corner_square(marker: int, table: Point, size: float) -> tuple[Point, Point, Point, Point]:
    """The four corners of corner marker ``marker``'s black square on a table ``width x depth``
    (inches), from the one nearest the table's own corner, clockwise as seen from above: the way
    the detector lists a marker's corners, so that the two lists match once one is turned.

    >>> corner_square(0, (72, 48), 4.0)
    ((0.5, 0.5), (0.5, 4.5), (4.5, 4.5), (4.5, 0.5))
    """
    w, d = float(table[0]), float(table[1])
    m = CORNER_MARGIN * size
    name = CORNERS[marker]
    x0, sx = (m, 1.0) if name.endswith("left") else (w - m, -1.0)
    y0, sy = (m, 1.0) if name.startswith("near") else (d - m, -1.0)
    pts = [(x0, y0), (x0 + sx * size, y0), (x0 + sx * size, y0 + sy * size), (x0, y0 + sy * size)]
    if sx * sy > 0:  # this way round they run anticlockwise (y grows towards the far edge)
        pts = [pts[0], pts[3], pts[2], pts[1]]
    return tuple(pts)  # type: ignore[return-value]


def assign(units: Iterable[str], kept: Mapping[str, int] | None = None) -> dict[str, int]:
    """Each unit's marker: those ``kept`` stay, the others take the lowest free markers from
    :data:`FIRST_STAND` in the order given.

    :raises UmpireError: if the family has too few markers for the units.

    >>> assign(["a", "b", "c"], {"b": 4})
    {'a': 5, 'b': 4, 'c': 6}
    """
    kept = dict(kept or {})
    taken = set(kept.values())
    out: dict[str, int] = {}
    free = (m for m in range(FIRST_STAND, COUNT) if m not in taken)
    for uid in units:
        if uid in kept:
            out[uid] = kept[uid]
            continue
        m = next(free, None)
        if m is None:
            raise UmpireError(f"markers: the family has {COUNT - FIRST_STAND} markers for stands; this game has more "
                              "units than that")
        out[uid] = m
    return out
