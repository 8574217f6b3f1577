"""Enemies left in one hex after the Movement phase parted (8.8), the same in the Basic and the
Advanced Game: a model within half a hex length of an enemy's is in its hex."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence

from umpire.core.state import UnitState


def parted(live: Callable[[], list[UnitState]], xy: Callable[[UnitState], tuple[float, float]], near: float,
           walked: Mapping[str, list[list[float]]], order: Sequence[str], rounds: int) -> Iterator[UnitState]:
    """Part each pair of enemies of ``live()`` nearer than ``near``, one pair at a time, until none
    is left (at most ``rounds`` pairs): the unit that did not move this turn stays (one not in
    ``walked``), else the one that moved first in ``order``; the other goes back along its path
    (``walked``) to where it was before it came that near, or, if none of its path is, straight
    away from the other to just beyond ``near``. Yields each unit moved back once it stands at its new
    place (rounded to the thousandth), for the caller to bring along what rides in it and to say so.
    A unit sent back twice goes on back from where the first parting left it (its path ends there)."""

    def rank(u: UnitState) -> int:
        return order.index(u.id) if u.id in walked and u.id in order else -1

    paths = {uid: list(p) for uid, p in walked.items()}
    for _ in range(rounds):
        units = live()
        pair = next(((a, b) for i, a in enumerate(units) for b in units[i + 1:]
                     if a.side != b.side and math.dist(xy(a), xy(b)) < near - 1e-9), None)
        if pair is None:
            return
        a, b = pair
        stay, go = (a, b) if rank(a) <= rank(b) else (b, a)
        path = paths.get(go.id) or [list(xy(go))]
        i = next((i for i in reversed(range(len(path))) if math.dist(path[i], xy(stay)) >= near - 1e-9), None)
        if i is None:  # nowhere on its path: step straight away from the other model
            (gx, gy), (sx, sy) = xy(go), xy(stay)
            d = math.hypot(gx - sx, gy - sy) or 1.0
            out = (near + 1e-3) / d  # a thousandth further, so that the rounding does not leave it near
            back = [sx + (gx - sx) * out, sy + (gy - sy) * out]
        else:
            back = path[i]
        go.x, go.y = round(float(back[0]), 3), round(float(back[1]), 3)
        paths[go.id] = [*path[:i], [go.x, go.y]] if i is not None else [[go.x, go.y]]  # sent back again: further
        yield go
