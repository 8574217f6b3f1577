"""Point 6: replay is deterministic. Many turns of both bundled tracked games, with the bundled
orders first and then empty and random orders; after every phase the replay of the log must
give the stored state exactly (and the units table must match it at the end of each turn)."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import REPO
from umpire.core.dice import SeededDice
from umpire.core.snapshot import canonical, state_json
from umpire.core.state import GameState, OwnModels
from umpire.engine import Game
from umpire.engine.replay import apply_recorded
from umpire.errors import UmpireError
from umpire.registry import load_scenario
from umpire.resources import resolve_scenario
from umpire.rules.auftragstaktik.state import AtGame, AtUnit

ORDERS = REPO / "data" / "orders"
CODES = ["NO", "DA", "HA", "TR", "WD"]


class Follower:
    """Replays each new event on its own copy of the state as the game goes, so the replay is
    checked after every phase without replaying from the start each time."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.state = game.initial_state()
        self.done = 0

    def check(self) -> None:
        fresh = Game.open(self.game.path)  # the state as the next command would read it
        for ev in fresh.events()[self.done:]:
            self.state = apply_recorded(fresh.path, self.state, ev)
            self.done += 1
        assert state_json(self.state) == state_json(fresh.state), f"replay differs after event #{self.done}"
        fresh.close()


def _step(x: float, y: float, rng: random.Random, state: GameState, reach: float) -> list[float]:
    angle = rng.uniform(0, 2 * math.pi)
    d = rng.uniform(0.5, reach)
    return [round(min(max(x + d * math.sin(angle), 0.5), state.table.width - 0.5), 2),
            round(min(max(y + d * math.cos(angle), 0.5), state.table.depth - 0.5), 2)]


def _at_orders(state: GameState, side: str, rng: random.Random, level: int) -> dict[str, Any]:
    """Random Auftragstaktik orders for ``side``; ``level`` 0 is empty, higher is busier."""
    data: dict[str, Any] = {"side": side, "turn": state.turn}
    if level == 0:
        return data
    foes = sorted(u.id for u in state.units.values() if u.side != side and u.status not in ("eliminated",))
    units = {}
    for u in sorted(state.units_of(side), key=lambda u: u.id):
        if u.x is None or u.status in ("eliminated", "surrendered") or rng.random() < 0.3:
            continue
        spec: dict[str, Any] = {"override": True}
        if level >= 2:
            spec["first"] = [_step(u.x, u.y, rng, state, 3)]
            spec["second"] = [_step(*spec["first"][0], rng, state, 3)]
        if foes:
            spec["fire"] = rng.sample(foes, k=min(len(foes), rng.randint(1, 3)))
        units[u.id] = spec
    data["units"] = units
    if level >= 3:
        bns = sorted({u.formation for u in state.units_of(side) if u.formation})
        data["battalions"] = {b: {"order": rng.choice(CODES), "direction": rng.randrange(360)}
                              for b in bns if rng.random() < 0.5}
    return data


def _enter(game: Game, tmp: Path, data: dict[str, Any], rng: random.Random, make, kind: str) -> None:  # noqa: ANN001
    """Enter orders: the random ones if the rules accept them, else simpler ones, else none."""
    rules = game.turn_rules()
    for level in (3, 2, 1, 0):
        if level < 3:
            data = make(level)
        path = tmp / f"{data['side']}-{game.state.turn}-{level}.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        try:
            payload = rules.read_orders(path, game.state)
            game.act(kind, payload, SeededDice(rng.randrange(10**6)))
            return
        except UmpireError:
            continue
    raise AssertionError("even empty orders were refused")


def test_auftragstaktik_replays_exactly_after_every_phase(tmp_path):
    game = Game.create(tmp_path / "at.db", load_scenario(resolve_scenario("hof-gap-meeting")), seed=7)
    follow = Follower(game)
    rng = random.Random(7)
    for turn in range(1, 7):
        assert game.state.turn == turn
        for side in ("nato", "pact"):
            if turn <= 2:
                payload = game.turn_rules().read_orders(ORDERS / f"{side}-turn{turn}.yaml", game.state)
                game.act("auftragstaktik.orders", payload, SeededDice(turn))
            else:
                level = rng.choice([0, 0, 1, 2, 3]) if turn > 3 else 0  # turn 3: empty orders
                _enter(game, tmp_path, _at_orders(game.state, side, rng, level), rng,
                       lambda lv, s=side: _at_orders(game.state, s, rng, lv), "auftragstaktik.orders")
            follow.check()
        while game.state.turn == turn:
            game.act("auftragstaktik.phase", {"allow_integrity_break": True}, SeededDice(rng.randrange(10**6)))
            follow.check()
        assert game.check() == []
    assert follow.done > 60


