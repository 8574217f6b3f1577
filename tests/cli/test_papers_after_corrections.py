"""Every report and briefing is stamped (#26): as of what, its version, the corrections it
includes; a side's stamp names no action by number. (Which printed papers a correction made out of
date, and the command that prints them again: tests/papers/.)"""

from __future__ import annotations

import re

import pytest

from tests.conftest import REPO, Cli, at_scenario

ORDERS = REPO / "data" / "orders"
def _ok(r) -> str:  # noqa: ANN001
    assert r.exit_code == 0, (r.output, r.stderr)
    return r.output


@pytest.fixture
def game(tmp_path) -> Cli:
    """Turn 1 played through with a-1-64 moved by hand (#7) in the Second Movement Phase: turn 2."""
    cli = Cli(tmp_path / "game.db")
    _ok(cli("new", str(at_scenario())))
    for side in ("nato", "pact"):
        _ok(cli("turn", "orders", str(ORDERS / f"{side}-turn1.yaml")))
    for _ in range(4):
        _ok(cli("phase", "next"))
    _ok(cli("move", "a-1-64", "30", "28"))
    for _ in range(5):
        _ok(cli("phase", "next"))
    return cli


def test_every_paper_says_as_of_what_and_which_corrections_it_includes(game):
    head = _ok(game("report", "--format", "md")).splitlines()
    assert any(re.fullmatch(r"As of action #12 \(turn 2, Orders Phase\) · version [0-9a-f]{8}", ln) for ln in head)
    _ok(game("amend", "7", "move", "a-1-64", "30", "22"))
    umpire = next(ln for ln in _ok(game("report", "--format", "md")).splitlines() if ln.startswith("As of "))
    assert umpire.startswith("As of action #19 (turn 2, Orders Phase) · version ")
    assert umpire.endswith("; includes corrections #13 (amendment of #7)")
    pact = next(ln for ln in _ok(game("report", "--side", "pact", "--turn", "1")).splitlines()
                if ln.startswith("As of "))
    assert re.fullmatch(r"As of turn 2, Orders Phase · version [0-9a-f]{8}; includes a correction made at turn 2, "
                        r"Orders Phase", pact), pact
    _ok(game("undo"))  # the amendment taken back whole: the game is as it was, no correction in force
    assert "includes" not in next(ln for ln in _ok(game("report", "--format", "md")).splitlines()
                                  if ln.startswith("As of "))
