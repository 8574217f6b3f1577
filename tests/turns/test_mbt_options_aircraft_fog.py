"""Fog of war over random MBT games with air strikes (20.1, 20.3, 24.2): the ground units'
property of tests/reports/test_fog_property.py holds with aircraft striking units or points and
AA units of both sides firing at them, by day and by night; and, in every event of every
briefing (and in every per-side command's output):

- no briefing names an enemy aircraft (its id) or its type: a side learns of an enemy aircraft
  only where its load fell (the enemy's strike is composed as artillery is, not from the
  aircraft);
- the AA fire at an aircraft tells the aircraft's side that it came under fire and what it did,
  never who fired (an MBT unit's id is never told to the enemy, 24.2.2); the firing side reads
  its own unit's fire at "an enemy aircraft";
- a side's own strike tells what its side could see of the result: where the load fell, that it
  found no target, what it did to the side's own units; never an enemy unit the side never
  sighted (the property's words of enemy units), nor why an enemy unit could not be acquired.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict

from hypothesis import HealthCheck, Phase, event, example, given, settings
from hypothesis import strategies as st

from tests.reports.test_fog_property import Recorder, check_briefings
from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.errors import UmpireError
from umpire.registry import scenario_from_data
from umpire.reports.model import briefing, report_for_game
from umpire.reports.turn_text import plain_text, to_markdown

AIR = {"nato": ("warthog", "A-10A"), "ussr": ("grach", "Su-25")}
UNITS = {"nato": [("m1", "USA-1B"), ("vulcan", "USA-5B")], "ussr": [("t72", "USSR-2A"), ("zsu", "USSR-8A")]}
ENEMY = {"nato": "ussr", "ussr": "nato"}

point = st.tuples(st.floats(3, 45), st.floats(3, 33)).map(lambda p: [round(p[0], 1), round(p[1], 1)])
strike = st.fixed_dictionaries({
    "aim": st.sampled_from(["unit0", "unit1", "point"]), "at": point,
    "weapon": st.sampled_from(["iron_bomb", "cluster_bomb", "smoke_bomb"]),
    "speed": st.sampled_from(["low", "medium"]), "altitude": st.sampled_from(["low", "medium"]),
    "facing": st.sampled_from([0, 90, 180, 270]), "evasive": st.booleans(), "fly": st.booleans(),
})


def _scenario(pos: dict[str, list[float]], night: bool) -> dict:
    return {
        "name": "air fog", "ruleset": "mbt", "table": {"width": 48, "depth": 36}, "seed": 1,
        "mbt": {"game": "advanced", "turns": 3, "conditions": "moonlight" if night else "day",
                "options": ["area_fire", "aircraft", *(["night"] if night else [])],
                "aircraft": [{"id": aid, "side": side, "type": kind,
                              "loads": {"iron_bomb": 2, "cluster_bomb": 2, "smoke_bomb": 2}}
                             for side, (aid, kind) in AIR.items()]},
        "terrain": [
            {"id": "w1", "type": "woods", "polygon": [[20, 10], [26, 10], [26, 18], [20, 18]]},
            {"id": "h1", "type": "hill", "height": 2, "polygon": [[8, 24], [16, 24], [16, 32], [8, 32]]},
        ],
        "sides": [{"id": side, "units": [{"id": uid, "card": card, "at": pos[uid], "facing": 90 if side == "nato"
                                          else 270} for uid, card in units]} for side, units in UNITS.items()],
    }


def _strikes(game: Game, side: str, s: dict) -> list[dict]:
    """The side's strike of this turn: at an enemy unit where it stands, or at a point."""
    if not s["fly"]:
        return []
    target = s["at"]
    if s["aim"] != "point":
        u = game.state.units[UNITS[ENEMY[side]][int(s["aim"][-1])][0]]
        target = [round(u.x, 1), round(u.y, 1)]
    return [{"aircraft": AIR[side][0], "weapon": s["weapon"], "target": target, "speed": s["speed"],
             "altitude": s["altitude"], "evasive": s["evasive"], "facing": s["facing"]}]


