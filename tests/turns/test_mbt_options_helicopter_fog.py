"""Fog of war over random MBT games with helicopters (20.2.3.1, 20.3.3, 24.2): the ground units'
property of tests/reports/test_fog_property.py holds with helicopters flying and fired at; no
briefing names an enemy helicopter (its id or name) in any event; and every enemy helicopter a
side's briefing tells of is where, and at the altitude, that side's own sighting saw it then
(composed from the side's knowledge, never from the helicopter as it is now)."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from tests.reports.test_fog_property import Recorder, check_briefings
from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.registry import scenario_from_data
from umpire.reports.model import briefing, report_for_game
from umpire.reports.turn_text import plain_text
from umpire.rules.mbt.state import MbtGame

HELIS = {"nato": ("apachex", "USA-6A/2", "Longbow-Flight"), "ussr": ("hindx", "USSR-10A/1", "Krokodil-Flight")}
# what a move may change to, from each altitude, with hexes allowed (20.2.2.3.1: landing needs NOE)
NEXT = {"noe": ["noe", "low", "landed"], "low": ["low", "noe"], "landed": ["landed", "noe"]}

point = st.tuples(st.floats(3, 45), st.floats(3, 33)).map(lambda p: [round(p[0], 1), round(p[1], 1)])


def _scenario(pos: dict[str, list[float]], alts: dict[str, str], night: bool) -> dict:
    return {
        "name": "heli fog", "ruleset": "mbt", "table": {"width": 48, "depth": 36}, "seed": 1,
        "mbt": {"game": "advanced", "turns": 3, "conditions": "moonlight" if night else "day",
                "options": ["helicopters", "anti_aircraft", *(["night"] if night else [])],
                "helicopters": [{"id": hid, "side": side, "card": card, "name": name, "at": pos[hid],
                                 "facing": 90 if side == "nato" else 270, "altitude": alts[side], "rockets": 2}
                                for side, (hid, card, name) in HELIS.items()]},
        "terrain": [
            {"id": "w1", "type": "woods", "polygon": [[20, 10], [26, 10], [26, 18], [20, 18]]},
            {"id": "h1", "type": "hill", "height": 2, "polygon": [[8, 24], [16, 24], [16, 32], [8, 32]]},
        ],
        "sides": [
            {"id": "nato", "units": [{"id": "m1", "card": "USA-1B", "at": pos["m1"], "facing": 90},
                                     {"id": "vulcan", "card": "USA-5B", "at": pos["vulcan"], "facing": 90}]},
            {"id": "ussr", "units": [{"id": "t72", "card": "USSR-2A", "at": pos["t72"], "facing": 270},
                                     {"id": "zsu", "card": "USSR-8A", "at": pos["zsu"], "facing": 270}]},
        ],
    }


def _flight(game: Game, side: str, pick: int, to: list[float]) -> dict:
    """A flight the rules allow, from where and at what altitude the helicopter is."""
    hid = HELIS[side][0]
    m = MbtGame.of(game.state).model_dump(mode="json")
    h = (m.get("options_state") or {}).get("helicopters", {}).get(hid)
    if h is None:  # as the scenario placed it
        spec = next(x for x in m["helicopters"] if x["id"] == hid)
        h = {"x": spec["at"][0], "y": spec["at"][1], "altitude": spec["altitude"]}
    if h.get("destroyed"):
        return {}
    from umpire.rules.mbt.options.helicopters import LANDING_TERRAIN
    from umpire.turns.mbt.options.helicopters import terrain_at

    now = h["altitude"]
    alt = NEXT[now][pick % len(NEXT[now])]
    if alt == "landed" and terrain_at(game.state, (h["x"], h["y"])) not in LANDING_TERRAIN:
        alt = now  # it lands only in clear or scrub (20.2.2.3.3)
    out: dict = {"altitude": alt}
    if "landed" not in (now, alt):
        step = [round(h[k] + max(-3, min(3, to[i] - h[k])), 1) for i, k in enumerate(("x", "y"))]
        if pick % 2:
            out["path"] = [step]
        elif alt == "noe" and now == "noe":
            out["popup"] = True
        if pick % 3 == 0:
            out["rocket"] = "t72" if side == "nato" else "m1"
    return {hid: out}


@settings(max_examples=5, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(pos=st.fixed_dictionaries({u: point for u in ["m1", "vulcan", "t72", "zsu", "apachex", "hindx"]}),
       alts=st.fixed_dictionaries({"nato": st.sampled_from(["noe", "low"]), "ussr": st.sampled_from(["noe", "low"])}),
       picks=st.lists(st.integers(0, 5), min_size=4, max_size=4), to=point, night=st.booleans(),
       seed=st.integers(1, 10_000))
# a Hind shot down over the Vulcan: its side reads where it came down, not the enemy unit it fell on
@example(pos={"m1": [24.0, 3.2], "apachex": [29.1, 32.0], "hindx": [28.1, 12.0], "zsu": [9.7, 8.0],
              "vulcan": [34.8, 16.8], "t72": [10.9, 29.1]}, alts={"nato": "noe", "ussr": "noe"}, picks=[2, 1, 1, 3],
         to=[31.5, 16.4], night=True, seed=24)
# an Apache shot down over the ZSU that fired at it: the ZSU's note of its suppression names no helicopter
@example(pos={"m1": [24.8, 14.2], "apachex": [43.4, 32.8], "vulcan": [44.8, 10.5], "t72": [40.6, 26.8],
              "hindx": [7.5, 14.5], "zsu": [44.2, 31.9]}, alts={"nato": "noe", "ussr": "noe"}, picks=[2, 2, 1, 3],
         to=[41.3, 8.6], night=False, seed=2276)
# a Hind seen, then lost from sight as the Apache lands: "lost sight of" it names what the side knew before
@example(pos={"m1": [24.7, 13.1], "zsu": [12.3, 22.7], "t72": [37.6, 13.4], "apachex": [21.5, 30.2],
              "hindx": [37.7, 26.3], "vulcan": [14.0, 4.1]}, alts={"ussr": "noe", "nato": "low"}, picks=[3, 4, 5, 5],
         to=[18.0, 18.1], night=False, seed=5532)
def test_briefings_tell_enemy_helicopters_only_as_the_side_saw_them(tmp_path_factory, pos, alts, picks, to, night,
                                                                     seed):
    game = Game.create(tmp_path_factory.mktemp("hfog") / "g.db",
                       scenario_from_data(_scenario(pos, alts, night), "heli fog"))
    from umpire.turns.mbt.phases import OVER

    rec, dice = Recorder(game), SeededDice(seed)
    for turn in range(2):
        if game.state.phase == OVER:  # a side lost every ground unit (a crash, two Air Phases of AA fire)
            break
        rec.act("mbt.phase", {}, dice)
        for n, side in enumerate(("nato", "ussr")):
            rec.act("mbt.orders", {"side": side, "units": {},
                                   "helicopters": _flight(game, side, picks[2 * turn + n], to)}, dice)
        for _ in range(4):
            if game.state.phase != OVER:
                rec.act("mbt.phase", {}, dice)
    check_briefings(rec, commands=True)
    seen: dict[tuple[int, str], list[dict]] = {}
    for e in game.events():
        for r in e.results:
            if r["procedure"] == "helicopter_sighting":
                seen[(e.seq, r["side"])] = r["helicopters"]
    report = report_for_game(game)
    for side in ("nato", "ussr"):
        hid, _card, name = HELIS["ussr" if side == "nato" else "nato"]
        b = briefing(report, side)
        text = plain_text(b)
        assert hid not in text and name not in text, (side, "an enemy helicopter named")
        for e in b.events:
            for ln in e.lines:
                if ln.kind != "helicopter_sighting":
                    continue
                told = re.findall(r"\(([\d.]+), ([\d.]+)\), (at NOE|at low altitude|landed)", ln.text)
                words = {"noe": "at NOE", "low": "at low altitude", "landed": "landed"}
                saw = [(f"{s['at'][0]:g}", f"{s['at'][1]:g}", words[s["altitude"]]) for s in seen[(e.seq, side)]]
                assert told == saw, (side, ln.text, saw)
    for side in ("nato", "ussr"):
        check_helicopter_units(game, report, side, seen)
    assert game.check() == []


def check_helicopter_units(game: Game, report, side: str, seen: dict[tuple[int, str], list[dict]]) -> None:
    """The enemy helicopter as a unit of ``side``'s briefing, its map and its loss table: a contact
    only where and at the altitude one of the side's own air sightings saw it, a loss only of one
    it had seen before it fell; its id and name in none of the briefing's formats nor the map."""
    import json

    from umpire.reports.tablemap import build_map, to_svg

    hid, _card, name = HELIS["ussr" if side == "nato" else "nato"]
    b = briefing(report, side)
    sightings = [(seq, (float(x["at"][0]), float(x["at"][1]), x["altitude"]))
                 for (seq, by), got in sorted(seen.items()) if by == side for x in got if x["helicopter"] == hid]
    enemy_air = [u for u in b.units if u.observed and u.altitude]
    assert len(enemy_air) <= (1 if sightings else 0), (side, enemy_air, sightings)
    for u in enemy_air:
        assert (u.x, u.y, u.altitude) in {s for _seq, s in sightings}, (side, u, sightings)
        assert u.id.startswith("contact-") and u.name != name
    crash = next((e.seq for e in game.events() for r in e.results
                  if r["procedure"] == "crash" and r.get("helicopter") == hid), None)
    if crash is None or not any(seq < crash for seq, _s in sightings):
        assert not [x for x in b.losses if x.side != side and x.how == "crashed"], (side, b.losses)
    for text in (plain_text(b), json.dumps(b.to_json(), ensure_ascii=False), to_svg(build_map(b))):
        assert hid not in text and name not in text, (side, "an enemy helicopter named")
