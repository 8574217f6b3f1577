"""AVLBs (option 22) in the tracked game, switched on alone: an M60 AVLB with MOVE orders that stays
put lays its bridge over the stream to its front at the end of the Movement Step; a move across the
stream there is then priced as clear ground (calc move's function, its route says clear); it
recovers the bridge the same way; and what is refused."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.turns.mbt_adv import new, orders, phase, scenario, unit
from tests.turns.test_mbt_options_hits import WhyDice
from umpire.errors import UmpireError
from umpire.rules.mbt.state import MbtGame
from umpire.turns.mbt.options import state as OS

BROOK = {"id": "brook", "type": "stream", "line": [[13, 0], [13, 32]]}


def _game(tmp_path: Path, opts: list[str], facing: float = 90) -> Any:
    tmp_path.mkdir(exist_ok=True)
    nato = [unit("avlb", "USA-3A/2", [12, 10], facing), unit("m1", "USA-1B", [10, 10.4], 90)]
    return new(tmp_path, scenario(nato, [unit("t1", "USSR-2A", [44, 28], 270)], terrain=[BROOK], options=opts))


def _cost(g: Any) -> float:
    return float(MbtGame.of(g.state).orders["nato"]["m1"]["move"]["cost"])


def test_a_bridge_is_laid_crossed_as_clear_ground_and_recovered(tmp_path: Path) -> None:
    g = _game(tmp_path, ["avlb"])
    dice = WhyDice({})
    orders(g, {"nato": {"avlb": {"order": "M", "bridge": "launch"}, "m1": {"order": "OW"}}}, dice)
    phase(g, dice, "Adjustment")
    assert OS.read(g.state).bridges == {"avlb": (13.0, 10.0)}
    orders(g, {"nato": {"m1": {"order": "M", "move": {"path": [[14, 10.4]]}}}}, dice)
    over_bridge = _cost(g)
    g2 = _game(tmp_path / "b", ["avlb"])  # no bridge there
    orders(g2, {"nato": {"m1": {"order": "M", "move": {"path": [[14, 10.4]]}}}}, dice)
    assert over_bridge == _cost(g2) - 2  # the stream hex costs the M1 3, clear ground 1
    phase(g, dice, "Adjustment")
    orders(g, {"nato": {"avlb": {"order": "M", "bridge": "recover"}}}, dice)
    phase(g, dice, "Adjustment")
    assert OS.read(g.state).bridges == {}


@pytest.mark.parametrize(("opts", "facing", "uid", "spec", "why"), [
    ([], 90, "avlb", {"order": "M", "bridge": "launch"}, "units.avlb.bridge: laying bridges needs the avlb option"),
    (["avlb"], 90, "m1", {"order": "M", "bridge": "launch"},
     "units.m1.bridge: m1 is not an armored vehicle launched bridge (22"),
    (["avlb"], 90, "avlb", {"order": "M", "bridge": "launch", "move": {"path": [[12, 12]]}},
     "units.avlb.bridge: an AVLB launches its bridge with MOVE orders, staying where it is"),
    (["avlb"], 90, "avlb", {"order": "M", "bridge": "recover"},
     "units.avlb.bridge: avlb has no bridge laid to recover (22.4; allowed: launch)"),
    (["avlb"], 0, "avlb", {"order": "M", "bridge": "launch"},
     "units.avlb.bridge: no stream or ditch lies directly to avlb's front, within a hex length (22.2)"),
])
def test_a_bridge_order_the_rules_do_not_allow_is_refused(tmp_path: Path, opts: list[str], facing: float, uid: str,
                                                          spec: dict[str, Any], why: str) -> None:
    g = _game(tmp_path, opts, facing)
    phase(g, WhyDice({}), "Command")
    seen = len(g.events())
    with pytest.raises(UmpireError, match=re.escape(why)):
        g.act("mbt.orders", {"side": "nato", "units": {uid: spec}}, WhyDice({}))
    assert len(g.events()) == seen
