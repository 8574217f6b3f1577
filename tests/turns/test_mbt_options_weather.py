"""Ground weather (option 18.2) in the tracked game, switched on alone: a vehicle moves at its card's
Snow or Mud movement factors, a frozen stream is a clear hex and an unfordable one is not crossed,
priced by the function calc move uses; and what is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from tests.turns.test_mbt_options_hits import WhyDice
from umpire.ask.calc import run_case
from umpire.errors import DataError, UmpireError
from umpire.rules.mbt.state import MbtGame

STREAM = {"id": "brook", "type": "stream", "line": [[13, 0], [13, 32]]}


def _game(tmp_path: Path, **mbt: Any) -> Any:
    tmp_path.mkdir(exist_ok=True)
    return new(tmp_path, scenario([unit("m1", "USA-1B", [10, 18], 90)], [unit("t1", "USSR-2A", [40, 18], 270)],
                                  terrain=[STREAM], options=["ground_weather"], **mbt))


def _move(g: Any, to: float) -> dict[str, Any]:
    orders(g, {"nato": {"m1": {"order": "M", "move": {"path": [[to, 18]]}}}}, WhyDice({}))
    e = [e for e in g.events() if e.kind == "mbt.orders" and e.payload["side"] == "nato"][-1]
    return dict(MbtGame.of(g.state).orders["nato"]["m1"]["move"], summary=e.summary)


@pytest.mark.parametrize(("ground", "streams", "cost", "allowance"), [
    ("normal", "fordable", 6, 6), ("snow", "fordable", 6, 5), ("snow", "frozen", 4, 5), ("mud", "fordable", 6, 4)])
def test_a_vehicle_moves_at_its_ground_weathers_movement_factors(ground: str, streams: str, cost: float,
                                                                 allowance: float) -> None:
    """The M1: Normal 6, Snow 5, Mud 4 (card); the stream costs 3 for its hex, a frozen one 1 (18.2.1)."""
    case = {"ruleset": "mbt", "procedure": "move", "card": "USA-1B", "orders": "M", "ground": ground,
            "streams": streams, "route": [{"terrain": "clear", "inches": 3}, {"terrain": "stream", "inches": 1}]}
    out = run_case(case)[0].to_json()["outcome"]
    assert (out["spent"], out["allowance"]) == (cost, allowance)


def test_in_mud_a_move_the_normal_ground_allows_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    g = _game(tmp_path, ground="mud")
    assert _move(g, 12)["allowance"] == 4
    g2 = _game(tmp_path / "b", ground="mud")
    phase(g2, WhyDice({}), "Command")
    seen = len(g2.events())
    with pytest.raises(UmpireError, match=r"units.m1.move"):
        _move(g2, 15.5)
    assert len(g2.events()) == seen


def test_an_unfordable_stream_is_not_crossed_but_a_frozen_one_is(tmp_path: Path) -> None:
    with pytest.raises(UmpireError, match=r"units.m1.move.*prohibited"):
        _move(_game(tmp_path, ground="mud", streams="unfordable"), 14)
    assert _move(_game(tmp_path / "b", ground="snow", streams="frozen"), 14)["cost"] == 4


@pytest.mark.parametrize(("mbt", "needle"), [
    ({"ground": "snow", "options": []}, "mbt.ground: snow is ground weather, option 18.2 (add ground_weather"),
    ({"ground": "mud", "streams": "frozen", "options": ["ground_weather"]},
     "mbt.streams: frozen streams are a snow ground weather's (18.2.1, 18.2.2; the ground is mud; allowed: fordable)"),
])
def test_ground_weather_without_the_option_or_out_of_its_season_is_refused(tmp_path: Path, mbt: dict[str, Any],
                                                                           needle: str) -> None:
    data = scenario([unit("m1", "USA-1B", [10, 18], 90)], [unit("t1", "USSR-2A", [40, 18], 270)], **mbt)
    with pytest.raises(DataError, match=needle.replace("(", r"\(").replace(")", r"\)")):
        new(tmp_path, data)
    with pytest.raises(UmpireError, match="played with the Advanced Game"):
        run_case({"ruleset": "mbt", "procedure": "move", "game": "basic", "card": "USA-1B", "ground": "mud",
                  "route": [{"terrain": "clear", "inches": 1}]})
