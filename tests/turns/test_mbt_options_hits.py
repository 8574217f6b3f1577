"""Hit variations (option 17.2) in the tracked game, switched on alone: the turret facing and the
lower front hull in the AP shot (its fire case, which calc answers alike), crews and riders
bailing out of a knocked out vehicle (17.2.3), and what is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from umpire.ask.calc import run_case
from umpire.errors import UmpireError
from umpire.rules.mbt import options
from umpire.rules.mbt.state import MbtUnit

RIDERS = [unit(f"r{i}", "USSR-11B", [30, 18], 270, type="Squad Heavy Motorized Rifle Infantry", carried_by="bmp")
          for i in (1,)]


class WhyDice:
    """Rolls read by what they are for (the first ``why`` prefix that matches; its last value
    kept for later rolls), else 5; initiative always NATO 9, USSR 1."""

    def __init__(self, by_why: dict[str, list[int]]) -> None:
        self.by_why = {k: list(v) for k, v in by_why.items()}

    def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
        if why.startswith("initiative"):
            return (9,) if why.endswith("nato") else (1,)
        for k, vals in self.by_why.items():
            if why.startswith(k) and vals:
                return tuple(vals.pop(0) if len(vals) > 1 else vals[0] for _ in range(count))
        return tuple(min(5, sides) for _ in range(count))


def _game(tmp_path: Path, opts: list[str]) -> Any:
    ussr = [unit("bmp", "USSR-2B/2", [30, 18], 270), *RIDERS]
    return new(tmp_path, scenario([unit("m1", "USA-1B", [10, 18], 90)], ussr, options=opts))


def _fire(g: Any, dice: WhyDice, turret: float | None = None) -> list[dict[str, Any]]:
    orders(g, {"nato": {"m1": {"order": "F", "fire": {"target": "bmp", "weapon": "120mm", "ammo": "APFSDS",
                                                          "shots": 1}}},
               "ussr": {"bmp": {"order": "OW", **({"turret_facing": turret} if turret is not None else {})}}}, dice)
    return phase(g, dice, "Movement")


KILL = {"to hit": [1], "hit location": [60], "damage": [50]}


@pytest.mark.parametrize(("crew", "leg"), [(1, 40), (26, 41)])
def test_riders_bail_out_of_a_knocked_out_carrier_and_the_crew_is_saved(tmp_path: Path, crew: int, leg: int) -> None:
    """17.2.3.1.2: knocked out by an HF hit, the crew bails out on 1-40 (estimated), a leg unit on 1-50."""
    g = _game(tmp_path, ["hit_variations"])
    res = _fire(g, WhyDice({**KILL, "lower front hull": [99], "bail out (crew)": [crew], "bail out (leg)": [leg]}))
    bails = [r for r in res if r["procedure"] == "bail_out"]
    out = crew <= 40, leg <= 50
    assert [(r["unit"], r["case"]["location"], r["outcome"]["bails_out"]) for r in bails] == [
        ("bmp", "HF", out[0]), ("r1", "HF", out[1])]
    s = g.state.units
    assert s["bmp"].status == "eliminated" and MbtUnit.of(s["bmp"]).crew_bailed is out[0]
    if out[1]:
        assert s["r1"].status == "ok" and s["r1"].carried_by is None and MbtUnit.of(s["r1"]).suppressed == "on"
        assert (s["r1"].x, s["r1"].y) == (s["bmp"].x, s["bmp"].y)
    else:
        assert s["r1"].status == "eliminated"
    for r in bails:  # the tracked attempt is calc's answer on its case, with its dice
        answer, _ = run_case({"ruleset": "mbt", "procedure": "bail_out", **r["case"],
                              "dice": [v for roll in r["rolls"] for v in roll["values"]]})
        assert answer.to_json()["outcome"] == r["outcome"]


def test_without_the_option_riders_die_with_their_carrier(tmp_path: Path) -> None:
    g = _game(tmp_path, [])
    res = _fire(g, WhyDice(KILL))
    assert not [r for r in res if r["procedure"] == "bail_out"]
    assert {g.state.units[u].status for u in ("bmp", "r1")} == {"eliminated"}


def test_a_hit_on_a_turned_turret_is_read_on_the_turret_facing_table(tmp_path: Path) -> None:
    """17.2.1.4: the shot strikes TF; the turret faces away (a rear-side angle to it); a 62 makes it TR."""
    g = _game(tmp_path, ["hit_variations"])
    res = _fire(g, WhyDice({**KILL, "hit location": [5], "turret facing": [62]}), turret=135)
    (shot,) = [r for r in res if r["procedure"] == "fire" and r.get("outcome", {}).get("hits")]
    hit = shot["outcome"]["results"][0]
    assert hit["turret_facing"] == {"was": "TF", "roll": 62, "angle": "rear_side", "location": "TR"}
    assert shot["case"]["hit_variations"] is True and shot["case"]["target"]["turret_angle"] == "rear_side"
    answer, _ = run_case({"ruleset": "mbt", **shot["case"], "dice": [v for x in shot["rolls"] for v in x["values"]]})
    assert answer.to_json()["outcome"] == shot["outcome"]


def test_an_hf_star_hit_may_strike_the_thin_lower_hull(tmp_path: Path) -> None:
    g = _game(tmp_path, ["hit_variations"])
    res = _fire(g, WhyDice({**KILL, "lower front hull": [20]}))
    (shot,) = [r for r in res if r["procedure"] == "fire" and r.get("outcome", {}).get("hits")]
    assert shot["outcome"]["results"][0]["lower_hull"] == {"roll": 20, "thin": True}


FIRE = {"ruleset": "mbt", "procedure": "fire", "hit_variations": True, "range": 10,
        "firer": {"card": "USA-1B", "weapon": "120mm", "ammo": "APFSDS"}}


def test_the_option_is_refused_in_the_basic_game_and_a_bad_angle_in_calc() -> None:
    with pytest.raises(UmpireError, match="played with the Advanced Game"):
        run_case({**FIRE, "game": "basic", "target": {"card": "USSR-2A"}, "dice": [50]})
    bad = r"^target.turret_angle: .sideways. is not a hit angle \(allowed: front, front-side, rear-side, rear\)"
    with pytest.raises(UmpireError, match=bad):
        run_case({**FIRE, "target": {"card": "USSR-2A", "turret_angle": "sideways"}, "dice": [1, 10, 50, 50]})
    assert options.check(["hit_variations"]) == []


@pytest.mark.parametrize(("roll", "lost"), [(50, True), (51, False)])
def test_a_squad_reduced_to_a_half_squad_may_lose_its_attached_weapons(tmp_path: Path, roll: int, lost: bool) -> None:
    """17.2.2: 01-50 loses the Dragon; the LAW, a rocket launcher, is a round of ammunition and is not checked."""
    from umpire.turns.common import Applied
    from umpire.turns.mbt.advanced.effects import apply_gp
    from umpire.turns.mbt.options.hit_variations import after_hits

    sq = unit("sq", "USA-7B", [10, 18], 90, type="Squad Heavy Mechanized Infantry", equipment="with Dragon & LAW")
    g = new(tmp_path, scenario([sq], [unit("t1", "USSR-2A", [30, 18], 270)], options=["hit_variations"]))
    state = g.state.copy_for_change()
    apply_gp(state, "sq", "half", "T1 Direct Fire")
    done = after_hits(Applied(state, "fire"), WhyDice({"special leg unit loss": [roll]}))
    (r,) = [r for r in done.resolutions if r.procedure == "leg_loss"]
    assert r.facts.weapon == "Dragon" and r.outcome == {"lost": lost}
    answer, _ = run_case({"ruleset": "mbt", "procedure": "leg_loss", **(r.facts.case or {}), "dice": [roll]})
    assert answer.to_json()["outcome"] == r.outcome
    assert ("Dragon" in MbtUnit.of(state.units["sq"]).lost_weapons) is lost
    assert MbtUnit.of(state.units["sq"]).leg_loss == []
