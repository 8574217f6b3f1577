"""A tracked Auftragstaktik game at a chosen phase of turn 1, built through the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ORDERS = REPO / "data" / "orders"


def advance(cli, n: int) -> None:
    for _ in range(n):
        r = cli("phase", "next")
        assert r.exit_code == 0, r.output + r.stderr


@pytest.fixture
def at_game(cli):
    """The demo game with both sides' turn-1 orders entered (Orders Phase of turn 1)."""
    assert cli("new", "hof-gap-meeting").exit_code == 0
    for side in ("nato", "pact"):
        r = cli("turn", "orders", str(ORDERS / f"{side}-turn1.yaml"))
        assert r.exit_code == 0, r.output + r.stderr
    return cli
