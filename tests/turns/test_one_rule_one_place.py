"""The quick answer and the tracked turn work a rule out in one place (issue #27, items 1 and 2):
each test shows a divergence that was, and holds both sides to the one function."""

from __future__ import annotations

import math

import pytest

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from umpire.ask.calc import run_case
from umpire.errors import UmpireError
from umpire.geometry.game import measure_in_game
from umpire.registry import find_ruleset
from umpire.rules.mbt.state import MbtGame


def _measure(state, a, b):
    return measure_in_game(state, a, b, find_ruleset(state.ruleset))



def _at(centre: tuple[float, float], bearing: float, r: float) -> list[float]:
    b = math.radians(bearing)
    return [round(centre[0] + r * math.sin(b), 3), round(centre[1] + r * math.cos(b), 3)]


def test_measure_and_fire_classify_a_bearing_by_the_same_sectors(tmp_path):
    """7.4.5.1 with ruling ``fire.hit_angle_sectors: quarters`` ("Front within 45 degrees"): a
    shot 40 degrees off the target's front is a Front hit for fire, and ``umpire measure`` says
    so too (it said "front-side", classifying the bearing by the hexside sectors on its own)."""
    data = scenario([unit("m1", "USA-1A", _at((20, 16), 40, 10), 220)], [unit("t72", "USSR-2A", [20, 16], 0)])
    data["rulings"] = {"fire.hit_angle_sectors": "quarters"}
    g = new(tmp_path, data)
    assert _measure(g.state, "m1", "t72")["aspect"] == "front"
    dice = orders(g, {"nato": {"m1": {"order": "F", "fire": {"target": "t72"}}}})
    shot = next(r for r in phase(g, dice, "Movement") if r.get("firer") == "m1" and r["procedure"] == "fire")
    assert shot["angle"] == "front"
    case = {"procedure": "measure", "ruleset": "mbt", "rulings": {"fire.hit_angle_sectors": "quarters"},
            "from": {"at": _at((20, 16), 40, 10)}, "to": {"at": [20, 16], "facing": 0}}
    assert run_case(case)[0].data["aspect"] == "front"


def test_tracked_movement_at_night_costs_what_calc_move_says(tmp_path):
    """18.1.1: "Vehicle units have their movement reduced by two movement factors during Night or
    Moonlight conditions ... Leg units are reduced to a maximum movement of "1" hex." ``calc move``
    applied it; the tracked turn priced moves without the night (and let a squad go two hexes)."""
    g = new(tmp_path, scenario([unit("m1", "USA-1A", [4, 10]), unit("sq", "USA-7B", [4, 20],
                                                                    type="Squad Heavy Mechanized Infantry")],
                               [unit("t72", "USSR-2A", [44, 30], 270)], conditions="night"))
    orders(g, {"nato": {"m1": {"order": "M", "move": {"path": [[6, 10]]}}}})
    planned = MbtGame.of(g.state).orders["nato"]["m1"]["move"]
    quick = run_case({"procedure": "move", "ruleset": "mbt", "card": "USA-1A", "orders": "M", "conditions": "night",
                      "route": [{"terrain": "clear", "inches": 2}]})[0].resolution
    assert planned["allowance"] == quick.outcome["allowance"]
    day = run_case({"procedure": "move", "ruleset": "mbt", "card": "USA-1A", "orders": "M",
                    "route": [{"terrain": "clear", "inches": 2}]})[0].resolution
    assert planned["allowance"] == day.outcome["allowance"] - 2
    with pytest.raises(UmpireError, match=r"units\.sq\.move: needs 2 in, the squad has 1 in"):
        orders(g, {"nato": {"sq": {"order": "M", "move": {"path": [[6, 20]]}}}})


# --- Auftragstaktik: hits ------------------------------------------------------------------------


def _limit(monkeypatch, n: int) -> None:
    """The data's "may not fire from" number of hits (COMBAT > Hit Effects), changed for a test."""
    from umpire.rules.auftragstaktik.data import tables

    monkeypatch.setitem(tables().common.hit_effects.__dict__, "may_not_fire_from", n)


def test_air_defence_reads_the_three_hit_limit_from_the_data(cli, tmp_path, monkeypatch):
    """COMBAT > Hit Effects: "3 hits: may not fire", in the data as ``may_not_fire_from: 3``. The
    turn's air defence had the 3 written in its code: with the data saying 0, no stand fires."""
    from tests.turns.test_at_support import _air_game, _air_phase

    _air_game(cli, tmp_path)
    _limit(monkeypatch, 0)
    res, _ = _air_phase(cli, 9)
    assert [x["procedure"] for x in res] == ["airstrike"]


def test_indirect_fire_reads_the_three_hit_limit_from_the_data(cli, tmp_path, monkeypatch):
    from tests.turns.conftest import advance
    from tests.turns.test_at_support import _start

    _start(cli, tmp_path, nato={"units": {"bty-n": {"indirect": {"target": "t1", "ordered_by": "brigade"}}}})
    _limit(monkeypatch, 0)
    advance(cli, 3)
    out = cli("log", "--full").output
    assert "bty-n holds fire: 0 hits" in " ".join(out.split())


def test_the_turn_lands_hits_through_the_rules_apply_hits(monkeypatch):
    """COMBAT > Hit Effects: one function adds hits and says whether a stand is eliminated (4 hits;
    a troop stand in close terrain only by close combat, ruling hits.close_terrain_overflow); the
    turn's fire, indirect fire, overruns and close combat used to add them up themselves."""
    from umpire.rules.auftragstaktik import hits
    from umpire.turns.auftragstaktik import firing, indirect, morale_cc, moving

    calls = []

    def spy(*a, **k):
        calls.append((a, k))
        return hits.apply_hits(*a, **k)

    for module in (firing, indirect, morale_cc, moving):
        monkeypatch.setattr(module, "apply_hits", spy)  # each has it: raises if one adds hits on its own
    from tests.rules.auftragstaktik.test_audit_points import at_state
    from umpire.core.dice import ScriptedDice

    inf = "mc | 2 | {0} | -- | HW: 2 [4] SA: 2/4 | -- | --"
    st = at_state([
        {"id": "tank", "type": "T-72A Company", "at": [10, 10], "facing": 90, "orders": "NO"},
        {"id": "rifles", "statline": inf, "at": [13, 10], "facing": 270, "orders": "NO"},
    ], terrain=[{"id": "w1", "type": "woods", "polygon": [[12, 8], [16, 8], [16, 12], [12, 12]]}])
    st.units["rifles"].hits = 3
    res = firing.shoot(st, st.units["tank"], st.units["rifles"], "hw", 2.0, 1, ScriptedDice([10]))
    firing.land(st, st.units["tank"], st.units["rifles"], res, 1)
    assert calls and calls[-1][1] == {"troop_in_close_terrain": True}
    assert st.units["rifles"].hits > 3 and st.units["rifles"].status != "eliminated"
