"""Time one whole MBT Basic Game turn of a tracked game (24.3).

    python bench/mbt_turn.py [--vehicles 30] [--polygons 60] [--runs 5] [--against CHECKOUT]

N M1A1s face N T-64Bs across a 72 x 48 table with M woods, towns and hills. The turn: the
Initiative Phase (with the first sightings), both sides' written orders read from YAML files as
the umpire types them (a third fire at the nearest enemy, a third move 4" toward the enemy, a
third on overwatch), then the Command, Direct Fire, Movement and Adjustment phases. Each run is
a fresh process; printed: min / median / max over ``--runs`` of the turn (wall and CPU seconds),
then the reports (the umpire's and both briefings, Markdown) apart. Goal: the turn under 1 s
for 30 a side. The processes run as installed code does: with bytecode kept in a temporary
folder (PYTHONPYCACHEPREFIX), whatever PYTHONDONTWRITEBYTECODE says, written by one untimed run
per checkout first (bench/processes.py).
"""

from __future__ import annotations

import argparse
import math
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import yaml
from processes import in_process, installed_env, spread

from umpire.registry import scenario_from_data

HERE = Path(__file__).resolve().parent
SIDES = {"nato": ("USA-1B", 8.0, 90), "ussr": ("USSR-1B", 64.0, 270)}


def scenario(rng: np.random.Generator, n: int, m: int) -> dict[str, Any]:
    terrain = []
    for k in range(m):
        cx, cy = rng.uniform(18, 54), rng.uniform(3, 45)
        r = rng.uniform(0.5, 1.5)
        ang = np.linspace(0, 2 * np.pi, 7)[:-1] + rng.uniform(0, 1)
        kind = ("woods", "town", "hill")[k % 3]
        pts = [[round(cx + r * math.cos(a), 3), round(cy + r * math.sin(a), 3)] for a in ang]
        terrain.append({"id": f"t{k}", "type": kind, "polygon": pts, **({"height": 1} if kind == "hill" else {})})
    sides = []
    for side, (card, x0, facing) in SIDES.items():
        back = -1 if side == "nato" else 1
        units = [{"id": f"{side}-{k}", "card": card, "at": [x0 + back * 2.0 * (k // 15), 3 + (k % 15) * 3.0],
                  "facing": facing} for k in range(n)]
        sides.append({"id": side, "units": units})
    return {"name": "bench", "ruleset": "mbt", "table": {"width": 72, "depth": 48}, "seed": 1,
            "mbt": {"game": "basic", "turns": 3}, "terrain": terrain, "sides": sides}


def orders(state: Any, side: str) -> dict[str, Any]:
    foes = [u for u in state.units.values() if u.side != side]
    units: dict[str, Any] = {}
    for k, u in enumerate(sorted(state.units_of(side), key=lambda u: u.id)):
        if k % 3 == 0:
            near = min(foes, key=lambda e: ((e.x - u.x) ** 2 + (e.y - u.y) ** 2, e.id))
            units[u.id] = {"order": "F", "fire": {"target": near.id}}
        elif k % 3 == 1:
            step = 4.0 if side == "nato" else -4.0
            units[u.id] = {"order": "M", "move": {"path": [[round(u.x + step, 2), u.y]]}}
        else:
            units[u.id] = {"order": "OW", "overwatch": {"at": "any"}}
    return {"side": side, "units": units}


def one_turn(vehicles: int, polygons: int, seed: int) -> dict[str, Any]:
    from umpire.core.dice import SeededDice
    from umpire.engine import Game
    from umpire.registry import find_ruleset
    from umpire.reports.model import briefing, report_for_game
    from umpire.reports.turn_text import to_markdown
    from umpire.rules.mbt import data

    with tempfile.TemporaryDirectory() as tmp:
        sc = scenario_from_data(scenario(np.random.default_rng(seed), vehicles, polygons), "bench scenario")
        game = Game.create(Path(tmp) / "mbt.db", sc, seed=seed)
        rules = find_ruleset("mbt").turn()
        data.rulings()  # the ruleset's data, read once per process (not part of a turn)
        dice = SeededDice(seed)
        steps: list[tuple[str, float]] = []
        cpu, start = time.process_time(), time.perf_counter()
        last = start

        def timer(name: str) -> None:
            nonlocal last
            now = time.perf_counter()
            steps.append((name, now - last))
            last = now

        game.act("mbt.phase", {}, dice)
        timer("Initiative (and first sightings)")
        for side in SIDES:
            path = Path(tmp) / f"{side}.yaml"
            path.write_text(yaml.safe_dump(orders(game.state, side)))
            game.act("mbt.orders", rules.read_orders(path, game.state), dice)
            timer(f"orders of {side} (read and entered)")
        while game.state.turn == 1:
            phase = game.state.phase
            game.act("mbt.phase", {}, dice)
            timer(phase)
        total, cpu = time.perf_counter() - start, time.process_time() - cpu
        t = time.perf_counter()
        report = report_for_game(game, turn=1)
        chars = sum(len(to_markdown(r)) for r in [report] + [briefing(report, s) for s in SIDES])
        reports = time.perf_counter() - t
        fires = sum(1 for e in game.events() for r in (e.results or []) if r.get("procedure") == "fire")
        return {"steps": steps, "total": total, "cpu": cpu, "reports": reports, "chars": chars, "fires": fires}


ENV: dict[str, str] = {}  # the child processes' environment (processes.installed_env)


def run(root: Path, vehicles: int, polygons: int, seed: int) -> dict[str, Any]:
    """One turn in a fresh process, with the code of checkout ``root``."""
    result: dict[str, Any] = in_process(root, "mbt_turn", f"one_turn({vehicles}, {polygons}, {seed})", ENV)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--vehicles", type=int, default=30)
    ap.add_argument("--polygons", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--against", type=Path, help="another checkout, timed beside this one")
    a = ap.parse_args()
    roots = [("this", HERE.parent)] + ([("against", a.against.resolve())] if a.against else [])
    got: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in roots}
    with installed_env() as env:
        ENV.update(env)
        for _, root in roots:  # untimed: writes each checkout's bytecode
            run(root, a.vehicles, a.polygons, a.seed)
        for _ in range(a.runs):  # interleaved, so the machine's load falls on both alike
            for name, root in roots:
                got[name].append(run(root, a.vehicles, a.polygons, a.seed))
    print(f"MBT Basic Game, {a.vehicles} vehicles a side, {a.polygons} terrain pieces: one whole turn "
          f"(s, min / median / max of {a.runs}; goal < 1 s)")
    for name, rs in got.items():
        print(f"  [{name}] turn {spread([r['total'] for r in rs])} s (CPU {spread([r['cpu'] for r in rs])} s);  "
              f"reports {spread([r['reports'] for r in rs])} s;  {rs[0]['fires']} shots")
    steps: dict[str, list[float]] = {}
    for r in got["this"]:
        for step, s in r["steps"]:
            steps.setdefault(step, []).append(s)
    for step, xs in steps.items():
        print(f"    {step:<40} median {statistics.median(xs):.3f} s")


if __name__ == "__main__":
    main()
