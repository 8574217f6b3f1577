"""Rules procedures called directly with plain values: the special cases of fire, morale, HQ."""

from __future__ import annotations

import pytest

from umpire.core.dice import ScriptedDice as D
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.command import Hq, command_radius, hq_roll
from umpire.rules.auftragstaktik.data import rulings
from umpire.rules.auftragstaktik.fire import Attack, fire, plan_fire
from umpire.rules.auftragstaktik.hits import apply_hits, effects, recover
from umpire.rules.auftragstaktik.morale import Battalion, morale_check, surrenders
from umpire.rules.auftragstaktik.ratings import Stand
from umpire.rules.auftragstaktik.statline import parse_statline as P

R = rulings()
TANK = P("sc | 10t | 11 | G(g/g): 11 | HW: 2 [6] | -- | --")
BMP1 = P("sc | 8ta | 3 | G(b/b): 9* M(b): 10* [8] | HW: 2 [4] | -- | IR")
INF = P("sc | 2 | {0*} | M(g): 10* [4] CC: 2 | HW: 2 [4] SA: 1/4 | -- | --")
TOP = P("sp | 2 | {0} | M(a): 14^ [8] | -- | -- | --")


def S(unit, **kw) -> Stand:  # noqa: N802
    return Stand(unit=unit, **kw)


def names(plan) -> dict[str, int]:
    return {m.name: m.value for m in [*plan.modifiers, *plan.shifts]}


def test_low_velocity_gun_limited_to_4_inches() -> None:
    with pytest.raises(UmpireError, match="allowed: 0-4"):
        plan_fire(Attack(S(BMP1), S(TANK), "gun", 5), R)


def test_hw_against_afv_max_one_hit_or_morale_only() -> None:
    res = fire(Attack(S(INF, orders="NO"), S(TANK), "hw", 2, "rear"), D([10]), R)
    assert res.outcome["hits"] <= 1
    res = fire(Attack(S(INF, orders="NO"), S(TANK, hits=1), "hw", 2, "front"), D([]), R)
    assert res.outcome["hits"] == 0 and res.modified_roll is None and res.outcome["morale_check"]


def test_troop_stand_in_close_terrain_not_eliminated_by_fire() -> None:
    res = fire(Attack(S(TANK, orders="NO"), S(INF, cover="heavy", hits=3), "hw", 1, "front"), D([10]), R)
    assert res.outcome["total_hits"] >= 4 and res.outcome["eliminated"] is False


def test_atgm_generation_cap_and_heat() -> None:
    plan = plan_fire(Attack(S(BMP1), S(P("sc | 8t | 1 | -- | -- | -- | --")), "missile", 3), R)
    assert plan.cap is not None and plan.cap.index == 5  # 1st generation: no column right of +1


def test_top_attack_counts_as_flank_and_3l_against_top_armour() -> None:
    target = S(P("sc | 10t | 11*^ | G(a/a): 12 | -- | -- | --"))
    plan = plan_fire(Attack(S(TOP, orders="NO"), target, "missile", 4, "front"), R)
    got = names(plan)
    assert got["firing at flank"] == 2 and got["top attack against ^ armour"] == -3
    assert "HEAT against special armour" not in got  # 14^ is not a HEAT rating


def test_moving_troops_shift_and_may_not_fire_hw_on_ha() -> None:
    plan = plan_fire(Attack(S(INF, orders="DA", moved=True), S(INF), "sa", 2), R)
    assert names(plan)["moving troop stand, SA"] == -1
    with pytest.raises(UmpireError, match="may not fire HW"):
        plan_fire(Attack(S(INF, orders="HA", moved=True), S(INF), "hw", 2), R)


def test_sa_against_body_armour_and_range() -> None:
    plan = plan_fire(Attack(S(INF, orders="NO"), S(INF), "sa", 2), R)
    assert names(plan)["SA against body armour"] == -1
    with pytest.raises(UmpireError, match="allowed: 0-2"):
        plan_fire(Attack(S(INF), S(INF), "sa", 3), R)


