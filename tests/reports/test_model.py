"""The report model: the umpire's report lays every fact out once; a side's briefing is written
from what it knew at the time. The regression cases are the leaks and gaps found in the
briefings written by scrubbing a full report."""

from __future__ import annotations

import json
import re

from tests.reports.conftest import MBT, event, hand_report, killed, shot, sighting
from umpire.reports.model import briefing, report_for_game
from umpire.reports.observe import card_identity
from umpire.reports.tablemap import build_map, to_svg
from umpire.reports.turn_text import plain_text, to_markdown


def _texts(r) -> dict[int, str]:
    """Every event's lines, with their tables, explanations and remarks, as one text each."""
    out = {}
    for e in r.events:
        out[e.seq] = json.dumps([e.title, *[_line_json(x) for x in e.lines]], ensure_ascii=False)
    return out


def _line_json(x) -> object:
    from dataclasses import asdict

    return asdict(x)


def test_the_umpire_report_tells_every_move_once_with_the_shots_explained(report):
    moves = [x for e in report.events for x in e.lines if x.kind == "move"]
    assert len(moves) == len({(x.actor.id, x.data["to"]) for x in moves}) > 10
    fire = next(x for e in report.events for x in e.lines if x.kind == "fire")
    assert fire.text.startswith("a-1-64 fired its gun at t80-1 (13.27\"): 4 hits: eliminated")
    assert [m.value for m in fire.why.modifiers][:2] == ["+1", "-2"] and fire.why.cell.startswith("CRT: row 10")
    assert fire.why.dice == ("d10: 5 (to-hit roll (1d10))",) and fire.why.modified_roll == 10
    text = plain_text(report)
    assert "now 1 hits" not in text and "outcome:" not in text and "rate_of_fire" not in text
    assert "Turn 1 · First Movement Phase" in text and "close_combat" not in text


def test_a_briefing_shows_own_units_in_full_and_enemies_as_seen(report):
    nato = briefing(report, "nato")
    own = {u.id for u in nato.units if u.side == "nato"}
    assert own == {"hq-1-64", "a-1-64", "b-1-64", "c-4-8"}
    assert all(not u.spotted_by for u in nato.units)  # whether the enemy sees them is not NATO's to know
    for u in nato.units:
        if u.side != "nato":
            assert u.observed and u.hits is None and u.quality is None and u.orders is None and u.statline is None
    assert all(f.side == "nato" for f in nato.formations)


def test_an_unseen_firer_is_never_named_and_its_dice_are_never_shown(report):
    pact = briefing(report, "pact")
    hit = [x for e in pact.events for x in e.lines if x.kind == "fire"]
    assert hit and all(x.text.startswith("an unseen enemy unit fired at ") for x in hit)
    assert all(x.why is None and x.actor.id is None for x in hit)
    assert "a-1-64" not in to_markdown(pact) and "A/1-64" not in plain_text(pact)


def test_the_side_that_destroys_a_unit_it_sees_is_told_so(report):
    """The winner is told: in the events, the losses, the enemy table and the map."""
    nato = briefing(report, "nato")
    assert any(x.text == "Now: t80-1 eliminated; t80-3 eliminated" for e in nato.events for x in e.lines)
    assert {(x.unit, x.status) for x in nato.losses if not x.own} == {
        ("t80-1", "eliminated"), ("t80-2", "eliminated"), ("t80-3", "eliminated")}
    seen = {u.id: u for u in nato.units if u.side == "pact"}
    assert all(seen[u].status == "eliminated" for u in ("t80-1", "t80-2", "t80-3"))
    text = plain_text(nato)
    assert re.search(r"t80-1\s+1-я рота\s.*eliminated", text)
    svg = to_svg(build_map(nato))
    stand = re.search(r'<g class="stand" data-unit="t80-1">(.*?)</g>', svg, re.S).group(1)
    assert stand.count("<polyline") >= 3  # the front edge and the two strokes that cross it out
    assert 'fill="#bbbbbb"' in stand


def test_a_rule_explanation_of_an_enemy_shot_never_reaches_its_target(tmp_path):
    """Why: an unseen firer, but the next line "why: tanks of Soviet manufacture fire once per
    fire phase" told the target's side what it was."""
    r = hand_report([event(1, 1, "combat_1", shot(1, "t80-3", "b-1-64",
                                                   notes=("tanks of Soviet manufacture fire once per fire phase",)))])
    line = briefing(r, "nato").events[0].lines[0]
    assert line.text == "an unseen enemy unit fired at b-1-64: 1 hit" and line.why is None
    assert "Soviet" not in _texts(briefing(r, "nato"))[1]
    assert "Soviet manufacture" in json.dumps(r.to_json(), ensure_ascii=False)  # the umpire keeps it


