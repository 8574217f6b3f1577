"""What a briefing tells its side beyond hiding what it may not know (#22 item 7): its own smoke
dischargers, why a battery held fire, the enemy's smoke seen and drawn, contact labels kept all
game, a sighting by type linked to its later identification, a situation summary, and words
that read ("a large Soviet unit", no empty overwatch instruction)."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.reports.conftest import MBT, event, hand_report, shot, sighting
from umpire.engine import Game
from umpire.registry import initial_state, load_scenario
from umpire.reports.model import briefing, report_for_game
from umpire.reports.tablemap import build_map, to_svg
from umpire.reports.turn_text import plain_text, to_markdown
from umpire.rules.mbt.state import MbtGame


def _texts(b) -> list[str]:
    return [ln.text for e in b.events for ln in e.lines]


def _smoke(unit: str, **extra) -> dict:
    return {"ruleset": "mbt", "procedure": "smoke", "summary": f"{unit} smoke", "unit": unit, "step": "Movement",
            **extra}


def test_own_smoke_dischargers_and_exhaust_are_told_and_the_enemy_sees_the_smoke():
    """Why: a side's own smoke dischargers were not told, and the enemy's exhaust smoke was neither
    told nor drawn on any map."""
    start = initial_state(load_scenario(MBT), seed=1)
    end = start.model_copy(deep=True)
    MbtGame.of(end).smoke = [{"x": 30.0, "y": 18.0, "kind": "on", "by": "t80-1", "turn": 1},
                                               {"x": 6.0, "y": 16.0, "kind": "ds", "by": "m1-1", "turn": 1}]
    events = [event(1, 1, "Fire", _smoke("m1-1", outcome={"discharger": True}, at=[6.0, 16.0]), kind="mbt.phase"),
              event(2, 1, "Movement", _smoke("t80-1", outcome={"exhaust": True}, used=1,
                                             points=[[32.0, 18.0], [31.0, 18.0], [30.0, 18.0]]), kind="mbt.phase")]
    r = hand_report(events, MBT, end=end)
    us, ussr = briefing(r, "us"), briefing(r, "ussr")
    assert "m1-1 fired its smoke dischargers: smoke covers it (12.6.3)" in _texts(us)
    assert "Smoke rose in 3 hexes from (32, 18) to (30, 18)" in _texts(us)  # whose it is not told
    assert "t80-1 laid exhaust smoke in 3 hexes from (32, 18) to (30, 18) (1 of its 3; 15.7)" in _texts(ussr)
    assert "Smoke rose at (6, 16)" in _texts(ussr)
    for b in (us, ussr):
        svg = to_svg(build_map(b))
        assert svg.count('class="smoke"') == 2 and "smoke (a marker's hex, 12.9)" in svg


def test_a_battery_that_held_fire_is_told_why(cli, tmp_path):
    """Why: a battery that held fire was told nothing: the reason went to the umpire's summary only."""
    from tests.turns.test_at_support import SCENARIO

    (tmp_path / "s.yaml").write_text(yaml.safe_dump(SCENARIO, allow_unicode=True))
    assert cli("new", str(tmp_path / "s.yaml")).exit_code == 0
    orders = {"nato": {"side": "nato", "battalions": {"tf": {"order": "DA", "direction": 90}},
                       "units": {"bty-n2": {"indirect": {"counter_battery": "bty-p"}},
                                 "bty-n": {"indirect": {"at": [45, 45]}}}},
              "pact": {"side": "pact", "battalions": {"1-tb": {"order": "DA", "direction": 270}}}}
    for side, data in orders.items():
        (tmp_path / f"{side}.yaml").write_text(yaml.safe_dump(data))
        assert cli("turn", "orders", str(tmp_path / f"{side}.yaml")).exit_code == 0
    for _ in range(3):
        assert cli("phase", "next").exit_code == 0
    nato = _texts(briefing(report_for_game(Game.open(Path(cli.db))), "nato"))
    assert "bty-n2 held its fire: its target battery did not fire this phase" in nato
    assert any(x.startswith("bty-n held its fire: the template at (45, 45) touches no enemy stand") for x in nato)
    assert not any("bty-p" in x for x in nato)  # never spotted: never named


