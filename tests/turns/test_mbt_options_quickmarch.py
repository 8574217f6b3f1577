"""Quickmarch (option quickmarch, 17.4.2, of the leg unit variations) in the tracked game, switched on
alone: a squad with MOVE orders moves 3 hexes, priced by calc move's function, then checks the
QUICKMARCH TABLE by calc's quickmarch procedure and is suppressed on its grade's range; and what a
quickmarch refuses."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from tests.turns.test_mbt_options_hits import WhyDice
from tests.turns.test_mbt_options_turn import _one_error_line
from umpire.ask.calc import run_case
from umpire.errors import UmpireError
from umpire.rules.mbt.state import MbtUnit

SQUAD = {"type": "Squad Heavy Mechanized Infantry"}


def _data(opts: list[str], **mbt: Any) -> dict[str, Any]:
    return scenario([unit("sq", "USA-7B", [10, 24], 90, grade="crack", **SQUAD)],
                    [unit("t1", "USSR-2A", [44, 8], 270)], options=opts, **mbt)


@pytest.mark.parametrize(("roll", "suppressed"), [(20, True), (21, False)])  # crack: 1-20
def test_a_squad_quickmarches_three_hexes_and_checks_the_quickmarch_table(tmp_path: Path, roll: int,
                                                                         suppressed: bool) -> None:
    g = new(tmp_path, _data(["quickmarch"]))
    dice = WhyDice({"quickmarch": [roll]})
    orders(g, {"nato": {"sq": {"order": "M", "move": {"path": [[13, 24]], "quickmarch": True}}}}, dice)
    res = phase(g, dice, "Adjustment")
    (mv,) = [r for r in res if r["procedure"] == "move" and r.get("unit") == "sq"]
    assert mv["outcome"]["allowance"] == 3 and g.state.units["sq"].x == 13
    answer, _ = run_case({"ruleset": "mbt", **mv["case"]})  # one rule, one place
    assert answer.to_json()["outcome"]["allowance"] == 3
    (q,) = [r for r in res if r["procedure"] == "quickmarch"]
    again, _ = run_case({"ruleset": "mbt", **q["case"], "dice": [roll]})
    assert again.to_json()["outcome"] == q["outcome"] == {"suppressed": suppressed}
    assert (MbtUnit.of(g.state.units["sq"]).suppressed == "on") is suppressed


@pytest.mark.parametrize(("opts", "mbt", "spec", "why"), [
    ([], {}, {"order": "M", "move": {"path": [[12, 24]], "quickmarch": True}},
     "units.sq.move.quickmarch: a quickmarch needs the quickmarch option"),
    (["quickmarch"], {}, {"order": "FM", "move": {"path": [[11, 24]], "quickmarch": True}},
     "units.sq.move.quickmarch: a quickmarching unit must have MOVE orders (17.4.2; it has FM)"),
    (["quickmarch", "night"], {"conditions": "night"}, {"order": "M", "move": {"path": [[11, 24]],
                                                                                  "quickmarch": True}},
     "units.sq.move.quickmarch: leg units may not quickmarch at Night or in Moonlight (18.1.1)"),
    (["quickmarch", "nbc"], {}, {"order": "M", "move": {"path": [[11, 24]], "quickmarch": True}},
     "units.sq.move.quickmarch: leg units may not quickmarch in an NBC environment (18.4.3)"),
    (["quickmarch"], {}, {"order": "M", "move": {"path": [[14, 24]], "quickmarch": True}},
     "needs 4 in, the squad has 3 in"),
])
def test_a_quickmarch_the_rules_do_not_allow_is_refused(tmp_path: Path, opts: list[str], mbt: dict[str, Any],
                                                        spec: dict[str, Any], why: str) -> None:
    g = new(tmp_path, _data(opts, **mbt))
    phase(g, WhyDice({}), "Command")
    seen = len(g.events())
    with pytest.raises(UmpireError, match=re.escape(why)):
        g.act("mbt.orders", {"side": "nato", "units": {"sq": spec}}, WhyDice({}))
    assert len(g.events()) == seen


def test_a_bad_quickmarch_is_one_error_line_and_nothing_written(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(_data(["quickmarch"])), encoding="utf-8")
    assert cli("new", str(path)).exit_code == 0
    assert cli("phase", "next").exit_code == 0
    before = json.loads(cli("log", "--json").output)
    o = tmp_path / "o.yaml"
    o.write_text(yaml.safe_dump({"side": "nato", "turn": 1, "units": {
        "sq": {"order": "FM", "move": {"path": [[11, 24]], "quickmarch": True}}}}), encoding="utf-8")
    line = _one_error_line(cli("turn", "orders", str(o)))
    assert "units.sq.move.quickmarch: a quickmarching unit must have MOVE orders (17.4.2; it has FM)" in line, line
    assert json.loads(cli("log", "--json").output) == before


def test_a_quickmarching_squad_entering_an_anti_personnel_minefield_is_attacked_at_minus_20(tmp_path: Path) -> None:
    mines = [{"side": "ussr", "at": [12, 24], "kind": "hasty", "type": "anti_personnel"}]
    g = new(tmp_path, _data(["quickmarch", "mines"], minefields=mines))
    dice = WhyDice({"quickmarch": [99]})
    orders(g, {"nato": {"sq": {"order": "M", "move": {"path": [[13, 24]], "quickmarch": True}}}}, dice)
    res = phase(g, dice, "Adjustment")
    (mine,) = [r for r in res if r["procedure"] == "mine"]
    assert mine["case"]["quickmarch"] is True  # 17.5.2.2, as umpire calc mine asks it
