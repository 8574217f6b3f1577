"""The tracked turn and the quick answer agree (issue #27): random tracked situations (positions,
terrain, night, orders, states) are played by the tracked turn, and every resolution it made is
asked again of ``umpire calc`` on the case it kept, with its dice; the two agree field for field
(:mod:`tests.consistency`). Both rulesets: Auftragstaktik's fire, spotting, moves, morale, HQ
rolls, close combat and overruns; the MBT Advanced Game's fire, GP fire, sighting, moves, close
assault, hand-to-hand and overruns."""

from __future__ import annotations

import copy
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.consistency import NOT_RULES, differences
from umpire.engine import Game
from umpire.errors import UmpireError
from umpire.registry import scenario_from_data

FEW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _agree(results: list[dict[str, Any]]) -> dict[str, int]:
    """Every resolution with a case agrees with calc on it; how many of each kind were asked."""
    asked: dict[str, int] = {}
    for r in results:
        if r["procedure"] in NOT_RULES or r["outcome"].get("fired") is False:
            continue
        if "case" not in r and r["procedure"] != "sighting":
            continue
        assert differences(r) == [], (r["procedure"], r["summary"])
        asked[r["procedure"]] = asked.get(r["procedure"], 0) + 1
    return asked


def _game(data: dict[str, Any]) -> Game:
    folder = Path(tempfile.mkdtemp(prefix="consistency-"))
    return Game.create(folder / "g.db", scenario_from_data(data, "consistency"), seed=1)


facing = st.sampled_from([0.0, 45.0, 90.0, 180.0, 225.0, 270.0])
PIECES = [
    {"id": "w1", "type": "woods", "polygon": [[18, 10], [24, 10], [24, 18], [18, 18]]},
    {"id": "h1", "type": "hill", "height": 1, "polygon": [[4, 20], [14, 20], [14, 30], [4, 30]]},
    {"id": "r1", "type": "road", "line": [[0, 16], [48, 16]]},
]


# --- Auftragstaktik ------------------------------------------------------------------------------

AT_NATO = ["M1A1 Company", "M2 Bradley Company", "US Mechanized Infantry Company"]
AT_PACT = ["T-80B Company", "BMP-2 Company", "Soviet Motor Rifle Company"]


HQS = {"nato": "US Armored Brigade HQ", "pact": "Soviet Tank Regiment HQ"}


@st.composite
def at_situation(draw: Any) -> dict[str, Any]:
    """Two battalions of two or three companies and an HQ a side; sometimes two stands start in
    base contact (close combat), the Pact's moving west through the NATO one (an overrun)."""
    def units(side: str, types: list[str], xs: tuple[int, int]) -> list[dict[str, Any]]:
        n = draw(st.integers(2, 3))
        return [{"id": f"{side[0]}{i}", "type": draw(st.sampled_from(types)),
                 "quality": draw(st.sampled_from(["regular", "veteran", "recruit"])),
                 "at": [float(draw(st.integers(*xs))), float(draw(st.integers(4, 28)))],
                 "facing": draw(facing)} for i in range(n)]

    nato, pact = units("nato", AT_NATO, (4, 22)), units("pact", AT_PACT, (24, 44))
    contact = draw(st.sampled_from([None, "close", "overrun"]))
    if contact:  # NATO infantry on Hasty Advance starts a close combat (COMBAT > Close Combat)
        nato[0]["type"] = "US Mechanized Infantry Company"
        nato[0]["facing"], pact[0]["facing"] = 90.0, 270.0  # face to face: the bases' depths (1") touch
        pact[0]["at"] = [nato[0]["at"][0] + 1.0, nato[0]["at"][1]]
    steps = {u["id"]: draw(st.sampled_from([0, 2, -2])) for u in nato + pact}
    if contact:
        steps[pact[0]["id"]] = -4 if contact == "overrun" else 0
    engaged = {nato[0]["id"], pact[0]["id"]} if contact == "close" else set()  # left for the close combat
    sides = []
    for side, own, x in (("nato", nato, 2.0), ("pact", pact, 46.0)):
        hq = {"id": f"{side[0]}hq", "kind": "hq", "type": HQS[side], "at": [x, 16.0], "facing": 90}
        sides.append({"id": side, "hq_rating": 5 if side == "nato" else 4, "formations": [
            {"id": f"bn-{side[0]}", "level": "battalion", "hq": hq["id"], "units": [hq, *own]}]})
    return {
        "name": "consistency", "ruleset": "auftragstaktik", "table": {"width": 48, "depth": 32}, "seed": 1,
        "night": draw(st.booleans()), "terrain": draw(st.lists(st.sampled_from(PIECES), unique_by=lambda p: p["id"])),
        "sides": sides,
        "orders": {
            side: {"side": side, "turn": 1,
                   "battalions": {f"bn-{side[0]}": {"order": "HA" if contact and side == "nato" else
                                                    draw(st.sampled_from(["HA", "DA", "NO"])),
                                                    "direction": 90 if side == "nato" else 270}},
                   "units": {u["id"]: {"override": True, "fire": [e["id"] for e in foes if e["id"] not in engaged]
                                       if u["id"] not in engaged else [],
                                       **({"first": [[u["at"][0] + steps[u["id"]], u["at"][1]]]}
                                          if steps[u["id"]] else {})}
                             for u in own}}
            for side, own, foes in (("nato", nato, pact), ("pact", pact, nato))
        },
    }


