"""Weapon limitations (option 17.3) in the tracked game, switched on alone: DEP/EL minimum ranges
(17.3.1), rounds counted and spent (17.3.2), infantry alternate fire (17.3.4), and what is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from tests.turns.test_mbt_options_hits import WhyDice
from umpire.ask.calc import run_case
from umpire.errors import UmpireError
from umpire.rules.mbt.state import MbtUnit

HILL = {"id": "h1", "type": "hill", "height": 5, "polygon": [[11.5, 15], [15, 15], [15, 21], [11.5, 21]]}
AP = {"target": "t1", "weapon": "120mm", "ammo": "APFSDS", "shots": 1}


def _game(tmp_path: Path, opts: list[str], at: list[float], terrain: list[dict[str, Any]] | None = None,
          nato: list[dict[str, Any]] | None = None) -> Any:
    return new(tmp_path, scenario(nato or [unit("m1", "USA-1B", [10, 18], 90)],
                                  [unit("t1", "USSR-2A", at, 270)], terrain=terrain, options=opts))


def _fired(res: list[dict[str, Any]], firer: str) -> list[dict[str, Any]]:
    return [r for r in res if r["procedure"] in ("fire", "gp") and r.get("firer", r.get("unit")) == firer]


@pytest.mark.parametrize(("opts", "fires"), [(["weapon_limits"], False), ([], True)])
def test_a_rising_shot_too_close_for_the_guns_elevation_is_not_fired(tmp_path: Path, opts: list[str],
                                                                     fires: bool) -> None:
    """17.3.1.2: the M1's 120mm elevates 10; a target 5 heights up needs range 3; at 2 it holds fire."""
    g = _game(tmp_path, opts, [12, 18], [HILL])
    dice = WhyDice({})
    orders(g, {"nato": {"m1": {"order": "F", "fire": AP}}}, dice)
    res = [r for r in phase(g, dice, "Movement") if r["procedure"] == "fire" and r.get("firer") == "m1"]
    assert [r["outcome"].get("fired", True) for r in res] == [fires]
    if not fires:
        assert "elevates 10: a rising shot 5 heights up needs range 3 or more (17.3.1.2)" in res[0]["outcome"]["why"]


def test_calc_refuses_the_same_shot_when_the_case_plays_the_option() -> None:
    case = {"ruleset": "mbt", "procedure": "fire", "range": 2, "weapon_limits": True, "dice": [50, 50, 50],
            "firer": {"card": "USA-1B", "weapon": "120mm", "ammo": "APFSDS", "height": 0},
            "target": {"card": "USSR-2A", "height": 5}}
    with pytest.raises(UmpireError, match=r"^range 2: the 120mm elevates 10: .* needs range 3 or more"):
        run_case(case)
    run_case({**case, "weapon_limits": False})


def test_rounds_are_spent_and_a_weapon_out_of_them_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """17.3.2.2: one AP shot a round; with its last round fired the 120mm may not be written to fire."""
    from umpire.turns.mbt.options import weapon_limits as WL

    real = WL.carried
    monkeypatch.setattr(WL, "carried", lambda u, w: 1 if real(u, w) is not None else None)
    g = _game(tmp_path, ["weapon_limits"], [30, 18])
    dice = WhyDice({"to hit": [99]})
    orders(g, {"nato": {"m1": {"order": "F", "fire": {**AP, "shots": 2}}}}, dice)
    res = phase(g, dice, "Movement")
    (shot,) = [r for r in res if r["procedure"] == "fire" and r.get("firer") == "m1"]
    assert shot["outcome"]["shots"] == 1  # two written, one round left
    assert MbtUnit.of(g.state.units["m1"]).rounds == {"120mm": 0}
    assert any(r["summary"] == "m1: 120mm: 0 of 1 rounds left (17.3.2.2)" for r in res)
    phase(g, dice, "Command")
    seen = len(g.events())
    with pytest.raises(UmpireError, match=r"units.m1.fire\[0\].weapon: '120mm' has no rounds left, all 1 fired "
                                          r"\(17.3.2.2; allowed: 12.7mm HMG unlimited, MG unlimited\)$"):
        g.act("mbt.orders", {"side": "nato", "units": {"m1": {"order": "F", "fire": AP}}}, dice)
    assert len(g.events()) == seen  # nothing written


def test_a_squad_firing_its_law_too_fires_its_small_arms_at_minus_5(tmp_path: Path) -> None:
    """17.3.4: -5 for each attached weapon also fired; the gp case carries it and calc answers alike."""
    sq = unit("sq", "USA-7B", [27, 18], 90, type="Squad Heavy Mechanized Infantry", equipment="with Dragon & LAW")
    g = _game(tmp_path, ["weapon_limits"], [30, 18], nato=[sq])
    dice = WhyDice({})
    orders(g, {"nato": {"sq": {"order": "F", "fire": [{"target": "t1", "weapon": "LAW"},
                                                      {"target": "t1", "weapon": "Small arms"}]}}}, dice)
    res = phase(g, dice, "Movement")
    (gp,) = [r for r in res if r["procedure"] == "gp" and r.get("firer") == "sq"]
    assert {"name": "1 attached weapon also fired", "value": -5, "rule": "17.3.4"} in [
        {k: m[k] for k in ("name", "value", "rule")} for m in gp["modifiers"]]
    assert gp["case"]["firer"]["attached_fired"] == 1 and gp["case"]["weapon_limits"] is True
    answer, _ = run_case({"ruleset": "mbt", **gp["case"], "dice": [v for x in gp["rolls"] for v in x["values"]]})
    assert answer.to_json()["outcome"] == gp["outcome"]
