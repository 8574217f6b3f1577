"""A helicopter's height for sighting (20.2.3.1.1) in the tracked game, with the helicopters option
alone: at NOE it is one height above the highest height of its hex, landed on it, by the one
function (:func:`umpire.rules.mbt.options.helicopters.fly_height`) its sighting and its fire read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.turns.test_mbt_options_helicopters import fire_phase
from tests.turns.test_mbt_options_turn import scenario
from umpire.engine import Game
from umpire.registry import scenario_from_data
from umpire.rules.mbt.options.helicopters import fly_height
from umpire.turns.mbt.advanced.table import AdvTable
from umpire.turns.mbt.options import state as OS
from umpire.turns.mbt.options.helicopter_sight import height_at

HILL = {"id": "hill", "type": "hill", "height": 1, "polygon": [[18, 16], [22, 16], [22, 20], [18, 20]]}


def _game(tmp_path: Path, altitude: str) -> Game:
    data: dict[str, Any] = scenario(["helicopters"], helicopters=[
        {"id": "h1", "side": "nato", "card": "USA-6A/2", "at": [20, 18], "facing": 90, "altitude": altitude}])
    data["terrain"] = [HILL]
    return Game.create(tmp_path / "game.db", scenario_from_data(data, "scenario"))


def test_fly_height_by_the_text() -> None:
    """20.2.3.1.1: "one height above the highest terrain height in the hex"; landed, on it; at low
    altitude it sights as an aircraft does (20.2.3.1.2): no height."""
    assert (fly_height(1, "noe"), fly_height(1, "landed"), fly_height(1, "low")) == (2, 1, None)


@pytest.mark.parametrize(("altitude", "height", "seen"), [("noe", 2, True), ("landed", 1, False)])
def test_a_helicopter_over_a_hill_is_seen_from_its_height(tmp_path: Path, altitude: str, height: int,
                                                          seen: bool) -> None:
    """Over a hill of height 1, 10 hexes from a T-72 on the flat: at NOE (height 2) the hill does not
    block the line; landed on it (height 1), the hill is as high as one end and higher than the
    other, and blocks it (13.2.1.2)."""
    g = _game(tmp_path, altitude)
    h = OS.read(g.state).helicopters["h1"]
    assert height_at(AdvTable(g.state), h) == height
    res = fire_phase(tmp_path, g, {})
    (ussr,) = [r for r in res if r["procedure"] == "helicopter_sighting" and r["side"] == "ussr"]
    assert [s["helicopter"] for s in ussr["helicopters"]] == (["h1"] if seen else [])
