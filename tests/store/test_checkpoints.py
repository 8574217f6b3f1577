"""Checkpoints (#10 part 4): the state after each action that changed the phase is kept, so
corrections fold on from the latest one still valid; one a correction has overtaken is not used."""

from __future__ import annotations

import sqlite3

from tests.conftest import REPO, at_scenario
from umpire.core.snapshot import state_json
from umpire.engine import Game
from umpire.engine.checkpoints import usable
from umpire.registry import load_scenario

ORDERS = REPO / "data" / "orders"


def _game(path):  # noqa: ANN001, ANN202
    game = Game.create(path, load_scenario(at_scenario()))
    rules = game.turn_rules()
    for side in ("nato", "pact"):
        game.act("auftragstaktik.orders", rules.read_orders(ORDERS / f"{side}-turn1.yaml", game.state))
    for _ in range(6):  # #3-#8
        game.act("auftragstaktik.phase", {})
    game.act("place", {"unit": "hq-1-64", "x": 10, "y": 20, "facing": None})  # #9: no new phase
    return game


def test_a_checkpoint_follows_each_change_of_phase(tmp_path):
    game = _game(tmp_path / "g.db")
    conn = sqlite3.connect(game.path)
    kept = dict(conn.execute("select seq, state from checkpoints").fetchall())
    assert sorted(kept) == [1, 3, 4, 5, 6, 7, 8]  # the first orders leave setup; #2 and #9 stay in the phase
    live = game.events()
    assert kept[8] == state_json(game.fold(game.initial_state(), live[:8]))


def test_a_checkpoint_is_passed_over_once_a_correction_touched_what_it_holds(tmp_path):
    from umpire.store.history import walk

    game = _game(tmp_path / "g.db")
    game.amend(5, "auftragstaktik.phase", {})  # #10 takes back #5-#9; #11-#15 stand in for them
    events = game.events()
    live = sorted(walk(events).live)
    assert live == [1, 2, 3, 4, 11, 12, 13, 14, 15]
    assert usable(events, live) == [15, 14, 13, 12, 11, 4, 3, 2, 1]  # never #5-#9, whose state it replaced
    assert usable(events, [1, 2, 3, 4, 5, 6, 7, 8, 9]) == [4, 3, 2, 1]  # undoing the amendment: up to #4
    undone = game.undo()  # the amendment whole: #5-#9 in force again, folded on from checkpoint #4
    scratch = game.fold(game.initial_state(), [e for e in game.events() if e.seq <= 9])
    assert state_json(undone.state) == state_json(scratch)
    assert game.check() == []
