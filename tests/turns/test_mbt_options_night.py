"""Night (option night, 18.1) in the tracked game, switched on alone: a move at Night is priced by
the one function of 18.1.1 that ``calc move`` calls (its numbers the options' data), and a move
beyond the night's movement factors is refused."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from umpire.ask.calc import run_case
from umpire.core.dice import SeededDice
from umpire.errors import UmpireError
from umpire.rules.mbt.options.charts import chart
from umpire.rules.mbt.state import MbtGame


def _data(**mbt: Any) -> dict[str, Any]:
    return scenario([unit("m1", "USA-1A", [4, 10])], [unit("t72", "USSR-2A", [44, 30], 270)],
                    options=["night"], conditions="night", **mbt)


def test_a_move_at_night_is_priced_by_the_one_night_rule(tmp_path: Path, monkeypatch: Any) -> None:
    """18.1.1: an M1 (6 MF) with FIRE/MOVE orders has 3 by day, 2 at Night (never below 2); with
    the data's loss changed the tracked turn and calc move both follow it."""
    g = new(tmp_path, _data())
    orders(g, {"nato": {"m1": {"order": "FM", "move": {"path": [[6, 10]]}}}})
    planned = MbtGame.of(g.state).orders["nato"]["m1"]["move"]
    assert planned["allowance"] == 2
    case = {"procedure": "move", "ruleset": "mbt", "card": "USA-1A", "orders": "FM", "conditions": "night",
            "route": [{"terrain": "clear", "inches": 2}]}
    assert run_case(case)[0].resolution.outcome["allowance"] == planned["allowance"]
    n = chart("ground").night_movement
    monkeypatch.setitem(n, "vehicle_loss", n["vehicle_loss"].model_copy(update={"v": 3}))
    monkeypatch.setitem(n, "vehicle_floor", n["vehicle_floor"].model_copy(update={"v": 0}))
    (tmp_path / "again").mkdir()
    g2 = new(tmp_path / "again", _data())
    orders(g2, {"nato": {"m1": {"order": "M", "move": {"path": [[7, 10]]}}}})
    assert MbtGame.of(g2.state).orders["nato"]["m1"]["move"]["allowance"] == 3
    assert run_case({**case, "orders": "M"})[0].resolution.outcome["allowance"] == 3


def test_a_move_beyond_the_night_allowance_is_refused(tmp_path: Path) -> None:
    g = new(tmp_path, _data())
    phase(g, SeededDice(5), "Command")
    seen = len(g.events())
    why = "units.m1.move: the unit cannot make this move with FM orders: needs 3 in, the unit has 2 in"
    with pytest.raises(UmpireError, match=re.escape(why)):
        g.act("mbt.orders", {"side": "nato", "units": {"m1": {"order": "FM", "move": {"path": [[7, 10]]}}}},
              SeededDice(5))
    assert len(g.events()) == seen
