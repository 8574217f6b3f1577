"""Auftragstaktik cases of the third audit (issue #28) where umpire disagreed with the rulebook.
Each test quotes the rule it holds umpire to."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.calc import run_case

# a medium platoon of 4th-generation top-attack missiles (AT 10 ^) against Protection 5: +5,
# the +4..+6 column before any shift
TOP_ATTACK = "mp | 2 | {0} | M(a): 10^ [6] | -- | -- | --"
TANK = "mc | 8ta | 5 | G: 10 | -- | -- | --"
TANK_TOP = "mc | 8ta | 5^ | G: 10 | -- | -- | --"


def fire(target: str, aspect: str) -> Any:
    answer, _ = run_case({
        "procedure": "fire", "ruleset": "auftragstaktik", "weapon": "missile", "range": 3, "aspect": aspect,
        "shooter": {"statline": TOP_ATTACK, "orders": "NO"}, "target": {"statline": target, "orders": "NO"},
        "dice": [5],
    })
    return answer.resolution


@pytest.mark.parametrize("aspect", ["front", "flank", "rear"])
def test_top_attack_from_any_side_strikes_flank_armour(aspect: str) -> None:
    """COMBAT > ATGM Fire special rules: "Top-attack ATGMs ... are always treated as if attacking
    flank armor" (MISCELLANEOUS RULES > Top-attack Missiles: "They are always considered to strike
    side armor of the target"; ruling A117). From the rear too: the flank 2R, never the rear 4R,
    so +5 resolves on +11..+15, not +16 and higher."""
    res = fire(TANK, aspect)
    assert [(s.name, s.value) for s in res.shifts] == [("firing at flank", 2)]
    assert res.column == "+11..+15"


@pytest.mark.parametrize("aspect", ["front", "flank", "rear"])
def test_top_attack_at_improved_top_armour_nets_one_left(aspect: str) -> None:
    """MISCELLANEOUS RULES > Top-attack Missiles: "When attacking vehicles with improved top armor
    ... they suffer an additional 3L modifier"; ruling A117: "Against ^ Protection it also takes
    3L, so the net is 1L" (flank 2R, 3L): from the rear too, not the 1R of 4R and 3L."""
    res = fire(TANK_TOP, aspect)
    assert sum(s.value for s in res.shifts) == -1
    assert res.column == "+2..+3"


def test_the_tracked_turn_takes_a_top_attack_from_the_rear_as_flank_too() -> None:
    """The same rule in a tracked game: the missile platoon behind the tank (its rear arc)."""
    from tests.rules.auftragstaktik.test_audit_points import at_state
    from umpire.core.dice import ScriptedDice
    from umpire.turns.auftragstaktik import firing
    from umpire.turns.auftragstaktik.sightlines import aspect

    st = at_state([
        {"id": "atgm", "statline": TOP_ATTACK, "at": [10, 10], "facing": 90, "orders": "NO"},
        {"id": "tank", "statline": TANK, "at": [14, 10], "facing": 90, "orders": "NO"},
    ])
    assert aspect(st.units["atgm"], st.units["tank"]) == "rear"
    res = firing.shoot(st, st.units["atgm"], st.units["tank"], "missile", 3.0, 1, ScriptedDice([5]))
    assert [(s.name, s.value) for s in res.shifts] == [("firing at flank", 2)]
