"""A PGM (20.1.3.4.3) in the tracked game, with the aircraft option alone (and area_fire, which it
needs): a strike orders its iron or cluster bomb as a PGM dropped from the range band of its altitude;
the drop is the case calc air_drop answers the same, +30 PGM among its modifiers; a PGM the rules do
not allow is refused, one Error line, nothing written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.turns.test_mbt_options_turn import AIR, _one_error_line, new_game, orders, to_command
from umpire.ask.calc import run_case
from umpire.errors import UmpireError

PGM = {"aircraft": "j1", "weapon": "iron_bomb", "target": [30, 18], "facing": 90, "speed": "low",
       "altitude": "medium", "pgm": True, "range": 8}


def test_a_pgm_strike_drops_from_its_range_as_calc_answers(tmp_path: Path) -> None:
    g = new_game(tmp_path, ["area_fire", "aircraft"], **AIR)
    to_command(g)
    orders(tmp_path, g, "nato", {}, air_strikes=[PGM])
    orders(tmp_path, g, "ussr", {})
    g.act("mbt.phase", {}, None)
    g.act("mbt.phase", {}, None)
    (drop,) = [r for e in g.events() for r in e.results if r["procedure"] == "air_drop"]
    assert drop["case"]["pgm"] is True and drop["case"]["range"] == 8
    assert ["PGM", 30, "20.1.3.4.3"] in [[m["name"], m["value"], m["rule"]] for m in drop["modifiers"]]
    assert "(PGM)" in drop["summary"]
    dice = [v for roll in drop["rolls"] for v in roll["values"]]
    again = run_case({"ruleset": "mbt", "procedure": "air_drop", **drop["case"], "dice": dice})[0].to_json()
    assert again["outcome"] == drop["outcome"] and again["modified_roll"] == drop["modified_roll"]


@pytest.mark.parametrize(("change", "why"), [
    ({"range": 4}, "air_strikes[0].range: 4 hexes (allowed for a PGM at medium altitude: 6-10; 20.1.3.4.3)"),
    ({"range": None}, "air_strikes[0].range: give the hexes the PGM is dropped from"),
    ({"weapon": "napalm"}, "air_strikes[0].weapon: napalm (allowed for a PGM: iron_bomb, cluster_bomb; 20.1.3.4.3)"),
])
def test_a_pgm_the_rules_do_not_allow_is_refused(tmp_path: Path, change: dict[str, Any], why: str) -> None:
    air = {"aircraft": [{**AIR["aircraft"][0], "loads": {"iron_bomb": 1, "napalm": 1}}]}
    g = new_game(tmp_path, ["area_fire", "aircraft"], **air)
    to_command(g)
    seen = len(g.events())
    with pytest.raises(UmpireError, match=re.escape(why)):
        orders(tmp_path, g, "nato", {}, air_strikes=[{**PGM, **change}])
    assert len(g.events()) == seen


def test_a_bad_pgm_is_one_error_line(cli: Any, tmp_path: Path) -> None:
    import yaml

    from tests.turns.test_mbt_options_turn import scenario

    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(scenario(["area_fire", "aircraft"], **AIR)), encoding="utf-8")
    assert cli("new", str(path)).exit_code == 0
    assert cli("phase", "next").exit_code == 0
    o = tmp_path / "o.yaml"
    o.write_text(yaml.safe_dump({"side": "nato", "turn": 1, "units": {}, "air_strikes": [{**PGM, "range": 12}]}),
                 encoding="utf-8")
    line = _one_error_line(cli("turn", "orders", str(o)))
    assert "range: 12 hexes (allowed for a PGM at medium altitude: 6-10; 20.1.3.4.3)" in line
