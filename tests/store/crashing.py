"""Killing umpire commands half way: the crash test and ``bench/crash.py``.

Each trial copies a prepared game, starts one writing command (``phase next``, ``undo``,
``new --replace``, ``turn orders``, ``amend`` or ``redo``) as its own process, and kills it with SIGKILL after a
random delay. Half the delays are spread over the whole run (most land before the command has
opened the file, the machine being busy loading Python); the other half are aimed: the trial
watches for the command's journal (for ``new``, its temporary file) and kills it a random
moment later, within the time a write was measured to take, so many kills land inside the
transaction. Afterwards the game must open and be exactly as it was before
the command, or exactly as the command leaves it: the old log plus one whole event (an
amendment: all of its events), with the snapshot and units table equal to the replay (for
``new``: the fresh game).
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.registry import load_scenario
from umpire.resources import resolve_scenario

REPO = Path(__file__).resolve().parents[2]
ORDERS = REPO / "data" / "orders"
NEW_SEED = 424242
TABLES = ("game", "events", "rolls", "snapshot", "units", "checkpoints", "_umpire_migrations")


@dataclass
class Command:
    name: str
    args: list[str]
    base: Path
    kind: str | None  # the kind of the event it appends (None: new)
    window: tuple[float, float] = (0.0, 0.0)  # how long its write lasted (seconds)
    runtime: float = 0.0


@dataclass
class Tally:
    kills: int = 0
    before: Counter[str] = field(default_factory=Counter)
    after: Counter[str] = field(default_factory=Counter)
    mid_write: Counter[str] = field(default_factory=Counter)  # a hot journal was left behind
    failures: list[str] = field(default_factory=list)


def prepare(folder: Path) -> list[Command]:
    """The commands, each with the game it starts from."""
    scenario = load_scenario(resolve_scenario("hof-gap-meeting"))
    bases = {}
    for name in ("orders", "phase", "undo", "new", "redo"):
        path = folder / f"base-{name}.db"
        game = Game.create(path, scenario, seed=5)
        rules = game.turn_rules()
        dice = SeededDice(5)
        sides = ("nato",) if name == "orders" else ("nato", "pact")
        for side in sides:
            game.act("auftragstaktik.orders", rules.read_orders(ORDERS / f"{side}-turn1.yaml", game.state), dice)
        if name != "orders":
            for _ in range(5):  # to the Second Combat Phase: the next phase fires (dice, hits)
                game.act("auftragstaktik.phase", {}, dice)
        if name == "redo":
            game.undo(to=4)
        game.close()
        bases[name] = path
    return [
        Command("phase next", ["phase", "next"], bases["phase"], "auftragstaktik.phase"),
        Command("undo", ["undo"], bases["undo"], "undo"),
        Command("new --replace", ["new", "hof-gap-meeting", "--replace", "--seed", str(NEW_SEED)], bases["new"], None),
        Command("turn orders", ["turn", "orders", str(ORDERS / "pact-turn1.yaml")], bases["orders"],
                "auftragstaktik.orders"),
        Command("amend", ["amend", "4", "phase", "next"], bases["phase"], "amend"),  # #4-#7: five events
        Command("redo", ["redo"], bases["redo"], "redo"),
    ]


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO)}


def _start(cmd: Command, path: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "umpire", "--db", str(path), *cmd.args], env=_env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _fresh_copy(cmd: Command, folder: Path) -> Path:
    work = folder / "work"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    path = work / "g.db"
    shutil.copy(cmd.base, path)
    return path


def _writing(cmd: Command, path: Path) -> bool:
    """Whether the command is in the middle of writing: the game's journal exists (for new: its
    temporary file is being built beside the game)."""
    if cmd.kind is None:
        return any(n.startswith(f".{path.name}.new-") for n in os.listdir(path.parent))
    return os.path.exists(f"{path}-journal")


def calibrate(cmd: Command, folder: Path, runs: int = 2) -> None:
    """Measure how long the command runs, and for how long it writes."""
    totals, lengths = [], []
    for _ in range(runs):
        path = _fresh_copy(cmd, folder)
        start = time.perf_counter()
        proc = _start(cmd, path)
        seen: list[float] = []
        while proc.poll() is None:
            if _writing(cmd, path):
                seen.append(time.perf_counter())
        totals.append(time.perf_counter() - start)
        if proc.returncode != 0:
            raise RuntimeError(f"{cmd.name} fails even without a kill (exit {proc.returncode})")
        if seen:
            lengths.append(seen[-1] - seen[0])
    cmd.runtime = max(totals)
    cmd.window = (0.0, max(lengths, default=0.005))


def fingerprint(path: Path) -> dict[str, list[tuple[object, ...]]]:
    conn = sqlite3.connect(path)
    try:
        return {t: conn.execute(f"select * from {t} order by 1").fetchall() for t in TABLES}
    finally:
        conn.close()


def judge(cmd: Command, path: Path, before: dict[str, list[tuple[object, ...]]]) -> str:
    """'before' or 'after'; raises AssertionError for anything else."""
    game = Game.open(path)  # what the next command does: SQLite rolls back a hot journal here
    try:
        now = fingerprint(path)
        if now == before:
            return "before"
        assert game.check() == [], f"{cmd.name}: the replay differs from the stored state"
        if cmd.kind is None:
            assert now["events"] == [] and now["game"][0][3] == NEW_SEED, f"{cmd.name}: neither old nor new game"
            assert game.state == game.initial_state()
            assert [p.name for p in path.parent.iterdir() if p.name.startswith("g.db-")] == []
            return "after"
        old = before["events"]
        assert now["events"][: len(old)] == old, f"{cmd.name}: earlier events changed"
        new = now["events"][len(old):]
        whole = 5 if cmd.kind == "amend" else 1  # an amendment of #4 appends itself and #4-#7 again
        assert len(new) == whole and new[0][1] == cmd.kind, f"{cmd.name}: {len(new)} new events"
        assert now["game"] == before["game"], f"{cmd.name}: the game row changed"
        added = {e[0] for e in new}
        assert [r for r in now["rolls"] if r[1] not in added] == before["rolls"], f"{cmd.name}: old dice changed"
        return "after"
    finally:
        game.close()


def trial(cmd: Command, folder: Path, rng: random.Random, aimed: bool, tally: Tally) -> None:
    """One kill: after a random delay (``aimed``: a random moment after the write began)."""
    path = _fresh_copy(cmd, folder)
    before = fingerprint(path)
    proc = _start(cmd, path)
    if aimed:
        while proc.poll() is None and not _writing(cmd, path):
            time.sleep(0.0005)  # (not a busy loop: on a small machine it takes the child's core)
        time.sleep(rng.uniform(0.0, 0.6 * cmd.window[1]))
    else:
        time.sleep(rng.uniform(0.0, 1.1 * cmd.runtime))
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    tally.kills += 1
    if proc.returncode == -signal.SIGKILL and _writing(cmd, path):
        tally.mid_write[cmd.name] += 1  # killed with its journal (or half-made file) on disk
    try:
        outcome = judge(cmd, path, before)
    except AssertionError as exc:
        tally.failures.append(f"{cmd.name} ({'aimed' if aimed else 'random'} kill): {exc}")
        return
    (tally.before if outcome == "before" else tally.after)[cmd.name] += 1


def run(kills: int, folder: Path, seed: int = 1) -> tuple[Tally, list[Command]]:
    """``kills`` kills spread over the commands, half of them aimed at the write."""
    rng = random.Random(seed)
    commands = prepare(folder)
    for cmd in commands:
        calibrate(cmd, folder, runs=2 if kills >= 40 else 1)
    tally = Tally()
    for i in range(kills):
        trial(commands[i % len(commands)], folder, rng, aimed=(i // len(commands)) % 2 == 1, tally=tally)
    return tally, commands
