"""A move typed from a position as shown (rounded to 0.01") is held to its allowance within
:data:`umpire.core.tape.MOVE_TOLERANCE`, and a move longer than that is still refused (#26 item 8)."""

from __future__ import annotations

import json

from tests.turns.conftest import DUEL, ORDERS, advance, write
from tests.turns.test_bad_inputs import assert_refused
from umpire.core.tape import MOVE_TOLERANCE


def _mbt_orders(cli, tmp_path, y: float):
    orders = {"side": "nato", "turn": 1, "units": {"m1": {"order": "M", "move": {"path": [[10, y]]}}}}
    return cli("turn", "orders", str(write(tmp_path / "o.yaml", orders)))


def test_a_full_mbt_move_typed_from_the_shown_position_is_made(cli, tmp_path):
    duel = json.loads(json.dumps(DUEL))
    duel["sides"][0]["units"][0].update(at=[10, 13.667], facing=0)  # as campaign next lays units out
    assert cli("new", str(write(tmp_path / "duel.yaml", duel))).exit_code == 0
    assert "(10, 13.67)" in cli("status").output
    advance(cli, 1)
    assert_refused(cli, "turn", "orders", str(write(tmp_path / "far.yaml", {
        "side": "nato", "turn": 1, "units": {"m1": {"order": "M", "move": {"path": [[10, 19.8]]}}}})),
        needle="needs 6.133 in, the unit has 6 in")
    r = _mbt_orders(cli, tmp_path, 13.67 + 6)  # 6.003" from where m1 really is, 6" from where it is shown
    assert r.exit_code == 0, r.stderr
    assert '6" of 6"' in r.output


def test_a_full_auftragstaktik_move_typed_from_the_shown_position_is_made(cli):
    assert cli("new", "hof-gap-meeting").exit_code == 0
    for side in ("nato", "pact"):
        assert cli("turn", "orders", str(ORDERS / f"{side}-turn1.yaml")).exit_code == 0
    assert cli("place", "a-1-64", "25.996", "21.667").exit_code == 0
    assert "(26, 21.67)" in cli("status").output
    advance(cli, 1)  # First Movement: HA orders allow 8"
    assert_refused(cli, "move", "a-1-64", "34.1", "21.67", needle="HA orders allow at most 8\" this phase")
    r = cli("move", "a-1-64", "34", "21.67")  # 8.004" from where it is
    assert r.exit_code == 0 and '8" of 8" allowance' in r.output, r.stderr


def test_the_tolerance_is_finer_than_a_tape_and_covers_the_rounding():
    rounding = (0.005**2 + 0.005**2) ** 0.5  # each coordinate shown to 0.01"
    assert 4 * rounding < MOVE_TOLERANCE < 1 / 16  # even charged at 4" an inch (rough), below a tape's 1/16"
