import pytest

from umpire.core.dice import ManualDice, RecordingDice, ScriptedDice, SeededDice, read_d100
from umpire.errors import DiceError


def test_seeded_dice_repeat_with_the_same_seed_and_stay_in_range():
    a = [SeededDice(7).roll(10, 50, why="x")]
    b = [SeededDice(7).roll(10, 50, why="x")]
    assert a == b
    assert all(1 <= v <= 10 for v in a[0])
    assert set(SeededDice(1).roll(10, 500, why="x")) == set(range(1, 11))


def test_seeded_d100_reads_1_to_100_from_two_d10():
    values = SeededDice(3).roll(100, 3000, why="x")
    assert min(values) == 1 and max(values) == 100


def test_d100_reading_follows_mbt_4_2():
    assert read_d100(0, 0) == 100
    assert read_d100(0, 1) == 1
    assert read_d100(9, 9) == 99
    assert read_d100(10, 5) == 5  # a d10 read 10 is its 0 face


def test_scripted_dice_fail_loudly():
    d = ScriptedDice([4, 11])
    assert d.roll(10, why="fire") == (4,)
    with pytest.raises(DiceError, match="impossible on a d10"):
        d.roll(10, why="fire")
    with pytest.raises(DiceError, match="ran out at 'morale'"):
        ScriptedDice([]).roll(10, why="morale")


def test_manual_dice_check_what_the_umpire_types():
    assert ManualDice(lambda s, c, w: [10]).roll(10, why="x") == (10,)
    with pytest.raises(DiceError):
        ManualDice(lambda s, c, w: [0]).roll(10, why="x")


def test_recording_dice_keep_every_roll_with_its_reason():
    rec = RecordingDice(ScriptedDice([3, 4, 5]))
    rec.roll(6, 2, why="2d6")
    rec.roll(10, why="d10")
    assert [(r.why, r.values) for r in rec.take()] == [("2d6", (3, 4)), ("d10", (5,))]
    assert rec.rolls == []
