"""NBC environments (option 18.4) in the tracked game, switched on alone: every firer fires with -2 AP
and -5 GP point effect fire (18.4.2) but a buttoned vehicle with an NBC system (the vehicles chart,
public facts marked estimated) and no penetrating or compartment hit; the case the turn reports gives
calc the same answer; with command control each organization has one command point less (18.4.1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from tests.turns.test_mbt_options_hits import WhyDice
from umpire.ask.calc import run_case
from umpire.errors import UmpireError
from umpire.rules.mbt.state import MbtUnit

M48 = "FRG-5B"  # M48A2GA2: no NBC system


def _shot(tmp_path: Path, opts: list[str], turret: str, card: str = "USA-1B", ammo: str = "APFSDS") -> dict[str, Any]:
    g = new(tmp_path, scenario([unit("m1", card, [20, 18], 90)], [unit("t72", "USSR-2A", [30, 18], 270)],
                               options=opts))
    weapon = {"weapon": "120mm" if card == "USA-1B" else "105mm", "ammo": ammo}
    dice = WhyDice({})
    orders(g, {"nato": {"m1": {"order": "F", "turret": turret, "fire": {"target": "t72", **weapon}}},
               "ussr": {"t72": {"order": "OW"}}}, dice)
    res = phase(g, dice, "Movement")
    (r,) = [r for r in res if r["procedure"] in ("fire", "gp") and r.get("firer") == "m1"]
    return r


def _nbc(r: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in r["modifiers"] if m["name"] == "NBC environment"]


@pytest.mark.parametrize(("opts", "turret", "card", "ammo", "value"), [
    (["nbc"], "open", "USA-1B", "APFSDS", -2),      # open: its NBC system does not help (18.4.2)
    (["nbc"], "buttoned", "USA-1B", "APFSDS", None),  # the M1A1 buttoned fires normally
    (["nbc"], "buttoned", M48, "APFSDS", -2),        # no NBC system
    (["nbc"], "open", "USA-1B", "GP", -5),           # GP point effect fire
    (["nbc"], "buttoned", "USA-1B", "GP", None),
    ([], "open", "USA-1B", "APFSDS", None),          # no NBC environment
])
def test_fire_in_an_nbc_environment(tmp_path: Path, opts: list[str], turret: str, card: str, ammo: str,
                                    value: int | None) -> None:
    r = _shot(tmp_path, opts, turret, card, ammo)
    assert [m["value"] for m in _nbc(r)] == ([value] if value is not None else [])
    assert ("nbc" in r["case"]) is bool(opts)
    if value is None and opts:
        assert "NBC system USA-1B (True)" in r["provenance"]["estimated"]
    dice = [v for roll in r["rolls"] for v in roll["values"]]
    answer, _ = run_case({**r["case"], "dice": dice})  # calc gives the tracked answer on the same case
    out = answer.to_json()
    assert out["outcome"] == r["outcome"] and out["modified_roll"] == r["modified_roll"]


@pytest.mark.parametrize("hit", ["compartment", "penetrated"])
def test_a_penetrating_or_compartment_hit_leaves_a_buttoned_nbc_vehicle_exposed(tmp_path: Path, hit: str) -> None:
    from umpire.turns.mbt.advanced.cases import nbc

    g = new(tmp_path, scenario([unit("m1", "USA-1B", [20, 18], 90)], [], options=["nbc"]))
    state = g.state.copy_for_change()
    m1 = state.units["m1"]
    MbtUnit.of(m1).turret = "buttoned"
    f: dict[str, Any] = {}
    assert nbc(state, m1, f) == {"nbc": True} and f == {"turret": "buttoned"}
    setattr(MbtUnit.of(m1), hit, "hull" if hit == "compartment" else True)
    f = {}
    nbc(state, m1, f)
    assert f == {"turret": "buttoned", "compartment_hit": True}


def test_an_nbc_environment_costs_each_organization_a_command_point(tmp_path: Path) -> None:
    from tests.turns.test_mbt_options_turn import new_game, to_command
    from tests.turns.test_mbt_options_turn import orders as write

    g = new_game(tmp_path, ["command_control", "nbc"])
    to_command(g)
    write(tmp_path, g, "nato", {"obs": {"order": "F"}, "m1": {"order": "F"}})
    write(tmp_path, g, "ussr", {})
    to_command(g)
    seen = len(g.events())
    with pytest.raises(UmpireError, match=r"units\.m1\.order: 1 exchange of command markers costs? 1 command "
                                          r"points?; the organization has 0 \(21\.1\.2\)"):
        write(tmp_path, g, "nato", {"obs": {"order": "F"}, "m1": {"order": "M", "move": {"path": [[16, 18]]}}})
    assert len(g.events()) == seen


def test_a_bad_nbc_case_is_one_error_line(cli: Any, tmp_path: Path) -> None:
    from tests.turns.test_mbt_options_turn import _one_error_line

    case = tmp_path / "c.yaml"
    case.write_text("ruleset: mbt\nprocedure: fire\nfirer: {card: USA-1B, ammo: APFSDS}\ntarget: {card: USSR-2A}\n"
                    "range: 10\nnbc: perhaps\n", encoding="utf-8")
    line = _one_error_line(cli("calc", "fire", str(case), "--roll", "5"))
    assert "nbc" in line and "perhaps" in line and "true" in line, line
