"""MBT cases of the third audit (issue #28) that umpire's quick answer got wrong or could not be
asked. Each test quotes the rule it holds ``umpire calc`` to."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.ask.calc import run_case
from umpire.errors import UmpireError
from umpire.rules.mbt.facts import ShotFacts

SQUAD = {"card": "USA-7B", "type": "Squad Heavy Mechanized Infantry"}


def calc(procedure: str, dice: list[int] | None = None, **case: Any) -> Any:
    answer, _ = run_case({"procedure": procedure, "ruleset": "mbt", **case, **({"dice": dice} if dice else {})})
    return answer.resolution


@pytest.mark.parametrize(("rng", "effect"), [(3, "none"), (2, "suppressed")])
def gp_of(res: Any) -> int:
    return int(ShotFacts.of(res).gp_factor or 0)


def test_small_arms_effective_at_a_buttoned_vehicle_beyond_two_hexes_is_no_effect(rng: int, effect: str) -> None:
    """14.4.4.2.3.1: "If the target is a buttoned vehicle unit and the GP fire that caused the
    effective result is from a "small arms" weapon ... at a range of greater than two hexes, the
    effective result is treated as a no effect result." The M1's 12.7mm HMG is small arms (card
    NOTES); a 99 is effective."""
    res = calc("gp", [99], firer={"card": "USA-1A", "weapon": "12.7mm HMG", "ammo": "Ball"},
               target={"card": "USSR-2A"}, range=rng)
    assert res.outcome["result"] == "EF" and res.outcome["effect"] == effect


def test_an_overrun_adds_every_vehicle_gun_and_twenty() -> None:
    """14.7.2.2.1: "The moving GP factors of all useable vehicle guns are added together to find
    the total GP factor for the overrun fire"; 14.7.2.2.2: "a "+20" overrun modifier ... an
    effective result against an infantry squad will eliminate it completely"."""
    res = calc("overrun", [75], attacker={"card": "USSR-2A"}, defender=SQUAD)
    gun = calc("gp", [75], firer={"card": "USSR-2A", "weapon": "125mm", "ammo": "GP", "orders": "OR"},
               target=SQUAD, range=1)
    hmg = calc("gp", [75], firer={"card": "USSR-2A", "weapon": "12.7mm NSVT", "ammo": "Ball", "orders": "OR"},
               target=SQUAD, range=1)
    assert gp_of(res) == gp_of(gun) + gp_of(hmg)
    assert [(m.name, m.value, m.rule) for m in res.modifiers] == [("overrun", 20, "14.7.2.2.2")]
    assert res.modified_roll == 95 and res.outcome["result"] == "EF"
    assert res.outcome["effect"] == "eliminated"  # plain GP fire would leave a half squad (14.4.4.2.3.4)
    assert calc("gp", [99], firer={"card": "USSR-2A", "weapon": "125mm", "ammo": "GP"}, target=SQUAD,
                range=1).outcome["effect"] == "half"


def test_the_overrun_defence_adds_the_defenders_non_moving_factors() -> None:
    """14.7.2.1.1: "an American team (see data card USA-7B) with a machinegun ("MG") attached has 7
    GP factors for the team plus 9 GP factors for the attached machinegun for a total of 16"."""
    res = calc("overrun", [50], part="defence", attacker={"card": "USSR-2A"},
               defender={"card": "USA-7B", "type": "Team", "weapons": ["Small arms", "MG"]})
    assert gp_of(res) == 16 and res.outcome["first_fire"] is True


def test_a_squad_and_a_team_fire_in_calc() -> None:
    """14.1.3: "Leg units carry small arms ... that can be fired as their GP point effect weapons,
    plus ... "attached" weapons (ie., rocket launchers, anti-tank guided missiles, etc.)": the
    squad's small arms fire GP, the team's Dragon fires AP (no longer "a leg card, not a vehicle's")."""
    gp = calc("gp", [10], firer={**SQUAD, "weapon": "Small arms", "ammo": "Ball"}, target={"card": "USSR-2A"},
              range=2)
    assert gp_of(gp) > 0
    ap = calc("fire", [10, 50], firer={"card": "USA-7B", "type": "Team", "weapon": "Dragon", "ammo": "ATGM",
                                       "orders": "ATGM"}, target={"card": "USSR-2A"}, range=6)
    assert ap.outcome["hits"] == 1


