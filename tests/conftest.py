"""Shared fixtures: a CLI runner bound to a game file in a temporary folder, scripted dice."""

from __future__ import annotations

import os

os.environ.setdefault("COLUMNS", "200")  # before rich makes its consoles: no wrapped tables
from collections.abc import Callable
from pathlib import Path

import pytest  # noqa: E402
from hypothesis import settings
from typer.testing import CliRunner

from umpire.cli import app
from umpire.core.dice import ScriptedDice

settings.register_profile("ci", max_examples=40, deadline=None)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = REPO / "data" / "scenarios"


class Cli:
    """Runs ``umpire`` in-process against one game file."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None):  # noqa: A002
        return self.runner.invoke(app, ["--db", str(self.db), *args], input=input)


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "game.db")


@pytest.fixture
def scripted() -> Callable[..., ScriptedDice]:
    return lambda *values: ScriptedDice(values)


def at_scenario() -> Path:
    return SCENARIOS / "hof-gap-meeting.yaml"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden", action="store_true", default=False,
        help="Rewrite the golden files under tests/reports/golden/ (then review the diff).",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
