"""One narration of an action: ``umpire fire`` words its shot as the umpire's report and
``phase next`` word it (the same lines, from the same function), not by a renderer of its own."""

from __future__ import annotations

from tests.cli.test_corrections import ORDERS, _ok
from tests.conftest import Cli, at_scenario


def test_a_shot_fired_by_hand_is_told_as_the_report_tells_it(tmp_path) -> None:
    cli = Cli(tmp_path / "game.db")
    _ok(cli("new", str(at_scenario())))
    for side in ("nato", "pact"):
        _ok(cli("turn", "orders", str(ORDERS / f"{side}-turn1.yaml")))
    for _ in range(4):
        _ok(cli("phase", "next"))
    _ok(cli("move", "a-1-64", "30", "22"))
    _ok(cli("phase", "next"))
    said = [line.rstrip() for line in _ok(cli("fire", "a-1-64", "t80-1", "--roll", "3")).splitlines()]
    told = [line.rstrip() for line in _ok(cli("report")).splitlines()]
    shot = [line for line in said if line and not line.startswith("now: ")]
    assert any(line.lstrip().startswith("#9 a-1-64") for line in shot), said
    assert len(shot) > 2 and all(line in told for line in shot), (shot, told)
    assert said[-1].startswith("now: turn 1, ")
