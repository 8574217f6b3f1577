"""A small MBT Advanced Game table for the tests: a scenario from a few units and terrain pieces,
played phase by phase with written orders."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from umpire.core.dice import Dice, SeededDice
from umpire.engine import Game
from umpire.registry import scenario_from_data

ROAD = {"id": "r1", "type": "road", "line": [[0, 10], [48, 10]]}


def scenario(nato: list[dict[str, Any]], ussr: list[dict[str, Any]], terrain: list[dict[str, Any]] | None = None,
             relief: list[dict[str, Any]] | None = None, **mbt: Any) -> dict[str, Any]:
    """``relief``: NATO units of formation ``relief`` (give ``mbt.advanced.relief`` to use it)."""
    nato_f = [{"id": "n1", "name": "NATO", "units": nato}]
    if relief:
        nato_f.append({"id": "relief", "name": "Relief", "units": relief})
    return {
        "name": "test table", "ruleset": "mbt", "table": {"width": 48, "depth": 32}, "seed": 1,
        "mbt": {"game": "advanced", "turns": 6, **mbt}, "terrain": terrain or [],
        "sides": [{"id": "nato", "formations": nato_f},
                  {"id": "ussr", "formations": [{"id": "s1", "name": "Pact", "units": ussr}]}],
    }


def unit(uid: str, card: str, at: list[float] | None, facing: float = 90, **more: Any) -> dict[str, Any]:
    return {"id": uid, "card": card, **({"at": at} if at is not None else {}), "facing": facing, **more}


def new(tmp_path: Path, data: dict[str, Any]) -> Game:
    return Game.create(tmp_path / "g.db", scenario_from_data(data, "test"), seed=1)


def orders(g: Game, plans: dict[str, dict[str, Any]], dice: Dice | None = None) -> Dice:
    """From wherever the turn stands, on to its Command phase; then each side's written plan."""
    dice = dice or SeededDice(5)
    while g.state.phase != "Command":
        g.act("mbt.phase", {}, dice)
    for side in ("nato", "ussr"):
        g.act("mbt.orders", {"side": side, "units": plans.get(side, {})}, dice)
    return dice


def phase(g: Game, dice: Dice, until: str) -> list[dict[str, Any]]:
    """Resolve phases until the game stands at ``until``; the resolutions they gave."""
    seen = len(g.events())
    while g.state.phase != until:
        g.act("mbt.phase", {}, dice)
    return [r for e in g.events()[seen:] for r in e.results]
