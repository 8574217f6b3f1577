"""Enemies in one hex after the Movement phase (8.8), parted by the one loop both the Basic and
the Advanced Game use: hand-checked positions on a table of 1-inch hexes (near: half an inch)."""

from __future__ import annotations

from umpire.core.state import UnitState
from umpire.turns.mbt.parting import parted


def unit(uid: str, side: str, x: float, y: float) -> UnitState:
    return UnitState(id=uid, name=uid, side=side, x=x, y=y)


def xy(u: UnitState) -> tuple[float, float]:
    assert u.x is not None and u.y is not None
    return u.x, u.y


def part(units: list[UnitState], walked: dict[str, list[list[float]]], order: list[str]) -> list[str]:
    return [f"{u.id} ({u.x:g}, {u.y:g})" for u in parted(lambda: units, xy, 0.5, walked, order, 4 * len(units))]


def test_the_unit_that_did_not_move_stays_and_the_mover_goes_back_along_its_path() -> None:
    a, c = unit("a", "red", 6.2, 10), unit("c", "blue", 6, 10)
    walked = {"a": [[4, 10], [5, 10], [5.6, 10], [6.2, 10]]}
    # 6.2 and 5.6 are within half an inch of c at 6; 5 is the last point of a's path that is not
    assert part([a, c], walked, ["a"]) == ["a (5, 10)"]
    assert (c.x, c.y) == (6, 10)


def test_of_two_movers_the_first_to_get_there_stays() -> None:
    a, b = unit("a", "red", 3, 3), unit("b", "blue", 3.3, 3)
    walked = {"a": [[1, 3], [3, 3]], "b": [[3.3, 1], [3.3, 3]]}
    assert part([a, b], walked, ["b", "a"]) == ["a (1, 3)"]
    a.x, a.y = 3, 3
    assert part([a, b], walked, ["a", "b"]) == ["b (3.3, 1)"]


def test_with_no_point_of_its_path_far_enough_it_steps_straight_away() -> None:
    a, c = unit("a", "red", 2.3, 2), unit("c", "blue", 2, 2)
    assert part([a, c], {"a": [[2.1, 2], [2.3, 2]]}, ["a"]) == ["a (2.501, 2)"]


def test_a_unit_sent_back_onto_another_enemy_goes_on_back_along_its_path() -> None:
    """a, back from b1 to (4, 0), is then within half an inch of b2 (at 4.1): it goes on back to
    (2, 0), not forward to where it ended its move. r2, which did not move, is as near b1, which
    did not either: the one listed first stays, r2 steps straight away (a thousandth beyond half
    an inch: 0.501 along (-0.3, 0.2)/0.3606), and friends near each other stay."""
    a, b1, b2 = unit("a", "red", 6, 0), unit("b1", "blue", 6.2, 0), unit("b2", "blue", 4.1, 0)
    r2 = unit("r2", "red", 5.9, 0.2)
    walked = {"a": [[2, 0], [4, 0], [6, 0]]}
    assert part([a, b1, b2, r2], walked, ["a"]) == ["a (4, 0)", "a (2, 0)", "r2 (5.783, 0.278)"]


def test_no_pair_left_nothing_moves() -> None:
    a, b = unit("a", "red", 0, 0), unit("b", "blue", 0.5, 0)  # exactly half an inch apart: two hexes
    assert part([a, b], {"a": [[0, 0]]}, ["a"]) == []
