"""Helpers for the printed papers' tests: the demo games played two turns, a turn's paper
rendered without stamps (the same bytes for the same paper), and a correction's words read back."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

from umpire.engine import Game
from umpire.registry import load_scenario
from umpire.reports.turn_papers import plan, turn_folder
from umpire.resources import resolve_scenario, resource_dir

ORDERS = resource_dir("data") / "orders"


def play_at(path: Path, turns: int = 2) -> None:
    """The Auftragstaktik demo game (hof-gap-meeting, its bundled orders) to the end of ``turns``."""
    game = Game.create(path, load_scenario(resolve_scenario("hof-gap-meeting")))
    rules = game.turn_rules()
    for turn in range(1, turns + 1):
        for side in ("nato", "pact"):
            game.act("auftragstaktik.orders", rules.read_orders(ORDERS / f"{side}-turn{turn}.yaml", game.state))
        while game.state.turn == turn:
            game.act("auftragstaktik.phase", {})
    game.close()


def play_mbt(path: Path, turns: int = 2) -> None:
    """The MBT demo game (mbt-basic-a, its bundled orders) to the end of ``turns``."""
    game = Game.create(path, load_scenario(resolve_scenario("mbt-basic-a")))
    rules = game.turn_rules()
    for turn in range(1, turns + 1):
        game.act("mbt.phase", {})
        for side in ("nato", "ussr"):
            game.act("mbt.orders", rules.read_orders(ORDERS / "mbt" / f"turn{turn}-{side}.yaml", game.state))
        for _ in range(4):
            game.act("mbt.phase", {})
    game.close()


def rendered(db: Path, turns: list[int]) -> dict[str, bytes]:
    """Every file of ``turns``' paper, by its path inside the folder printed into, as printed
    without stamps or marks (what it shows, and nothing of when it was printed)."""
    game = Game.open(db)
    out = {}
    try:
        for t in turns:
            for p in plan(game, t, stamped=False):
                fh = io.BytesIO()
                p.write(fh)
                out[f"{turn_folder(t)}/{p.path}"] = fh.getvalue()
    finally:
        game.close()
    return out


def changed(before: dict[str, bytes], after: dict[str, bytes]) -> set[str]:
    return {k for k in before.keys() & after.keys() if before[k] != after[k]}


def block(output: str, head: str) -> list[str]:
    """The indented lines under the line starting with ``head``."""
    lines = output.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(head):
            out = []
            for rest in lines[i + 1:]:
                if not rest.startswith("  "):
                    break
                out.append(rest.strip())
            return out
    return []


def commands(output: str) -> list[list[str]]:
    """The commands the output offers to print papers again, split as a shell would."""
    return [shlex.split(m.group(1)) for m in re.finditer(r"print them again: (umpire .*)$", output, re.M)]
