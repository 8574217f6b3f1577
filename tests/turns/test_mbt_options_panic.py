"""Panic moves (option 17.9) in the tracked game, switched on alone: a unit that may not move by its
orders rolls on the SCATTER DIAGRAM (calc's panic procedure) and moves that way as far as its full
movement factors allow, then is suppressed; and what a panic move refuses."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from tests.turns.test_mbt_options_hits import WhyDice
from umpire.ask.calc import run_case
from umpire.errors import UmpireError
from umpire.rules.mbt.options.facts import CheckFacts
from umpire.rules.mbt.state import MbtUnit

SQUAD = {"type": "Squad Heavy Mechanized Infantry"}


def _game(tmp_path: Path, opts: list[str]) -> Any:
    nato = [unit("m1", "USA-1B", [24, 16], 90), unit("sq", "USA-7B", [10, 24], 90, **SQUAD)]
    return new(tmp_path, scenario(nato, [unit("t1", "USSR-2A", [44, 16], 270)], options=opts))


@pytest.mark.parametrize("who", ["m1", "sq"])
def test_a_panic_move_goes_where_the_scatter_diagram_says_as_far_as_full_movement(tmp_path: Path, who: str) -> None:
    g = _game(tmp_path, ["panic_moves"])
    dice = WhyDice({"panic move": [50]})
    start = (g.state.units[who].x, g.state.units[who].y)
    orders(g, {"nato": {who: {"order": "OW", "panic": True}}}, dice)
    res = phase(g, dice, "Adjustment")
    (r,) = [r for r in res if r["procedure"] == "panic"]
    answer, _ = run_case({"ruleset": "mbt", "procedure": "panic", **r["case"], "dice": [50]})
    assert answer.to_json()["outcome"] == r["outcome"]
    u = g.state.units[who]
    dx, dy = CheckFacts.of(answer.resolution).offset or (0.0, 0.0)
    assert math.isclose(u.x - start[0], dx, abs_tol=0.01) and math.isclose(u.y - start[1], dy, abs_tol=0.01)
    assert MbtUnit.of(u).suppressed == "on"
    assert math.isclose(math.hypot(dx, dy), 6 if who == "m1" else 2, abs_tol=0.01)  # M1 Normal 6; squad 2 (15.1.1)


@pytest.mark.parametrize(("opts", "spec", "why"), [
    ([], {"order": "OW", "panic": True}, "units.m1.panic: a panic move needs the panic_moves option"),
    (["panic_moves"], {"order": "M", "panic": True}, "units.m1.panic: m1 may move by its M orders; a panic move is "
                                                     "for a unit otherwise unable to move (17.9)"),
    (["panic_moves"], {"order": "F", "panic": True, "fire": {"target": "t1"}},
     "units.m1.panic: a unit making a panic move uses its orders for nothing else (17.9; it has fire orders"),
])
def test_a_panic_move_the_rules_do_not_allow_is_refused(tmp_path: Path, opts: list[str], spec: dict[str, Any],
                                                        why: str) -> None:
    g = _game(tmp_path, opts)
    phase(g, WhyDice({}), "Command")
    seen = len(g.events())
    with pytest.raises(UmpireError, match=re.escape(why)):
        g.act("mbt.orders", {"side": "nato", "units": {"m1": spec}}, WhyDice({}))
    assert len(g.events()) == seen


def test_a_panic_move_stops_at_the_tables_edge(tmp_path: Path) -> None:
    nato = [unit("m1", "USA-1B", [46, 16], 90)]
    g = new(tmp_path, scenario(nato, [unit("t1", "USSR-2A", [30, 30], 270)], options=["panic_moves"]))
    dice = WhyDice({"panic move": [50]})  # 6 hexes east-south-east (the previous test's offset)
    orders(g, {"nato": {"m1": {"order": "OW", "panic": True}}}, dice)
    phase(g, dice, "Adjustment")
    u = g.state.units["m1"]
    assert u.x == 48 and math.isclose(u.y, 16 - 2 / 5.196 * 3, abs_tol=0.01)
