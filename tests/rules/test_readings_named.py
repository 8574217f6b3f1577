"""#34: four places where the rules read two ways are named rulings, each with a default and a
switch, cited in the answer; each reading tested by hand.

- ``rof.soviet_tank_platoons`` (Auftragstaktik U13, COMBAT > Rate of fire): a Soviet-made tank
  company that fires at a platoon fires again as any company (default) or once.
- ``orders.da_not_moved`` (U14, COMBAT > Target Orders Modifiers, MOVEMENT > Spotting): a target
  on Deliberate Advance that did not move is Stationary (default: fire 0, spotting -2) or keeps
  its orders' +2.
- ``grouping.free_companies`` (U15, COMBAT > Fire at and by grouped units): three grouped troop
  companies are two additional companies (default: one AFV and one troop company group free,
  +4 to being spotted) or one (any two free, +2); a case says how many are troop companies.
- ``helicopters.landing_at_night`` (MBT, 20.2.2 and 20.2.2.3.1): a helicopter landing at night
  enters at most a quarter of its halved NOE factors (default) or of its card's.
"""

from __future__ import annotations

from typing import Any

import pytest

from umpire.ask.calc import run_case
from umpire.ask.lookup import ruling_rows
from umpire.errors import UmpireError

PLATOON = "mp | 10t | 11 | G(g/g): 11 | -- | -- | --"


def answer(case: dict[str, Any], rolls: list[int] | None = None, **rulings: str) -> Any:
    out, _ = run_case({**case, "rulings": rulings}, rolls=rolls)
    return out


def said(a: Any) -> str:
    return "\n".join(a.resolution.explain())


def mods(a: Any) -> dict[str, int]:
    return {m.name: m.value for m in a.resolution.modifiers}


def test_the_four_are_listed_with_a_default_and_a_switch() -> None:
    rows = {r["name"]: r for r in ruling_rows()}
    for name, default, other in (("rof.soviet_tank_platoons", "platoon_exemption", "once"),
                                 ("orders.da_not_moved", "stationary", "orders"),
                                 ("grouping.free_companies", "one_of_each", "any_two"),
                                 ("helicopters.landing_at_night", "halved", "full")):
        assert rows[name]["default"] == default and set(rows[name]["choices"]) == {default, other}, name


def test_a_soviet_tank_company_firing_at_a_platoon() -> None:
    case = {"procedure": "fire", "ruleset": "auftragstaktik", "shooter": {"unit": "T-80B"},
            "target": {"statline": PLATOON}, "range": 4}
    rof = answer(case, [10]).resolution.outcome["rate_of_fire"]
    assert rof["may_fire_again"] is True and rof["counts"] is False
    assert "rof.soviet_tank_platoons" in said(answer(case, [10]))
    once = answer(case, [10], **{"rof.soviet_tank_platoons": "once"})
    assert once.resolution.outcome["rate_of_fire"]["may_fire_again"] is False
    assert "tanks of Soviet manufacture fire once per fire phase, at a platoon too" in said(once)
    # not a Soviet tank: the platoon exemption either way, and no word of the ruling
    m1 = {**case, "shooter": {"unit": "M1A1"}}
    for choice in ("platoon_exemption", "once"):
        a = answer(m1, [10], **{"rof.soviet_tank_platoons": choice})
        assert a.resolution.outcome["rate_of_fire"]["may_fire_again"] is True
        assert "soviet" not in said(a).lower().replace("rof.soviet_tank_platoons = once", "")


