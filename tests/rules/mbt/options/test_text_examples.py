"""The examples the text of sections 17-20 gives in passing ("For example, ..."), beside the worked
examples under tests/examples/mbt/options: each asked of the rule function that plays it."""

from __future__ import annotations

import pytest

from umpire.errors import UmpireError
from umpire.rules.mbt.options.air_strike import Sortie
from umpire.rules.mbt.options.air_strike import check as check_strike
from umpire.rules.mbt.options.artillery import Plot, check_plot
from umpire.rules.mbt.options.limits import dep_el


def test_17_3_1_2_a_rising_shot_five_heights_up_with_elevation_7_needs_4_hexes() -> None:
    """17.3.1.2: "for a rising shot at a target 5 heights higher with a weapon with an elevation
    number of "7", the target range must be at least 4 hexes ... If the target is only 1 to 3 hexes
    from the firing unit, no shot at that target with that weapon is possible." """
    for rng in (1, 2, 3):
        assert "needs range 4 or more (17.3.1.2)" in dep_el((8, 7), 0, 5, rng)
    assert dep_el((8, 7), 0, 5, 4) == ""
    assert dep_el((8, 7), 3, 3, 1) == ""  # level shots: no effect (17.3.1)


@pytest.mark.parametrize("sheaf", ["line", "loose"])
def test_19_2_3_a_smoke_mission_is_fired_in_a_loose_or_line_sheaf(sheaf: str) -> None:
    """19.2.3: "a smoke fire mission can be fired in a loose or line SHEAF—this rules out using a
    tight SHEAF with a smoke fire mission." """
    check_plot(Plot("called", sheaf, "SM", direction=1 if sheaf == "line" else None), nation_missions=["SM"])


def test_19_2_3_a_smoke_mission_in_a_tight_sheaf_is_refused() -> None:
    with pytest.raises(UmpireError, match=r"plot\.sheaf: 'tight': a SM mission is fired in a line or loose SHEAF"):
        check_plot(Plot("called", "tight", "SM"), nation_missions=["SM"])


def test_20_1_2_4_1_an_a10a_may_not_use_high_speed() -> None:
    """20.1.2.4.1: "For example, an A-10A may not use high speed." """
    with pytest.raises(UmpireError, match=r"air\.speed: A-10A may not fly at high speed \(20\.1\.2\.4\.1\)"):
        check_strike(Sortie("A-10A", "iron_bomb", "high", "low"), "day")
    check_strike(Sortie("A-10A", "iron_bomb", "medium", "low"), "day")
