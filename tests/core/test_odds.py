from fractions import Fraction

from umpire.core.odds import distribution


def test_odds_of_one_d10_at_or_above_a_target():
    odds = distribution(lambda d: d.roll(10, why="x")[0] >= 7, key=lambda r: r)
    assert odds == {True: Fraction(2, 5), False: Fraction(3, 5)}


def test_odds_of_2d6_minus_2_sum_to_one_and_peak_at_5():
    odds = distribution(lambda d: sum(d.roll(6, 2, why="x")) - 2, key=lambda r: r)
    assert sum(odds.values()) == 1
    assert odds[5] == Fraction(6, 36) and odds[0] == Fraction(1, 36)


def test_odds_follow_branches_that_roll_more_dice():
    def reroll_ones(d):
        v = d.roll(6, why="first")[0]
        return d.roll(6, why="again")[0] if v == 1 else v

    odds = distribution(reroll_ones, key=lambda r: r)
    assert odds[1] == Fraction(1, 36)
    assert odds[6] == Fraction(1, 6) + Fraction(1, 36)
