"""Tracked games for the turn tests: small MBT duels, and the Auftragstaktik demo game at turn 1."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

DUEL = {
    "name": "duel",
    "ruleset": "mbt",
    "table": {"width": 48, "depth": 36},
    "seed": 5,
    "mbt": {"game": "basic", "turns": 2, "objectives": [{"terrain": "sb1", "points": 10}]},
    "terrain": [
        {"id": "sb1", "type": "town", "polygon": [[30, 30], [33, 30], [33, 33], [30, 33]]},
        {"id": "w1", "type": "woods", "polygon": [[14, 20], [18, 20], [18, 26], [14, 26]]},
    ],
    "sides": [
        {"id": "nato", "units": [
            {"id": "m1", "card": "USA-1B", "at": [10, 10], "facing": 90},
            {"id": "m2", "card": "USA-1B", "at": [10, 23], "facing": 90},
        ]},
        {"id": "ussr", "units": [
            {"id": "t64", "card": "USSR-1B", "at": [20, 10], "facing": 270},
            {"id": "t64b", "card": "USSR-1B", "at": [22, 23], "facing": 270},
        ]},
    ],
}


def write(path: Path, data: dict) -> Path:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    return write(tmp_path / "duel.yaml", DUEL)


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
