"""The report model and the fog of war (a briefing never names an enemy unit it has not spotted)."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from umpire.core.dice import Roll
from umpire.core.state import GameState, SideState, Table, UnitState
from umpire.reports.model import UNSEEN, briefing, build_report
from umpire.reports.turn_text import to_markdown
from umpire.store.events import StoredEvent


def test_report_holds_events_resolutions_losses_fire_lines_and_templates(report):
    assert [e.seq for e in report.events] == [1, 2, 3]
    res = report.events[0].resolutions[0]
    assert res.outcome == {"hits": 4} and [m.signed() for m in res.modifiers] == ["+2", "-2", "2R"]
    assert res.rolls[0].values == (7,) and res.modified_roll == 9
    assert [(f.firer, f.target) for f in report.fire_lines] == [("a-1-64", "t80-1"), ("t80-3", "b-1-64"),
                                                               ("mr-1", "t80-2")]
    assert report.templates[0].at == (40.0, 30.0) and report.templates[0].radius == 2
    assert [c.unit for c in report.losses] == ["t80-1"]
    assert {c.unit for c in report.changes} == {"t80-1", "b-1-64"}


def test_briefing_shows_own_units_in_full_and_spotted_enemies_as_observed(report):
    b = briefing(report, "nato")
    ids = {u.id for u in b.units}
    assert {"a-1-64", "b-1-64", "c-4-8", "hq-1-64", "t80-1"} == ids
    t80 = b.unit("t80-1")
    assert t80.observed and t80.hits is None and t80.status is None and t80.quality is None and t80.orders is None
    assert t80.statline is None and t80.formation is None
    assert all(f.side == "nato" for f in b.formations)
    assert [c.unit for c in b.changes] == ["b-1-64"]


def test_briefing_hides_the_unseen_firer_and_the_enemy_dice(report):
    b = briefing(report, "nato")
    shot_at = next(e for e in b.events if e.seq == 2)
    assert "t80-3" not in shot_at.summary and UNSEEN in shot_at.summary
    res = shot_at.resolutions[0]
    assert res.rolls == () and shot_at.rolls == ()
    # only the modifier about our own unit is left
    assert [m.name for m in res.modifiers] == ["Target in woods"] and res.withheld == 3
    assert 3 not in {e.seq for e in b.events}  # no own unit involved
    assert [(f.firer, f.target) for f in b.fire_lines] == [("a-1-64", "t80-1")]
    assert b.templates == ()


def test_own_action_keeps_its_dice_and_modifiers(report):
    b = briefing(report, "nato")
    own = next(e for e in b.events if e.seq == 1)
    assert own.rolls[0].values == (7,)
    assert len(own.resolutions[0].modifiers) == 2  # the target's own situation is the enemy's


def test_one_turn_only():
    from tests.reports.conftest import played

    start, end, events = played()
    events = [*events, StoredEvent(seq=9, kind="move", payload={"unit": "c-4-8"}, summary="c-4-8 moved", turn=2)]
    r = build_report(end, events, before=start, turn=2)
    assert [e.seq for e in r.events] == [9] and r.only_turn == 2


# -- fog of war as a property ----------------------------------------------------------------
IDS = [f"u{i:02d}x" for i in range(8)]
NAMES = [f"Kompanie {chr(0x410 + i)}{i}" for i in range(8)]
KEYS = ["firer", "target", "unit", "targets", "spotter"]


@st.composite
def games(draw):
    n = draw(st.integers(2, 8))
    units = {}
    for i in range(n):
        side = draw(st.sampled_from(["blue", "red"]))
        units[IDS[i]] = UnitState(
            id=IDS[i], name=NAMES[i], side=side, type="T-80B Company", x=draw(st.floats(0, 40)),
            y=draw(st.floats(0, 30)), facing=draw(st.floats(0, 359)), hits=draw(st.integers(0, 4)),
            orders=draw(st.sampled_from([None, "HA", "DA"])),
            spotted_by=draw(st.lists(st.sampled_from(["blue", "red"]), unique=True, max_size=2)),
        )
    state = GameState(name="g", ruleset="auftragstaktik", table=Table(width=40, depth=30), seed=1,
                      sides=[SideState(id="blue", name="Blue"), SideState(id="red", name="Red")], units=units)
    ids = list(units)
    events = []
    for seq in range(1, draw(st.integers(0, 6)) + 1):
        a, b = draw(st.sampled_from(ids)), draw(st.sampled_from(ids))
        key = draw(st.sampled_from(KEYS))
        mention = units[draw(st.sampled_from(ids))]
        res = {"procedure": "fire", "summary": f"{units[a].name} engages {mention.id}", "outcome": {"who": b},
               "firer": a,
               "modifiers": [{"name": f"{units[b].name} in cover", "value": 1, "rule": "x", "unit": b},
                             {"name": f"{mention.id} moved", "value": -1, "rule": "y"}],
               "rolls": [{"why": f"{mention.name} rolls", "sides": 10, "values": [3]}]}
        payload = {key: a, "target": b, "resolutions": [res]}
        if draw(st.booleans()):
            payload["template"] = {"at": [1, 1], "radius": 1, "label": f"{mention.name} barrage"}
        events.append(StoredEvent(seq=seq, kind="fire", payload=payload,
                                  summary=f"{a} fires at {b} ({mention.name})", turn=1,
                                  rolls=(Roll(f"{mention.id} die", 6, (2,)),)))
    return state, events


@given(games(), st.sampled_from(["blue", "red"]))
def test_a_briefing_never_names_an_unspotted_enemy(game, side):
    state, events = game
    b = briefing(build_report(state, events), side)
    hidden = [u for u in state.units.values() if u.side != side and side not in u.spotted_by]
    texts = json.dumps(b.to_json(), ensure_ascii=False) + to_markdown(b)
    for u in hidden:
        assert u.id not in texts, u.id
        assert u.name not in texts, u.name
    for u in b.units:
        if u.side != side:
            assert u.hits is None and u.orders is None and u.status is None and u.quality is None


def test_a_shot_the_enemy_never_fired_stays_out_of_the_briefing():
    from tests.reports.conftest import fire_event, played
    from umpire.reports.model import briefing, build_report

    start, end, events = played()
    unfired = fire_event(4, "t80-1", "a-1-64", hits=0)
    unfired.payload["resolutions"][0]["outcome"] = {"fired": False, "why": "not seen: the line of sight is blocked"}
    rep = build_report(end, [*events, unfired], before=start)
    umpire_view = next(e for e in rep.events if e.seq == 4)
    assert umpire_view.resolutions  # the umpire sees the order that could not be carried out
    nato = next((e for e in briefing(rep, "nato").events if e.seq == 4), None)
    assert nato is None or not nato.resolutions