def _mbt_orders(state: GameState, side: str, rng: random.Random, level: int) -> dict[str, Any]:
    data: dict[str, Any] = {"side": side, "turn": state.turn, "units": {}}
    if level == 0:
        return data
    foes = sorted(u.id for u in state.units.values() if u.side != side and u.status == "ok")
    for u in sorted(state.units_of(side), key=lambda u: u.id):
        if u.x is None or u.status != "ok":
            continue
        order = rng.choice(["M", "OW", "F"] if foes and level >= 2 else ["M", "OW"])
        if order == "M":
            data["units"][u.id] = {"order": "M", "move": {"path": [_step(u.x, u.y, rng, state, 4)]}}
        elif order == "F":
            data["units"][u.id] = {"order": "F", "fire": {"target": rng.choice(foes)}}
        else:
            data["units"][u.id] = {"order": "OW", "overwatch": {"at": rng.choice(["moving", "any"])}}
    return data


@pytest.mark.parametrize("seed", [3])
def test_mbt_replays_exactly_after_every_phase(tmp_path, seed):
    game = Game.create(tmp_path / "mbt.db", load_scenario(resolve_scenario("mbt-basic-a")), seed=seed)
    follow = Follower(game)
    rng = random.Random(seed)
    for turn in range(1, 7):
        if game.state.phase == "over":
            break
        game.act("mbt.phase", {}, SeededDice(rng.randrange(10**6)))  # Initiative
        follow.check()
        for side in game.state.side_ids():
            if turn <= 2:
                payload = game.turn_rules().read_orders(ORDERS / "mbt" / f"turn{turn}-{side}.yaml", game.state)
                game.act("mbt.orders", payload, SeededDice(turn))
            else:
                level = 0 if turn == 3 else rng.choice([0, 1, 2, 2])
                _enter(game, tmp_path, _mbt_orders(game.state, side, rng, level), rng,
                       lambda lv, s=side: _mbt_orders(game.state, s, rng, lv), "mbt.orders")
            follow.check()
        for _ in range(4):  # Command, Fire, Movement, Adjustment
            game.act("mbt.phase", {}, SeededDice(rng.randrange(10**6)))
            follow.check()
        assert game.check() == []
    assert follow.done > 25


def test_the_canonical_state_is_what_the_snapshot_gives_back():
    """Dict order, sets and tuples come back as the stored JSON has them."""
    state = load_scenario(resolve_scenario("hof-gap-meeting"))
    from umpire.registry import initial_state

    live = initial_state(state, seed=1)
    AtGame.of(live).air_plan = {"b": {"s": {3, 1, 2}}, "a": {"t": (1, 2)}}
    live.units = dict(reversed(list(live.units.items())))
    canon, text = canonical(live)
    assert list(canon.units) == sorted(live.units)
    assert AtGame.of(canon).air_plan == {"a": {"t": [1, 2]}, "b": {"s": [1, 2, 3]}}
    assert list(AtGame.of(canon).air_plan) == ["a", "b"]
    back = GameState.model_validate_json(text, context=OwnModels(game=AtGame, unit=AtUnit))
    back.terrain = canon.terrain  # kept once beside the snapshot, not in it
    assert back == canon
    assert state_json(canon) == text
    assert "terrain" not in text and len(canon.terrain) == len(state.terrain)


def test_a_copy_shares_what_it_does_not_change():
    """Units are copied when first touched through the copy; the terrain is one object."""
    from umpire.core.snapshot import canonical_state

    base = canonical_state(initial_state_of("hof-gap-meeting"))
    new = base.copy_for_change()
    assert new.terrain is base.terrain and new.formations is base.formations
    moved = new.units["a-1-64"]
    moved.x, moved.moved, AtUnit.of(moved).moved_1 = 1.5, 3, 2
    old = base.units["a-1-64"]
    assert old.x != 1.5 and old.moved == 0 and AtUnit.of(old).moved_1 == 0
    assert dict.__getitem__(new.units, "t80-1") is dict.__getitem__(base.units, "t80-1")  # untouched: shared
    again = canonical_state(new)
    now = again.units["a-1-64"]
    assert now.x == 1.5 and now.moved == 3 and AtUnit.of(now) == AtUnit(moved_1=2)
    models = OwnModels(game=AtGame, unit=AtUnit)
    assert state_json(again) == state_json(GameState.model_validate_json(state_json(new), context=models))
    for u in new.units.values():  # handing every unit out copies every one
        u.hits = 3
    assert all(u.hits == 0 for u in base.units.values())


def initial_state_of(name: str) -> GameState:
    from umpire.registry import initial_state

    return initial_state(load_scenario(resolve_scenario(name)), seed=1)
