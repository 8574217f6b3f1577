"""Stored state == replay of the log, and undo restores the previous state exactly."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import at_scenario
from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.errors import UmpireError
from umpire.registry import load_scenario

SCENARIO = load_scenario(at_scenario())
UNITS = sorted(u.id for s in SCENARIO.sides for f in s.formations for u in f.units)

coord = st.floats(min_value=-5, max_value=80, allow_nan=False)
action = st.one_of(
    st.tuples(st.just("place"), st.sampled_from(UNITS), coord, coord, st.none() | st.floats(0, 720)),
    st.tuples(st.just("move"), st.sampled_from(UNITS), coord, coord, st.none() | st.floats(0, 360)),
    st.tuples(st.just("undo"), st.none(), st.none(), st.none(), st.none()),
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=25, deadline=None)
@given(actions=st.lists(action, max_size=12))
def test_stored_state_is_the_replay_and_undo_restores_exactly(tmp_path_factory, actions):
    game = Game.create(tmp_path_factory.mktemp("g") / "g.db", SCENARIO, seed=1)
    history = [game.state.model_dump(mode="json")]
    dice = SeededDice(1)
    for kind, unit, x, y, facing in actions:
        try:
            if kind == "undo":
                game.undo()
                history.pop()
                assert game.state.model_dump(mode="json") == history[-1]
                continue
            payload = {"unit": unit, "x": x, "y": y, "facing": facing} if kind == "place" else {
                "unit": unit, "path": [[x, y]], "facing": facing}
            game.act(kind, payload, dice)
            history.append(game.state.model_dump(mode="json"))
        except UmpireError:
            assert game.state.model_dump(mode="json") == history[-1]
    assert game.check() == []
    reopened = Game.open(game.path)
    assert reopened.state.model_dump(mode="json") == history[-1]
    assert reopened.replay().model_dump(mode="json") == history[-1]
