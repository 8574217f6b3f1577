"""Every bad input is one ``Error:`` line naming the reason and what is allowed, exit status 2,
and the game file left byte for byte as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.turns.conftest import ORDERS, REPO, advance


def assert_refused(cli, *args: str, needle: str) -> str:
    before = Path(cli.db).read_bytes()
    r = cli(*args)
    assert r.exit_code == 2, (args, r.output, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    assert needle in lines[0], lines[0]
    assert Path(cli.db).read_bytes() == before
    return lines[0]


def write(tmp_path: Path, name: str, data: dict) -> str:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    return str(path)


def test_orders_for_a_unit_of_the_other_side(at_game, tmp_path):
    f = write(tmp_path, "o.yaml", {"side": "nato", "units": {"t80-1": {"first": [[50, 25]]}}})
    line = assert_refused(at_game, "turn", "orders", f, needle="units.t80-1: unknown unit 't80-1'")
    assert "a-1-64" in line and "Warsaw Pact" not in line  # what is allowed; never whose the unit is


def test_orders_with_an_unknown_unit_suggest_the_close_one(at_game, tmp_path):
    f = write(tmp_path, "o.yaml", {"side": "nato", "units": {"a-1-46": {"order": "HA"}}})
    assert "Error:" in assert_refused(at_game, "turn", "orders", f, needle="did you mean 'a-1-64'?")


def test_orders_with_an_unknown_field(at_game, tmp_path):
    f = write(tmp_path, "o.yaml", {"side": "nato", "units": {"a-1-64": {"speed": 5}}})
    line = assert_refused(at_game, "turn", "orders", f, needle="o.yaml")
    assert "units.a-1-64.speed" in line


def test_orders_with_a_move_longer_than_the_order_allows(at_game, tmp_path):
    f = write(tmp_path, "o.yaml", {"side": "nato", "units": {"b-1-64": {"order": "DA", "first": [[30, 12]]}}})
    line = assert_refused(at_game, "turn", "orders", f, needle="allow at most 4\" this phase")
    assert "allowed:" in line and "Deliberate Advance" in line


def test_a_hand_move_longer_than_the_order_allows(at_game):
    advance(at_game, 1)  # into the First Movement Phase
    assert "Error:" in assert_refused(at_game, "move", "a-1-64", "40", "21",
                                      needle="HA orders allow at most 8\" this phase")


def test_a_move_through_impassable_terrain(cli, tmp_path):
    scenario = yaml.safe_load((REPO / "data" / "scenarios" / "hof-gap-meeting.yaml").read_text())
    scenario["terrain"].append({"id": "bog", "type": "marsh", "name": "Moor",
                                "polygon": [[18, 32], [24, 32], [24, 36], [18, 36]]})
    path = write(tmp_path, "boggy.yaml", scenario)
    assert cli("new", path).exit_code == 0
    f = write(tmp_path, "o.yaml", {"side": "nato", "battalions": {"tf-1-64": {"order": "HA"}},
                                   "units": {"c-4-8": {"first": [[21, 35]]}}})
    assert_refused(cli, "turn", "orders", f, needle="tracked stands may not enter marsh")


def test_fire_at_an_unspotted_target(at_game):
    advance(at_game, 2)  # First Combat Phase: nobody has been spotted yet
    line = assert_refused(at_game, "fire", "a-1-64", "t80-1", needle="t80-1 is not spotted by NATO")
    assert "spotted: none" in line


def test_fire_at_a_target_out_of_range(at_game):
    advance(at_game, 5)  # Second Combat Phase: NATO has spotted the T-80s
    assert "Error:" in assert_refused(at_game, "fire", "c-4-8", "t80-2",
                                      needle="beyond its missile range (allowed: 0-9.5\")")


@pytest.mark.parametrize(("args", "needle"), [
    (("fire", "a-1-64", "t80-1"), "direct fire is resolved in the First or Second Combat Phase (now: Orders Phase"),
    (("morale", "tf-1-64"), "morale is checked in the Morale Phase (now: Orders Phase"),
    (("move", "a-1-64", "20", "21"), "stands move only in a Movement Phase (now: Orders Phase"),
])
def test_steps_out_of_their_phase(at_game, args, needle):
    assert_refused(at_game, *args, needle=needle)


def test_orders_outside_the_orders_and_reaction_phases(at_game):
    advance(at_game, 2)
    assert "Error:" in assert_refused(at_game, "turn", "orders", str(ORDERS / "nato-turn1.yaml"),
            needle="orders are given in the Orders Phase or the Reaction Phase (now: First Combat Phase")


def test_phase_next_without_both_sides_orders(cli):
    assert cli("new", "hof-gap-meeting").exit_code == 0
    assert cli("turn", "orders", str(ORDERS / "nato-turn1.yaml")).exit_code == 0
    assert_refused(cli, "phase", "next", needle="orders missing for pact (Warsaw Pact)")


def test_a_checked_battalion_may_only_get_no_orders_or_withdraw(at_game):
    from umpire.engine import Game
    from umpire.errors import UmpireError
    from umpire.turns.auftragstaktik.ordering import check_allowed
    from umpire.turns.auftragstaktik.tracked import battalion_of, book

    state = Game.open(Path(at_game.db)).state.copy_for_change()
    book(state).battalion_status["1-tb"] = "checked"  # as a Morale Phase would leave it
    with pytest.raises(UmpireError, match="Checked and may only receive No Orders or Withdraw"):
        check_allowed(state, battalion_of(state, state.units["t80-1"]), "HA", "order")
    check_allowed(state, battalion_of(state, state.units["t80-1"]), "WD", "order")
