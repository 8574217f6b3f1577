"""Entrenching rolls in the Orders Phase of the tracked turn (MISCELLANEOUS RULES > Entrenching):
Hasty comes by itself after a turn in place; then a stand ordered to entrench rolls 8 or more
(regular) for Deliberate, one more for Prepared."""

from __future__ import annotations

import copy
from pathlib import Path

from tests.turns.conftest import advance
from tests.turns.test_at_support import SCENARIO, _write
from tests.turns.test_bad_inputs import assert_refused
from umpire.engine import Game
from umpire.rules.auftragstaktik.state import AtUnit


def _game(cli, tmp_path: Path):
    sc = copy.deepcopy(SCENARIO)
    sc["sides"][0]["formations"][0]["formations"][0]["units"].append(
        {"id": "rifles", "type": "US Mechanized Infantry Company", "at": [12, 40], "facing": 90})
    assert cli("new", _write(tmp_path / "dig.yaml", sc)).exit_code == 0
    for side, bn in (("nato", "tf"), ("pact", "1-tb")):
        r = cli("turn", "orders", _write(tmp_path / f"{side}1.yaml", {"side": side, "battalions": {
            bn: {"order": "DA"}}}))
        assert r.exit_code == 0, r.output + r.stderr
    advance(cli, 9)  # turn 1 through its End Phase: the riflemen stayed put and dig in (hasty)
    assert AtUnit.of(Game.open(Path(cli.db)).state.units["rifles"]).entrenchment == "hasty"
    return cli


def _orders(cli, tmp_path: Path, nato_units: dict) -> None:
    for side, data in (("nato", {"side": "nato", "units": nato_units}), ("pact", {"side": "pact"})):
        r = cli("turn", "orders", _write(tmp_path / f"{side}2.yaml", data))
        assert r.exit_code == 0, r.output + r.stderr


def test_a_regular_stand_needs_8_for_deliberate(cli, tmp_path):
    _game(cli, tmp_path)
    _orders(cli, tmp_path, {"rifles": {"entrench": True}})
    r = cli("phase", "next", "--roll", "8")
    assert r.exit_code == 0, r.output + r.stderr
    game = Game.open(Path(cli.db))
    (res,) = game.events()[-1].results
    assert res["procedure"] == "entrench" and res["unit"] == "rifles"
    assert res["outcome"] == {"success": True, "level": "deliberate", "needed": 8}
    assert AtUnit.of(game.state.units["rifles"]).entrenchment == "deliberate"
    assert "rifles digs in: Deliberate" in game.events()[-1].summary


def test_a_roll_of_7_fails_and_the_stand_stays_hasty(cli, tmp_path):
    _game(cli, tmp_path)
    _orders(cli, tmp_path, {"rifles": {"entrench": True}})
    assert cli("phase", "next", "--roll", "7").exit_code == 0
    game = Game.open(Path(cli.db))
    assert game.events()[-1].results[0]["outcome"]["success"] is False
    assert AtUnit.of(game.state.units["rifles"]).entrenchment == "hasty"


def test_bad_entrenching_orders_are_refused(cli, tmp_path):
    _game(cli, tmp_path)
    f = _write(tmp_path / "x.yaml", {"side": "nato", "units": {"rifles": {"entrench": True, "first": [[13, 40]]}}})
    assert "Error:" in assert_refused(cli, "turn", "orders", f, needle="stays put that turn")
    f = _write(tmp_path / "x.yaml", {"side": "nato", "units": {"a1": {"entrench": True}}})
    assert "Error:" in assert_refused(cli, "turn", "orders", f, needle="a1 has no entrenchment yet")
