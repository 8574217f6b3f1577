"""Path arithmetic of MBT moves on the table: road stretches and runs, stream hexes, leaving the table, points along."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from umpire.geometry.arcs import bearing
from umpire.rules.mbt import movement


def _near(a: Sequence[float], b: Sequence[float], lo: float, hi: float, p: Sequence[float], r: float
          ) -> tuple[float, float] | None:
    """The part ``[lo, hi]`` (inches from ``a`` along a-b) that lies within ``r`` of ``p``."""
    d = math.dist(a, b)
    if d <= 1e-12:
        return None
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    t0 = (p[0] - a[0]) * ux + (p[1] - a[1]) * uy
    off2 = (p[0] - a[0] - t0 * ux) ** 2 + (p[1] - a[1] - t0 * uy) ** 2
    if off2 >= r * r:
        return None
    h = math.sqrt(r * r - off2)
    x, y = max(lo, t0 - h), min(hi, t0 + h)
    return (x, y) if y - x > 1e-9 else None


def off_road_legs(leg: movement.Leg, a: Sequence[float], b: Sequence[float], span: tuple[float, float],
              blocks: Sequence[tuple[float, float, bool, str]], r: float, water: bool) -> list[movement.Leg]:
    """8.5.2 / 8.6.1 on a table: the road rate is not used within half a hex length of a
    wreck's or an enemy unit's centre (the hex it is in); that part is charged as the ground
    under the road. A wreck on a bridge does not block it: the crossing is charged as clear,
    or as smoke if the wreck burns, instead of the road rate plus 1 (8.6.1). ``span``: where the
    leg starts and ends along the line from ``a`` to ``b``, as :func:`_near` measures it."""
    lo, hi = span
    if not leg.road or not blocks:
        return [leg]
    spans = []
    for x, y, burning, _ in blocks:
        got = _near(a, b, lo, hi, (x, y), r)
        if got is not None:
            spans.append((got[0], got[1], burning))
    if not spans:
        return [leg]
    spans.sort()
    merged: list[list[Any]] = []
    for x, y, burning in spans:
        if merged and x <= merged[-1][1] + 1e-9:
            merged[-1][1] = max(merged[-1][1], y)
            merged[-1][2] = merged[-1][2] or burning
        else:
            merged.append([x, y, burning])
    out: list[movement.Leg] = []
    at = lo
    pieces: list[tuple[float, float, bool | None]] = []
    for x, y, burning in merged:
        if x > at + 1e-9:
            pieces.append((at, x, None))
        pieces.append((x, y, bool(burning)))
        at = y
    if hi > at + 1e-9:
        pieces.append((at, hi, None))
    for i, (x, y, fire) in enumerate(pieces):
        part = replace(leg, inches=y - x, charged=None, turn=leg.turn if i == 0 else 0.0,
                       height_change=leg.height_change if i == 0 else 0)
        if fire is not None:
            if water:  # 8.6.1: the bridge stays open, at the cost of clear (or smoke) ground
                part = replace(part, road=False, bridge=False, terrain="clear", smoke=fire)
            else:
                part = replace(part, road=False, blocked_road=True)
        elif i > 0 and leg.bridge:
            part = replace(part, bridge=False)
        out.append(part)
    return out


def stream_hex(seg: list[movement.Leg]) -> list[movement.Leg]:
    """A stream crossing charged as one hex takes that hex out of the ground on either side
    (half from the stretch before, half from the one after), so a straight move across a
    stream costs what the same hexes would: ..., 1, 3, 1, ..."""
    out = list(seg)
    for k, leg in enumerate(seg):
        if leg.charged is None:
            continue
        excess = leg.charged - leg.inches
        for j in (k - 1, k + 1):
            if 0 <= j < len(out) and out[j].charged is None and out[j].terrain != "stream":
                take = min(excess / 2, out[j].inches)
                out[j] = replace(out[j], charged=out[j].inches - take)
    return out


FOLLOW = 0.5  # hex lengths: a run along a road longer than this follows it (8.5.2)


def flagged_runs(stretches: Sequence[Any], flags: Sequence[bool]) -> list[float]:
    """For each stretch, the inches of the unbroken run of flagged stretches it belongs to."""
    out = [0.0] * len(flags)
    k = 0
    while k < len(flags):
        if not flags[k]:
            k += 1
            continue
        j = k
        while j < len(flags) and flags[j]:
            j += 1
        run = sum(s.inches for s in stretches[k:j])
        for i in range(k, j):
            out[i] = run
        k = j
    return out


def point_along(a: Sequence[float], b: Sequence[float], t: float) -> tuple[float, float]:
    d = math.dist(a, b)
    if d == 0:
        return (float(a[0]), float(a[1]))
    return (a[0] + (b[0] - a[0]) * t / d, a[1] + (b[1] - a[1]) * t / d)


def segment_distance(p: Sequence[float], a: Sequence[float], b: Sequence[float]) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / n))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def leave_table(start: Sequence[float], path: Sequence[Sequence[float]], width: float, depth: float
                ) -> tuple[list[tuple[float, float]], tuple[float, float] | None]:
    """8.7 on a table: a path whose last waypoint lies beyond the table edge leaves the table
    where it first crosses the edge; returns the path cut there and that point (``None`` if the
    path stays on the table). Earlier waypoints must be on the table (checked by the caller)."""
    pts = [(float(p[0]), float(p[1])) for p in path]

    def on(p: Sequence[float]) -> bool:
        return -1e-9 <= p[0] <= width + 1e-9 and -1e-9 <= p[1] <= depth + 1e-9

    if not pts or on(pts[-1]):
        return pts, None
    a = (float(start[0]), float(start[1])) if len(pts) == 1 else pts[-2]
    b = pts[-1]
    t = 1.0
    for lo, hi, pa, pb in ((0.0, width, a[0], b[0]), (0.0, depth, a[1], b[1])):
        if pb < lo:
            t = min(t, (pa - lo) / (pa - pb))
        elif pb > hi:
            t = min(t, (hi - pa) / (pb - pa))
    edge = (round(a[0] + (b[0] - a[0]) * t, 3), round(a[1] + (b[1] - a[1]) * t, 3))
    return [*pts[:-1], edge], edge


def points_along(
    start: Sequence[float], path: Sequence[Sequence[float]], step: float
) -> list[tuple[float, float, float]]:
    """Points every ``step`` inches along a path, with each waypoint and the end: ``(x, y, heading)``."""
    out: list[tuple[float, float, float]] = []
    pts = [tuple(start), *[tuple(p) for p in path]]
    for a, b in zip(pts, pts[1:], strict=False):
        d = math.dist(a, b)
        if d <= 1e-9:
            continue
        way = bearing(a, b)
        k = 1
        while k * step < d - 1e-9:
            x, y = point_along(a, b, k * step)
            out.append((x, y, way))
            k += 1
        out.append((float(b[0]), float(b[1]), way))
    return out
