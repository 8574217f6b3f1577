"""Time one full Auftragstaktik turn of a large tracked game.

    python bench/turn.py [--stands 150] [--polygons 300] [--seed 1]

Builds a game with N stands a side (battalions of five companies: tanks and IFVs, each with
an HQ stand) meeting across the middle of a 72 x 48 table with M terrain polygons, enters both
sides' orders (Hasty Advance, two moves each, five fire targets each), resolves every phase
(movement priced through the terrain, spotting, fire, morale, close combat, end) and builds the
umpire's report and both briefings as text. Prints the time of each step and the total.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from umpire.core.dice import SeededDice  # noqa: E402
from umpire.engine import Game  # noqa: E402
from umpire.reports.model import briefing, report_for_game  # noqa: E402
from umpire.reports.turn_text import plain_text, to_markdown  # noqa: E402
from umpire.schema.scenario import scenario_from_data  # noqa: E402


def scenario(rng: np.random.Generator, n: int, m: int) -> dict:
    terrain = []
    for k in range(m):
        cx, cy = rng.uniform(2, 70), rng.uniform(2, 46)
        r = rng.uniform(0.2, 0.8)
        ang = np.linspace(0, 2 * np.pi, 7)[:-1] + rng.uniform(0, 1)
        kind = ("woods", "town", "hill")[k % 3]
        pts = [[round(cx + r * math.cos(a), 3), round(cy + r * math.sin(a), 3)] for a in ang]
        terrain.append({"id": f"t{k}", "type": kind, "polygon": pts})
    sides = []
    for side, y0, facing, types in (
        ("nato", 12.0, 0, ("M1A1 Company", "M2 Bradley Company")),
        ("pact", 30.0, 180, ("T-80B Company", "BMP-2 Company")),
    ):
        formations = []
        for b in range(n // 5):
            units = []
            bx = 3 + (b % 15) * 4.5
            by = y0 + (b // 15) * 3
            for c in range(5):
                units.append(
                    {
                        "id": f"{side}-{b}-{c}",
                        "type": types[c % 2] if c else types[0],
                        "quality": ["regular", "veteran", "recruit"][c % 3],
                        "at": [round(bx + (c % 3) * 1.6, 2), round(by + (c // 3) * 1.2, 2)],
                        "facing": facing,
                    }
                )
            formations.append({"id": f"{side}-bn{b}", "level": "battalion", "doctrine": "balanced", "units": units})
        sides.append({"id": side, "hq_rating": 5 if side == "nato" else 4, "formations": formations})
    return {
        "name": "bench",
        "ruleset": "auftragstaktik",
        "table": {"width": 72, "depth": 48},
        "seed": 1,
        "terrain": terrain,
        "sides": sides,
    }


def orders(game: Game, side: str, sign: float) -> dict:
    st = game.state
    foes = [u for u in st.units.values() if u.side != side]
    units = {}
    for u in st.units_of(side):
        near = sorted(foes, key=lambda e: (e.x - u.x) ** 2 + (e.y - u.y) ** 2)[:5]
        y1 = min(max(u.y + sign * 4, 0), 48)
        y2 = min(max(y1 + sign * 3, 0), 48)
        units[u.id] = {"first": [[u.x, y1]], "second": [[u.x, y2]], "fire": [e.id for e in near]}
    bns = {f.id: {"order": "HA", "direction": 0 if sign > 0 else 180} for f in st.formations if f.side == side}
    return {"side": side, "battalions": bns, "units": units, "file": f"{side}.yaml"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stands", type=int, default=150)
    ap.add_argument("--polygons", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    with tempfile.TemporaryDirectory() as tmp:
        sc = scenario_from_data(scenario(rng, a.stands, a.polygons), "bench scenario")
        game = Game.create(Path(tmp) / "bench.db", sc, seed=a.seed)
        dice = SeededDice(a.seed)
        game.turn_rules()
        from umpire.rules.auftragstaktik.data import tables
        from umpire.rules.auftragstaktik.library import library

        tables(), library()  # the ruleset's data, read once per process (not part of a turn)
        times: list[tuple[str, float]] = []
        start = time.perf_counter()
        for side, sign in (("nato", 1.0), ("pact", -1.0)):
            t = time.perf_counter()
            game.act("auftragstaktik.orders", orders(game, side, sign), dice)
            times.append((f"orders of {side}", time.perf_counter() - t))
        while game.state.turn == 1:
            phase = game.state.phase
            t = time.perf_counter()
            game.act("auftragstaktik.phase", {}, dice)
            times.append((phase, time.perf_counter() - t))
        t = time.perf_counter()
        report = report_for_game(game, turn=1)
        reports = [report] + [briefing(report, s) for s in ("nato", "pact")]
        texts = [to_markdown(r) for r in reports]
        times.append(("report and both briefings (Markdown)", time.perf_counter() - t))
        total = time.perf_counter() - start
        t = time.perf_counter()
        for r in reports:
            plain_text(r)
        rich_time = time.perf_counter() - t
        units = game.state.units.values()
        lost = sum(u.status == "eliminated" for u in units)
        print(
            f"{a.stands} stands a side (+ their battalions), {len(game.state.terrain)} terrain polygons: one full turn"
        )
        for name, s in times:
            print(f"  {name:<36} {s:6.3f} s")
        print(
            f"  {'total':<36} {total:6.3f} s   ({lost} stands eliminated; reports {sum(map(len, texts)):,} characters)"
        )
        print(f"  (the same three reports drawn as rich text tables for the terminal: {rich_time:.3f} s more)")


if __name__ == "__main__":
    main()
