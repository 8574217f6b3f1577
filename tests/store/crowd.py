"""Many umpire commands at once on one game: the concurrency test and ``bench/concurrency.py``.

Each round starts twenty ``umpire`` processes together (place, move, undo, phase next and one
amendment of the round's last orders entry) on one MBT game whose state lets every one of them
succeed in any order, so each must either succeed or print exactly the busy Error line.
Afterwards the log must hold exactly one new entry per success (an event, or an amendment with
the events it appended) and the replay must give the stored state.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.registry import load_scenario
from umpire.resources import resolve_scenario
from umpire.store.errors import BUSY
from umpire.store.history import walk

REPO = Path(__file__).resolve().parents[2]
MIX = ["place"] * 7 + ["move"] * 5 + ["undo"] * 3 + ["phase"] * 4 + ["amend"]  # 20 writers per round
BUFFER = 5  # actions before each round that its undos may take back (never the orders)


@dataclass
class Round:
    outcomes: Counter[str] = field(default_factory=Counter)
    unexpected: list[str] = field(default_factory=list)
    impatient: Counter[str] = field(default_factory=Counter)  # the 0.2 s writers' outcomes (also in outcomes)
    new_events: int = 0
    seconds: float = 0.0


def make_game(path: Path, seed: int = 1) -> None:
    Game.create(path, load_scenario(resolve_scenario("mbt-basic-a")), seed=seed).close()


def prepare(path: Path, rng: random.Random) -> int:
    """Bring the game to a Command phase with both sides' orders in, then add a few placements:
    from there four ``phase next``, three ``undo`` and an amendment of the last orders entered
    (returned) are valid in any order."""
    game = Game.open(path)
    rules = game.turn_rules()
    last = 0
    while True:
        view = rules.view(game.state)
        if view.phase == "Command" and not view.waiting_for:
            break
        if view.waiting_for:
            for side in view.waiting_for:
                orders = path.parent / f"{side}.yaml"
                orders.write_text(f"side: {side}\nunits: {{}}\n", encoding="utf-8")
                last = game.act("mbt.orders", rules.read_orders(orders, game.state), SeededDice(1)).seq
        else:
            game.act("mbt.phase", {}, SeededDice(rng.randrange(10**6)))
    for _ in range(BUFFER):
        game.act("place", _place(game, rng), SeededDice(1))
    if not last:  # the orders were in already: the last orders entry in force
        last = max(e.seq for e in game.events() if e.kind == "mbt.orders" and e.seq in walk(game.events()).live)
    game.close()
    return last


def _place(game: Game, rng: random.Random) -> dict[str, object]:
    unit = rng.choice(sorted(game.state.units))
    return {"unit": unit, "x": rng.uniform(1, 47), "y": rng.uniform(1, 35), "facing": None}


def _command(kind: str, units: list[str], rng: random.Random, orders: tuple[int, Path]) -> list[str]:
    if kind == "place":
        return ["place", rng.choice(units), f"{rng.uniform(1, 47):.2f}", f"{rng.uniform(1, 35):.2f}"]
    if kind == "move":
        return ["move", rng.choice(units), f"{rng.uniform(1, 47):.2f}", f"{rng.uniform(1, 35):.2f}"]
    if kind == "undo":
        return ["undo"]
    if kind == "amend":
        return ["amend", str(orders[0]), "--orders", str(orders[1])]
    return ["phase", "next"]


def run_round(path: Path, rng: random.Random, busy_timeout: float | None = None, impatient: int = 0) -> Round:
    """Twenty writers at once; what each one did, and whether the log agrees. ``busy_timeout``
    for all of them, or for ``impatient`` of them (at random) 0.2 s and the rest the default."""
    import time

    last = prepare(path, rng)
    game = Game.open(path)
    units = sorted(game.state.units)
    events = game.events()
    before = len(events)
    entered = next(e for e in events if e.seq == last)
    orders = (last, path.parent / f"{entered.payload['side']}.yaml")
    game.close()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    if busy_timeout is not None:
        env["UMPIRE_BUSY_TIMEOUT"] = str(busy_timeout)
    hasty = {**env, "UMPIRE_BUSY_TIMEOUT": "0.2"}
    mix = MIX[:]
    rng.shuffle(mix)
    quick = set(rng.sample(range(len(mix)), impatient))
    start = time.perf_counter()
    procs = [
        (kind, n in quick,
         subprocess.Popen([sys.executable, "-m", "umpire", "--db", str(path), *_command(kind, units, rng, orders)],
                          env=hasty if n in quick else env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        for n, kind in enumerate(mix)
    ]
    result = Round()
    successes = 0
    for kind, hasty_one, proc in procs:
        out, err = proc.communicate()
        if proc.returncode == 0:
            successes += 1
            result.outcomes[f"{kind}: ok"] += 1
            result.impatient[f"{kind}: ok"] += hasty_one
        elif proc.returncode == 2 and err == f"Error: {BUSY}\n":
            result.outcomes[f"{kind}: busy"] += 1
            result.impatient[f"{kind}: busy"] += hasty_one
        else:
            result.unexpected.append(f"{kind} exit {proc.returncode}: {err.strip()[-300:]}")
    result.seconds = time.perf_counter() - start
    game = Game.open(path)
    new = game.events()[before:]
    result.new_events = len(new)
    entries = sum(1 for e in new if e.part_of is None)  # an amendment's own events are one entry with it
    if entries != successes:
        result.unexpected.append(f"{successes} commands succeeded but the log grew by {entries} entries")
    diffs = game.check()
    if diffs:
        result.unexpected.append(f"replay --check fails: {diffs[:3]}")
    game.close()
    return result
