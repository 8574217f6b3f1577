"""Weather and night from the scenario (MOVEMENT > Weather effects; MOVEMENT > Night spotting)."""

from __future__ import annotations

import pytest

from umpire.errors import DataError
from umpire.registry import initial_state, scenario_from_data
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
    with pytest.raises(DataError, match="weather: unknown field 'weather'"):  # not a field of an MBT scenario
        initial_state(scenario_from_data(mbt, "mbt"), seed=1)


def _facing_pairs(night: bool) -> dict:
    """Two pairs of stands facing each other 2 inches apart edge to edge (no distance modifier),
    the pairs 20 inches from each other (too far to spot across), on an open table."""
    return _scenario(night=night) | {"sides": [
        {"id": "nato", "units": [
            {"id": "m1", "type": "M1A1 Company", "at": [10, 10], "facing": 90},
            {"id": "inf", "type": "US Mechanized Infantry Company", "at": [10, 30], "facing": 90}]},
        {"id": "pact", "units": [
            {"id": "mr", "type": "Soviet Motor Rifle Company", "at": [13, 10], "facing": 270},
            {"id": "t80", "type": "T-80B Company", "at": [13, 30], "facing": 270}]}]}


def test_a_tracked_turn_at_night_spots_by_night_vision():
    """The turn's spotting (spot_all) takes the night modifiers, hand-checked (MOVEMENT > Spotting,
    Night spotting; all stationary, regular, facing, 2" apart, no cover, not spotted before):

    - M1A1 (TI) spots the motor rifles (troops): stationary +2, TI +2, target stationary -2 = +2,
      spotted by day and by night (TI spots as in daylight).
    - the motor rifles (no night vision) spot the M1A1: +2, vehicle +2, stationary -2 = +2 by day,
      spotted; at night -4 more = -2, not spotted.
    - the US infantry (II) spot the T-80B: +2 +2 -2 = +2 by day, spotted; at night -2 = 0, not.
    - the T-80B (IR) spots the US infantry: +2 -2 = 0, not spotted by day; at night -2 = -2.
    """
    from umpire.turns.auftragstaktik.sighting import spot_all

    seen = {}
    for night in (False, True):
        state = initial_state(scenario_from_data(_facing_pairs(night), "night"), seed=1)
        assert tr.unit_ratings(state.units["t80"]).special == ("IR",)
        assert is_night(state) is night
        spot_all(state, None)
        seen[night] = {u.id: u.spotted_by for u in state.units.values()}
    assert seen[False] == {"m1": ["pact"], "inf": [], "mr": ["nato"], "t80": ["nato"]}
    assert seen[True] == {"m1": [], "inf": [], "mr": ["nato"], "t80": []}
