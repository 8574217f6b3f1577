"""Time one MBT Advanced Game turn with 40 units a side (goal: under 2 s).

    python bench/mbt_advanced.py [--units 40] [--runs 5] [--seed 1]

Each side is a mix of the Advanced Game's units: tanks, IFVs carrying squads, an ATGM team, a
towed gun, squads and teams, across a 72" x 48" table with woods, buildings and hills. Both
sides' orders (fire, overwatch, moves, a dismount) are entered, then the five phases resolved
(Initiative, Command, Fire, Movement, Adjustment) through the game engine, log and all. Prints
the time of each phase and min / median / max of the whole turn over the runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from umpire.core.dice import SeededDice  # noqa: E402
from umpire.engine import Game  # noqa: E402
from umpire.registry import scenario_from_data  # noqa: E402

SIDES = {
    "nato": {"x": 18.0, "facing": 90, "tank": "USA-1B", "ifv": "USA-2A/1", "leg": "USA-7B",
             "squad": "Squad Heavy Mechanized Infantry", "team": ("Team", "with Dragon & LAW"), "gun": None},
    "ussr": {"x": 50.0, "facing": 270, "tank": "USSR-2A", "ifv": "USSR-2B/2", "leg": "USSR-11B",
             "squad": "Squad Heavy Motorized Rifle Infantry", "team": ("Team", "with AT-3 & RPG-7 V/D"),
             "gun": "USSR-9A/1"},
}



def _side_units(side: str, s: dict, n: int) -> list[dict]:
    units: list[dict] = []
    k = 0

    def add(card: str, **kw: object) -> str:
        nonlocal k
        k += 1
        uid = f"{side[0]}{k}"
        y = 2 + (k % 22) * 2.0
        x = s["x"] + (-1 if s["facing"] == 90 else 1) * 2.5 * (k // 22)
        units.append({"id": uid, "card": card, "at": [x, y], "facing": s["facing"], **kw})
        return uid

    while len(units) < n:
        if len(units) % 5 == 0:
            add(s["tank"])
        elif len(units) % 5 == 1 and len(units) + 1 < n:
            carrier = add(s["ifv"], **({"equipment": "with AT-3"} if side == "ussr" else {}))
            units.append({"id": f"{carrier}s", "card": s["leg"], "type": s["squad"], "at": units[-1]["at"],
                          "facing": s["facing"], "carried_by": carrier})
        elif len(units) % 5 == 3:
            add(s["leg"], type=s["team"][0], equipment=s["team"][1])
        elif s["gun"] and len(units) % 10 == 4:
            add(s["gun"])
        else:
            add(s["tank"])
    return units

def scenario(n: int) -> dict:
    terrain = [
        {"id": "w1", "type": "woods", "polygon": [[30, 8], [36, 8], [36, 14], [30, 14]]},
        {"id": "w2", "type": "heavy_woods", "polygon": [[38, 30], [44, 30], [44, 36], [38, 36]]},
        {"id": "h1", "type": "hill", "height": 1, "polygon": [[20, 20], [28, 20], [28, 28], [20, 28]]},
        {"id": "b1", "type": "brick_buildings", "height": 2, "polygon": [[46, 18], [49, 18], [49, 21], [46, 21]]},
        {"id": "b2", "type": "stone_buildings", "height": 3, "polygon": [[24, 38], [27, 38], [27, 41], [24, 41]]},
        {"id": "r1", "type": "road", "line": [[0, 24], [72, 24]]},
    ]
    sides = []
    for side, s in SIDES.items():
        units = _side_units(side, s, n)
        sides.append({"id": side, "units": units[:n]})
    return {"name": "bench", "ruleset": "mbt", "table": {"width": 72, "depth": 48}, "seed": 1,
            "mbt": {"game": "advanced", "turns": 5}, "terrain": terrain, "sides": sides}


def orders(game: Game, side: str) -> dict:
    from umpire.rules.mbt import orders as O
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.orders import capability

    state = game.state
    enemy = sorted(u.id for u in state.units.values() if u.side != side and U.on_table(u)
                   and U.kind(u) == "vehicle")
    out: dict = {}
    for i, u in enumerate(sorted(state.units_of(side), key=lambda u: u.id)):
        if not U.on_table(u):
            continue
        allowed = O.allowed_orders(capability(u))
        if U.kind(u) == "vehicle" and U.passengers(state, u):
            out[u.id] = {"order": "M", "turret": "open", "unload": {"units": [p.id for p in U.passengers(state, u)],
                                                                      "at": "start"}}
        elif i % 3 == 0 and "F" in allowed and U.kind(u) == "vehicle" and enemy:
            out[u.id] = {"order": "F", "fire": {"target": enemy[i % len(enemy)]}}
        elif i % 3 == 1 and "M" in allowed and U.kind(u) == "vehicle":
            step = 2.0 if side == "nato" else -2.0
            out[u.id] = {"order": "M", "move": {"path": [[u.x + step, u.y]]}}
        elif "OW" in allowed:
            out[u.id] = {"order": "OW"}
    return {"side": side, "units": out}


def one_turn(n: int, seed: int) -> dict[str, float]:
    times: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        game = Game.create(Path(tmp) / "bench.db", scenario_from_data(scenario(n), "bench"), seed=seed)
        dice = SeededDice(seed)
        t0 = time.perf_counter()
        game.act("mbt.phase", {}, dice)
        times["Initiative"] = time.perf_counter() - t0
        t = time.perf_counter()
        for side in ("nato", "ussr"):
            game.act("mbt.orders", orders(game, side), dice)
        times["orders"] = time.perf_counter() - t
        for phase in ("Command", "Fire", "Movement", "Adjustment"):
            t = time.perf_counter()
            game.act("mbt.phase", {}, dice)
            times[phase] = time.perf_counter() - t
        times["turn"] = time.perf_counter() - t0
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--units", type=int, default=40)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    runs = [one_turn(a.units, a.seed + r) for r in range(a.runs)]
    print(f"MBT Advanced Game turn, {a.units} units a side, {a.runs} runs")
    for key in runs[0]:
        vals = [r[key] for r in runs]
        print(f"  {key:<11} min {min(vals):6.3f} s   median {statistics.median(vals):6.3f} s   max {max(vals):6.3f} s")
    print("goal: the whole turn under 2 s")


if __name__ == "__main__":
    main()
