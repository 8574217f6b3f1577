"""Keyed dice (#10): a roll's value is a pure function of the seed and its key, whatever came
before it; typed dice win; the turn code's scopes reach through recording wrappers."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.core.dice import GivenDice, RecordingDice, Roll, ScriptedDice, keyed_value, keyed_values, scoped
from umpire.core.keyed import KeyedDice, counted, scope_of
from umpire.errors import DiceError


def by_hand(seed: int, key: str, sides: int) -> int:
    """The algorithm as docs/keyed-dice.md states it, written out again independently."""
    attempt = 0
    while True:
        h = hashlib.blake2b(f"{attempt}:{key}".encode(), digest_size=8,
                            key=seed.to_bytes(8, "big", signed=True), person=b"umpire-dice")
        v = int.from_bytes(h.digest(), "big")
        if v < (2**64 // sides) * sides:
            return v % sides + 1
        attempt += 1


@given(st.integers(-(2**63), 2**63 - 1), st.text(max_size=40), st.sampled_from([2, 6, 10, 20, 100]))
def test_a_keyed_die_is_the_documented_function_of_seed_and_key(seed, key, sides):
    v = keyed_value(seed, key, sides)
    assert 1 <= v <= sides and v == by_hand(seed, key, sides) == keyed_value(seed, key, sides)


def test_every_face_is_equally_likely():
    for sides in (6, 10, 100):
        n = 400 * sides
        counts = Counter(keyed_value(7, f"k{i}", sides) for i in range(n))
        assert set(counts) == set(range(1, sides + 1))
        chi2 = sum((c - 400) ** 2 / 400 for c in counts.values())
        assert chi2 < sides * 2.5, (sides, chi2)  # df = sides - 1; far above any plausible value


def test_seed_and_key_each_change_the_stream():
    keys = [f"t1/Fire/fire/a/b#{i}" for i in range(200)]
    a = [keyed_value(1, k, 10) for k in keys]
    assert a != [keyed_value(2, k, 10) for k in keys]
    assert a != [keyed_value(1, k + "x", 10) for k in keys]
    assert keyed_values(1, "k", 10, 3) == tuple(keyed_value(1, f"k/{i}", 10) for i in range(3))


def test_a_die_of_no_sides_is_refused():
    with pytest.raises(DiceError, match="0 sides"):
        keyed_value(1, "k", 0)


def test_the_nth_roll_of_a_scope_is_keyed_by_it_not_by_what_else_was_rolled():
    a = KeyedDice(5, ("t1", "Fire"))
    a.roll(10, why="other")
    first = scoped(a, "fire", "m1-1", "t64-2").roll(100, why="to hit")
    second = scoped(a, "fire", "m1-1", "t64-2").roll(100, why="location")
    b = KeyedDice(5, ("t1", "Fire"))
    assert scoped(b, "fire", "m1-1", "t64-2").roll(100, why="to hit") == first  # nothing rolled before
    assert [r.key for r in a.rolls] == ["t1/Fire#0", "t1/Fire/fire/m1-1/t64-2#0", "t1/Fire/fire/m1-1/t64-2#1"]
    assert second == keyed_values(5, "t1/Fire/fire/m1-1/t64-2#1", 100)
    assert all(r.typed is False for r in a.rolls)


def test_counts_carry_over_from_earlier_actions_of_the_phase():
    a = KeyedDice(5, ("t1", "combat_1"))
    scoped(a, "fire", "x", "y").roll(10, why="shot")
    b = KeyedDice(5, ("t1", "combat_1"), counts=a.counts)
    scoped(b, "fire", "x", "y").roll(10, why="shot again")
    assert b.rolls[0].key == "t1/combat_1/fire/x/y#1"


def test_given_dice_win_and_are_typed():
    d = KeyedDice(5, ("t1", "orders"), given=GivenDice([3]))
    assert scoped(d, "hq", "1-tb").roll(10, why="HQ roll") == (3,)
    assert d.rolls == [Roll("HQ roll", 10, (3,), key="t1/orders/hq/1-tb#0", typed=True)]


def test_typed_rolls_of_an_earlier_run_win_where_their_key_occurs():
    typed = [Roll("HQ roll", 10, (2,), key="t1/orders/hq/1-tb#0", typed=True),
             Roll("HQ roll", 10, (9,), key="t1/orders/hq/gone#0", typed=True),
             Roll("morale", 10, (1,), key="t1/orders/morale/1-tb#0", typed=False)]
    d = KeyedDice(5, ("t1", "orders"), typed=typed)
    assert scoped(d, "hq", "1-tb").roll(10, why="HQ roll") == (2,)
    morale = scoped(d, "morale", "1-tb").roll(10, why="morale")
    assert morale == keyed_values(5, "t1/orders/morale/1-tb#0", 10)  # keyed, not typed: the stream decides
    assert [r.typed for r in d.rolls] == [True, False]
    wrong_die = KeyedDice(5, ("t1", "orders"), typed=typed)
    assert scoped(wrong_die, "hq", "1-tb").roll(6, why="HQ roll") == keyed_values(5, "t1/orders/hq/1-tb#0", 6)


def test_scopes_reach_through_a_recording_wrapper_and_pass_over_a_script():
    keyed = KeyedDice(5, ("t2", "Movement"))
    rec = RecordingDice(keyed)
    inner = scoped(scoped(rec, "fire"), "movement-overwatch", "a", "b")
    inner.roll(100, why="to hit")
    assert [r.why for r in rec.take()] == ["to hit"]  # the wrapper's own record, without keys
    assert keyed.rolls[0].key == "t2/Movement/fire/movement-overwatch/a/b#0"
    script = ScriptedDice([4])
    assert scoped(script, "fire", "a") is script


def test_counting_keys_keeps_only_the_phase_the_game_stands_in():
    assert scope_of("t1/x/y#12") == ("t1/x/y", 12) and scope_of("no number") is None
    assert counted({}, ["t2/Fire/a#0", None, "t2/Fire/a#3"], "t2/Fire/") == {"t2/Fire/a": 4}


def test_docstring_examples():
    import doctest

    import umpire.core.dice
    import umpire.core.keyed

    for module in (umpire.core.dice, umpire.core.keyed):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__
