"""What the event log costs: ``umpire replay --check`` of a long game, and one action on a game
with many terrain polygons.

    python bench/replay.py [--units 300] [--polygons 300] [--actions 1000] [--big 5000] [--runs 5]

Builds an Auftragstaktik game of ``--units`` stands on a 72 x 48 table with ``--polygons``
small terrain pieces and ``--actions`` actions (stands placed and moved by hand, as an umpire
sets up and corrects a table), then times, ``--runs`` times each:

- ``umpire replay --check`` of that game, as a user runs it (a new process each time), and the
  replay and comparison alone (in one process);
- one action (``umpire move``), as a user runs it and in one process (open, act, commit), on the
  same game and on a copy whose table holds ``--big`` polygons instead;
- ``umpire undo`` of the last phase of a whole turn of ``--units`` stands (the meeting game of
  ``bench/big_game.py``), each undo followed by a ``redo`` (timed too) that puts it back.

Prints min / median / max of each.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # run from a checkout

from umpire.engine import Game  # noqa: E402
from umpire.registry import scenario_from_data  # noqa: E402

ENV = {**os.environ, "PYTHONPATH": str(REPO)}
TYPES = {"nato": ("M1A1 Company", "M2 Bradley Company"), "pact": ("T-80B Company", "BMP-2 Company")}


def scenario(rng: random.Random, units: int, polygons: int) -> dict[str, Any]:
    """``units`` stands (half a side, battalions of five) and ``polygons`` hexagonal pieces."""
    terrain = []
    for k in range(polygons):
        cx, cy, r = rng.uniform(2, 70), rng.uniform(2, 46), rng.uniform(0.2, 0.6)
        a0 = rng.uniform(0, 1)
        pts = [[round(cx + r * math.cos(a0 + i * math.pi / 3), 3), round(cy + r * math.sin(a0 + i * math.pi / 3), 3)]
               for i in range(6)]
        terrain.append({"id": f"t{k}", "type": ("woods", "town", "hill")[k % 3], "polygon": pts})
    sides = []
    for side, y0, facing in (("nato", 6.0, 0), ("pact", 30.0, 180)):
        formations = []
        for b in range(units // 2 // 5):
            bx, by = 3 + (b % 15) * 4.5, y0 + (b // 15) * 4
            formations.append({
                "id": f"{side}-bn{b}", "level": "battalion", "doctrine": "balanced",
                "units": [{"id": f"{side}-{b}-{c}", "type": TYPES[side][c % 2], "facing": facing,
                           "at": [round(bx + (c % 3) * 1.6, 2), round(by + (c // 3) * 1.2, 2)]} for c in range(5)],
            })
        sides.append({"id": side, "hq_rating": 4, "formations": formations})
    return {"name": "bench", "ruleset": "auftragstaktik", "table": {"width": 72, "depth": 48}, "seed": 1,
            "terrain": terrain, "sides": sides}


def build(path: Path, units: int, polygons: int, actions: int, seed: int) -> None:
    rng = random.Random(seed)
    game = Game.create(path, scenario_from_data(scenario(rng, units, polygons), "bench scenario"), seed=seed)
    ids = sorted(game.state.units)
    for i in range(actions):
        uid = rng.choice(ids)
        x, y = round(rng.uniform(1, 71), 2), round(rng.uniform(1, 47), 2)
        if i % 2:
            game.act("move", {"unit": uid, "path": [[x, y]], "facing": None}, None)
        else:
            game.act("place", {"unit": uid, "x": x, "y": y, "facing": rng.choice([0, 90, 180, 270])}, None)
    game.close()


def figures(times: list[float]) -> str:
    return f"min {min(times):.3f} s  median {statistics.median(times):.3f} s  max {max(times):.3f} s"


def timed(fn: Any, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def cli(path: Path, *args: str) -> None:
    subprocess.run([sys.executable, "-m", "umpire", "--db", str(path), *args], check=True, capture_output=True,
                   env=ENV)


def one_action(paths: dict[str, Path], unit: str, runs: int) -> dict[str, tuple[list[float], list[float]]]:
    """One ``move`` as a user runs it, and in one process, on each game in turn (the runs of the
    games interleaved, so a busy moment of the machine falls on both); the stand goes back and
    forth."""
    spots = iter([(20.0, 20.0), (21.0, 20.0)] * runs * 4)

    def inproc(path: Path) -> None:
        x, y = next(spots)
        g = Game.open(path)
        g.act("move", {"unit": unit, "path": [[x, y]], "facing": None}, None)
        g.close()

    def command(path: Path) -> None:
        x, y = next(spots)
        cli(path, "move", unit, str(x), str(y))

    out: dict[str, tuple[list[float], list[float]]] = {label: ([], []) for label in paths}
    for path in paths.values():
        inproc(path)  # warm: the modules and the ruleset's data, read once per process
    for _ in range(runs):
        for label, path in paths.items():
            out[label][0].extend(timed(lambda p=path: command(p), 1))
            out[label][1].extend(timed(lambda p=path: inproc(p), 1))
    return out


def undo_redo(folder: Path, units: int, polygons: int, runs: int) -> tuple[list[float], list[float]]:
    """A turn of the meeting game of ``bench/big_game.py``, then undo and redo of its last phase."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from big_game import new_game, play_turn

    game = new_game(folder / "turn.db", units // 2, polygons)
    play_turn(game, None)  # the game's keyed dice
    undos: list[float] = []
    redos: list[float] = []
    for _ in range(runs):
        undos += timed(game.undo, 1)
        redos += timed(game.redo, 1)
    assert game.check() == []
    return undos, redos


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--units", type=int, default=300)
    ap.add_argument("--polygons", type=int, default=300)
    ap.add_argument("--actions", type=int, default=1000)
    ap.add_argument("--big", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "bench.db"
        t0 = time.perf_counter()
        build(game, a.units, a.polygons, a.actions, a.seed)
        print(f"{a.units} stands, {a.polygons} terrain polygons, {a.actions} actions "
              f"(built in {time.perf_counter() - t0:.1f} s, file {game.stat().st_size / 1e6:.1f} MB)")
        print(f"  umpire replay --check (command)     {figures(timed(lambda: cli(game, 'replay', '--check'), a.runs))}")

        def check() -> None:
            g = Game.open(game)
            assert g.check() == []
            g.close()

        check()
        print(f"  replay and compare (in one process) {figures(timed(check, a.runs))}")
        big = Path(tmp) / "big.db"
        build(big, a.units, a.big, 0, a.seed)
        small = Path(tmp) / "small.db"
        build(small, a.units, a.polygons, 0, a.seed)
        results = one_action({f"{a.polygons} polygons": small, f"{a.big} polygons": big}, "nato-0-0", a.runs)
        print("  one action (umpire move), no actions before it:")
        for label, (command, inproc) in results.items():
            print(f"    {label:>15}: command {figures(command)}")
            print(f"    {'':>15}  in one process {figures(inproc)}")
        (c_small, i_small), (c_big, i_big) = results.values()
        ratio = statistics.median(c_big) / statistics.median(c_small)
        inside = statistics.median(i_big) / statistics.median(i_small)
        print(f"  {a.big} vs {a.polygons} polygons: command x{ratio:.2f}, in one process x{inside:.2f} (medians)")
        undos, redos = undo_redo(Path(tmp), a.units, a.polygons, a.runs)
        print(f"  undo of the last phase of a turn of {a.units} stands: {figures(undos)}")
        print(f"  and redo:                                    {figures(redos)}")
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
