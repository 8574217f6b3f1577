"""The scripted games the golden tests play: an MBT game from its scenario and one orders file a
side a turn, and the reports of any game as the goldens keep them (the umpire's and each side's,
each player's too where a side has players)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from umpire.core.dice import ScriptedDice
from umpire.engine import Game
from umpire.registry import load_scenario
from umpire.reports.model import briefing, report_for_game
from umpire.reports.turn_text import plain_text


def play_mbt(path: Path, scenario: Path, orders: Path, turns: int) -> Game:
    """An MBT game played from ``scenario`` with ``orders``/turnN-SIDE.yaml, on its own seed's
    keyed dice: each turn its first phase, both sides' orders, then the turn's four phases."""
    g = Game.create(path, load_scenario(scenario))
    rules = g.turn_rules()
    for turn in range(1, turns + 1):
        g.act("mbt.phase", {}, None)
        for side in ("nato", "ussr"):
            g.act("mbt.orders", rules.read_orders(orders / f"turn{turn}-{side}.yaml", g.state), None)
        for _ in range(4):
            g.act("mbt.phase", {}, None)
    return g


def renders(game: Game, sides: Iterable[str], turns: int,
            players: Mapping[str, Iterable[str]] | None = None) -> dict[str, str]:
    """Every turn's report as plain text by the golden file it is kept in."""
    out = {}
    for turn in range(1, turns + 1):
        full = report_for_game(game, turn=turn)
        out[f"turn{turn}-umpire.txt"] = plain_text(full)
        for side in sides:
            out[f"turn{turn}-{side}.txt"] = plain_text(briefing(full, side))
            for player in (players or {}).get(side, ()):  # a side's players (MBT 21.3)
                out[f"turn{turn}-{side}-{player}.txt"] = plain_text(briefing(full, side, player))
    return out


def unlike_goldens(got: Mapping[str, str], golden: Path, update: bool) -> list[str]:
    """The names of the texts that differ from their golden files (``update``: the goldens
    written first, to review): a test asserts the list is empty."""
    if update:
        golden.mkdir(parents=True, exist_ok=True)
        for name, text in got.items():
            (golden / name).write_text(text, encoding="utf-8")
    return [name for name, text in got.items() if (golden / name).read_text(encoding="utf-8") != text]


def replayed(game: Game, path: Path, scenario: Path) -> Game:
    """``game``'s log played again into a new game file, each action with the dice it rolled."""
    again = Game.create(path, load_scenario(scenario))
    for e in game.events():
        again.act(e.kind, e.payload, ScriptedDice(v for r in e.rolls for v in r.values))
    return again
