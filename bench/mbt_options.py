"""Time one moonlit MBT Advanced Game turn with the options at 40 units a side (goal: under 2 s).

    python bench/mbt_options.py [--units 40] [--runs 5] [--seed 1]

The Advanced Game bench's forces (bench/mbt_advanced.py), ten hexes apart under moonlight, with
the options area_fire, artillery, aircraft, helicopters, anti_aircraft, mines, command_control
and night: two batteries a side plot called HE on the enemy in turn 1, four minefields a side lie
across the enemy's moves, each side's first two vehicles are AA (Vulcan, ZSU-23-4) and two
helicopter units a side (each a pair, as the cards price them) wait behind the lines. The timed
turn is turn 2, in which a pair of aircraft a side strikes through the enemy's AA fire in the
Air Phase, the helicopters climb to low altitude, fly twelve hexes at the enemy through its AA fire and fire
a rocket each at the nearest enemy vehicle, every plot lands in the Artillery Step, the units
move through the minefields and both sides' orders pass the command point check. Prints each
phase and the whole turn as min / median / max over the runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mbt_advanced import orders as ground_orders  # noqa: E402
from mbt_advanced import scenario as ground_scenario  # noqa: E402

from umpire.core.dice import SeededDice  # noqa: E402
from umpire.engine import Game  # noqa: E402
from umpire.registry import scenario_from_data  # noqa: E402


def scenario(n: int) -> dict:
    data = ground_scenario(n)
    data["terrain"] = [t for t in data["terrain"] if t["id"] != "w2"]  # the heavy woods would stand in the way
    for s in data["sides"]:
        for u in s["units"]:
            if s["id"] == "nato":
                u["at"] = [u["at"][0] + 22, u["at"][1]]  # ten hexes from the Soviet line: seen by moonlight
    batteries = [{"id": f"{side[0].upper()}{k}", "side": side, "nation": nation, "size": "medium",
                  "attachment": "organic", "missions": {"HE": 4}}
                 for side, nation in (("nato", "USA"), ("ussr", "USSR")) for k in (1, 2)]
    mines = [{"side": "ussr", "at": [41.5, 4.0 + 10 * k], "kind": "hasty", "type": "anti_vehicular"} for k in range(4)]
    mines += [{"side": "nato", "at": [48.5, 6.0 + 10 * k], "kind": "deliberate", "type": "anti_vehicular"}
              for k in range(4)]
    aircraft = [{"id": f"{side[0]}j{k}", "side": side, "type": kind, "loads": {"cluster_bomb": 2}}
                for side, kind in (("nato", "F-111F"), ("ussr", "MiG-27")) for k in (1, 2)]
    for s, aa in zip(data["sides"], ("USA-5B", "USSR-8A"), strict=True):
        carriers = {u.get("carried_by") for u in s["units"]}
        for u in [u for u in s["units"] if "type" not in u and "carried_by" not in u and u["id"] not in carriers][:2]:
            u["card"] = aa  # two AA vehicles at the near end of the line, away from the strikes
    helicopters = [{"id": f"{side[0]}h{k}", "side": side, "card": card, "at": [x, 4.0 + 6 * k], "facing": facing,
                    "altitude": "noe", "rockets": 2}
                   for side, card, x, facing in (("nato", "USA-6A/2", 34.0, 90), ("ussr", "USSR-10A/1", 56.0, 270))
                   for k in (1, 2)]
    data["mbt"].update(conditions="moonlight", batteries=batteries, minefields=mines, aircraft=aircraft,
                       helicopters=helicopters,
                       options=["area_fire", "artillery", "aircraft", "helicopters", "anti_aircraft", "mines",
                                "command_control", "night"])
    return data


def plots(game: Game, side: str, units: dict) -> list[dict]:
    """Called HE from two observers with OVERWATCH orders at the nearest enemy each sees."""
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.options.plots import sees_point

    state = game.state
    out: list[dict] = []
    enemies = [u for u in state.units.values() if u.side != side and U.on_table(u) and U.kind(u) == "vehicle"]
    for uid, spec in sorted(units.items()):
        if spec.get("order") != "OW" or len(out) == 2:
            continue
        obs = state.units[uid]
        seen = sorted((e for e in enemies if sees_point(state, obs, (e.x, e.y))[0] and uid in [x.id for x in
                       state.units_of(side)]), key=lambda e: abs(e.x - obs.x) + abs(e.y - obs.y))
        if seen:
            out.append({"battery": f"{side[0].upper()}{len(out) + 1}", "target": [seen[0].x, seen[0].y],
                        "mission": "HE", "observer": uid})
    return out


def strikes(game: Game, side: str) -> list[dict]:
    """A pair of aircraft at the two enemy vehicles nearest the middle of the table."""
    from umpire.turns.mbt.advanced import units as U

    enemy = sorted((u for u in game.state.units.values() if u.side != side and U.on_table(u)
                    and U.kind(u) == "vehicle"), key=lambda u: (abs((u.y or 0) - 24), u.id))
    facing = 90 if side == "nato" else 270
    return [{"aircraft": f"{side[0]}j{k + 1}", "weapon": "cluster_bomb", "target": [u.x, u.y], "speed": "low",
             "altitude": "medium", "facing": facing} for k, u in enumerate(enemy[:2])]


def flights(game: Game, side: str) -> dict[str, dict]:
    """Each helicopter climbs to low altitude, flies twelve hexes at the enemy and fires a rocket at
    the nearest enemy vehicle."""
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.options.state import read

    out = {}
    enemy = [u for u in game.state.units.values() if u.side != side and U.on_table(u) and U.kind(u) == "vehicle"]
    for h in read(game.state).helicopters.values():
        if h.side != side or h.destroyed:
            continue
        to = (h.x + (12 if side == "nato" else -12), h.y)
        near = min(enemy, key=lambda u: ((u.x or 0) - to[0]) ** 2 + ((u.y or 0) - to[1]) ** 2)
        out[h.id] = {"altitude": "low", "path": [list(to)], "facing": 90 if side == "nato" else 270,
                     "rocket": near.id}
    return out


def keep_markers(game: Game, o: dict) -> dict:
    """Turn 1's orders again where they keep a unit's command marker; OVERWATCH (on both
    markers, 21.1.2) where they would change it, so no organization runs out of points."""
    from umpire.turns.mbt.options.orders import marker
    from umpire.turns.mbt.options.state import read

    had = read(game.state).markers_next
    for uid, spec in o["units"].items():
        if had.get(uid) is not None and marker(spec.get("order"), had[uid]) != had[uid]:
            o["units"][uid] = {"order": "OW"}
    return o


def one_turn(n: int, seed: int) -> dict[str, float]:
    times: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        game = Game.create(Path(tmp) / "bench.db", scenario_from_data(scenario(n), "bench"), seed=seed)
        dice = SeededDice(seed)
        game.act("mbt.phase", {}, dice)
        for side in ("nato", "ussr"):
            o = ground_orders(game, side)
            for spec in o["units"].values():
                if spec.get("order") == "OW":
                    spec["turret"] = "open"
            o["artillery"] = plots(game, side, o["units"])
            game.act("mbt.orders", o, dice)
        for _ in range(4):
            game.act("mbt.phase", {}, dice)
        t0 = time.perf_counter()
        game.act("mbt.phase", {}, dice)
        times["Initiative"] = time.perf_counter() - t0
        t = time.perf_counter()
        for side in ("nato", "ussr"):
            o = keep_markers(game, ground_orders(game, side))
            o["air_strikes"] = strikes(game, side)
            o["helicopters"] = flights(game, side)
            game.act("mbt.orders", o, dice)
        times["orders"] = time.perf_counter() - t
        for phase in ("Command", "Fire (Air, Artillery)", "Movement", "Adjustment"):
            t = time.perf_counter()
            game.act("mbt.phase", {}, dice)
            times[phase] = time.perf_counter() - t
        times["turn"] = time.perf_counter() - t0
        landed = sum(1 for e in game.events() for r in e.results if r["procedure"] == "artillery" and e.turn == 2)
        times["plots landing"] = landed
        times["air strikes"] = sum(1 for e in game.events() for r in e.results
                                   if r["procedure"] in ("air_drop", "air_strike") and e.turn == 2
                                   and not r.get("helicopter"))
        times["helicopter moves"] = sum(1 for e in game.events() for r in e.results
                                        if r["procedure"] == "helicopter" and e.turn == 2)
        times["AA at helicopters"] = sum(1 for e in game.events() for r in e.results
                                         if r["procedure"] == "aa" and r.get("helicopter") and e.turn == 2)
        times["rockets"] = sum(1 for e in game.events() for r in e.results
                               if r["procedure"] == "air_drop" and r.get("helicopter") and e.turn == 2)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--units", type=int, default=40)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    runs = [one_turn(a.units, a.seed + r) for r in range(a.runs)]
    print(f"MBT Advanced Game turn with options (moonlight, aircraft, helicopters, AA, artillery, mines, command "
          f"control), {a.units} units a side, {a.runs} runs")
    for key in runs[0]:
        vals = [r[key] for r in runs]
        if key in ("plots landing", "air strikes", "helicopter moves", "AA at helicopters", "rockets"):
            print(f"  {key:<22} {min(vals):.0f} - {max(vals):.0f} a turn")
            continue
        print(f"  {key:<22} min {min(vals):6.3f} s   median {statistics.median(vals):6.3f} s   max {max(vals):6.3f} s")
    print("goal: the whole turn under 2 s")


if __name__ == "__main__":
    main()
