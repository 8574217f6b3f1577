"""Close combat in the tracked turn, round after round (COMBAT > Close Combat; ruling
close_combat.rounds): the AFV's HW return fire with -6, withdrawal, a concealed stand's free
attack. Dice are given; the modifiers are checked against the rules' close combat list."""

from __future__ import annotations

from pathlib import Path

from umpire.core.dice import ScriptedDice
from umpire.engine import Game
from umpire.registry import scenario_from_data
from umpire.turns.auftragstaktik import tracked as tr
from umpire.turns.auftragstaktik.morale_cc import resolve_close_combat


def _state(tmp_path: Path, *, mr_at=(20, 10)):
    sc = {"name": "cc", "ruleset": "auftragstaktik", "table": {"width": 48, "depth": 36}, "seed": 3, "sides": [
        {"id": "nato", "formations": [{"id": "tf", "level": "battalion", "units": [
            {"id": "rifles", "type": "US Mechanized Infantry Company", "at": [30, 23], "facing": 90}]}]},
        {"id": "pact", "formations": [{"id": "1-tb", "level": "battalion", "units": [
            {"id": "t1", "type": "T-80B Company", "at": [31, 23], "facing": 270},
            {"id": "mr", "type": "Soviet Motor Rifle Company", "at": list(mr_at), "facing": 270}]}]}]}
    game = Game.create(tmp_path / "g.db", scenario_from_data(sc, "cc"), seed=3)
    game.turn_rules()
    st = game.state.copy_for_change()
    tr.book(st)
    st.units["rifles"].orders = "HA"  # Hasty Advance, bases touching t1: it starts the close combat
    for u in st.units.values():
        u.spotted_by = ["pact"] if u.side == "nato" else ["nato"]
    return st


def test_rounds_go_on_and_the_afv_returns_fire_with_minus_6(tmp_path):
    st = _state(tmp_path)
    results, lines = resolve_close_combat(st, ScriptedDice([1, 10, 1]))
    assert [r.procedure for r in results] == ["close-combat", "cc-return-fire", "close-combat"]
    first, shot, second = results
    # infantry CC 4 more than the tank's, the infantry's size, its AT CC value (COMBAT > Close combat modifiers)
    assert [(m.name, m.value) for m in first.modifiers] == [
        ("CC value difference", 4), ("shooter size", 1), ("infantry AT CC value", 2)]
    assert first.modified_roll == 8 and first.outcome["hits"] == 2
    # the tank fires its HW at the stand attacking it: normal fire, the AFV stationary, and -6
    assert ("AFV fire in close combat", -6) in [(m.name, m.value) for m in shot.modifiers]
    assert shot.facts.firer == "t1" and shot.facts.target == "rifles" and shot.outcome["hits"] == 1
    # round 2: the hits difference (2 - 1) x2 now helps the infantry, and the tank is eliminated
    assert ("hits difference", 2) in [(m.name, m.value) for m in second.modifiers]
    assert lines == ["round 1: rifles: 1 hit, t1: 2 hits", "round 2: t1: 4 hits - eliminated"]
    assert st.units["t1"].status == "eliminated" and st.units["rifles"].hits == 1


def test_a_stand_ordered_to_withdraw_leaves_after_the_first_round(tmp_path):
    st = _state(tmp_path)
    tr.book(st).plan["rifles"] = {"cc_withdraw": True}
    results, lines = resolve_close_combat(st, ScriptedDice([1, 10]))
    assert len(results) == 2  # one round only
    r = st.units["rifles"]
    assert r.hits == 2 and r.orders == "WD"  # 1 hit from the tank's HW, 1 for withdrawing
    assert (r.x, r.y) == (30 - tr.move_value(r), 23)  # straight away from t1, a full move
    assert lines[-1].startswith("rifles withdraws from close combat")


def test_a_concealed_stand_drawn_in_attacks_first_for_free(tmp_path):
    st = _state(tmp_path, mr_at=(30, 24.5))  # the motor riflemen's base touches the riflemen's too
    st.units["mr"].spotted_by = []  # unspotted and has not moved: Concealed (ruling orders.undefined_names)
    results, _ = resolve_close_combat(st, ScriptedDice([10] * 6))
    free = results[0]
    assert free.facts.attacker == "mr" and "free close-combat attack (concealed)" in free.summary
    assert free.outcome["eliminated"] and free.outcome["free_attack_continues"]
    assert st.units["rifles"].status == "eliminated"
    assert len(results) == 1  # nobody left to fight


def test_a_tank_driving_over_infantry_overruns_it_and_stops_with_two_hits(tmp_path):
    from umpire.turns.auftragstaktik.moving import resolve_movement

    st = _state(tmp_path)
    t1 = st.units["t1"]
    t1.x, t1.y, t1.orders = 36.0, 23.0, "HA"
    tr.book(st).plan["t1"] = {"move1": [[26.0, 23.0]]}  # straight through the riflemen at (30, 23)
    results, lines = resolve_movement(st, 1, ScriptedDice([10]))
    (ov,) = [r for r in results if r.procedure == "overrun"]
    assert ov.facts.as_json().keys() == {"attacker", "target", "case"}
    assert (ov.facts.attacker, ov.facts.target) == ("rifles", "t1")
    assert ov.outcome["hits"] >= 2 and ov.outcome["continue"] is False
    # stopped short: centres a half-diagonal of each base apart along the path, before the riflemen
    assert t1.y == 23.0 and t1.x > 30 and "t1 overruns rifles and must stop" in lines[-1]


def test_an_overrun_that_does_little_harm_drives_on(tmp_path):
    from umpire.turns.auftragstaktik.moving import resolve_movement

    st = _state(tmp_path)
    t1 = st.units["t1"]
    t1.x, t1.y, t1.orders = 36.0, 23.0, "HA"
    tr.book(st).plan["t1"] = {"move1": [[26.0, 23.0]]}
    st.units["rifles"].hits = 3  # hits difference (0 - 3) x2 = -6 for the riflemen's attack
    results, lines = resolve_movement(st, 1, ScriptedDice([1]))
    (ov,) = [r for r in results if r.procedure == "overrun"]
    assert ov.outcome["hits"] <= 1 and ov.outcome["continue"] is True
    assert (t1.x, t1.y) == (26.0, 23.0) and "drives on" in lines[-1]
