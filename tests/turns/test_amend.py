"""#10's correction, end to end: a move entered with a wrong coordinate, the rest of the turn
resolved, then the move amended. Every roll whose key did not change keeps its value; the
change report lists exactly the results that differ; the replay of the log holds."""

from __future__ import annotations

import pytest

from tests.conftest import REPO, at_scenario
from umpire.engine import Game
from umpire.registry import load_scenario
from umpire.reports.changes import changes, start

ORDERS = REPO / "data" / "orders"


def _move(y: float) -> dict:
    return {"unit": "a-1-64", "path": [[30, y]], "facing": None}


@pytest.fixture(scope="module")
def amended(tmp_path_factory):
    game = Game.create(tmp_path_factory.mktemp("amend") / "g.db", load_scenario(at_scenario()))
    rules = game.turn_rules()
    for side in ("nato", "pact"):
        game.act("auftragstaktik.orders", rules.read_orders(ORDERS / f"{side}-turn1.yaml", game.state))
    for _ in range(4):  # Orders, First Movement, First Combat, Reaction
        game.act("auftragstaktik.phase", {})
    wrong = game.act("move", _move(28)).seq  # meant (30, 22)
    while game.state.turn == 1:
        game.act("auftragstaktik.phase", {})
    done = game.amend(wrong, "move", _move(22))
    return game, wrong, done


def test_the_amendment_replaces_the_move_and_re_resolves_the_rest_of_the_turn(amended):
    game, wrong, done = amended
    assert [old.seq for old, _ in done.pairs] == list(range(wrong, wrong + 6))
    assert all(new is not None and new.replaces == old.seq for old, new in done.pairs)
    assert game.state.turn == 2 and game.state.units["a-1-64"].y == 22


def test_every_roll_whose_key_did_not_change_keeps_its_value(amended):
    _, _, done = amended
    before = {r.key: r for old, _ in done.pairs for r in old.rolls}
    after = {r.key: r for _, new in done.pairs if new for r in new.rolls}
    same = before.keys() & after.keys()
    assert same and after.keys() - before.keys()  # some keys stayed, some are new (a-1-64 fires at t80-1 now)
    assert all(r.key and r.typed is False for r in [*before.values(), *after.values()])
    for key in same:
        assert after[key].values == before[key].values, key
    assert "t1/morale/morale/1-tb#0" in same


def test_the_change_report_lists_exactly_the_results_that_differ(amended):
    _, wrong, done = amended
    report = changes("auftragstaktik", done.pairs, run=start(done.before, done.kept))
    # hand-checked against the two runs: at (30, 22) a-1-64 sees t80-1 at the end of the Second
    # Movement Phase, so it engages the nearest AFV (t80-1) and then, its rate of fire allowing,
    # t80-3; b-1-64 finds t80-3 gone; at (30, 28) it saw only t80-2 and t80-3. The move's own
    # words, the unit-integrity warning (17" from its HQ, not 17.44") and the morale roll's
    # modifiers (two tanks lost, not two hit) differ too.
    assert {c.old: c.lines for c in report} == {
        wrong: ['a-1-64 moved 5" to (30, 22) facing 90; 5" of 8" allowance '
                '(was: 7.81" to (30, 28) facing 39.81; 7.81" of 8" allowance)'],
        wrong + 1: [
            "nato now spots t80-1",
            'warning: tf-1-64: a-1-64 and hq-1-64 are 17" apart, beyond the battalion command radius of 12" '
            '(MOVEMENT > Unit Integrity) (was: 17.44" apart, beyond the battalion command radius of 12" '
            '(MOVEMENT > Unit Integrity))',
        ],
        wrong + 2: [
            "t80-2: 2 hits -> unharmed",
            "t80-3: 2 hits -> eliminated",
            "t80-1: unharmed -> eliminated",
            "a-1-64 no longer fires at t80-2 (it was 2 hits)",
            "b-1-64 no longer fires at t80-3 (it was 2 hits)",
            "t80-1 no longer holds fire (its target is not spotted)",
            "t80-3 no longer holds fire (its target is not spotted)",
            "a-1-64 now fires at t80-1: 4 hits: eliminated",
            "a-1-64 now fires at t80-3 instead of t80-2",
            "a-1-64 now fires at t80-3: 4 hits: eliminated",
        ],
        wrong + 3: ["morale of 1-tb: pass (battalion now ok): as before, but modified roll 4 -> 3; "
                    "other table cell and modifiers"],
    }


def test_the_replay_holds_and_amending_back_gives_the_first_run_again(amended, tmp_path):
    import shutil

    game, wrong, done = amended
    assert game.check() == []
    copy = tmp_path / "copy.db"
    shutil.copy(game.path, copy)
    again = Game.open(copy)
    back = again.amend(done.pairs[0][1].seq, "move", _move(28))  # type: ignore[union-attr]
    for (first, _), (_, now) in zip(done.pairs, back.pairs, strict=True):
        assert now is not None and now.results == first.results and now.rolls == first.rolls
    assert again.check() == []
