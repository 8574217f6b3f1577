"""Scripted play of campaign games for the tests: orders written from the state, dice seeded.

Auftragstaktik: in turn 1 every battalion is ordered Hasty Advance toward the enemy and each
company drives 5" then 3" that way; from turn 2 on nobody moves. Every turn each living
company is ordered to fire at every living enemy stand (the rules pick what it may hit).
MBT: in turn 1 every vehicle moves 6" toward the enemy and fires at the first enemy listed;
after that every vehicle fires (order F) at the living enemies in turn; one that may not fire
(a gun hit, 6.2.3) edges 1" toward the middle of the table instead.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.rules.mbt.state import MbtUnit

DEAD = ("eliminated", "surrendered", "off_table")
TOWARD = {"nato": 1, "pact": -1, "ussr": -1}


def _alive(u) -> bool:  # noqa: ANN001
    return u.status not in DEAD and u.placed


def at_orders(game: Game, side: str, turn: int) -> dict:
    from umpire.turns.auftragstaktik.tracked import move_value

    st = game.state
    sign = TOWARD[side]
    enemies = [u.id for u in st.units.values() if u.side != side and _alive(u)]
    units = {}
    for u in st.units.values():
        if u.side != side or not _alive(u):
            continue
        if u.kind == "hq":
            if turn == 1:
                units[u.id] = {"order": "DA"}
            continue
        spec = {"override": True, "fire": enemies}
        if turn == 1:
            step = min(5.0, move_value(u))
            spec["first"] = [[u.x + step * sign, u.y]]
            spec["second"] = [[u.x + min(8.0, 2 * step) * sign, u.y]]
        units[u.id] = spec
    battalions = {}
    if turn == 1:
        battalions = {f.id: {"order": "HA", "direction": 90 if sign > 0 else 270}
                      for f in st.formations if f.side == side}
    return {"side": side, "turn": turn, "battalions": battalions, "units": units}


def play_at(path: Path, turns: int, folder: Path) -> Game:
    """Play ``turns`` whole turns of the Auftragstaktik game at ``path``."""
    from umpire.turns.auftragstaktik.script import play_turn

    game = Game.open(path)
    dice = SeededDice(game.state.seed)
    for turn in range(1, turns + 1):
        files = []
        for side in game.state.side_ids():
            f = folder / f"{path.stem}-{side}-{turn}.yaml"
            f.write_text(yaml.safe_dump(at_orders(game, side, turn), allow_unicode=True), encoding="utf-8")
            files.append(f)
        play_turn(game, files, dice)
    return game


def mbt_orders(game: Game, side: str, turn: int) -> dict:
    from umpire.rules.mbt import data, orders
    from umpire.turns.mbt.orders_file import unit_capability

    st = game.state
    sign = TOWARD[side]
    enemies = [u.id for u in st.units.values() if u.side != side and _alive(u)]
    units = {}
    for i, u in enumerate(x for x in st.units.values() if x.side == side and _alive(x)):
        if not enemies:
            break
        target = enemies[i % len(enemies)]
        allowed = orders.allowed_orders(unit_capability(u, data.card(u.card or "")))
        if turn == 1 and not MbtUnit.of(u).track_hit and MbtUnit.of(u).compartment != "hull":
            units[u.id] = {"order": "M", "move": {"path": [[u.x + 4 * sign, u.y]]}}
        elif "F" in allowed:
            units[u.id] = {"order": "F", "fire": {"target": target}}
        elif "M" in allowed:  # edges 1" toward the middle of the table, staying on it
            units[u.id] = {"order": "M", "move": {"path": [[u.x, u.y + (1 if u.y < st.table.depth / 2 else -1)]]}}
    return {"side": side, "turn": turn, "units": units}


def play_mbt(path: Path, turns: int, folder: Path) -> Game:
    """Play up to ``turns`` Turns of the MBT game at ``path`` (fewer if it ends first)."""
    game = Game.open(path)
    rules = game.turn_rules()
    dice = SeededDice(game.state.seed)
    for turn in range(1, turns + 1):
        if game.state.phase == "Game over":
            break
        game.act("mbt.phase", {}, dice)
        for side in game.state.side_ids():
            f = folder / f"{path.stem}-{side}-{turn}.yaml"
            f.write_text(yaml.safe_dump(mbt_orders(game, side, turn), allow_unicode=True), encoding="utf-8")
            game.act("mbt.orders", rules.read_orders(f, game.state), dice)
        for _ in range(4):
            game.act("mbt.phase", {}, dice)
    return game