def test_contact_labels_hold_all_game_and_a_sighting_by_type_is_linked_to_its_identification():
    """Why: contact-N labels were numbered afresh in every report (by position), and a unit first
    seen by type was not linked to its later identification."""
    events = [event(1, 1, "Movement", sighting("us", {"t80-2": ("type", [40.0, 21.0]),
                                                      "t80-1": ("type", [44.0, 17.0])}, "mbt"), kind="mbt.phase"),
              event(2, 1, "Adjustment", sighting("us", {}, "mbt"), kind="mbt.phase"),
              event(3, 2, "Movement", sighting("us", {"t80-3": ("type", [30.0, 10.0]),
                                                      "t80-1": ("full", [38.0, 17.0])}, "mbt"), kind="mbt.phase")]
    whole = briefing(hand_report(events, MBT), "us")
    turn1 = briefing(hand_report(events[:2], MBT), "us")
    labels = {u.id: u for u in whole.units if u.side == "ussr"}
    assert [u.id for u in turn1.units if u.side == "ussr"] == ["contact-1", "contact-2"]
    assert set(labels) == {"contact-1", "contact-2", "contact-3"}  # a newcomer gets the next number
    first = _texts(whole)[0]
    assert first == ("Sighted contact-1, a Soviet vehicle at (40, 21) (type and nationality) and contact-2, a "
                     "Soviet vehicle at (44, 17) (type and nationality)")
    assert whole.events[0].lines[0].later == ("contact-2 was identified in turn 2 as a Soviet T-80A",)
    assert "contact-2, a Soviet T-80A at (38, 17) (identified)" in _texts(whole)[-1]
    assert labels["contact-2"].name == "a Soviet T-80A" and labels["contact-3"].name == "a Soviet vehicle"


def test_a_briefing_opens_with_the_situation(mbt_report):
    """Why: a side had to read the whole briefing to learn its losses, what it sees now and its points."""
    nato, ussr = (plain_text(briefing(mbt_report, s)) for s in ("nato", "ussr"))
    assert "Situation\n  own losses: none\n  enemy units in sight now: none\n" in nato
    assert "victory points from objectives held: 10 (sb2 (10))" in nato
    assert "  own losses: t64-3 (knocked out, turn 2)" in ussr and "victory points" not in ussr
    assert "## Situation" in to_markdown(briefing(mbt_report, "ussr"))
    assert "Situation" not in plain_text(mbt_report)  # the umpire's report has the whole game instead


def test_type_words_read_and_an_empty_overwatch_instruction_says_nothing():
    """Why: "a Soviet large" for a towed gun seen by type, and "overwatch: ;" for OW orders with
    no instruction."""
    from tests.reports.conftest import REPO

    start = initial_state(load_scenario(MBT), seed=1)
    start.units["t80-1"].card = "USSR-9A/2"  # an SD-44 towed gun: a large unit (24.2.2)
    res = shot(1, "m1-1", "t80-1", ruleset="mbt", weapon="120mm", ammo="APFSDS", range=30,
               outcome={"hits": 0, "shots": 1, "worst": "miss", "results": []},
               sighted=[{"by": "us", "unit": "t80-1", "level": "type", "at": [44.0, 17.0]}])
    orders = event(2, 1, "Command", kind="mbt.orders")
    orders = orders.__class__(**{**orders.__dict__, "payload": {"side": "us", "units": {
        "m1-2": {"order": "OW", "overwatch": {"at": None, "targets": [], "hold": False}}}}})
    from umpire.reports.model import build_report

    r = build_report(start, [event(1, 1, "Fire", res, kind="mbt.phase"), orders], initial=start)
    text = plain_text(briefing(r, "us"))
    assert "contact-1, a large Soviet unit at (44, 17)" in text and "Soviet large" not in text
    assert "overwatch:" not in text and REPO.exists()


def _held(unit: str, why: str, about: str) -> dict:
    """A stored hold-fire record as the turn writes it for a target its side has not spotted."""
    return {"ruleset": "auftragstaktik", "procedure": "hold_fire", "outcome": {}, "summary": "", "record": True,
            "unit": unit, "target": None, "why": why, "line": f"{unit} holds fire: {why}", "about": about,
            "target_hidden": True}


def test_a_reason_about_the_firer_is_told_and_one_about_an_unspotted_target_is_not():
    """Why: a stand that held fire at a target its side had not spotted kept no target in the
    record, so its reason was told as it stood ("range 30 is beyond ..." would give the range to
    the unseen stand), while the fog property flagged a reason about the firer's own hits."""
    events = [event(1, 1, "First Combat",
                    _held("t80-1", "t80-1 has 3 hits and may not fire (allowed: 0-2 hits; COMBAT > Hit Effects)",
                          "firer"),
                    _held("t80-2", "range 30\" is beyond its gun's 20\" (COMBAT > Ranges)", "target"))]
    pact = _texts(briefing(hand_report(events), "pact"))
    assert "t80-1 held its fire: t80-1 has 3 hits and may not fire (allowed: 0-2 hits; COMBAT > Hit Effects)" in pact
    assert "t80-2 held its fire: its target is not spotted" in pact
    umpire = _texts(hand_report(events))
    assert any("range 30\" is beyond" in x for x in umpire)  # the umpire reads every reason
