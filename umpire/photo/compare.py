"""A photo's reading against the game: what moved, what turned, what was not seen.

Pure: the game's stands come in as :class:`Stand` values, the reading as
:class:`~umpire.photo.read.Reading`, and the answer is a :class:`Difference` whose
:meth:`~Difference.payload` is the ``table_read`` action's (:mod:`umpire.turns.reading`).

- A stand is **moved** when its marker lies further from where the game has it than
  :data:`MOVED` or twice the reading's likely error, whichever is more; **turned** likewise by
  :data:`TURNED` degrees; **placed** when the game had it off the table; **still** otherwise (left
  exactly where the game has it: a reading never nudges a stand that did not move).
- **Not seen**: a stand the game has on the table whose marker the photo did not show read;
  it stays where it is, and the umpire places it by hand if it moved.
- **Gone**: a stand the game has eliminated, surrendered or off the table whose marker is on it.
- **In contact**: two bases the reading leaves overlapping by less than :data:`CONTACT` (bases
  in contact read a hair apart or a hair into each other) are moved apart to touch, the stand
  the photo moved giving way; a deeper overlap is left for the ``place`` check to refuse.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from umpire.photo.read import Odd, Reading, Seen

MOVED = 0.1  # inches
TURNED = 2.0  # degrees
CONTACT = 0.15  # inches: an overlap this shallow is bases in contact read a little off
GONE = ("eliminated", "surrendered", "off_table")


@dataclass(frozen=True)
class Stand:
    """A stand of the game, as the game has it."""

    unit: str
    x: float | None
    y: float | None
    facing: float
    base: tuple[float, float]
    status: str = "ok"
    side: str = ""

    @property
    def placed(self) -> bool:
        return self.x is not None and self.y is not None


@dataclass(frozen=True)
class Row:
    """One stand's line of the difference."""

    unit: str
    what: str  # moved | turned | moved and turned | placed | still | not seen | gone
    before: tuple[float, float, float] | None  # x, y, facing as the game has it
    after: tuple[float, float, float] | None  # as the photo shows it (after any contact)
    distance: float = 0.0
    turn: float = 0.0
    error: float = 0.0
    turn_error: float = 0.0
    sure: bool = True
    note: str = ""

    @property
    def changes(self) -> bool:
        return self.what in ("moved", "turned", "moved and turned", "placed")


@dataclass(frozen=True)
class Difference:
    rows: tuple[Row, ...]
    odd: tuple[Odd, ...]
    reading: Reading
    skipped: tuple[str, ...] = ()

    def of(self, *what: str) -> list[Row]:
        return [r for r in self.rows if r.what in what]

    @property
    def changing(self) -> list[Row]:
        return [r for r in self.rows if r.changes]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for r in self.rows:
            out[r.what] = out.get(r.what, 0) + 1
        return out

    def summary(self) -> str:
        c = self.counts()
        order = ("moved", "turned", "moved and turned", "placed", "still", "not seen", "gone")
        parts = [f"{c[k]} {k}" for k in order if c.get(k)]
        if self.odd:
            parts.append(f"{len(self.odd)} marker{'s' if len(self.odd) > 1 else ''} not read")
        if self.skipped:
            parts.append(f"{len(self.skipped)} left out")
        return f"{len(self.reading.seen)} stands read: " + (", ".join(parts) or "nothing")

    def payload(self, photo: dict[str, Any]) -> dict[str, Any]:
        """The ``table_read`` action's payload: the stands to put, what was not seen or not read,
        and the photo's own facts (``photo``: its digest, size, kind)."""
        stands = [{"unit": r.unit, "x": r.after[0], "y": r.after[1], "facing": r.after[2],
                   "error": r.error, "turn_error": r.turn_error}
                  for r in self.changing if r.after is not None]
        return {
            "stands": stands,
            "unseen": [r.unit for r in self.of("not seen")],
            "odd": [{"marker": o.marker, "why": o.why, "x": o.x, "y": o.y} for o in self.odd],
            "skipped": list(self.skipped),
            "photo": {**photo, "residual": self.reading.residual, "distortion": self.reading.distortion,
                      "seen": len(self.reading.seen)},
        }


