"""The snapshot written part by part (umpire.core.snapshot) is byte for byte the whole dump of
the canonical state, and the canonical state exactly what parsing it gives, however the state
was changed: in place deep inside a unit or the bookkeeping, with numbers of another type, with
tuples and sets, with units added and removed."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core.state import GameState, canonical_state, state_json
from umpire.registry import load_scenario


def _whole(state: GameState) -> str:
    """The snapshot text as a plain dump of everything writes it (no part reused)."""
    from umpire.core.state import _json_default

    return json.dumps(state.model_dump(mode="python"), sort_keys=True, ensure_ascii=False, default=_json_default)


def _check(changed: GameState) -> GameState:
    """``changed``'s canonical state, checked against the plain way of making it."""
    expect_text = _whole(GameState.model_validate_json(_whole(changed)))
    canon = canonical_state(changed)
    assert state_json(canon) == expect_text
    back = GameState.model_validate_json(expect_text)
    back.terrain = canon.terrain
    assert back == canon
    assert list(canon.units) == sorted(canon.units)
    return canon


def _base() -> GameState:
    from umpire.registry import initial_state
    from umpire.resources import resolve_scenario

    state = initial_state(load_scenario(resolve_scenario("hof-gap-meeting")), seed=1)
    state.extra["book"] = {"moves": {"a": [1, 2]}, "n": 1}
    return canonical_state(state)


def test_changes_deep_inside_parts_are_written():
    base = _base()
    new = base.copy_for_change()
    uid = sorted(new.units)[0]
    new.units[uid].notes["path"] = [(1, 2.5), {3, 1}]
    new.units[uid].x = 3  # an int: the canonical state and its text hold 3.0
    new.extra["book"]["moves"]["a"].append(3)  # in place, two levels down
    new.extra["book"]["moves"]["b"] = (4, 5)
    new.extra["fresh"] = {"z": 1, "a": {"k": None}}
    new.turn = 2
    canon = _check(new)
    assert canon.units[uid].x == 3.0 and '"x": 3.0' in state_json(canon)
    # and on from there: unchanged parts keep their text, changed ones do not
    again = canon.copy_for_change()
    again.units[uid].notes["path"][0] = [9, 9]
    del again.units[sorted(again.units)[-1]]
    again.extra["book"]["n"] = True  # True is not 1
    _check(again)
    third = canon.copy_for_change()
    third.extra["book"]["n"] = 1.0  # nor 1.0
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
@given(st.lists(st.tuples(st.sampled_from(["unit", "extra", "nested"]), st.text(max_size=2), values), max_size=6))
def test_any_run_of_changes_is_written_as_the_whole_dump(changes: list[tuple[str, str, Any]]):
    state = _base()
    ids = sorted(state.units)
    for n, (where, key, value) in enumerate(changes):
        new = state.copy_for_change()
        if where == "unit":
            new.units[ids[n % len(ids)]].notes[key] = value
        elif where == "extra":
            new.extra[key] = value
        else:
            new.extra["book"]["moves"][key] = value
        state = _check(new)
