"""A reading against the game: hand-made readings, hand-checked answers (no photo, no OpenCV)."""

from __future__ import annotations

import pytest

from umpire.photo.compare import CONTACT, Stand, compare, corners, overlap
from umpire.photo.read import Odd, Reading, Seen

pytestmark = pytest.mark.no_camera


def seen(unit, x, y, f, error=0.01, turn=0.5):
    return Seen(unit, 0, x, y, f, error, turn, 3.0)


def reading(*s, odd=()):
    return Reading(4000, 3000, "JPEG", tuple(s), tuple(odd))


GAME = [Stand("a", 10.0, 10.0, 0.0, (1.5, 1.0)), Stand("b", 20.0, 10.0, 90.0, (1.5, 1.0)),
        Stand("c", 30.0, 10.0, 0.0, (1.5, 1.0)), Stand("d", None, None, 0.0, (1.5, 1.0)),
        Stand("e", 40.0, 10.0, 0.0, (1.5, 1.0), status="eliminated"), Stand("f", 50.0, 10.0, 0.0, (1.0, 1.0))]


def test_each_stand_is_told_what_the_photo_shows():
    r = reading(seen("a", 10.05, 10.03, 1.0),  # within a tenth and 2 degrees: still
                seen("b", 23.0, 10.0, 90.5),  # moved
                seen("c", 30.0, 10.02, 40.0),  # turned
                seen("d", 5.0, 5.0, 180.0),  # placed
                seen("e", 40.0, 10.0, 0.0),  # eliminated, yet on the table
                odd=(Odd(99, "marker 99 is no stand's of this game", 1.0, 1.0),))
    d = compare(r, GAME)
    what = {x.unit: x.what for x in d.rows}
    assert what == {"a": "still", "b": "moved", "c": "turned", "d": "placed", "e": "gone", "f": "not seen"}
    rows = {x.unit: x for x in d.rows}
    assert rows["a"].after == rows["a"].before  # a stand that did not move is not nudged
    assert rows["c"].after == (30.0, 10.0, 40.0)  # turned on the spot
    assert rows["b"].distance == pytest.approx(3.0)
    p = d.payload({"name": "p.jpg"})
    assert [s["unit"] for s in p["stands"]] == ["b", "c", "d"]
    assert p["unseen"] == ["f"] and p["odd"][0]["marker"] == 99
    assert d.summary() == "5 stands read: 1 moved, 1 turned, 1 placed, 1 still, 1 not seen, 1 gone, 1 marker not read"


def test_a_doubtful_reading_needs_more_to_count_as_a_move():
    d = compare(reading(seen("a", 10.15, 10.0, 0.0, error=0.1)), GAME[:1])
    assert d.rows[0].what == "still"  # 0.15" off, but the reading may be 0.2" off


def test_skipped_stands_are_left_as_the_game_has_them():
    d = compare(reading(seen("b", 23.0, 10.0, 90.0)), GAME[:3], skip=["b"])
    assert {x.unit: x.what for x in d.rows} == {"a": "not seen", "c": "not seen"}
    assert d.skipped == ("b",) and not d.changing


def test_bases_read_a_hair_into_each_other_are_put_in_contact():
    """b moved up against a: read 0.05" into it, it is put touching it (a did not move)."""
    game = [Stand("a", 10.0, 10.0, 0.0, (1.5, 1.0)), Stand("b", 20.0, 10.0, 0.0, (1.5, 1.0))]
    d = compare(reading(seen("b", 11.45, 10.0, 0.0)), game)
    b = next(x for x in d.rows if x.unit == "b")
    assert b.what == "moved" and b.after[0] == pytest.approx(11.5, abs=0.002) and "to touch" in b.note
    depth, _ = overlap(corners(*b.after, (1.5, 1.0)), corners(10.0, 10.0, 0.0, (1.5, 1.0)))
    assert depth == 0.0


def test_a_deep_overlap_is_left_for_the_place_check():
    game = [Stand("a", 10.0, 10.0, 0.0, (1.5, 1.0)), Stand("b", 20.0, 10.0, 0.0, (1.5, 1.0))]
    d = compare(reading(seen("b", 11.5 - 2 * CONTACT, 10.0, 0.0)), game)
    assert next(x for x in d.rows if x.unit == "b").after[0] == pytest.approx(11.5 - 2 * CONTACT)


def test_overlap_depth_by_hand():
    a = corners(0.0, 0.0, 0.0, (2.0, 1.0))
    assert overlap(a, corners(1.9, 0.0, 0.0, (2.0, 1.0)))[0] == pytest.approx(0.1)
    assert overlap(a, corners(2.0, 0.0, 0.0, (2.0, 1.0)))[0] == 0.0  # touching
    assert overlap(a, corners(0.0, 0.8, 90.0, (2.0, 1.0)))[0] == pytest.approx(0.7)
