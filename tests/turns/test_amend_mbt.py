"""#10's correction in an MBT umpired game: the demo's two turns of matchup A on keyed dice, then
NATO's turn-1 orders amended (m1-1 sent to (8, 24) instead of (9, 28)). Every roll whose key did
not change keeps its value; the change report lists exactly the results that differ, and what
they are was read off the two runs by hand; the replay holds; amending back restores the game."""

from __future__ import annotations

import shutil

import pytest

from tests.conftest import REPO
from umpire.demo.mbt import SCENARIO
from umpire.engine import Game
from umpire.registry import load_scenario
from umpire.reports.changes import changes, start
from umpire.resources import resolve_scenario

ORDERS = REPO / "data" / "orders" / "mbt"


def _play(path):
    game = Game.create(path, load_scenario(resolve_scenario(SCENARIO)))
    rules = game.turn_rules()
    for turn in (1, 2):
        game.act("mbt.phase", {})
        for side in game.state.side_ids():
            game.act("mbt.orders", rules.read_orders(ORDERS / f"turn{turn}-{side}.yaml", game.state))
        for _ in range(4):  # Command, Fire, Movement, Adjustment
            game.act("mbt.phase", {})
    return game


def _amend_nato_turn_one(path, n: int, to: tuple[int, int], tmp_path):
    """Amend action #n (NATO's turn-1 orders) with m1-1 sent to ``to``, as `umpire amend N
    turn orders FILE` does: the orders are read against the state just before #n."""
    text = (ORDERS / "turn1-nato.yaml").read_text(encoding="utf-8")
    assert "path: [[9, 28]]" in text
    fixed = tmp_path / f"turn1-nato-{to[0]}-{to[1]}.yaml"
    fixed.write_text(text.replace("path: [[9, 28]]", f"path: [[{to[0]}, {to[1]}]]"), encoding="utf-8")
    game = Game.open(path).amending(n)
    game.act("mbt.orders", game.turn_rules().read_orders(fixed, game.state))
    assert game.correction is not None
    return game.correction


@pytest.fixture(scope="module")
def amended(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("amend-mbt")
    game = _play(tmp / "g.db")
    first = {e.seq: e for e in game.events()}
    assert first[2].kind == "mbt.orders" and first[2].payload["side"] == "nato"
    done = _amend_nato_turn_one(game.path, 2, (8, 24), tmp)
    return Game.open(game.path), first, done, tmp


def test_every_roll_whose_key_did_not_change_keeps_its_value(amended):
    _, _, done, _ = amended
    assert len(done.pairs) == 13  # #2 and the 12 actions after it
    kept = 0
    for old, new in done.pairs:
        assert new is not None
        before = {r.key: r.values for r in old.rolls}
        for r in new.rolls:
            if r.key in before:
                assert r.values == before[r.key], (old.seq, r.key)
                kept += 1
    assert kept > 0


def test_the_change_report_says_each_consequence_once(amended):
    """m1-1 ends turn 1's Movement Phase (#6) at (8, 24) instead of (9, 28), where the Soviet
    tanks see it: they sight it there (#6), so no spotted marker comes off it at the end of the
    turn (#7), and they lose sight of it in turn 2's Fire Phase (#12), where the first run never
    saw it. Said once each, not again under every action in between (#26); the orders table
    says the move written (5.657" of 6", was 6"). No die changes a shot; the result is the same."""
    _, _, done, _ = amended
    report = changes("mbt", done.pairs, run=start(done.before, done.kept))
    assert {c.old: c.lines for c in report} == {
        2: ['m1-1 M 5.657/6" (was: 6/6")'],
        6: ["ussr now spots m1-1",
            'm1-1 moves 5.657" to (8, 24) facing 90; cost 5.657" of 6.0" (8.2, 23.3.2.1) '
            '(was: 5" to (9, 28) facing 90; cost 6.0" of 6.0" (8.2, 23.3.2.1))'],
        7: ["no longer: m1-1: spotted marker removed, unseen (9.3)"],
        12: ["ussr now loses sight of m1-1"],
    }


def test_the_replay_holds_and_amending_back_gives_the_first_run_again(amended):
    game, first, done, tmp = amended
    assert game.check() == []
    copy = tmp / "copy.db"
    shutil.copy(game.path, copy)
    back = _amend_nato_turn_one(copy, done.pairs[0][1].seq, (9, 28), tmp)  # type: ignore[union-attr]
    for (old, _), (_, now) in zip(done.pairs, back.pairs, strict=True):
        assert now is not None and now.results == first[old.seq].results and now.rolls == first[old.seq].rolls
    assert Game.open(copy).check() == []


def test_a_placement_amended_lists_the_orders_table_and_the_move_it_changed(tmp_path):
    """m1-1 placed by hand at (5, 28) before turn 1, its written move to (9, 28): amended to
    (6, 28), the orders table says the shorter move (4" of 6", was 5") and so does the
    Movement Phase (#26: a placement amend once listed no later change)."""
    game = Game.create(tmp_path / "g.db", load_scenario(resolve_scenario(SCENARIO)))
    n = game.act("place", {"unit": "m1-1", "x": 5, "y": 28, "facing": 90}).seq
    rules = game.turn_rules()
    game.act("mbt.phase", {})
    for side in game.state.side_ids():
        game.act("mbt.orders", rules.read_orders(ORDERS / f"turn1-{side}.yaml", game.state))
    for _ in range(4):
        game.act("mbt.phase", {})
    done = game.amend(n, "place", {"unit": "m1-1", "x": 6, "y": 28, "facing": 90})
    report = changes("mbt", done.pairs, run=start(done.before, done.kept))
    assert {c.old: c.lines for c in report} == {
        1: ["m1-1 placed at (6, 28) facing 90 (was: (5, 28) facing 90)"],
        3: ['m1-1 M 4/6" (was: 5/6")'],
        7: ['m1-1 moves 3" to (9, 28) facing 90; cost 4.0" of 6.0" (8.2, 23.3.2.1) '
            '(was: 4" to (9, 28) facing 90; cost 5.0" of 6.0" (8.2, 23.3.2.1))'],
    }