def _turn(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def compare(reading: Reading, stands: Iterable[Stand], *, skip: Iterable[str] = (), moved: float = MOVED,
            turned: float = TURNED) -> Difference:
    """``reading`` against the game's ``stands`` (those in ``skip`` left out, as if not read)."""
    skip = set(skip)
    stands = list(stands)
    by_unit: dict[str, Seen] = {s.unit: s for s in reading.seen if s.unit not in skip}
    rows: list[Row] = []
    for st in stands:
        s = by_unit.get(st.unit)
        before = (float(st.x), float(st.y), float(st.facing)) if st.placed else None  # type: ignore[arg-type]
        if s is None:
            if st.unit in skip or not st.placed or st.status in GONE:
                continue
            rows.append(Row(st.unit, "not seen", before, None))
            continue
        after = (s.x, s.y, s.facing)
        if st.status in GONE:
            rows.append(Row(st.unit, "gone", before, after, error=s.error, turn_error=s.turn_error, sure=s.sure,
                            note=f"{st.unit} is {st.status.replace('_', ' ')}, yet its marker is on the table"))
            continue
        if before is None:
            rows.append(Row(st.unit, "placed", None, after, error=s.error, turn_error=s.turn_error, sure=s.sure))
            continue
        dist = math.dist(before[:2], after[:2])
        turn = _turn(before[2], after[2])
        far = dist > max(moved, 2 * s.error)
        round_ = turn > max(turned, 2 * s.turn_error)
        what = "moved and turned" if far and round_ else "moved" if far else "turned" if round_ else "still"
        if what == "turned":
            after = (before[0], before[1], s.facing)  # turned on the spot: the position stays the game's
        elif what == "moved":
            after = (s.x, s.y, s.facing)
        rows.append(Row(st.unit, what, before, after if what != "still" else before, dist, turn, s.error,
                        s.turn_error, s.sure))
    rows = _contact(rows, {st.unit: st for st in stands})
    return Difference(tuple(rows), reading.odd, reading, tuple(sorted(skip & {s.unit for s in reading.seen})))


# -- bases in contact ------------------------------------------------------------------------------
def corners(x: float, y: float, facing: float, base: tuple[float, float]) -> list[tuple[float, float]]:
    """A base's corners (front-left, front-right, back-right, back-left), inches."""
    a = math.radians(facing)
    f = (math.sin(a), math.cos(a))
    r = (math.cos(a), -math.sin(a))
    w, d = base[0] / 2, base[1] / 2
    return [(x + sx * r[0] * w + sy * f[0] * d, y + sx * r[1] * w + sy * f[1] * d)
            for sx, sy in ((-1, 1), (1, 1), (1, -1), (-1, -1))]


def overlap(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> tuple[float, tuple[float, float]]:
    """How deep two convex bases overlap (0: apart or touching) and the way to push ``a`` out of
    ``b`` by that much (separating axes)."""
    best, axis = math.inf, (0.0, 0.0)
    for poly in (a, b):
        for i in range(len(poly)):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = y1 - y0, x0 - x1
            n = math.hypot(nx, ny)
            if n == 0:
                continue
            nx, ny = nx / n, ny / n
            pa = [px * nx + py * ny for px, py in a]
            pb = [px * nx + py * ny for px, py in b]
            depth = min(max(pa), max(pb)) - max(min(pa), min(pb))
            if depth <= 0:
                return 0.0, (0.0, 0.0)
            if depth < best:
                ca = sum(pa) / len(pa)
                cb = sum(pb) / len(pb)
                best, axis = depth, (nx, ny) if ca >= cb else (-nx, -ny)
    return best, axis


def _contact(rows: list[Row], stands: dict[str, Stand], rounds: int = 6) -> list[Row]:
    """Rows whose bases the reading leaves overlapping by less than :data:`CONTACT` moved apart
    to touch (the stand the photo moved giving way; both halfway if it moved both)."""
    at: dict[str, tuple[float, float, float]] = {}
    for st in stands.values():
        if st.placed and st.status not in GONE:
            at[st.unit] = (float(st.x), float(st.y), float(st.facing))  # type: ignore[arg-type]
    rows_by = {r.unit: r for r in rows}
    for r in rows:
        if r.changes and r.after is not None:
            at[r.unit] = r.after
    movers = {r.unit for r in rows if r.changes}
    pushed: dict[str, float] = {}
    for _ in range(rounds):
        shifted = False
        units = sorted(at)
        shapes = {u: corners(*at[u], stands[u].base) for u in units}
        for u in sorted(movers):
            for v in units:
                if v == u or (v in movers and v < u):
                    continue
                depth, (nx, ny) = overlap(shapes[u], shapes[v])
                if depth <= 1e-6 or depth > CONTACT:
                    continue
                share = 0.5 if v in movers else 1.0
                step = depth * share + 1e-4
                x, y, f = at[u]
                at[u] = (x + nx * step, y + ny * step, f)
                pushed[u] = pushed.get(u, 0.0) + step
                if v in movers:
                    x, y, f = at[v]
                    at[v] = (x - nx * step, y - ny * step, f)
                    pushed[v] = pushed.get(v, 0.0) + step
                shapes[u] = corners(*at[u], stands[u].base)
                shapes[v] = corners(*at[v], stands[v].base)
                shifted = True
        if not shifted:
            break
    out = []
    for r in rows:
        if r.unit in pushed and r.unit in rows_by and r.changes:
            x, y, f = at[r.unit]
            r = replace(r, after=(round(x, 3), round(y, 3), f),
                        note=f"moved {pushed[r.unit]:.2f}\" to touch the stand it overlapped")
        out.append(r)
    return out