def test_a_rider_fires_through_its_carriers_ports_to_two_hexes() -> None:
    """15.3.4.2: "Leg units, when transported by certain full cover vehicle units may be fired when
    the vehicle unit is buttoned ... The maximum range for this fire is "2" hexes"; 14.3.1.1.3 and
    14.4.2.1.5 give the transported firer its modifier; 15.3.4.1: the LAW is fired only from an
    open carrier (USA-7B NOTES)."""
    rider = {**SQUAD, "weapon": "Small arms", "ammo": "Ball", "riding_in": {"card": "USA-2A/1"}}
    res = calc("gp", [50], firer=rider, target={"card": "USSR-2A"}, range=2)
    assert ("transported firer", "14.4.2.1.5") in [(m.name, m.rule) for m in res.modifiers]
    with pytest.raises(UmpireError, match=r"firing ports it reaches 2 hexes \(15\.3\.4\.2\)"):
        calc("gp", [50], firer=rider, target={"card": "USSR-2A"}, range=3)
    with pytest.raises(UmpireError, match=r"only when the carrier is open \(15\.3\.4\.1"):
        calc("fire", [50], firer={**rider, "weapon": "LAW", "ammo": "HEAT"}, target={"card": "USSR-2A"}, range=2)


def test_gp_fire_at_a_carrier_strikes_its_riders_with_the_same_roll() -> None:
    """14.4.3.2.5.1: "The firing unit's GP factor is used against the transporting vehicle unit's
    GP defense factor, then used again against each leg and/or towed unit being transported. This
    is done only if the vehicle unit is "open", or, if "buttoned", against a vehicle that does not
    list "FC""; 14.4.3.2.5.2: "transported by FC transport vehicles that are "open" have a GP
    defense factor of "3"."""
    shot = {"firer": {"card": "USSR-2A", "weapon": "125mm", "ammo": "GP"}, "range": 5}
    open_ = calc("gp", [80], **shot, target={"card": "USA-2A/1", "turret": "open", "passengers": [SQUAD]})
    (rider,) = open_.outcome["passengers"]
    assert rider["gp_defense"] == 3 and rider["modified_roll"] == 80 and rider["kind"] == "squad"
    shut = calc("gp", [80], **shot, target={"card": "USA-2A/1", "passengers": [SQUAD]})
    assert shut.outcome["passengers"] == []


def test_gp_defence_of_infantry_is_worked_out_from_card_terrain_and_orders() -> None:
    """14.4.3.2.1: "a target leg unit with FIRE orders ("NM") is in a rough terrain hex. Its GP
    defense factor is "4"" (USA-7B, FRG-4B, USSR-11B); moving (MOVE orders) it is lower; a block in
    the hex adds one (14.4.3.2.2)."""
    shot = {"firer": {"card": "USSR-2A", "weapon": "12.7mm NSVT", "ammo": "Ball"}, "range": 4}
    for card in ("USA-7B", "FRG-4B", "USSR-11B"):
        res = calc("gp", [1], **shot, target={"card": card, "orders": "F", "terrain": "rough"})
        assert ShotFacts.of(res).gp_defense == 4
    moving = calc("gp", [1], **shot, target={"card": "USA-7B", "orders": "M", "terrain": "rough"})
    assert (ShotFacts.of(moving).gp_defense or 0) < 4
    block = calc("gp", [1], **shot, target={"card": "USA-7B", "terrain": "rough", "block_or_wreck": True})
    assert ShotFacts.of(block).gp_defense == 5


def test_going_inside_buildings() -> None:
    """15.4.3.2.2: "a vehicle unit with its main gun facing the same direction as the vehicle and a
    close assault defense factor of "6" moves straight ahead into a wooden building hex. A "15" is
    rolled, which, with the "+30" modifier, gives a modified dice roll of "45". This causes no track
    damage ..., but the main gun is damaged." The T-72M1's CA defense is 6."""
    res = calc("into_buildings", [15], card="USSR-2A", building="wooden")
    assert res.modified_roll == 45 and res.outcome["damage"] == ["gun"]
    assert calc("into_buildings", [15], card="USSR-2A", building="wooden", gun_angle=180).outcome["damage"] == []


def test_smoke_is_placed_two_hexes_out_or_more_and_dischargers_once() -> None:
    """14.4.5.1: smoke ammunition "has the same maximum range as a weapon's GP ammunition, and a
    minimum range of 2 hexes"; 12.6.2: dischargers "may be used only once per game"."""
    from umpire.rules.mbt import data

    card = "USA-3A/1"
    w = next(w for w in data.card(card).weapons if w.smoke_ammo)
    assert calc("smoke", card=card, weapon=w.name, range=2).outcome["placed"] is True
    assert calc("smoke", card=card, weapon=w.name, range=1).outcome["placed"] is False
    assert calc("smoke", kind="discharger", card="USA-1A").outcome == {"placed": True, "marker": "ds",
                                                                       "kind": "discharger"}
    assert calc("smoke", kind="discharger", card="USA-1A", used=1).outcome["placed"] is False


def test_calc_fields_lists_the_new_procedures() -> None:
    from typer.testing import CliRunner

    from umpire.cli import app

    for proc, field in (("overrun", "attacker.riders"), ("into_buildings", "gun_angle"), ("smoke", "kind"),
                        ("gp", "target.passengers"), ("fire", "firer.riding_in"), ("move", "load_unload")):
        out = CliRunner().invoke(app, ["calc", "fields", proc, "--ruleset", "mbt"]).output
        assert field in out, (proc, out)
