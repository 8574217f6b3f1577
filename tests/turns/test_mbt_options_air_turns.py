"""An aircraft's turns on its run (20.1.2.5) in the tracked game, with the aircraft option alone (and
area_fire, which it needs): a strike's ``turns`` are checked by its speed when it is ordered, by
:func:`umpire.rules.mbt.options.air.turn_problem`; a strike whose turns the rules allow flies, one
they do not is refused, one Error line, nothing written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.turns.test_mbt_options_turn import AIR, _one_error_line, new_game, orders, scenario, to_command
from umpire.errors import UmpireError
from umpire.rules.mbt.state import MbtGame

STRIKE = {"aircraft": "j1", "weapon": "iron_bomb", "target": [30, 18], "facing": 90}


@pytest.mark.parametrize(("speed", "turns"), [("low", [2, 12]), ("medium", [5]), ("high", [])])
def test_a_strike_makes_the_turns_its_speed_allows(tmp_path: Path, speed: str, turns: list[int]) -> None:
    """20.1.2.5.1-3: two turns at low speed, 10 hexes apart at least; one at medium; none at high."""
    g = new_game(tmp_path, ["area_fire", "aircraft"], **AIR)
    to_command(g)
    orders(tmp_path, g, "nato", {}, air_strikes=[{**STRIKE, "speed": speed, "altitude": "medium", "turns": turns}])
    (s,) = MbtGame.of(g.state).options_state.model_dump(mode="json")["strikes"]  # type: ignore[union-attr]
    assert s["turns"] == turns
    orders(tmp_path, g, "ussr", {})
    g.act("mbt.phase", {}, None)
    g.act("mbt.phase", {}, None)
    assert [r for e in g.events() for r in e.results if r["procedure"] == "air_drop"]


@pytest.mark.parametrize(("speed", "turns", "why"), [
    ("low", [2, 9], "air_strikes[0].turns: 7 hexes between its turns (allowed at low speed: at least 10; 20.1.2.5.1)"),
    ("low", [2, 12, 22], "air_strikes[0].turns: 3 turns at low speed (allowed: 2; 20.1.2.5.1)"),
    ("medium", [3, 20], "air_strikes[0].turns: 2 turns at medium speed (allowed: 1; 20.1.2.5.2)"),
    ("high", [4], "air_strikes[0].turns: 1 turn at high speed (allowed: none, it flies straight; 20.1.2.5.3)"),
    ("low", [12, 1], "air_strikes[0].turns: 12 then 1 (allowed: the hexes flown before each turn, in order"),
])
def test_turns_the_speed_does_not_allow_are_refused(tmp_path: Path, speed: str, turns: list[int], why: str) -> None:
    g = new_game(tmp_path, ["area_fire", "aircraft"], **AIR)
    to_command(g)
    seen = len(g.events())
    with pytest.raises(UmpireError, match=re.escape(why)):
        orders(tmp_path, g, "nato", {}, air_strikes=[{**STRIKE, "speed": speed, "altitude": "medium", "turns": turns}])
    assert len(g.events()) == seen


def test_bad_turns_are_one_error_line(cli: Any, tmp_path: Path) -> None:
    import yaml

    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(scenario(["area_fire", "aircraft"], **AIR)), encoding="utf-8")
    assert cli("new", str(path)).exit_code == 0
    assert cli("phase", "next").exit_code == 0
    o = tmp_path / "o.yaml"
    o.write_text(yaml.safe_dump({"side": "nato", "turn": 1, "units": {},
                                 "air_strikes": [{**STRIKE, "speed": "medium", "turns": [3, 20]}]}), encoding="utf-8")
    line = _one_error_line(cli("turn", "orders", str(o)))
    assert "turns: 2 turns at medium speed (allowed: 1; 20.1.2.5.2)" in line
