"""Orders, overwatch, movement, missiles and the umpired-turn pieces."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from umpire.core.dice import ScriptedDice
from umpire.rules.mbt import data, missiles, movement, orders, sighting, umpired
from umpire.rules.mbt.conversions import to_hexes


def test_move_costs_per_inch_and_one_step() -> None:
    m1a1 = data.card("USA-1B")
    # 8.4.3: clear hill hex from ground level: 1 + 1 = 2
    r = movement.cost(m1a1, [movement.Leg("clear", 1, height_change=1)], "M")
    assert r.spent == 2 and r.legal
    r = movement.cost(m1a1, [movement.Leg("rough", 2)], "M")  # 8 inches > 6
    assert not r.legal
    r = movement.cost(m1a1, [movement.Leg("rough", 1)], "M")  # 4 <= 6
    assert r.legal
    r = movement.cost(data.card("FRG-1A"), [movement.Leg("rough", 1.0)], "FM")  # 4 > 2.5
    assert not r.legal
    t80 = data.card("USSR-1A")
    assert movement.cost(t80, [movement.Leg("rough", 1.6)], "M").legal is False
    assert movement.cost(t80, [movement.Leg("heavy_woods", 0.5)], "M").legal is False
    # 8.5.1: road at 1/3 per inch
    r = movement.cost(t80, [movement.Leg("rough", 18, road=True)], "M")
    assert r.spent == 6 and r.legal
    # 8.4.4: always one step when nothing was spent on turns (rough costs 4/in, MF 3 with FM..)
    r = movement.cost(t80, [movement.Leg("rough", 1)], "M", going=movement.Going(suppressed=True))
    assert r.legal and any("always one step" in line for line in r.lines)


def test_orders_literal_ruling_moves_with_fire() -> None:
    assert orders.movement_allowance("M", 6) == 6
    assert orders.movement_allowance("FM", 6) == 3
    assert orders.movement_allowance("F", 6) == 0
    assert orders.movement_allowance("F", 6, ruling="literal") == 6
    assert orders.movement_allowance("FM", 6, suppressed=True) == 1.5


def test_overwatch_triggers() -> None:
    pts = [
        orders.WatchPoint(i, r, 5, los, True, True)
        for i, (r, los) in enumerate([(14, True), (11, True), (9, False), (8, True)])
    ]
    assert orders.movement_triggers(pts) == [3]
    assert orders.fire_triggers("OW", False, ["101"]) == ["101"]
    assert orders.fire_triggers("OW", True, ["101"]) == []


def test_missile_speeds() -> None:
    songster = data.card("USSR-1A").weapon("Songster")
    assert missiles.speed(songster, 3).v == 24 and missiles.speed(songster, 4).v == 12
    path = [missiles.PathPoint(r) for r in (30, 29, 28, 27, 26)]
    assert missiles.fly(path, 12).impact == 2


def test_doctrine() -> None:
    assert orders.doctrine_shots(3, ["105"], [True, False, True]) == [("a", "105"), ("c", "105")]


def test_transfer_and_overwatch_decision() -> None:
    es = [umpired.Enemy("b", 3), umpired.Enemy("c", 1, in_action=False), umpired.Enemy("d", 2)]
    assert umpired.transfer_fire("a", "Direct Fire", "Movement", es) == "d"
    assert umpired.transfer_fire("a", "Direct Fire", "Direct Fire", es, ruling="always") == "d"
    cands = [
        umpired.Candidate("x", "small", True, False, 4, True),
        umpired.Candidate("y", "tank", True, False, 8, True),
    ]
    assert umpired.overwatch_decision(umpired.Instruction(only_kinds=("tank",)), cands) == "y"
    assert umpired.overwatch_decision(umpired.Instruction(hold=True), cands) is None
    seq = umpired.sequence(advanced=False)
    assert [s for _, s in seq][2:5] == ["Direct Fire", "ATGM Announcement", "Overwatch Fire"]


@given(
    rng=st.integers(1, 90),
    base=st.integers(1, 40),
    spotted=st.sampled_from(["none", "moved", "fired"]),
)
def test_identification_never_says_more_than_allowed(rng: int, base: int, spotted: str) -> None:
    level = umpired.identification_level(rng, base, spotted)
    entry = umpired.briefing_entry(
        level, unit="101", nation="USSR", type_name="T-80A", size="vehicle", where="x"
    )
    limit = sighting.sighting_limit(base, spotted)  # type: ignore[arg-type]
    if limit is not None and rng > limit:
        assert entry is None
    if entry is not None and "type" in entry:
        assert rng <= base
    if entry is not None and "nation" in entry:
        assert rng <= 2 * base


@given(inches=st.floats(0.01, 80), scale=st.sampled_from([0.5, 1, 1.5, 2]))
def test_range_rounding_up_never_shortens(inches: float, scale: float) -> None:
    h = to_hexes(inches, scale)
    assert h * scale >= inches - 1e-6 and h >= 1


def test_gp_fire_and_close_assault() -> None:
    from umpire.ask.calc import run_case

    ans, _ = run_case(
        {
            "ruleset": "mbt",
            "procedure": "gp",
            "firer": {"card": "USSR-1A"},
            "target": {"kind": "team", "gp_defense": 4},
            "range": 18,
            "dice": [99],
        }
    )
    out = ans.to_json()
    assert out["gp_factor"] == 17 and out["outcome"]["result"] == "EF"
    assert "eliminated" in out["outcome"]["effects"][0]
    ans, _ = run_case(
        {
            "ruleset": "mbt",
            "procedure": "close_assault",
            "attack_gp": 30,
            "target": "USA-1B",
            "target_open": True,
            "dice": [100],
        }
    )
    assert ans.to_json()["outcome"]["result"] == "EF"
    ans, _ = run_case(
        {
            "ruleset": "mbt",
            "procedure": "hand_to_hand",
            "attacker": "squad",
            "defender": "team",
            "attackers": 3,
            "dice": [90],
        }
    )
    assert ans.to_json()["modified_roll"] == 70 and ans.to_json()["outcome"]["winner"] == "attacker"


def test_reactive_armour_and_hull_down() -> None:
    from umpire.rules.mbt import ap_fire

    rulings = data.rulings().select()
    shot = ap_fire.ApShot(
        firer=data.card("FRG-1A"),
        weapon="105mm",
        ammo="HEAT",
        target=data.card("USSR-1A"),
        range=3,
        angle="front",
        reactive_armor="heavy",
        shots=1,
    )
    res = ap_fire.resolve(shot, ScriptedDice([1, 1]), rulings)
    assert res.outcome["results"][0]["penetrated"] is False
    shot.hull_down, shot.ammo, shot.reactive_armor = True, "APFSDS", "none"
    res = ap_fire.resolve(shot, ScriptedDice([1, 60]), rulings)  # 60 is HF* on the front line
    assert res.outcome["results"][0]["damage"] == "miss"