def test_a_later_spotting_never_renames_an_earlier_event():
    """Why: a whole-game briefing renamed a turn-1 shot from an unseen unit as "t72-5 fires gun
    at leo-2" because the firer was spotted in turn 2."""
    events = [event(1, 1, "combat_1", shot(1, "t80-3", "b-1-64")),
              event(2, 2, "movement_1", sighting("nato", {"t80-3": ("full", [46.0, 18.0])}))]
    nato = briefing(hand_report(events), "nato")
    first, second = _texts(nato)[1], _texts(nato)[2]
    assert "t80-3" not in first and "3-я рота" not in first and "an unseen enemy unit" in first
    assert "t80-3" in second
    assert [u.seen_turn for u in nato.units if u.id == "t80-3"] == [2]


def test_a_target_known_by_type_is_never_named_by_its_modifiers_or_estimates():
    """Why (MBT): a target known only as "a Soviet vehicle" was named in the modifier "target
    size (T-64B)" and in the estimated values ("USSR-1B ...")."""
    name = card_identity("mbt", "USSR-1A")[2]
    res = shot(1, "m1-1", "t80-1", ruleset="mbt", weapon="120mm", ammo="APFSDS", range=30,
               outcome={"hits": 1, "shots": 1, "hit": True, "worst": "gun",
                        "results": [{"location": "GN", "damage": "gun"}]},
               modifiers=[{"name": "terrain: clear", "value": 0, "rule": "7.4.2.1", "kind": "drm", "detail": ""},
                          {"name": f"target size ({name})", "value": -1, "rule": "7.4.2.3.2", "kind": "drm",
                           "detail": ""}],
               estimated=["USSR-1A size (-1)", "USA-1B 120mm APFSDS AP at 27-32 (3)"],
               sighted=[{"by": "us", "unit": "t80-1", "level": "type", "at": [44.0, 17.0]}])
    us = briefing(hand_report([event(1, 1, "Fire", res, kind="mbt.phase")], MBT), "us")
    line = us.events[0].lines[0]
    assert line.text.startswith("m1-1 fired 120mm APFSDS at contact-1, a Soviet vehicle at (44, 17)")
    assert [(m.value, m.what) for m in line.why.modifiers] == [("+0", "terrain: clear"), ("?", "target size: vehicle")]
    assert line.why.modified_roll is None  # it would sum the size class
    assert line.why.estimated == () and line.why.notes == ()
    text = _texts(us)[1]
    assert name not in text and "USSR-1A" not in text and "t80-1" not in text and "gun damaged" not in text


def test_something_that_just_fired_comes_without_its_weapon_or_penetration():
    """Why (MBT): a "something just fired from there" marker came with the weapon, ammunition
    and penetration figures."""
    res = shot(1, "t80-1", "m1-1", ruleset="mbt", weapon="125mm", ammo="APFSDS", range=30,
               outcome={"hits": 1, "shots": 1, "hit": True, "worst": "compartment",
                        "results": [{"location": "HF", "damage": "compartment", "armor": 40, "penetration": 55}]},
               sighted=[{"by": "us", "unit": "t80-1", "level": "fired", "at": [44.0, 17.0]}])
    us = briefing(hand_report([event(1, 1, "Fire", res, kind="mbt.phase")], MBT), "us")
    line = us.events[0].lines[0]
    assert line.text == ("contact-1, something that fired from (44, 17) fired at m1-1: 1 hit: hull front: "
                         "compartment hit")
    text = _texts(us)[1]
    for word in ("125mm", "APFSDS", "armour", "penetration", "55", "t80-1", "Soviet"):
        assert word not in text, word
    assert [(u.id, u.level, u.facing) for u in us.units if u.side == "ussr"] == [("contact-1", "fired", None)]


def test_a_wreck_stays_known_as_it_was_seen_when_destroyed():
    """Why (MBT 24.2.2): a wreck destroyed while seen at type level was later shown at a stale
    level."""
    res = shot(1, "m1-1", "t80-1", ruleset="mbt", weapon="120mm", ammo="APFSDS", range=30,
               outcome={"hits": 1, "shots": 1, "hit": True, "worst": "knocked_out",
                        "results": [{"location": "HF", "damage": "knocked_out"}]},
               sighted=[{"by": "us", "unit": "t80-1", "level": "type", "at": [44.0, 17.0]}])
    events = [event(1, 1, "Fire", res, sighting("us", {}, "mbt"), killed("t80-1", "knocked_out"), kind="mbt.phase"),
              event(2, 1, "Movement", sighting("us", {"t80-2": ("full", [45.0, 21.0])}, "mbt"), kind="mbt.phase")]
    us = briefing(hand_report(events, MBT), "us")
    assert us.events[0].lines[0].text.endswith("1 hit: knocked out")
    assert "Now: contact-1, a Soviet vehicle at (44, 17) knocked out" in [x.text for x in us.events[0].lines]
    wreck = next(u for u in us.units if u.level == "type")
    assert (wreck.id, wreck.status, wreck.lost_as, wreck.name) == ("contact-1", "eliminated", "knocked_out",
                                                                   "a Soviet vehicle")
    assert [x.text for x in us.losses if not x.own] == ["contact-1, a Soviet vehicle at (44, 17)"]
    assert "t80-1" not in json.dumps(us.to_json(), ensure_ascii=False)


