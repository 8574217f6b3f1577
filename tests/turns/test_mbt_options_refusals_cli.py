"""Panic moves, AVLBs, CLGP plots and ground weather refused at the command line: one ``Error:`` line
naming the field, the value and what is allowed, exit 2, and nothing written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.turns.test_mbt_options_turn import _one_error_line, scenario

CLGP = {"batteries": [{"id": "A", "side": "nato", "nation": "USA", "missions": {"CLGP": 1}}]}


@pytest.mark.parametrize(("opts", "mbt", "units", "extra", "why"), [
    (["panic_moves"], {}, {"m1": {"order": "M", "panic": True}}, {},
     "units.m1.panic: m1 may move by its M orders; a panic move is for a unit otherwise unable to move (17.9)"),
    (["avlb"], {}, {"m1": {"order": "M", "bridge": "launch"}}, {},
     "units.m1.bridge: m1 is not an armored vehicle launched bridge (22; its card's NOTES)"),
    (["area_fire", "artillery"], CLGP, {"m1": {"order": "OW"}},
     {"artillery": [{"battery": "A", "mission": "CLGP", "target": "t1", "observer": "m1"}]},
     "artillery[0].observer: m1 has no laser designator (D sight; 19.2.4.7)"),
])
def test_a_bad_order_under_an_option_is_one_error_line_and_nothing_written(
        cli: Any, tmp_path: Path, opts: list[str], mbt: dict[str, Any], units: dict[str, Any],
        extra: dict[str, Any], why: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(scenario(opts, **mbt)), encoding="utf-8")
    assert cli("new", str(path)).exit_code == 0
    assert cli("phase", "next").exit_code == 0
    before = json.loads(cli("log", "--json").output)
    o = tmp_path / "o.yaml"
    o.write_text(yaml.safe_dump({"side": "nato", "turn": 1, "units": units, **extra}), encoding="utf-8")
    line = _one_error_line(cli("turn", "orders", str(o)))
    assert why in line, line
    assert json.loads(cli("log", "--json").output) == before


def test_ground_weather_without_its_option_is_one_error_line_at_new(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(scenario([], ground="mud")), encoding="utf-8")
    line = _one_error_line(cli("new", str(path)))
    assert "mbt.ground: mud is ground weather, option 18.2 (add ground_weather to mbt.options)" in line, line
    assert not (tmp_path / "game.db").exists()