def _orders(rec: Recorder, side: str, strikes: list[dict], dice) -> None:
    try:
        rec.act("mbt.orders", {"side": side, "units": {}, "air_strikes": strikes}, dice)
    except UmpireError as exc:  # a strike the conditions forbid (20.1.2.1) or a load spent: none this turn
        assert "air_strikes" in str(exc), exc
        rec.act("mbt.orders", {"side": side, "units": {}}, dice)


@settings(max_examples=8, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(pos=st.fixed_dictionaries({u: point for u in ["m1", "vulcan", "t72", "zsu"]}),
       strikes=st.lists(strike, min_size=4, max_size=4), night=st.booleans(), seed=st.integers(1, 10_000))
# an M1A1 and a ZSU in one hex, the M1A1 brewed up by a strike: the ZSU's side read the M1A1's id in
# the note of its suppression (14.3.3.3); it reads "an enemy vehicle"
@example(pos={"m1": [13.4, 18.0], "vulcan": [29.6, 29.8], "t72": [9.0, 25.5], "zsu": [13.4, 18.0]},
         strikes=[{"aim": "unit1", "at": [6.5, 26.2], "weapon": "cluster_bomb", "speed": "medium", "altitude": "low",
                   "facing": 0, "evasive": False, "fly": True},
                  *[{"aim": "unit1", "at": [41.1, 19.1], "weapon": "smoke_bomb", "speed": "low",
                     "altitude": "medium", "facing": 270, "evasive": False, "fly": False}] * 2,
                  {"aim": "unit0", "at": [5.5, 7.6], "weapon": "smoke_bomb", "speed": "low", "altitude": "medium",
                   "facing": 90, "evasive": False, "fly": True}],
         night=True, seed=727)
def test_briefings_tell_enemy_aircraft_and_air_strikes_only_as_the_side_saw_them(tmp_path_factory, pos, strikes,
                                                                                 night, seed):
    game = Game.create(tmp_path_factory.mktemp("afog") / "g.db", scenario_from_data(_scenario(pos, night), "air fog"))
    rec, dice = Recorder(game), SeededDice(seed)
    for turn in range(2):
        rec.act("mbt.phase", {}, dice)
        for n, side in enumerate(("nato", "ussr")):
            _orders(rec, side, _strikes(game, side, strikes[2 * turn + n]), dice)
        for _ in range(4):
            rec.act("mbt.phase", {}, dice)
    check_briefings(rec, commands=True)
    fired = [(e.seq, r) for e in game.events() for r in e.results if r["procedure"] == "aa"]
    for kind in sorted({r["procedure"] for e in game.events() for r in e.results} & {"aa", "air_drop", "air_strike"}):
        event(f"the game holds {kind}")
    report = report_for_game(game)
    for side in ("nato", "ussr"):
        aid, kind = AIR[ENEMY[side]]
        b = briefing(report, side)
        for e in b.events:
            text = "\n".join([plain_text(b), to_markdown(b)] if e is b.events[0] else [])
            text += json.dumps([asdict(x) for x in e.lines], ensure_ascii=False)
            for w in (aid, kind):
                assert not re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text), (side, e.seq, w, text[:1500])
            for ln in e.lines:
                assert "acquire" not in ln.text or "observer" not in ln.text, (side, "an unseen unit's cover", ln.text)
        told = {e.seq: [ln.text for ln in e.lines if ln.kind == "aircraft_aa"] for e in b.events}
        for seq, r in fired:
            own_air = r["aircraft"] == AIR[side][0]
            mine = game.state.units[r["unit"]].side == side
            lines = told.get(seq, [])
            if own_air:  # it came under fire, and what came of it; the firer is never named
                assert any(f"{AIR[side][0]} came under fire" in x for x in lines), (side, r["summary"], lines)
                assert all(r["unit"] not in x for x in lines), (side, "the firer named", lines)
            elif mine:
                assert any(x.startswith(f"{r['unit']} fired") for x in lines), (side, r["summary"], lines)
        passes = {e.seq: [ln.text for ln in e.lines if ln.kind == "air_pass"] for e in b.events}
        for e in game.events():
            for r in e.results:
                if r["procedure"] == "air_strike" and r["aircraft"] == AIR[side][0]:  # its own: it dropped nothing
                    assert any(x.startswith(f"{r['aircraft']} flew over") for x in passes.get(e.seq, [])), r
    assert game.check() == []
