"""Weather and night from the scenario (MOVEMENT > Weather effects; MOVEMENT > Night spotting)."""

from __future__ import annotations

import pytest

from umpire.errors import DataError
from umpire.registry import initial_state
from umpire.schema.scenario import scenario_from_data
from umpire.turns.auftragstaktik import tracked as tr
from umpire.turns.auftragstaktik.sighting import is_night, looker


def _scenario(**extra) -> dict:
    return {"name": "night", "ruleset": "auftragstaktik", "table": {"width": 48, "depth": 36}, **extra, "sides": [
        {"id": "nato", "units": [
            {"id": "m1", "type": "M1A1 Company", "at": [10, 10], "facing": 90},
            {"id": "inf", "type": "US Mechanized Infantry Company", "at": [10, 14], "facing": 90}]},
        {"id": "pact", "units": [
            {"id": "t80", "type": "T-80B Company", "at": [14, 12], "facing": 270},
            {"id": "mr", "type": "Soviet Motor Rifle Company", "at": [14, 14], "facing": 270}]}]}


def _total(state, spotter: str, night: bool) -> int:
    """The spotter's part of the spotting total, as the turn's vectorised spotting takes it."""
    from umpire.rules.auftragstaktik.data import tables
    from umpire.rules.auftragstaktik.spotting import spotter_part

    return spotter_part(looker(state, state.units[spotter], None, None).spotter, night, tables())


def test_night_spotting_by_night_vision():
    """No night vision -4, II/IR/SL -2, TI as by day (MOVEMENT > Night spotting)."""
    state = initial_state(scenario_from_data(_scenario(night=[2]), "night"), seed=1)
    assert tr.unit_ratings(state.units["m1"]).special and "TI" in tr.unit_ratings(state.units["m1"]).special
    assert _total(state, "m1", True) == _total(state, "m1", False)  # TI spots as by day
    assert "II" in tr.unit_ratings(state.units["inf"]).special
    assert _total(state, "inf", True) == _total(state, "inf", False) - 2
    assert not {"TI", "II", "IR", "SL"} & set(tr.unit_ratings(state.units["mr"]).special)
    assert _total(state, "mr", True) == _total(state, "mr", False) - 4
    assert not is_night(state)  # turn 1 is by day; turn 2 at night
    state.turn = 2
    assert is_night(state)


def test_weather_doubles_off_road_movement_and_is_an_auftragstaktik_field():
    from umpire.turns.auftragstaktik.moving import price

    state = initial_state(scenario_from_data(_scenario(weather="mud"), "mud"), seed=1)
    clear = initial_state(scenario_from_data(_scenario(), "clear"), seed=1)
    u = state.units["m1"]
    assert price(state, u, [(14.0, 10.0)], "HA").cost == 2 * price(clear, clear.units["m1"], [(14.0, 10.0)], "HA").cost
    mbt = {**_scenario(weather="mud"), "ruleset": "mbt"}
    with pytest.raises(DataError, match="weather: and night: are Auftragstaktik fields"):
        initial_state(scenario_from_data(mbt, "mbt"), seed=1)