NEXT = {"HA": "DA", "DA": "NO", "NO": "HA"}


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(at_situation())
def test_auftragstaktik_tracked_turns_agree_with_calc(data):
    """Two turns: the second changes every battalion's orders, so its HQ rolls for them."""
    orders = data.pop("orders")
    g = _game(data)
    rules = g.turn_rules()
    folder = Path(tempfile.mkdtemp(prefix="orders-"))
    for turn in (1, 2):
        try:
            for side, o in orders.items():
                o = copy.deepcopy(o)
                o["turn"] = turn
                if turn == 2:
                    o["battalions"] = {b: {**x, "order": NEXT[x["order"]]} for b, x in o["battalions"].items()}
                    o["units"] = {u: {"fire": x["fire"]} for u, x in o["units"].items() if u in g.state.units}
                path = folder / f"{side}-{turn}.yaml"
                path.write_text(yaml.safe_dump(o), encoding="utf-8")
                g.act("auftragstaktik.orders", rules.read_orders(path, g.state), None)
        except UmpireError:
            assume(turn == 2)  # orders this table refuses (a move the stand may not make...)
            break
        while g.state.turn == turn:
            g.act("auftragstaktik.phase", {}, None)
    asked = _agree([r for e in g.events() for r in e.results])
    assert asked  # something was resolved and asked again


@settings(max_examples=20, deadline=None)
@given(at_situation(), st.sampled_from([None, 1, 2]))
def test_auftragstaktik_spotting_totals_agree_with_calc(data, phase):
    """MOVEMENT > Spotting: the turn's vectorised totals for every pair (spotter part, target
    part, pair part, distance part) are the totals calc spot gives on each pair's case."""
    from umpire.ask.calc import run_case
    from umpire.registry import initial_state
    from umpire.turns.auftragstaktik import sighting
    from umpire.turns.auftragstaktik import tracked as tr
    from umpire.turns.auftragstaktik.spot_cases import spot_case
    from umpire.turns.auftragstaktik.table import terrain_index

    data.pop("orders")
    state = initial_state(scenario_from_data(data, "consistency"), seed=1)
    tr.cover_all(state, list(state.units.values()))
    for side in state.side_ids():
        own = [u for u in state.units.values() if u.side == side]
        foes = [u for u in state.units.values() if u.side != side]
        spotters = [sighting.looker(state, u, None, phase) for u in own]
        targets = [sighting.looker(state, u, side, phase) for u in foes]
        pairs = sighting.candidate_pairs(spotters, targets, terrain_index(state), tr.rulings_of(state),
                                         night=sighting.is_night(state))
        above = {(int(i), int(j)): int(t) for i, j, t in zip(pairs.ii, pairs.jj, pairs.total, strict=True)}
        for i, s in enumerate(own):
            for j, x in enumerate(foes):
                answer, _ = run_case(spot_case(state, s, x, phase))
                o = answer.resolution.outcome
                assert ((i, j) in above) == (o["total"] > 0), (s.id, x.id, o, above.get((i, j)))
                if (i, j) in above:
                    assert above[(i, j)] == o["total"], (s.id, x.id)


# --- MBT Advanced Game ---------------------------------------------------------------------------

MBT_NATO = [("USA-1A", None), ("USA-2A/1", None), ("USA-7B", "Squad Heavy Mechanized Infantry"), ("USA-7B", "Team")]
EQUIPMENT = {"USA-7B": "with Dragon & LAW", "USSR-11B": "with RPG-7 V/D"}
MBT_USSR = [("USSR-2A", None), ("USSR-2B/2", None), ("USSR-11B", "Squad Heavy Motorized Rifle Infantry")]


