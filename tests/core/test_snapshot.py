"""The snapshot written part by part (umpire.core.snapshot) is byte for byte the whole dump of
the canonical state (each unit and the game's own state without their fields at their defaults),
and the canonical state exactly what parsing it gives, however the state was changed: in place
deep inside a unit, its own state or the game's, with numbers of another type, with tuples and
sets, a field set back to its default, with units added and removed."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core.snapshot import canonical_state, state_json
from umpire.core.state import GameState, OwnModels
from umpire.registry import load_scenario
from umpire.rules.auftragstaktik.state import AtGame, AtUnit

MODELS = OwnModels(game=AtGame, unit=AtUnit)


def _whole(state: GameState) -> str:
    """The snapshot text as a plain dump of everything writes it (no part reused)."""
    from umpire.core.snapshot import _json_default

    data = state.model_dump(mode="python")
    data["units"] = {uid: u.model_dump(mode="python", exclude_defaults=True) for uid, u in state.units.items()}
    data["own"] = state.own.model_dump(mode="python", exclude_defaults=True)
    return json.dumps(data, sort_keys=True, ensure_ascii=False, default=_json_default)


def _check(changed: GameState) -> GameState:
    """``changed``'s canonical state, checked against the plain way of making it."""
    expect_text = _whole(GameState.model_validate_json(_whole(changed), context=MODELS))
    canon = canonical_state(changed)
    assert state_json(canon) == expect_text
    back = GameState.model_validate_json(expect_text, context=MODELS)
    back.terrain = canon.terrain
    assert back == canon
    assert list(canon.units) == sorted(canon.units)
    return canon


def _base() -> GameState:
    from umpire.registry import initial_state
    from umpire.resources import resolve_scenario

    state = initial_state(load_scenario(resolve_scenario("hof-gap-meeting")), seed=1)
    AtGame.of(state).air_plan = {"book": {"moves": {"a": [1, 2]}, "n": 1}}  # (a mapping of any plain values)
    return canonical_state(state)


def test_changes_deep_inside_parts_are_written():
    base = _base()
    new = base.copy_for_change()
    uid = sorted(new.units)[0]
    AtUnit.of(new.units[uid]).path_2 = [(1, 2.5), (3, 1)]  # ints: the canonical state holds floats
    AtUnit.of(new.units[uid]).entrenchment = "hasty"
    new.units[uid].ident["pact"] = "full"
    new.units[uid].x = 3  # an int: the canonical state and its text hold 3.0
    game = AtGame.of(new)
    game.air_plan["book"]["moves"]["a"].append(3)  # in place, three levels down
    game.air_plan["book"]["moves"]["b"] = (4, 5)
    game.air_plan["fresh"] = {"z": 1, "a": {"k": None}}
    game.spotted_at = {"b": {"pact": [1, 2]}, "a": {}}  # keys out of order, ints
    game.weather = "mud"
    new.turn = 2
    canon = _check(new)
    assert canon.units[uid].x == 3.0 and '"x": 3.0' in state_json(canon)
    assert AtUnit.of(canon.units[uid]).path_2 == [(1.0, 2.5), (3.0, 1.0)]
    assert '"entrenchment": "hasty"' in state_json(canon) and '"weather": "mud"' in state_json(canon)
    assert list(AtGame.of(canon).spotted_at) == ["a", "b"] and AtGame.of(canon).spotted_at["b"]["pact"] == [1.0, 2.0]
    # and on from there: unchanged parts keep their text, changed ones do not
    again = canon.copy_for_change()
    AtUnit.of(again.units[uid]).path_2[0] = (9, 9)  # in place
    AtUnit.of(again.units[uid]).entrenchment = "none"  # back to its default: left out of the text
    del again.units[sorted(again.units)[-1]]
    AtGame.of(again).air_plan["book"]["n"] = True  # True is not 1
    AtGame.of(again).weather = "clear"  # back to its default
    text = state_json(_check(again))
    assert '"entrenchment"' not in text and '"weather"' not in text
    third = canon.copy_for_change()
    AtGame.of(third).air_plan["book"]["n"] = 1.0  # nor 1.0
    _check(third)


def test_a_canonical_state_unchanged_writes_the_same_text():
    base = _base()
    same = base.copy_for_change()
    for u in same.units.values():  # every unit handed out (copied), none changed
        assert u.hits == 0
    assert state_json(canonical_state(same)) == state_json(base) == _whole(base)


values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.floats(allow_nan=False, allow_infinity=False, width=32)
    | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=2), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["unit", "own", "extra", "nested"]), st.text(max_size=2), values),
                max_size=6))
def test_any_run_of_changes_is_written_as_the_whole_dump(changes: list[tuple[str, str, Any]]):
    state = _base()
    ids = sorted(state.units)
    for n, (where, key, value) in enumerate(changes):
        new = state.copy_for_change()
        u = new.units[ids[n % len(ids)]]
        if where == "unit":
            u.ident[key] = str(value)
        elif where == "own":
            own = AtUnit.of(u)
            own.moved_1 = value if type(value) in (int, float) else len(key)  # an int, a float or 0 (the default)
            own.path_2.append((len(key), 1.5))
        elif where == "extra":
            AtGame.of(new).air_plan[key] = {"v": value}
        else:
            AtGame.of(new).air_plan["book"]["moves"][key] = value
        state = _check(new)


def test_what_changed_is_read_without_copying_the_units_an_action_left_alone():
    """The record of what changed on the table reads the new state's units as held: the units
    an action never handed out stay the very objects of the state before (neither copied nor
    written again), and the ones it changed are told."""
    from umpire.turns.facts import ChangesFacts, changes

    base = _base()
    new = base.copy_for_change()
    uid = sorted(new.units)[0]
    new.units[uid].x = 7.5
    new.units[uid].y = 8.0
    done = changes(base, new)
    assert done is not None and [e["unit"] for e in ChangesFacts.of(done).units] == [uid]
    assert new.units.touched() == [uid]  # type: ignore[attr-defined]
    assert state_json(canonical_state(new)) == _whole(GameState.model_validate_json(_whole(new), context=MODELS))


def test_a_copy_of_a_canonical_states_own_state_is_read_from_its_print_and_shares_nothing():
    base = _base()
    new = base.copy_for_change()
    assert new.own == base.own and new.own is not base.own
    AtGame.of(new).air_plan["book"]["moves"]["a"].append(9)  # deep in the copy
    assert AtGame.of(base).air_plan["book"]["moves"]["a"] == [1, 2]


def test_a_model_in_a_games_own_state_is_copied_as_a_model():
    from pydantic import BaseModel

    from umpire.core.state import OwnState

    class Mark(BaseModel):
        at: tuple[float, float]

    class Marked(OwnState):
        marks: dict[str, Mark] = {}

    state = _base().model_copy(update={"own": Marked(marks={"a": Mark(at=(1.0, 2.0))})})
    canon = canonical_state(state)
    copy = canon.copy_for_change()
    assert copy.own == canon.own and isinstance(Marked.of(copy).marks["a"], Mark)
    assert Marked.of(copy).marks["a"] is not Marked.of(canon).marks["a"]
