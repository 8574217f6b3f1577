"""The options' calc procedures that no worked example asks: their main path and what they refuse."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.ask.calc import run_case
from umpire.errors import UmpireError

ASKED = {
    "counter_battery",
    "clgp",
    "mine_plow",
    "command_points",
    "jamming",
    "hull_down_attempt",
    "leg_loss",
    "quickmarch",
    "panic",
    "crash",
}


def ask(procedure: str, dice: list[int], **case: Any) -> dict[str, Any]:
    answer, _ = run_case({"ruleset": "mbt", "procedure": procedure, "dice": dice, **case})
    return answer.to_json()


def test_counter_battery_locates_then_rolls_effects() -> None:
    out = ask("counter_battery", [10, 80], nation="USA", equipment="radar", remaining_missions=5)
    assert out["outcome"] == {"located": True, "effect": "half_loss", "missions_lost": 3}
    miss = ask("counter_battery", [99], nation="USA", equipment="radar")
    assert miss["outcome"]["located"] is False
    # 19.4.3: against a counter battery capability a loss is a disruption
    cc = ask("counter_battery", [10, 80], nation="USA", equipment="radar", against_counter_battery=True)
    assert cc["outcome"]["effect"] == "disrupted"


def test_clgp_hits_on_90_or_70_with_the_observer_suppressed() -> None:
    assert ask("clgp", [90])["outcome"]["brewed_up"] is True
    assert ask("clgp", [71], observer_suppressed=True)["outcome"]["brewed_up"] is False
    assert ask("clgp", [], observer_sees=False)["outcome"]["brewed_up"] is False


def test_mine_plow_clears_with_50_gp_and_may_be_lost() -> None:
    out = ask("mine_plow", [99, 25], kinds=["hasty"])
    assert out["outcome"] == {"cleared": True, "plow_destroyed": True}
    out = ask("mine_plow", [1], kinds=["deliberate", "hasty"])
    assert out["outcome"] == {"cleared": False, "plow_destroyed": False}


def test_command_points_and_spending_more_than_the_side_has() -> None:
    out = ask("command_points", [], active=6, grade="average", company_officers=1, exchanges=2)
    assert out["outcome"] == {"points": 3, "left": 1}
    with pytest.raises(UmpireError, match="cost 4 command points.*has 3"):
        ask("command_points", [], active=6, grade="average", company_officers=1, exchanges=2, disrupted=True)


def test_jamming_three_points_at_most() -> None:
    assert ask("jamming", [20], points=1, side="NATO")["outcome"]["disrupted"] is True
    with pytest.raises(UmpireError, match="one to 3 jamming points"):
        ask("jamming", [], points=4)


def test_leg_loss_loses_an_attached_weapon_on_01_to_50() -> None:
    assert ask("leg_loss", [50], item="Dragon")["outcome"] == {"lost": True}
    assert ask("leg_loss", [51])["outcome"] == {"lost": False}


def test_hull_down_attempt_and_quickmarch_roll_their_tables() -> None:
    assert ask("hull_down_attempt", [30], vehicles=1, terrain="clear")["outcome"]["hull_down"] is True
    assert ask("hull_down_attempt", [31], vehicles=1, terrain="clear")["outcome"]["hull_down"] is False
    assert ask("quickmarch", [35], grade="average")["outcome"]["suppressed"] is True


def test_panic_moves_full_factors_in_the_diagram_direction() -> None:
    out = ask("panic", [72], card="USSR-1A")
    assert out["outcome"] == {"direction": 5, "hexes": 6}
    assert out["offset"][0] < 0  # direction 5 is up-left (bearing 240)


def test_artillery_refuses_a_mission_in_the_wrong_sheaf_and_one_the_nation_lacks() -> None:
    with pytest.raises(UmpireError, match="sheaf.*loose"):
        ask("artillery", [], nation="USA", mission="ICM", sheaf="tight")
    with pytest.raises(UmpireError, match="not on this nation's artillery card"):
        ask("artillery", [], nation="USSR", mission="FASCAM", sheaf="loose")


def test_artillery_loose_sheaf_halves_gp_and_reaches_two_rings() -> None:
    targets = [
        {"name": "near", "kind": "squad", "gp_defense": 3, "at": [0, 2]},
        {"name": "far", "kind": "squad", "gp_defense": 3, "at": [0, 3]},
    ]
    out = ask(
        "artillery", [99, 99, 50], nation="USA", attachment="organic", mission="HE", sheaf="loose", targets=targets
    )
    assert out["gp"] == 15 and out["outcome"]["attacked"] == ["near"]
    assert len(out["hexes_affected"]) == 19


def test_helicopter_refusals() -> None:
    with pytest.raises(UmpireError, match="lands only in clear or scrub"):
        ask("helicopter", [], card="USA-6A/2", start="noe", end="landed", hexes=1, terrain="woods")
    with pytest.raises(UmpireError, match="NOE, not from low"):
        ask("helicopter", [], card="USA-6A/2", start="low", end="landed")
    with pytest.raises(UmpireError, match="pop-up attack is made at NOE while hovering"):
        ask("helicopter", [], card="USA-6A/2", start="noe", end="noe", hexes=2, popup=True)
    out = ask("helicopter", [], card="USA-6A/2", start="noe", end="noe", conditions="night", hexes=7)
    assert out["outcome"]["allowed"] is True
    with pytest.raises(UmpireError, match="more than its 7 factors"):
        ask("helicopter", [], card="USA-6A/2", start="noe", end="noe", conditions="night", hexes=8)


def test_aa_missiles_refused_against_a_sighting_popup() -> None:
    with pytest.raises(UmpireError, match="missiles may not be fired at a pop-up"):
        ask("aa", [], card="generic", weapon="Stinger", target="USA-6A/2", altitude="noe", popup="sight")
    out = ask("aa", [10, 99], card="generic", weapon="Stinger", target="USA-6A/2", altitude="low")
    assert out["outcome"]["hit"] is True and out["outcome"]["suppressed"] is True


def test_fog_limits_helicopters_to_low_altitude_unless_the_ruling_says_otherwise() -> None:
    with pytest.raises(UmpireError, match="limited to low altitude in fog"):
        ask("helicopter", [], card="USA-6A/2", start="noe", end="noe", conditions="fog", hexes=2)
    out = ask("helicopter", [], card="USA-6A/2", start="noe", end="noe", conditions="fog", hexes=2,
              rulings={"helicopters.fog_altitude": "no_limit"})
    assert out["outcome"]["allowed"] is True and out["rulings"] == {"helicopters.fog_altitude": "no_limit"}


def test_a_destroyed_helicopter_crashes_ahead_unless_hovering_or_landed() -> None:
    """20.3.4.2.1: one die of hexes forward along its front; a hovering one in its hex; a landed one not."""
    out = ask("crash", [3], facing=2, at=[10, 10])
    assert out["outcome"]["crashes"] is True and out["outcome"]["hexes"] == 3
    assert out["outcome"]["crash_at"] == [12.598, 11.5]  # 3 hexes in direction 2
    assert ask("crash", [], hovering=True, at=[10, 10])["outcome"]["crash_at"] == [10.0, 10.0]
    assert ask("crash", [], landed=True)["outcome"] == {"crashes": False}


def test_a_crash_attacks_the_ground_units_in_and_next_to_its_hex_with_50_gp() -> None:
    """20.3.4.2.2: 50 GP as super heavy HE, an effective result knocks a vehicle out; a unit two
    hexes off is not attacked."""
    t = [{"name": "t1", "kind": "vehicle", "gp_defense": 8, "at": [0, 1]},
         {"name": "t2", "kind": "vehicle", "gp_defense": 8, "at": [0, 2]}]
    out = ask("crash", [99], hovering=True, targets=t)
    assert list(out["outcome"]["results"]) == ["t1"]
    assert out["targets"][0]["effect"] == "knocked_out", out["targets"]


def test_a_special_combat_takes_the_gp_factor_as_its_hit_number() -> None:
    """20.4.1.1: artillery HE (GP 40) impacting on an NOE helicopter: 40 or less hits, no modifiers;
    then the damage roll against its defense value (AH-64A 45)."""
    out = ask("aa", [40, 45], card="artillery", weapon="HE", target="USA-6A/2", hit_number=40, grade="crack")
    assert out["outcome"]["hit"] is True and out["outcome"]["destroyed"] is True and out["modifiers"] == []
    assert ask("aa", [41], card="artillery", weapon="HE", target="USA-6A/2", hit_number=40)["outcome"]["hit"] is False


def test_a_helicopter_fires_rockets_as_aircraft_do_and_nothing_else_here() -> None:
    """20.2.3.3.1: a helicopter's rocket scatters as an aircraft's, by range (20.1.3.4.1)."""
    t = [{"name": "t1", "kind": "vehicle", "gp_defense": 8, "at": [0, 0]}]
    out = ask("air_drop", [50, 10], aircraft="USA-6A/2", weapon="rocket", range=3, targets=t)
    assert [m["name"] for m in out["modifiers"]][-1] == "rocket at 3 hexes"
    with pytest.raises(UmpireError, match="a helicopter fires rockets here"):
        ask("air_drop", [], aircraft="USA-6A/2", weapon="iron_bomb")
    with pytest.raises(UmpireError, match="beyond a rocket's reach"):
        ask("air_drop", [], aircraft="USA-6A/2", weapon="rocket", range=21)
