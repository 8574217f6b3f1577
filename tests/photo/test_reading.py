"""Photos of the demo's table made from a known truth, read back: every marker in sight found where
it is, a hidden one not seen (never guessed), a photo that does not show the table refused."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tests.photo.conftest import MOVES
from umpire.errors import UmpireError


def _truth(path: Path) -> dict[str, tuple[float, float, float]]:
    from umpire.engine import Game

    game = Game.open(path)
    try:
        out = {}
        for u in game.state.units.values():
            dx, dy, turn = MOVES.get(u.id, (0.0, 0.0, 0.0))
            out[u.id] = (u.x + dx, u.y + dy, (u.facing + turn) % 360)
        return out
    finally:
        game.close()


def _read(path: Path, data: bytes):
    from umpire.engine import Game
    from umpire.engine.photo import read_against

    game = Game.open(path)
    try:
        return read_against(game, data, "photo.jpg")
    finally:
        game.close()


@pytest.mark.parametrize("which", ["shot_4mp", "shot_12mp"])
def test_every_marker_in_sight_is_read_where_it_is(which, demo_game, request):
    """The markers printed at the size umpire chose for the demo's bases (0.625") are found
    wherever a cell of theirs covers 2.5 pixels or more (at 4 megapixels from 20 degrees, at 12
    from 40 degrees with the phone turned any way), a hidden one never; each stand within a
    tenth of an inch and 3 degrees of the truth."""
    data, cells = request.getfixturevalue(which)
    diff, facts = _read(demo_game, data)
    truth = _truth(demo_game)
    hidden = {"mr-1"} if which == "shot_4mp" else set()
    seen = {s.unit: s for s in diff.reading.seen}
    assert not set(seen) & hidden
    assert {u for u, px in cells.items() if px >= 2.5} - hidden <= set(seen)
    assert len(seen) >= 7
    assert not diff.odd
    for uid, s in seen.items():
        x, y, f = truth[uid]
        assert math.dist((s.x, s.y), (x, y)) < 0.1, (uid, s)
        assert abs((s.facing - f + 180) % 360 - 180) < 3.0, (uid, s)
        assert s.error < 0.1 and s.turn_error < 3.0
    assert facts["kind"] == "JPEG" and len(facts["sha256"]) == 64


def test_the_difference_names_what_moved_turned_and_was_not_seen(demo_game, photo_4mp):
    diff, _ = _read(demo_game, photo_4mp)
    what = {r.unit: r.what for r in diff.rows}
    assert what["a-1-64"] == "moved"
    assert what["t80-1"] == "turned"
    assert what["c-4-8"] == "moved and turned"
    assert what["mr-1"] == "not seen"
    assert {u for u, w in what.items() if w == "still"} == {"hq-1-64", "b-1-64", "hq-1tb", "t80-2", "t80-3"}
    a = next(r for r in diff.rows if r.unit == "a-1-64")
    assert a.distance == pytest.approx(3.0, abs=0.1)
    t = next(r for r in diff.rows if r.unit == "t80-1")
    assert t.after[:2] == t.before[:2]  # turned on the spot: the game's position kept
    payload = diff.payload({"name": "photo.jpg"})
    assert [s["unit"] for s in payload["stands"]] == ["a-1-64", "c-4-8", "t80-1"]
    assert payload["unseen"] == ["mr-1"]


def test_a_missing_corner_marker_is_named(demo_game, photo_three_corners):
    with pytest.raises(UmpireError, match=r"corner marker far-right \(seen: near-left, near-right, far-left\) not "
                                          r"found"):
        _read(demo_game, photo_three_corners)


def test_a_photo_of_something_else_is_refused(demo_game):
    import cv2
    import numpy as np

    rng = np.random.default_rng(2)
    img = cv2.GaussianBlur(rng.integers(0, 255, (900, 1200, 3), dtype=np.uint8), (0, 0), 3)
    cv2.putText(img, "not a table", (100, 400), cv2.FONT_HERSHEY_SIMPLEX, 4, (255, 255, 255), 8)
    ok, data = cv2.imencode(".png", img)
    with pytest.raises(UmpireError, match="no corner marker found; the photo must show all four corner markers"):
        _read(demo_game, data.tobytes())


def test_corner_markers_laid_for_another_table_are_refused(demo_game):
    """Corner markers flush in the corners of a 60" x 40" table, read as the demo's 72" x 48"."""
    import dataclasses

    from tests.photo.photos import game_table, shoot

    tab = game_table(demo_game)
    small = dataclasses.replace(tab, width=60.0, depth=40.0,
                                stands=tuple(s for s in tab.stands if s.x < 58 and s.y < 38))
    with pytest.raises(UmpireError, match=r"the corner markers do not lie where a 72\" x 48\" table's corners are"):
        _read(demo_game, shoot(small, 2.0, seed=4, tilt=25.0))


@pytest.mark.parametrize("how", ["glare", "blur"])
def test_a_marker_burnt_out_or_blurred_away_is_not_seen_never_guessed(how, demo_game):
    """A lamp's reflection burns a-1-64's marker out to white; a photo blurred past reading (two
    and a half pixels of blur at 4 megapixels) loses the stands' small markers, its corner
    markers still read. What is lost is listed as not seen, and every stand read is where it
    stands (nothing moved), so nothing is moved."""
    from tests.photo.photos import game_table, shoot

    table = game_table(demo_game)
    a = next(s for s in table.stands if s.unit == "a-1-64")
    if how == "glare":
        data = shoot(table, 4.0, seed=5, tilt=15.0, blur=0.6, glare=((a.x, a.y, 1.0),))
    else:
        data = shoot(table, 4.0, seed=5, tilt=15.0, blur=2.5)
    diff, _ = _read(demo_game, data)
    what = {r.unit: r.what for r in diff.rows}
    assert set(what.values()) <= {"still", "not seen"}, what
    assert what["a-1-64"] == "not seen"
    if how == "glare":
        assert sum(w == "still" for w in what.values()) == len(what) - 1  # the rest read as they stand
    assert not diff.changing