def test_many_modifiers_at_once() -> None:
    shooter = S(
        TANK,
        quality="veteran",
        orders="WD",
        moved=True,
        hits=1,
        spotted=False,
        entrenchment="deliberate",
        grouped_companies=3,
    )
    target = S(
        INF,
        quality="recruit",
        orders="DA",
        moved=True,
        cover="light",
        entrenchment="hasty",
        grouped_companies=4,
    )
    got = names(plan_fire(Attack(shooter, target, "hw", 4, "front"), R))
    assert got == {
        "target on Deliberate Advance": 2,
        "firer on Withdraw": -2,
        "HW range": -2,
        "target cover": -1,
        "target entrenchment": -1,
        "firer entrenched": 1,
        "firer unspotted": 4,
        "troop quality": 4,
        "firer hits": -2,
        "firer grouped": -1,
        "target grouped": 2,
    }


def test_towed_artillery_uses_second_protection_when_moving() -> None:
    towed = P("mb | 2 | {0/-2} | -- | HW: 2 [4] | M [20] | --")
    assert S(towed, kind="towed", moved=True).protection_value == -2
    assert S(towed, kind="towed").fire_category() == "troop"
    with pytest.raises(UmpireError, match="towed artillery"):
        plan_fire(Attack(S(towed, kind="towed", moved=True), S(INF), "hw", 1), R)


def test_three_hits_may_not_fire() -> None:
    with pytest.raises(UmpireError, match="may not fire"):
        plan_fire(Attack(S(TANK, hits=3), S(TANK), "gun", 2), R)


def test_second_shot_after_elimination() -> None:
    res = fire(Attack(S(TANK, orders="NO"), S(TANK, hits=3), "gun", 1, "rear"), D([10]), R)
    assert res.outcome["eliminated"] and res.outcome["rate_of_fire"]["may_fire_again"]
    res = fire(Attack(S(TANK, orders="NO", soviet_tank=True), S(TANK, hits=3), "gun", 1, "rear"), D([10]), R)
    assert not res.outcome["rate_of_fire"]["may_fire_again"]


@pytest.mark.parametrize(
    ("morale", "roll", "result"), [("A", 8, "checked"), ("VH", 4, "pass"), ("VL", 7, "routed")]
)
def test_morale_levels(morale: str, roll: int, result: str) -> None:
    res = morale_check(Battalion(morale=morale, average_hits=1), D([roll]), R)
    assert res.outcome["result"] == result


def test_morale_status_only_worsens_and_surrender() -> None:
    res = morale_check(Battalion(morale="A", status="routed"), D([7]), R)
    assert res.outcome["result"] == "checked" and res.outcome["status"] == "routed"
    latest = rulings({"morale.status_transitions": "latest"})
    assert (
        morale_check(Battalion(morale="A", status="routed"), D([7]), latest).outcome["status"]
        == "checked"
    )
    assert surrenders(3.9) and not surrenders(4.5)


def test_hq_limits_and_bands() -> None:
    hq = Hq(level="brigade", rating=4)
    with pytest.raises(UmpireError, match="only battalion"):
        hq_roll(hq, 4, D([5]), R, phase="reaction")
    with pytest.raises(UmpireError, match="one HQ roll per battalion"):
        hq_roll(Hq(rating=4), 4, D([5]), R, already_rolled=True)
    assert (
        hq_roll(Hq(rating=4), 4, D([8]), rulings({"hq_roll.band_7_8": "success"})).outcome["result"]
        == "success"
    )
    assert hq_roll(Hq(rating=2), 4, D([9]), R).outcome["result"] == "delay"  # 9 - 4 = 5
    assert (
        hq_roll(Hq(doctrine="decentralized", rating=4), 4, D([1]), R).outcome["result"] == "failure"
    )


def test_command_radius_and_hits() -> None:
    assert command_radius("division", 4, "decentralized", R) == 36
    assert command_radius("battalion", 2, "balanced", R, recon=True) == 16
    assert effects(2).to_hit_drm == -6 and not effects(3).may_fire and effects(4).eliminated
    assert recover(0) == 0 and recover(2) == 1
    assert apply_hits(3, 2, troop_in_close_terrain=True) == (5, False)
    assert apply_hits(3, 1, troop_in_close_terrain=True, by_close_combat=True) == (4, True)


def test_docstring_examples() -> None:
    import doctest

    from umpire.rules.auftragstaktik import mods, statline

    for module in (mods, statline):
        assert doctest.testmod(module).failed == 0
