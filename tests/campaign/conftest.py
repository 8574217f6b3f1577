"""Campaign fixtures: the CLI in process, and the first round of each bundled season played."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.campaign.play import play_at, play_mbt
from umpire.cli import app


def run(*args: str | Path):
    """``umpire ARGS`` in process; returns the click result."""
    return CliRunner().invoke(app, [str(a) for a in args])


def ok(*args: str | Path):
    r = run(*args)
    assert r.exit_code == 0, (args, r.output, r.stderr)
    return r


@pytest.fixture(scope="session")
def at_round1(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Auftragstaktik season with round 1 set up, both games played to their turn limit
    (3 turns, scripted orders) and imported in reverse order."""
    d = tmp_path_factory.mktemp("at")
    season = d / "season.db"
    ok("campaign", "new", season, "--from", "hof-autumn-1985")
    for game in ("r1-north", "r1-south"):
        ok("campaign", "next", season, "--game", game, "--out", d / f"{game}.db")
        play_at(d / f"{game}.db", 3, d)
    ok("campaign", "import", season, d / "r1-south.db", d / "r1-north.db")
    return d


@pytest.fixture(scope="session")
def mbt_round1(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The MBT season with round 1 set up, both games played to their end (6 Turns, 9.4) and
    imported in reverse order."""
    d = tmp_path_factory.mktemp("mbt")
    season = d / "season.db"
    ok("campaign", "new", season, "--from", "fulda-1989")
    for game in ("r1-village", "r1-farms"):
        ok("campaign", "next", season, "--game", game, "--out", d / f"{game}.db")
        play_mbt(d / f"{game}.db", 6, d)
    ok("campaign", "import", season, d / "r1-farms.db", d / "r1-village.db")
    return d


@pytest.fixture(scope="session")
def round1_played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An Auftragstaktik campaign with both games of round 1 played but not imported yet (copy
    the files before changing them)."""
    d = tmp_path_factory.mktemp("played")
    ok("campaign", "new", d / "season.db", "--from", "hof-autumn-1985")
    for game in ("r1-north", "r1-south"):
        ok("campaign", "next", d / "season.db", "--game", game, "--out", d / f"{game}.db")
        play_at(d / f"{game}.db", 3, d)
    return d


def copy_of(folder: Path, into: Path, names: tuple[str, ...] = ("season.db", "r1-north.db", "r1-south.db")) -> Path:
    import shutil

    into.mkdir(parents=True, exist_ok=True)
    for name in names:
        shutil.copy(folder / name, into / name)
    return into
