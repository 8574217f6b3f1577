"""Auftragstaktik cases of the third audit (issue #28) where umpire disagreed with the rulebook.
Each test quotes the rule it holds umpire to."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.ask.calc import run_case

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


BMP2 = "sc | 8ta | 3 | M(g): 12* [10] | HW: 4 [6] | -- | IR"
INF = "mc | 2 | {0} | M(g): 10* [4] CC: 2 | HW: 2 [4] SA: 2/4 | -- | II"
TRUCKS = "mb | 10w | {-2} | -- | -- | M (0) [40.8] | --"


def _atgm(target: dict[str, Any], rulings: dict[str, str] | None = None) -> Any:
    answer, _ = run_case({
        "procedure": "fire", "ruleset": "auftragstaktik", "weapon": "missile", "range": 4,
        "shooter": {"statline": BMP2, "orders": "NO"}, "target": {"orders": "NO", **target},
        "rulings": rulings or {}}, rolls=[5], odds=True)
    return answer


def test_an_atgm_at_troops_in_the_open_is_medium_artillery_as_a_non_armoured_target() -> None:
    """MISCELLANEOUS RULES > ATGMs vs. non-AFV targets (ruling U08, atgm.non_afv_targets): "If fired
    against unarmored vehicles, ATGMs are treated as Medium artillery. When fired against permanent
    fighting positions or troops in buildings, they are treated as Heavy artillery." Troops in the
    open are a non-AFV target the rule does not name; resolved as the non-armoured target it does
    name (Medium artillery) they can be missed, as a truck can, and a town's troops still more."""
    open_ = _atgm({"statline": INF})
    truck = _atgm({"statline": TRUCKS})
    town = _atgm({"statline": INF, "buildings": True, "cover": "heavy"})
    assert open_.resolution.column == truck.resolution.column == town.resolution.column == "+1"
    assert any("non-armoured target" in n for n in open_.resolution.notes)
    assert open_.odds["no effect"] > 0


def test_the_other_reading_keeps_the_at_differential_for_troops_in_the_open() -> None:
    """The ruling's other reading (``artillery``): only the targets the rule names are artillery;
    other troops take the AT differential with the 2nd-generation cap (+4..+6), which no roll misses."""
    literal = _atgm({"statline": INF}, {"atgm.non_afv_targets": "artillery"})
    assert literal.resolution.column == "+4..+6" and "no effect" not in literal.odds
    assert _atgm({"statline": TRUCKS}, {"atgm.non_afv_targets": "artillery"}).resolution.column == "+1"
