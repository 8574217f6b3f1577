"""The four scenarios of the MBT rulebook, bundled as Advanced Game scenarios (23.3): every
matchup sets up (forces from the TO&E, setup areas checked) and plays a turn; one matchup of
each scenario plays it with written orders files for both sides."""

from __future__ import annotations

from pathlib import Path

import pytest

from umpire.core.dice import SeededDice
from umpire.engine import Game
from umpire.registry import load_scenario
from umpire.rules.mbt.state import MbtGame, MbtUnit

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "data" / "scenarios").glob("mbt-s[1-4]-*.yaml"))
ORDERS = ROOT / "data" / "orders" / "mbt-scenarios"
WRITTEN = {"mbt-s1-meeting-1": "s1-meeting-1", "mbt-s2-delaying-1": "s2-delaying-1",
           "mbt-s3-defensive-1": "s3-defensive-1", "mbt-s4-counterattack": "s4-counterattack"}


def test_every_scenario_of_the_rulebook_is_there():
    names = {p.stem for p in SCENARIOS}
    assert {"mbt-s1-meeting-1", "mbt-s1-meeting-2", "mbt-s1-meeting-3", "mbt-s1-meeting-4", "mbt-s2-delaying-1",
            "mbt-s2-delaying-2", "mbt-s3-defensive-1", "mbt-s3-defensive-2", "mbt-s4-counterattack"} <= names


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_each_matchup_sets_up_and_plays_a_turn(path, tmp_path):
    g = Game.create(tmp_path / "g.db", load_scenario(path), seed=7)
    rules = g.turn_rules()
    m = MbtGame.of(g.state).model_dump(mode="json")
    assert m["game"] == "advanced" and m["turns"] in (15, 20, 24, 25) and m["advanced"]["rulebook"]
    dice = SeededDice(7)
    g.act("mbt.phase", {}, dice)
    for side in g.state.side_ids():
        written = ORDERS / f"{WRITTEN.get(path.stem, '-')}-turn1-{side}.yaml"
        payload = rules.read_orders(written, g.state) if written.exists() else {"side": side, "units": {}}
        g.act("mbt.orders", payload, dice)
    for _ in range(4):
        g.act("mbt.phase", {}, dice)
    assert g.state.turn == 2 and g.state.phase == "Initiative"
    assert g.check() == []


def test_the_written_orders_move_units(tmp_path):
    g = Game.create(tmp_path / "g.db", load_scenario(ROOT / "data" / "scenarios" / "mbt-s2-delaying-1.yaml"), seed=3)
    rules, dice = g.turn_rules(), SeededDice(3)
    g.act("mbt.phase", {}, dice)
    for side in ("ussr", "nato"):
        g.act("mbt.orders", rules.read_orders(ORDERS / f"s2-delaying-1-turn1-{side}.yaml", g.state), dice)
    for _ in range(4):
        g.act("mbt.phase", {}, dice)
    moved = [r for e in g.events() for r in e.results if r["procedure"] == "move"]
    assert {r["unit"] for r in moved} >= {"bmpr1", "ts2-1"}
    assert MbtUnit.of(g.state.units["ss1-3"]).full_cover is True  # 15.5


def test_victory_points_of_losses_caused(tmp_path):
    """D.1: a vehicle's first number when destroyed (T-80A 80, 9.4.2.1), a light motorized squad
    reduced to a half squad 27 - 20 = 7 (D.1's example), a towed gun's value when knocked out."""
    from umpire.turns.mbt.advanced.effects import reduce
    from umpire.turns.mbt.advanced.victory import loss_points

    s = Game.create(tmp_path / "a.db", load_scenario(ROOT / "data" / "scenarios" / "mbt-s3-defensive-2.yaml"),
                    seed=1).state
    est: list[str] = []
    t80 = s.units["tp3-1"]
    assert t80.card == "USSR-1A"
    t80.status, t80.destroyed = "eliminated", "knocked_out"
    assert loss_points(t80, est) == (80, "destroyed, 80-40-20")
    gun = next(u for u in s.units.values() if u.card == "USSR-9A/1")
    gun.status = "eliminated"
    assert loss_points(gun, est)[0] == 25
    s2 = Game.create(tmp_path / "b.db", load_scenario(ROOT / "data" / "scenarios" / "mbt-s2-delaying-2.yaml"),
                     seed=1).state
    squad = next(u for u in s2.units.values() if u.type == "Squad Light Motorized Rifle Infantry")
    reduce(squad, [])
    assert loss_points(squad, est) == (7, "reduced to a half squad")