def test_no_line_is_cut_in_the_middle_of_a_parenthesis(report):
    """Why: the scrubbing cut sentences in a parenthesis ("(waived only if blocked; warning: ...")."""
    for r in (report, briefing(report, "nato"), briefing(report, "pact")):
        for e in r.events:
            for x in e.lines:
                assert x.text.count("(") == x.text.count(")"), x.text


def test_a_later_identification_is_a_separate_dated_remark():
    res = shot(1, "t80-1", "m1-1", ruleset="mbt", weapon="125mm", ammo="APFSDS", range=30,
               outcome={"hits": 0, "shots": 1, "hit": False, "worst": "miss", "results": []},
               sighted=[{"by": "us", "unit": "t80-1", "level": "fired", "at": [44.0, 17.0]}])
    events = [event(1, 1, "Fire", res, kind="mbt.phase"),
              event(2, 2, "Movement", sighting("us", {"t80-1": ("full", [40.0, 17.0])}, "mbt"), kind="mbt.phase")]
    line = briefing(hand_report(events, MBT), "us").events[0].lines[0]
    assert "t80-1" not in line.text
    assert line.text.startswith("contact-1, something that fired from (44, 17) fired")
    # 24.2.2: identified is "a Soviet T-80A", never which unit; the contact keeps its label
    assert line.later == (f"contact-1 was identified in turn 2 as a Soviet {card_identity('mbt', 'USSR-1A')[2]}",)


def test_one_turn_only_tells_that_turn_and_knows_the_turns_before(at_game):
    r = report_for_game(at_game, turn=2)
    assert {e.turn for e in r.events} == {2} and r.only_turn == 2
    nato = briefing(r, "nato")
    assert {u.id for u in nato.units if u.side == "pact"} == {"t80-1", "t80-2", "t80-3"}
    assert [x.unit for x in nato.losses if not x.own] == ["t80-2"]


def test_the_map_of_a_briefing_draws_own_trails_fire_and_the_last_known_enemy(report, mbt_report):
    nato = briefing(report, "nato")
    assert {t.unit for t in nato.trails} == {"a-1-64", "b-1-64", "c-4-8"}
    assert nato.map_turn == 2 and all(f.own for f in nato.fire_lines) and nato.fire_lines
    svg = to_svg(build_map(nato))
    assert svg.count('class="trail"') == 3
    assert svg.count('class="fire"') == 1  # a-1-64 at t80-2, turn 2
    ussr = to_svg(build_map(briefing(mbt_report, "ussr")))
    # m1-2 is contact-2 to the Soviets (24.2.2: its type, never its id), last seen in turn 2
    assert '<g class="stand" data-unit="contact-2">' in ussr and "contact-2 (T2)" in ussr and "m1-2" not in ussr


def test_fire_received_from_a_known_position_is_drawn_apart(mbt_report):
    """m1-3 fires at t64-3 in turn 2; the Soviets see it fire: a line from where they saw it."""
    ussr = briefing(mbt_report, "ussr")
    assert [(f.a, f.b, f.own) for f in ussr.fire_lines] == [((3.0, 12.0), (42.0, 15.0), False)]
    svg = to_svg(build_map(ussr))
    assert "#7b2cbf" in svg and "fire received this turn" in svg


def test_the_order_of_a_phase_tells_no_troop_quality_nor_who_was_spotted():
    """Why: fire is resolved by unspotted firers first, then by descending troop quality, so a
    briefing that kept that order placed an enemy shot's quality band among its own shots."""
    own = shot(1, "b-1-64", "t80-1", sighted=[{"by": "nato", "unit": "t80-1", "level": "full", "at": [54.0, 25.0]}])
    enemy = shot(1, "t80-2", "a-1-64")
    texts = []
    for results in ((enemy, own), (own, enemy)):  # the enemy of a better quality first, then of a worse one
        nato = briefing(hand_report([event(1, 1, "combat_1", *results)]), "nato")
        texts.append([x.text for e in nato.events for x in e.lines])
        assert not any(line.startswith("#") for line in plain_text(nato).splitlines())
    assert texts[0] == texts[1] and texts[0][0].endswith("fired at a-1-64: 1 hit")  # a-1-64 before b-1-64
