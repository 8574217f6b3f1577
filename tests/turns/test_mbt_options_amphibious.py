"""Amphibious movement (option 17.7) in the tracked game, switched on alone: a floating BMP makes no
exhaust smoke and sinks, with no bail out, on a hull compartment hit or in the impact hex of
artillery GP fire; without the option nothing floats."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.turns.mbt_adv import new, phase, scenario, unit
from tests.turns.test_mbt_options_hits import WhyDice
from umpire.core.resolution import Facts, Resolution
from umpire.errors import UmpireError
from umpire.rules.mbt.state import MbtUnit

POND = {"id": "pond", "type": "water", "polygon": [[28, 16], [32, 16], [32, 20], [28, 20]]}


def _game(tmp_path: Path, opts: list[str]) -> Any:
    return new(tmp_path, scenario([unit("m1", "USA-1B", [10, 18], 90)], [unit("bmp", "USSR-2B/2", [30, 18], 270)],
                                  terrain=[POND], options=opts))


def test_a_floating_vehicle_makes_no_exhaust_smoke(tmp_path: Path) -> None:
    g = _game(tmp_path, ["amphibious"])
    phase(g, WhyDice({}), "Command")
    seen = len(g.events())
    with pytest.raises(UmpireError, match=r"units.bmp.move.exhaust: a floating vehicle makes no exhaust smoke "
                                          r"\(17.7.2\)"):
        g.act("mbt.orders", {"side": "ussr", "units": {"bmp": {"order": "M", "move": {"path": [[29, 18]],
                                                                                       "exhaust": True}}}}, WhyDice({}))
    assert len(g.events()) == seen


@pytest.mark.parametrize(("opts", "sinks"), [(["amphibious", "hit_variations"], True), (["hit_variations"], False)])
def test_a_floating_vehicle_sinks_in_an_artillery_impact_hex(tmp_path: Path, opts: list[str], sinks: bool) -> None:
    from umpire.turns.mbt.options.amphibious import impact_hex

    state = _game(tmp_path, opts).state.copy_for_change()
    notes: list[Any] = []
    impact_hex(state, [30.2, 18], "T1 Artillery", notes)
    bmp = state.units["bmp"]
    assert (bmp.status == "eliminated") is sinks
    if sinks:
        assert MbtUnit.of(bmp).bail_out is None  # no bail outs are possible (17.7.3)
        assert any(n["text"] == "sinks: in the impact hex of artillery fire while floating (17.7.3)" for n in notes)


def test_a_hull_compartment_hit_sinks_a_floating_vehicle(tmp_path: Path) -> None:
    from umpire.turns.mbt.advanced.effects import apply_ap

    state = _game(tmp_path, ["amphibious"]).state.copy_for_change()
    hit = Resolution(ruleset="mbt", procedure="fire", summary="", facts=Facts(firer="m1"),
                     outcome={"results": [{"location": "HS", "penetrated": True, "damage": "compartment"}]})
    apply_ap(state, "bmp", hit, "T1 Direct Fire")
    assert state.units["bmp"].status == "eliminated" and state.units["bmp"].destroyed == "knocked_out"
