"""A large Auftragstaktik game for the benchmarks and the results test: build it, order it, play
one whole turn.

N stands a side in battalions of five companies (tanks and IFVs, each with its HQ stand) face
each other across the middle of a 72 x 48 table scattered with M small terrain pieces (woods,
towns, hills). Fifteen battalions stand abreast; more stand in rows behind, closer together as
the numbers grow (600 a side fill the table). Orders: Hasty Advance, two moves, the five
nearest enemy stands as fire targets.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np

TYPES = {"nato": ("M1A1 Company", "M2 Bradley Company"), "pact": ("T-80B Company", "BMP-2 Company")}
FRONT = {"nato": (17.0, -1.0), "pact": (29.0, 1.0)}  # front row, and which way the rows go back


def scenario(rng: np.random.Generator, n: int, m: int) -> dict[str, Any]:
    terrain = []
    for k in range(m):
        cx, cy = rng.uniform(2, 70), rng.uniform(2, 46)
        r = rng.uniform(0.2, 0.8)
        ang = np.linspace(0, 2 * np.pi, 7)[:-1] + rng.uniform(0, 1)
        kind = ("woods", "town", "hill")[k % 3]
        pts = [[round(cx + r * math.cos(a), 3), round(cy + r * math.sin(a), 3)] for a in ang]
        terrain.append({"id": f"t{k}", "type": kind, "polygon": pts})
    battalions = n // 5
    rows = max(1, math.ceil(battalions / 15))
    step = 3.0 if rows <= 4 else max(2.0, 14.0 / (rows - 1))
    sides = []
    for side, facing in (("nato", 0), ("pact", 180)):
        y0, back = FRONT[side]
        formations = []
        for b in range(battalions):
            units = []
            bx = 3 + (b % 15) * 4.5
            by = y0 + back * (b // 15) * step
            for c in range(5):
                units.append({
                    "id": f"{side}-{b}-{c}",
                    "type": TYPES[side][c % 2] if c else TYPES[side][0],
                    "quality": ["regular", "veteran", "recruit"][c % 3],
                    "at": [round(bx + (c % 3) * 1.6, 2), round(by + back * (c // 3) * 1.0, 2)],
                    "facing": facing,
                })
            formations.append({"id": f"{side}-bn{b}", "level": "battalion", "doctrine": "balanced", "units": units})
        sides.append({"id": side, "hq_rating": 5 if side == "nato" else 4, "formations": formations})
    return {"name": "bench", "ruleset": "auftragstaktik", "table": {"width": 72, "depth": 48}, "seed": 1,
            "terrain": terrain, "sides": sides}


def orders(state: Any, side: str, sign: float) -> dict[str, Any]:
    foes = [u for u in state.units.values() if u.side != side]
    fxy = np.array([(e.x, e.y) for e in foes], dtype=float)
    rank = np.argsort(np.argsort([e.id for e in foes], kind="stable"), kind="stable")
    units = {}
    for u in state.units_of(side):
        d2 = (fxy[:, 0] - u.x) ** 2 + (fxy[:, 1] - u.y) ** 2
        near = [foes[k] for k in np.lexsort((rank, d2))[:5]]  # the five nearest, ties by id
        y1 = min(max(u.y + sign * 4, 0), 48)
        y2 = min(max(y1 + sign * 3, 0), 48)
        units[u.id] = {"first": [[u.x, y1]], "second": [[u.x, y2]], "fire": [e.id for e in near]}
    bns = {f.id: {"order": "HA", "direction": 0 if sign > 0 else 180} for f in state.formations if f.side == side}
    return {"side": side, "battalions": bns, "units": units, "file": f"{side}.yaml"}


def new_game(path: Path, stands: int, polygons: int, seed: int = 1) -> Any:
    from umpire.engine import Game

    try:
        from umpire.registry import scenario_from_data  # each ruleset's scenario model
    except ImportError:  # a checkout from before the ruleset seam (--against)
        from umpire.schema.scenario import scenario_from_data  # type: ignore[attr-defined,no-redef]

    sc = scenario_from_data(scenario(np.random.default_rng(seed), stands, polygons), "bench scenario")
    return Game.create(path, sc, seed=seed)


def play_turn(game: Any, dice: Any, timer: Any = None) -> list[Any]:
    """Both sides' orders, then every phase to the end of turn 1; the actions' results.
    ``timer(name)`` is called after each action, if given."""
    results = []
    for side, sign in (("nato", 1.0), ("pact", -1.0)):
        results.append(game.act("auftragstaktik.orders", orders(game.state, side, sign), dice))
        if timer:
            timer(f"orders of {side}")
    while game.state.turn == 1:
        phase = game.state.phase
        results.append(game.act("auftragstaktik.phase", {}, dice))
        if timer:
            timer(phase)
    return results


class CyclingDice:
    """Fixed dice for comparing results across versions: the k-th die rolled shows a value
    from a fixed cycle, whatever the roll is for (no seed, no random generator)."""

    CYCLE = (7, 2, 9, 4, 10, 1, 6, 3, 8, 5, 6, 2, 9, 1, 4)

    def __init__(self) -> None:
        self.k = 0

    def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
        out = []
        for _ in range(count):
            v = self.CYCLE[self.k % len(self.CYCLE)]
            self.k += 1
            out.append((v - 1) % sides + 1)
        return tuple(out)