def test_a_target_on_deliberate_advance_that_did_not_move() -> None:
    fire = {"procedure": "fire", "ruleset": "auftragstaktik", "shooter": {"unit": "T-80B"},
            "target": {"unit": "M1A1", "orders": "DA", "moved": False}, "range": 4}
    still = answer(fire, [5])
    assert mods(still)["target stationary"] == 0 and "ruling orders.da_not_moved" in said(still)
    kept = answer(fire, [5], **{"orders.da_not_moved": "orders"})
    assert mods(kept)["target on Deliberate Advance"] == 2
    assert kept.resolution.modified_roll == still.resolution.modified_roll + 2
    troops = {**fire, "target": {"unit": "MR Company", "orders": "DA", "moved": False}}
    assert mods(answer(troops, [5]))["target stationary"] == -2  # Stationary: -2 for troop stands
    spot = {"procedure": "spot", "ruleset": "auftragstaktik", "spotter": {"unit": "BMP-2"}, "distance": 6,
            "target": {"orders": "DA", "moved": False}}
    s = answer(spot)
    assert mods(s)["target stationary"] == -2 and "ruling orders.da_not_moved" in said(s)
    o = answer(spot, **{"orders.da_not_moved": "orders"})
    assert mods(o)["target on DA orders"] == 2
    assert o.resolution.outcome["total"] == s.resolution.outcome["total"] + 4
    # a DA stand that moved is on its orders whichever reading
    moved = {**spot, "target": {"orders": "DA", "moved": True}}
    assert mods(answer(moved))["target on DA orders"] == 2


def test_grouped_troop_companies() -> None:
    spot = {"procedure": "spot", "ruleset": "auftragstaktik", "spotter": {"unit": "BMP-2"}, "distance": 6,
            "target": {"kind": "troop", "grouped_companies": 3, "troop_companies": 3}}
    assert mods(answer(spot))["grouped"] == 4  # one troop company free: two more, +2 each
    assert "ruling grouping.free_companies" in said(answer(spot))
    assert mods(answer(spot, **{"grouping.free_companies": "any_two"}))["grouped"] == 2
    mixed = {**spot, "target": {"kind": "troop", "grouped_companies": 3, "troop_companies": 1}}
    assert mods(answer(mixed))["grouped"] == mods(answer(mixed, **{"grouping.free_companies": "any_two"}))[
        "grouped"] == 2
    untold = {**spot, "target": {"kind": "troop", "grouped_companies": 3}}  # the free pair one of each
    assert mods(answer(untold))["grouped"] == 2
    fire = {"procedure": "fire", "ruleset": "auftragstaktik", "shooter": {"unit": "T-80B"}, "range": 4,
            "target": {"unit": "MR Company", "grouped_companies": 3, "troop_companies": 3}}
    assert mods(answer(fire, [5]))["target grouped"] == 2  # +1 a company at fire at the group
    assert mods(answer(fire, [5], **{"grouping.free_companies": "any_two"}))["target grouped"] == 1


def test_a_helicopter_landing_at_night() -> None:
    """The AH-64A's NOE speed is 14, halved at night to 7: landing, it enters at most 2 hexes (a
    quarter of 7, rounded up) by default, 4 (a quarter of 14) by the switch."""
    land = {"procedure": "helicopter", "ruleset": "mbt", "card": "Apache", "start": "noe", "end": "landed",
            "conditions": "night"}
    ok = answer({**land, "hexes": 2})
    assert "a quarter of its 7 factors, halved at night (ruling helicopters.landing_at_night), 2 hexes" in said(ok)
    with pytest.raises(UmpireError, match=r"at most a quarter of its 7 factors, halved at night .*, 2 hexes"):
        answer({**land, "hexes": 3})
    full = answer({**land, "hexes": 3}, **{"helicopters.landing_at_night": "full"})
    assert "a quarter of its 14 factors, not halved at night (ruling helicopters.landing_at_night), 4 hexes" \
        in said(full)
    with pytest.raises(UmpireError, match="4 hexes"):
        answer({**land, "hexes": 5}, **{"helicopters.landing_at_night": "full"})
    day = answer({**land, "hexes": 4, "conditions": "day"})  # by day the reading does not arise
    assert "landing_at_night" not in said(day) and "a quarter of its 14 factors, 4 hexes" in said(day)
