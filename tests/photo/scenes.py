"""Tables to photograph: the demo's own, and the demo's table crowded with random stands."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from tests.photo.synth import Stand, Table
from umpire.photo.layout import FIRST_STAND, card, size_for_base

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "data" / "scenarios" / "hof-gap-meeting.yaml"


def demo_terrain() -> tuple[tuple[str, tuple[tuple[float, float], ...], bool], ...]:
    from umpire.registry import load_scenario

    sc = load_scenario(DEMO)
    out = []
    for t in sc.terrain:
        if t.polygon:
            out.append((t.type, tuple((float(x), float(y)) for x, y in t.polygon), True))
        elif t.line:
            out.append((t.type, tuple((float(x), float(y)) for x, y in t.line), False))
    return tuple(out)


def table_of(state, markers: dict[str, int], sizes: dict[str, float] | None = None, **kw) -> Table:
    """A game's table as it stands: its placed units with their markers."""
    stands = []
    for u in state.units.values():
        if u.placed and u.id in markers:
            size = (sizes or {}).get(u.id) or size_for_base(u.base)
            stands.append(Stand(u.id, float(u.x), float(u.y), float(u.facing), tuple(u.base), markers[u.id], size))
    terrain = []
    for t in state.terrain:
        if t.polygon:
            terrain.append((t.type, tuple((float(x), float(y)) for x, y in t.polygon), True))
        elif t.line:
            terrain.append((t.type, tuple((float(x), float(y)) for x, y in t.line), False))
    return Table(state.table.width, state.table.depth, tuple(stands), tuple(terrain), **kw)


def crowded(rng: np.random.Generator, n: int = 150, size: float = 0.5, table: tuple[float, float] = (72.0, 48.0),
            corner_size: float = 3.0) -> Table:
    """The demo's table with ``n`` stands at random (bases 1.5" x 1" and 1" x 1", none overlapping,
    clear of the corner markers), each with a marker of ``size`` inches."""
    w, d = table
    keep = corner_size * 1.6 + 1.0
    placed: list[Stand] = []
    tries = 0
    while len(placed) < n:
        tries += 1
        if tries > 200 * n:
            raise RuntimeError("no room for the stands")
        base = (1.5, 1.0) if rng.random() < 0.7 else (1.0, 1.0)
        x, y = rng.uniform(1.0, w - 1.0), rng.uniform(1.0, d - 1.0)
        if (x < keep or x > w - keep) and (y < keep or y > d - keep):
            continue
        reach = math.hypot(*base) / 2
        if any(math.hypot(x - s.x, y - s.y) < reach + math.hypot(*s.base) / 2 + 0.1 for s in placed):
            continue
        cw, ch = card(size)
        if cw > base[0] or ch > base[1]:
            base = (max(base[0], cw + 0.1), max(base[1], ch + 0.1))
        placed.append(Stand(f"s{len(placed) + 1}", float(x), float(y), float(rng.uniform(0, 360)), base,
                            FIRST_STAND + len(placed), size))
    return Table(w, d, tuple(placed), demo_terrain(), corner_size)
