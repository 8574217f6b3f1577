"""Bridge and ice weight limits (option 17.8) in the tracked game, switched on alone (with the snow
of 18.2 for the ice): a vehicle heavier than a scenario's bridge holds may not cross it (17.8.1); one
heavier than the ice pays for a frozen stream as if it were not frozen (17.8.2), by the function
``calc move`` uses; the weights are public facts, marked estimated; bad scenarios are refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from tests.turns.test_mbt_options_hits import WhyDice
from tests.turns.test_mbt_options_turn import _one_error_line
from umpire.ask.calc import run_case
from umpire.errors import UmpireError
from umpire.rules.mbt.state import MbtGame

STREAM = {"id": "brook", "type": "stream", "line": [[13, 0], [13, 32]]}
ROAD = {"id": "r1", "type": "road", "line": [[0, 18], [48, 18]]}


def _game(tmp_path: Path, card: str, opts: list[str], **mbt: Any) -> Any:
    tmp_path.mkdir(exist_ok=True)
    return new(tmp_path, scenario([unit("v", card, [10, 18], 90)], [unit("t1", "USSR-2A", [40, 18], 270)],
                                  terrain=[STREAM, ROAD], options=opts, **mbt))


def _move(g: Any, to: list[float]) -> dict[str, Any]:
    orders(g, {"nato": {"v": {"order": "M", "move": {"path": [to]}}}}, WhyDice({}))
    return dict(MbtGame.of(g.state).orders["nato"]["v"]["move"])


BRIDGE = {"weight_limits": [{"at": [13, 18], "tons": 40}]}


def test_a_vehicle_too_heavy_for_a_bridge_may_not_cross_it_and_nothing_is_written(tmp_path: Path) -> None:
    g = _game(tmp_path, "USA-1B", ["weight_limits"], **BRIDGE)
    phase(g, WhyDice({}), "Command")
    seen = len(g.events())
    with pytest.raises(UmpireError, match=r"units.v.move.path\[0\]: \(15, 18\): the way there crosses the bridge at "
                                          r"\(13, 18\); the M1A1 weighs 57 tons; the bridge holds 40 \(17.8\): take "
                                          r"another route"):
        _move(g, [15, 18])
    assert len(g.events()) == seen
    assert _move(g, [11, 20])["cost"] > 0  # a move that keeps off the bridge


@pytest.mark.parametrize(("card", "opts", "mbt"), [
    ("USSR-2B/2", ["weight_limits"], BRIDGE),  # a BMP-1 of 13 tons crosses
    ("USA-1B", ["weight_limits"], {}),          # the standard 60 tons hold any unit (17.8.1)
])
def test_a_bridge_that_holds_the_vehicle_is_crossed(tmp_path: Path, card: str, opts: list[str],
                                                    mbt: dict[str, Any]) -> None:
    g = _game(tmp_path, card, opts, **mbt)
    assert _move(g, [15, 18])["cost"] > 0


ICE = {"ground": "snow", "streams": "frozen", "ice_tons": 30}


@pytest.mark.parametrize(("card", "over_ice"), [("USA-1B", False), ("USSR-2B/2", True)])
def test_a_vehicle_too_heavy_for_the_ice_pays_for_the_stream(tmp_path: Path, card: str, over_ice: bool) -> None:
    from umpire.turns.mbt.advanced.table import AdvTable

    g = _game(tmp_path, card, ["weight_limits", "ground_weather"], **ICE)
    t = AdvTable(g.state)
    case = t.move_case(g.state.units["v"], "M", [[14, 20]])
    assert case["ice_tons"] == 30 and case["streams"] == "frozen"
    frozen = run_case({**case, "procedure": "move", "ice_tons": None})[0].to_json()["outcome"]["spent"]
    answer, _ = run_case({**case, "procedure": "move"})
    out = answer.to_json()
    assert (out["outcome"]["spent"] == frozen) is over_ice
    if not over_ice:
        assert out["outcome"]["spent"] > frozen
        assert any("not over the ice: the M1A1 weighs 57 tons; it holds 30 (17.8)" in n for n in out["notes"])
        assert "combat weight USA-1B (57 tons)" in out["provenance"]["estimated"]
    assert round(t.move_cost(case).spent, 3) == out["outcome"]["spent"]  # the turn prices it by calc's function


@pytest.mark.parametrize(("opts", "mbt", "why"), [
    ([], BRIDGE, "mbt.weight_limits: weight limits are option 17.8 (add weight_limits to mbt.options)"),
    (["weight_limits"], {"ice_tons": 20},
     "mbt.ice_tons: 20: ice holds weight only on frozen streams (17.8.2; streams are fordable; allowed: "
     "streams: frozen)"),
])
def test_a_bad_weight_limit_is_one_error_line_and_no_game(cli: Any, tmp_path: Path, opts: list[str],
                                                          mbt: dict[str, Any], why: str) -> None:
    data = scenario([unit("v", "USA-1B", [10, 18], 90)], [unit("t1", "USSR-2A", [40, 18], 270)],
                    terrain=[STREAM, ROAD], options=opts, **mbt)
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    line = _one_error_line(cli("new", str(path)))
    assert why in line, line
    assert not list(tmp_path.glob("*.db"))
