"""Indirect fire, counter-battery and airstrikes in the tracked Auftragstaktik turn, with dice
given by hand and the modifiers checked against the rules (COMBAT > HE indirect fire effects;
MISCELLANEOUS RULES > Airstrikes, Counter-Battery Fire)."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from tests.turns.conftest import advance
from tests.turns.test_bad_inputs import assert_refused
from umpire.engine import Game
from umpire.rules.auftragstaktik.state import AtGame

SCENARIO = {
    "name": "support",
    "ruleset": "auftragstaktik",
    "table": {"width": 72, "depth": 48},
    "seed": 7,
    "terrain": [{"id": "w1", "type": "woods", "polygon": [[40, 30], [44, 30], [44, 34], [40, 34]]}],
    "sides": [
        {"id": "nato", "hq_rating": 5, "c3": 4,
         "air": [{"id": "a10", "name": "A-10 flight", "ordnance_tons": 6, "quality": "veteran"}],
         "formations": [{"id": "1-bde", "level": "brigade", "doctrine": "balanced", "units": [
             {"id": "bty-n", "type": "M109A2 Battery", "at": [4, 24], "facing": 90},
             {"id": "bty-n2", "type": "M109A2 Battery", "at": [6, 30], "facing": 90},
         ], "formations": [{"id": "tf", "level": "battalion", "doctrine": "balanced", "units": [
             {"id": "a1", "type": "M1A1 Company", "at": [20, 24], "facing": 90},
             {"id": "inf-n", "type": "M2 Bradley Company", "at": [20, 20], "facing": 90},
         ]}]}]},
        {"id": "pact", "hq_rating": 4, "c3": 2,
         "formations": [{"id": "1-tr", "level": "regiment", "doctrine": "centralized", "units": [
             {"id": "bty-p", "type": "2S1 Battery", "at": [46, 36], "facing": 270},
             {"id": "mrl-p", "type": "BM-21 Battery", "at": [60, 12], "facing": 270},
         ], "formations": [{"id": "1-tb", "level": "battalion", "doctrine": "centralized", "units": [
             {"id": "t1", "type": "T-80B Company", "at": [30, 24], "facing": 270},
             {"id": "t2", "type": "T-80B Company", "at": [31.2, 24], "facing": 270},
             {"id": "t3", "type": "T-80B Company", "at": [30, 30], "facing": 270},
         ]}]}]},
    ],
}


def _write(path: Path, data: dict) -> str:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return str(path)


def _start(cli, tmp_path: Path, nato: dict | None = None, pact: dict | None = None, scenario: dict | None = None):
    assert cli("new", _write(tmp_path / "support.yaml", scenario or SCENARIO)).exit_code == 0
    orders = {
        "nato": {"side": "nato", "battalions": {"tf": {"order": "DA", "direction": 90}}, **(nato or {})},
        "pact": {"side": "pact", "battalions": {"1-tb": {"order": "DA", "direction": 270}}, **(pact or {})},
    }
    for side, data in orders.items():
        r = cli("turn", "orders", _write(tmp_path / f"{side}.yaml", data))
        assert r.exit_code == 0, r.output + r.stderr
    return cli


def _results(cli, seq: int | None = None) -> list[dict]:
    game = Game.open(Path(cli.db))
    ev = [e for e in game.events() if seq is None or e.seq == seq][-1]
    return list(ev.results)


def test_a_step_mission_attacks_every_stand_the_template_touches(cli, tmp_path):
    _start(cli, tmp_path)
    advance(cli, 2)  # First Combat Phase; NATO has spotted t1
    r = cli("fire", "bty-n", "t1", "--indirect", "--ordered-by", "brigade", "--roll", "7", "--roll", "1")
    assert r.exit_code == 0, r.output + r.stderr
    res = _results(cli)
    # a company template (1.5 x 1) on t1 at (30, 24) reaches x 30.75: t2's base (x 30.7-31.7) is touched
    assert [x["target"] for x in res] == ["t1", "t2"]
    for x in res:
        assert x["procedure"] == "indirect" and x["column"] == "+1"  # brigade orders, brigade guns: no shift
        assert x["template"] == {"at": [30.0, 24.0], "radius": 0.901, "size": [1.5, 1.0], "facing": 0.0,
                                 "label": "bty-n indirect"}
        # H HE against an AFV (hard cover, -2) is one weaker: -1, and nothing else
        mods = [(m["name"], m["value"], m["detail"]) for m in x["modifiers"]]
        assert mods == [("target cover", -1, "heavy, H HE: -2 -> -1")]
    assert [x["modified_roll"] for x in res] == [6, 0]
    assert [x["outcome"]["hits"] for x in res] == [1, 0]  # CRT +1 column: row 6 -> 1 hit; row 0 -> none
    state = Game.open(Path(cli.db)).state
    assert (state.units["t1"].hits, state.units["t2"].hits) == (1, 0)
    assert "1-tb" in AtGame.of(state).under_fire
    # the umpire's report and map draw the template
    from umpire.reports.model import report_for_game

    rep = report_for_game(Game.open(Path(cli.db)), turn=1)
    assert [(t.at, t.size) for t in rep.templates] == [((30.0, 24.0), (1.5, 1.0))]


def test_battalion_orders_for_brigade_guns_shift_one_column_left(cli, tmp_path):
    _start(cli, tmp_path)
    advance(cli, 2)
    # the 2S1 battery belongs to the regiment (brigade level), the call is a battalion's, doctrine centralized
    r = cli("fire", "bty-p", "--at", "20,24", "--planned", "--roll", "5")
    assert r.exit_code == 0, r.output + r.stderr
    (x,) = _results(cli)
    assert x["target"] == "a1" and x["column"] == "0"
    assert [(s["name"], s["value"]) for s in x["shifts"]] == [("HQ level", -1)]


def test_counter_battery_answers_a_battery_that_fired(cli, tmp_path):
    _start(cli, tmp_path)
    advance(cli, 2)
    assert_refused(cli, "fire", "bty-n2", "--counter-battery", "bty-p", "--roll", "8",
                   needle="bty-p has not fired indirect")
    assert cli("fire", "bty-p", "--at", "20,24", "--planned", "--roll", "5").exit_code == 0
    r = cli("fire", "bty-n2", "--counter-battery", "bty-p", "--roll", "8")
    assert r.exit_code == 0, r.output + r.stderr
    (x,) = _results(cli)
    assert x["procedure"] == "counter-battery" and x["target"] == "bty-p"
    mods = {m["name"]: m["value"] for m in x["modifiers"]}
    # C3 4 for NATO (+2), 2 for the Pact (+2), the target is SP artillery (-2), both regular (no TQ modifier)
    assert mods["CB firer C3 level"] == 2 and mods["target C3 level"] == 2 and mods["target is SP artillery"] == -2
    assert "target outranges all CB firers" not in mods  # 2S1 43.8" against the M109's 47"
    assert x["modified_roll"] == 8 + sum(mods.values())


def test_planned_missions_and_an_airstrike_resolve_in_the_first_combat_phase(cli, tmp_path):
    _start(cli, tmp_path,
           nato={"units": {"bty-n": {"indirect": {"target": "t1", "ordered_by": "brigade"}},
                           "bty-n2": {"indirect": {"counter_battery": "bty-p"}}},
                 "air": {"a10": {"target": "t1", "assigned_to": "brigade", "ordered_by": "brigade"}}},
           pact={"units": {"bty-p": {"indirect": {"at": [20, 24], "planned": True}}}})
    advance(cli, 3)  # through the First Combat Phase
    res = _results(cli)
    procs = [(x["procedure"], x.get("firer") or x.get("flight"), x["target"]) for x in res]
    assert ("indirect", "bty-n", "t1") in procs and ("indirect", "bty-n", "t2") in procs
    assert ("indirect", "bty-p", "a1") in procs
    # counter-battery after the indirect fire, at the battery that fired (ruling cb.timing)
    assert procs.index(("counter-battery", "bty-n2", "bty-p")) > procs.index(("indirect", "bty-p", "a1"))
    air = [x for x in res if x["procedure"] == "airstrike"]
    assert len(air) == 1 and air[0]["flight"] == "a10"
    mods = {m["name"]: m["value"] for m in air[0]["modifiers"]}
    assert mods["aircraft ordnance"] == 4  # 6 tons a plane (RATING UNITS > Indirect)
    assert all(m["side"] == "nato" for m in air[0]["modifiers"])
    state = Game.open(Path(cli.db)).state
    assert AtGame.of(state).sorties == {"a10": 1}
    # the Pact's briefing never names the unseen NATO batteries
    r = cli("report", "--side", "pact", "--format", "json", "--out", str(tmp_path / "pact.json"))
    assert r.exit_code == 0, r.output + r.stderr
    text = (tmp_path / "pact.json").read_text()
    assert "bty-n" not in text and json.loads(text)
    # a flight flies its sorties once: the next turn's orders are refused
    advance(cli, 6)
    f = _write(tmp_path / "n2.yaml", {"side": "nato", "air": {"a10": {"target": "t1"}}})
    assert_refused(cli, "turn", "orders", f, needle="a10 has flown all its 1 sorties")


def test_bad_missions_are_refused(cli, tmp_path):
    _start(cli, tmp_path)
    assert "Error:" in assert_refused(cli, "turn", "orders", _write(tmp_path / "x.yaml", {"side": "nato", "units": {
        "a1": {"indirect": {"at": [30, 24]}}}}), needle="a1 (M1A1 Company) has no Indirect rating")
    assert "Error:" in assert_refused(cli, "turn", "orders", _write(tmp_path / "x.yaml", {"side": "nato", "units": {
        "bty-n": {"indirect": {"at": [70, 40]}}}}), needle="beyond its indirect range (allowed: 0-47\")")
    assert "Error:" in assert_refused(cli, "turn", "orders", _write(tmp_path / "x.yaml", {"side": "pact", "units": {
        "mrl-p": {"indirect": {"counter_battery": "bty-n"}}}}), needle="units.mrl-p.indirect.counter_battery")
    assert "Error:" in assert_refused(cli, "turn", "orders", _write(tmp_path / "x.yaml", {"side": "nato", "units": {
        "bty-n": {"indirect": {"counter_battery": "t1"}}}}), needle="t1 is not an artillery stand")
    assert "Error:" in assert_refused(cli, "turn", "orders", _write(tmp_path / "x.yaml", {"side": "nato", "air": {
        "f16": {"target": "t1"}}}), needle="unknown flight 'f16'")
    assert "Error:" in assert_refused(cli, "fire", "bty-n", "t1", "--indirect", needle="First Combat Phase only")
    advance(cli, 2)
    assert "Error:" in assert_refused(cli, "fire", "bty-n", "t3", "--indirect", needle="t3 is not spotted by nato")
    assert "Error:" in assert_refused(cli, "fire", "bty-n", "--at", "45,45", needle="touches no enemy stand")
    assert "Error:" in assert_refused(cli, "fire", "a1", "--at", "30,24", needle="has no Indirect rating")
    assert "Error:" in assert_refused(cli, "fire", "bty-p", "--at", "20,24", "--also", "21.5,24",
                                      needle="only MRL stands")


def _through(cli, tmp_path, rulings: dict | None = None):
    """bty-n's template on t1 at (30, 24); in the Second Movement Phase t2 (under it) is driven off
    by hand and t3 drives through it on its planned move."""
    _start(cli, tmp_path, pact={"battalions": {"1-tb": {"order": "HA", "direction": 270}},
                                "units": {"t3": {"second": [[30, 21.5]]}}},
           scenario={**SCENARIO, "rulings": rulings or {}})
    advance(cli, 2)
    # placing the template rolls for t1 and t2 unless only movers are attacked (no die: no --roll)
    placing = [] if (rulings or {}).get("indirect.who_is_attacked") == "movers_only" else ["--roll", "7", "--roll", "1"]
    r = cli("fire", "bty-n", "t1", "--indirect", "--ordered-by", "brigade", *placing)
    assert r.exit_code == 0, r.output + r.stderr
    first = _results(cli)
    advance(cli, 2)  # First Combat, Reaction: now the Second Movement Phase
    r = cli("move", "t2", "33", "24")
    assert r.exit_code == 0, r.output + r.stderr
    # t2 (moved by hand) and t3 (planned) are both on HA, so they are taken by id: t2's die first
    r = cli("phase", "next", "--roll", "7", "--roll", "8")
    assert r.exit_code == 0, r.output + r.stderr
    return first, [x for x in _results(cli) if x["procedure"] == "indirect"]


def test_a_tube_template_stays_and_attacks_stands_moving_through_it(cli, tmp_path):
    first, moving = _through(cli, tmp_path)
    assert [x["target"] for x in first] == ["t1", "t2"]  # on placement: every stand touched
    # t2 leaves the template and t3 crosses it: each is attacked once more; t1 stays put and is not
    assert [(x["target"], x["firer"]) for x in moving] == [("t2", "bty-n"), ("t3", "bty-n")]
    for x in moving:
        # the same fire as on placement: +1 column, H HE against an AFV (hard cover -2 -> -1), no shift
        assert x["column"] == "+1" and [(m["name"], m["value"]) for m in x["modifiers"]] == [("target cover", -1)]
        assert x["template"]["at"] == [30.0, 24.0]
    assert [x["modified_roll"] for x in moving] == [6, 7]
    assert [x["outcome"]["hits"] for x in moving] == [1, 2]  # CRT +1 column: row 6 -> 1 hit, row 7 -> 2
    state = Game.open(Path(cli.db)).state
    assert (state.units["t1"].hits, state.units["t2"].hits, state.units["t3"].hits) == (1, 1, 2)
    # the template is lifted in the End Phase
    advance(cli, 4)
    assert AtGame.of(Game.open(Path(cli.db)).state).templates == []


def test_the_literal_reading_attacks_only_the_stands_that_move_over_the_template(cli, tmp_path):
    first, moving = _through(cli, tmp_path, {"indirect.who_is_attacked": "movers_only"})
    assert first == []
    assert [x["target"] for x in moving] == ["t2", "t3"]
    assert [x["modified_roll"] for x in moving] == [6, 7]
    state = Game.open(Path(cli.db)).state
    assert (state.units["t1"].hits, state.units["t2"].hits, state.units["t3"].hits) == (0, 1, 2)


def test_a_scenario_chooses_among_the_rulings(cli, tmp_path):
    ok = _write(tmp_path / "ok.yaml", {**SCENARIO, "rulings": {"cb.timing": "before"}})
    assert cli("new", ok).exit_code == 0
    assert Game.open(Path(cli.db)).state.rulings == {"cb.timing": "before"}
    bad = _write(tmp_path / "bad.yaml", {**SCENARIO, "rulings": {"cb.timing": "later"}})
    assert_refused(cli, "new", bad, needle="unknown choice 'later' (allowed: after, before)")


ZSU = "mp | 10t | 1 | -- | HW: 3 [6] | -- | AD(g): 4 [6]"
SAM = "mp | 10t | 1 | -- | HW: 2 [4] | -- | AD(m/g): 5 [10]"


def _air_game(cli, tmp_path, rulings: dict | None = None):
    """The A-10 flight (veteran, two sorties) bombs t1; a recruit AD gun stands just behind t1 and a
    SAM is far off."""
    import copy

    sc = copy.deepcopy(SCENARIO)
    sc["sides"][0]["air"][0]["sorties"] = 2
    sc["sides"][1]["formations"][0]["units"] += [
        {"id": "zsu", "statline": ZSU, "quality": "recruit", "at": [31.5, 25.5], "facing": 270},
        {"id": "sam", "statline": SAM, "at": [66, 44], "facing": 270},
    ]
    sc["rulings"] = rulings or {}
    assert cli("new", _write(tmp_path / "air.yaml", sc)).exit_code == 0
    orders = {
        "nato": {"side": "nato", "battalions": {"tf": {"order": "DA", "direction": 90}},
                 "air": {"a10": {"target": "t1", "assigned_to": "brigade", "ordered_by": "brigade"}}},
        "pact": {"side": "pact", "battalions": {"1-tb": {"order": "DA", "direction": 270}}},
    }
    for side, data in orders.items():
        r = cli("turn", "orders", _write(tmp_path / f"{side}.yaml", data))
        assert r.exit_code == 0, r.output + r.stderr
    advance(cli, 2)  # the First Combat Phase is next


def _air_phase(cli, *rolls: int) -> tuple[list[dict], str]:
    r = cli("phase", "next", *[a for x in rolls for a in ("--roll", str(x))])
    assert r.exit_code == 0, r.output + r.stderr
    return _results(cli), r.output


def test_air_defence_fires_before_the_strike_and_one_hit_aborts_it(cli, tmp_path):
    _air_game(cli, tmp_path)
    res, out = _air_phase(cli, 3)
    (ad,) = res  # the SAM is 40" off, beyond its 10"; no strike follows the hit
    assert ad["procedure"] == "air-defense" and ad["firer"] == "zsu" and ad["flight"] == "a10"
    assert ad["column"] == "+1" and ad["range"] <= 2
    mods = [(m["name"], m["value"]) for m in ad["modifiers"]]
    # the veteran flight is 2 levels above the recruit gunners (-2 each), AD 4 added (ruling
    # ad.weapon_rating); no Protection (no stat line), no range modifier within 2", no -4 (an AA mount)
    assert mods == [("troop quality", -4), ("weapon rating", 4)]
    assert ad["modified_roll"] == 3 and ad["outcome"]["hits"] == 1  # CRT +1 column, row 3: 1 hit
    assert "A-10 flight is hit and aborts its strike on t1" in out
    state = Game.open(Path(cli.db)).state
    assert state.units["t1"].hits == 0
    assert AtGame.of(state).sorties == {"a10": 1}  # the sortie is spent


def test_two_hits_shoot_the_flight_down(cli, tmp_path):
    _air_game(cli, tmp_path)
    res, out = _air_phase(cli, 7)
    assert [x["outcome"]["hits"] for x in res] == [2]  # row 7: 2 hits
    assert "A-10 flight is shot down before it strikes" in out
    advance(cli, 6)
    f = _write(tmp_path / "n2.yaml", {"side": "nato", "air": {"a10": {"target": "t1"}}})
    assert_refused(cli, "turn", "orders", f, needle="a10 was shot down in turn 1")


def test_a_miss_lets_the_strike_go_in(cli, tmp_path):
    _air_game(cli, tmp_path)
    res, _ = _air_phase(cli, 2, 9)
    assert [(x["procedure"], x["outcome"]["hits"]) for x in res][0] == ("air-defense", 0)  # row 2: nothing
    assert res[1]["procedure"] == "airstrike" and res[1]["target"] == "t1"
    assert [r["values"] for r in res[1]["rolls"]] == [[9]]


def test_the_switch_makes_any_hit_fatal(cli, tmp_path):
    _air_game(cli, tmp_path, {"air.defense_effect": "lost"})
    _, out = _air_phase(cli, 3)
    assert "A-10 flight is shot down before it strikes (1 hit" in out


def _next_turn_combat(cli, tmp_path):
    advance(cli, 7)  # the rest of turn 1
    for side in ("nato", "pact"):
        r = cli("turn", "orders", _write(tmp_path / f"{side}2.yaml", {"side": side}))
        assert r.exit_code == 0, r.output + r.stderr
    advance(cli, 2)  # turn 2, First Combat Phase


def test_an_artillery_stand_fires_one_icm_mission_a_game(cli, tmp_path):
    _start(cli, tmp_path)
    advance(cli, 2)
    r = cli("fire", "bty-n", "t1", "--indirect", "--icm", "--roll", "5", "--roll", "5")
    assert r.exit_code == 0, r.output + r.stderr
    assert AtGame.of(Game.open(Path(cli.db)).state).icm_fired == {"bty-n": 1}
    _next_turn_combat(cli, tmp_path)
    assert_refused(cli, "fire", "bty-n", "t1", "--indirect", "--icm",
            needle="bty-n fired its one ICM mission of the game in turn 1")
    # planned in an orders file: refused when it is entered
    assert_refused(cli, "turn", "orders", _write(tmp_path / "x.yaml", {"side": "nato", "units": {
        "bty-n": {"indirect": {"target": "t1", "icm": True}}}}), needle="units.bty-n.indirect.icm")
    # HE is still allowed, and another battery has its own ICM mission
    assert cli("fire", "bty-n2", "t1", "--indirect", "--icm", "--roll", "5", "--roll", "5").exit_code == 0
    assert cli("fire", "bty-n", "t1", "--indirect", "--roll", "5", "--roll", "5").exit_code == 0


def test_late_cold_war_us_artillery_fires_icm_without_limit(cli, tmp_path):
    import copy

    sc = copy.deepcopy(SCENARIO)
    sc["sides"][0]["icm"] = "unlimited"
    _start(cli, tmp_path, scenario=sc)
    advance(cli, 2)
    assert cli("fire", "bty-n", "t1", "--indirect", "--icm", "--roll", "5", "--roll", "5").exit_code == 0
    _next_turn_combat(cli, tmp_path)
    r = cli("fire", "bty-n", "t1", "--indirect", "--icm", "--roll", "5", "--roll", "5")
    assert r.exit_code == 0, r.output + r.stderr
