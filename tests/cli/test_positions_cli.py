"""``umpire measure`` between any ends and ``umpire place --at/--contact`` through the CLI:
answers, one-line refusals that write nothing, and spots worked out again when an earlier
action is amended."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_game_cli import _one_error_line


@pytest.fixture
def game(cli):
    assert cli("new", "hof-gap-meeting").exit_code == 0
    return cli


def _unit(cli, uid: str) -> dict:
    return json.loads(cli("status", "--json").output)["units"][uid]


def test_measure_between_points_units_and_pieces(game):
    r = game("measure", "30,22", "45,27")
    assert r.exit_code == 0 and '15.81" edge to edge' in r.output and "aspect" not in r.output
    r = game("measure", "a-1-64", "town-1", "--json")
    assert json.loads(r.output)["range"] == 25.5
    r = game("measure", "t80-1", "40,20")
    assert r.exit_code == 0 and "blocked by town-1" in r.output


def test_place_three_inches_east_of_a_town_then_measure_says_three(game):
    r = game("place", "a-1-64", "--at", "3 east of town-1")
    assert r.exit_code == 0 and '(3" east of town-1)' in r.output, r.stderr
    assert json.loads(game("measure", "a-1-64", "town-1", "--json").output)["distance"] == 3.0
    r = game("place", "a-1-64", "--at", "town-1 +3,0", "--facing", "180")
    assert r.exit_code == 0 and "placed at (49, 24) facing 180" in r.output
    assert (game("place", "a-1-64", "--at", "30,22").output.split(" (")[0]
            == "#3 a-1-64 placed at")  # a plain point is a place by numbers
    payload = json.loads(game("log", "--json").output)[2]["payload"]
    assert "spot" not in payload and (payload["x"], payload["y"]) == (30, 22)


def test_contact_follows_the_stand_when_its_placing_is_amended(game):
    assert game("place", "t80-1", "50", "30").exit_code == 0
    r = game("place", "b-1-64", "--contact", "t80-1 front")
    assert r.exit_code == 0 and "in base contact with t80-1 at its front" in r.output
    assert (_unit(game, "b-1-64")["x"], _unit(game, "b-1-64")["y"], _unit(game, "b-1-64")["facing"]) == (49, 30, 90)
    r = game("amend", "1", "place", "t80-1", "60", "10")
    assert r.exit_code == 0, r.stderr
    b = _unit(game, "b-1-64")
    assert (b["x"], b["y"]) == (59, 10)  # still touching t80-1's front
    assert json.loads(game("measure", "b-1-64", "t80-1", "--json").output)["distance"] == 0
    r = game("replay", "--check")
    assert r.exit_code == 0 and "exactly" in r.output


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("place", "a-1-64", "--at", "3 east of nowhere"), "unknown unit or terrain piece 'nowhere'"),
        (("place", "a-1-64", "--at", "40 east of town-1"), "is off the table"),
        (("place", "a-1-64", "--at", "t80-1"), "its base would overlap t80-1"),
        (("place", "a-1-64", "--at", "3 eest of town-1"), "did you mean"),
        (("place", "a-1-64", "--contact", "t80-9"), "unknown unit 't80-9'"),
        (("place", "a-1-64", "--contact", "t80-1 top"), "unknown side of a stand 'top'"),
        (("place", "a-1-64", "--contact", "t80-1", "--at", "town-1"), "not --at and --contact"),
        (("place", "a-1-64", "1", "1", "--at", "town-1"), "not X Y and --at"),
        (("measure", "town-1", "99,1"), "off the table"),
        (("measure", "town-1", "a b"), "not a spot"),
    ],
)
def test_refusals_are_one_line_and_write_nothing(game, args, needle):
    before = Path(game.db).read_bytes()
    assert needle in _one_error_line(game(*args))
    assert Path(game.db).read_bytes() == before