@st.composite
def mbt_situation(draw: Any) -> dict[str, Any]:
    from tests.turns.mbt_adv import scenario, unit
    from umpire.geometry.arcs import bearing

    def units(side: str, kinds: list[tuple[str, str | None]], xs: tuple[int, int], face: float) -> list[Any]:
        out = []
        for i in range(draw(st.integers(1, 3))):
            card, kind = draw(st.sampled_from(kinds))
            more: dict[str, Any] = {}
            if kind:
                more["type"] = kind
            if card in EQUIPMENT:
                more["equipment"] = EQUIPMENT[card]
            out.append(unit(f"{side}u{i}", card, [float(draw(st.integers(*xs))), float(draw(st.integers(3, 29)))],
                            draw(st.sampled_from([face, face + 30, face - 45])) % 360, **more))
        return out

    nato, ussr = units("n", MBT_NATO, (10, 20), 90), units("s", MBT_USSR, (22, 32), 270)
    plans: dict[str, dict[str, Any]] = {"nato": {}, "ussr": {}}
    for side, own, foes in (("nato", nato, ussr), ("ussr", ussr, nato)):
        for u in own:
            team = u.get("type") == "Team"
            order = draw(st.sampled_from(["F", "OW", "M"] if team else ["F", "F", "OW", "M", "FM"]))
            spec: dict[str, Any] = {"order": order}
            target = draw(st.sampled_from(foes))
            if order in ("F", "FM"):
                spec["fire"] = {"target": target["id"]}
                if draw(st.booleans()):  # facing its target, in its firing arc
                    u["facing"] = round(bearing(u["at"], target["at"]), 1)
            if order in ("M", "FM"):
                leg = u["card"] in ("USA-7B", "USSR-11B")
                dx = (1 if leg else draw(st.sampled_from([1, 2]))) * (1 if side == "nato" else -1)
                spec["move"] = {"path": [[u["at"][0] + dx, u["at"][1]]]}
            plans[side][u["id"]] = spec
    contact = draw(st.sampled_from([None, "assault", "overrun"]))
    if contact == "assault":  # a Soviet squad next to the first NATO unit attacks it (14.5, 14.6)
        x, y = nato[0]["at"]
        ussr.append(unit("sa", "USSR-11B", [x + 1, y], 270, type="Squad Heavy Motorized Rifle Infantry",
                         equipment=EQUIPMENT["USSR-11B"]))
        plans["ussr"]["sa"] = {"order": "CA", "assault": {"target": nato[0]["id"]}}
    elif contact == "overrun":  # an M1 drives over a Soviet team in the open (14.7)
        nato.append(unit("nm", "USA-1A", [12.0, 30.0], 90))
        ussr.append(unit("st", "USSR-11B", [15.0, 30.0], 270, type="Team", equipment=EQUIPMENT["USSR-11B"]))
        plans["nato"]["nm"] = {"order": "OR", "overrun": {"target": "st"}, "move": {"path": [[15.0, 30.0]]}}
        plans["ussr"]["st"] = {"order": "F", "fire": {"target": "nm"}}
    data = scenario(nato, ussr, draw(st.lists(st.sampled_from(PIECES), unique_by=lambda p: p["id"])),
                    conditions=draw(st.sampled_from(["day", "day", "dusk", "night", "moonlight"])))
    return {"scenario": data, "plans": plans}


@FEW
@given(mbt_situation())
def test_mbt_advanced_tracked_turns_agree_with_calc(situation):
    from tests.turns.mbt_adv import orders, phase
    from umpire.core.dice import SeededDice

    g = _game(copy.deepcopy(situation["scenario"]))
    plans = copy.deepcopy(situation["plans"])
    dice = SeededDice(3)
    try:
        orders(g, {side: {u: spec for u, spec in p.items()} for side, p in plans.items()}, dice)
    except UmpireError:
        # a plan this table refuses (out of arc, a weapon that cannot reach, too far to move):
        # play it as overwatch instead, which every unit may take
        plans = {side: {u: spec if spec["order"] in ("CA", "OR") else {"order": "OW"} for u, spec in p.items()}
                 for side, p in plans.items()}
        try:
            orders(g, plans, dice)
        except UmpireError:
            assume(False)
    results = phase(g, dice, "Adjustment")
    asked = _agree(results)
    assert asked.get("sighting", 0) >= 1
