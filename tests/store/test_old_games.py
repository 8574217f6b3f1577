"""Game files written by an earlier umpire open with this one: its migrations bring them up to
date, the log replays to the very state stored, and the reports are the ones that umpire gave.

The files (tests/store/old_games/, gzipped) were made by umpire before each unit and game kept
its own typed state (see make.py there): both rulesets, the MBT Basic and Advanced Games, the
options game at night, and a campaign game of each ruleset with hits and damage carried in and
ended by the umpire. The three scripted games' reports are the goldens under
tests/reports/golden; the others' are kept beside their files, as that umpire rendered them.
"""

from __future__ import annotations

import gzip
import shutil
import sqlite3
from pathlib import Path

import pytest

from umpire.engine import Game
from umpire.reports.model import briefing, report_for_game
from umpire.reports.turn_text import plain_text

HERE = Path(__file__).resolve().parent
OLD = HERE / "old_games"
GOLDEN = HERE.parent / "reports" / "golden"
PLAYERS = {"nato": ("alpha", "bravo"), "ussr": ("ivanov", "petrov")}

# file -> (turns reported, where each report is kept: turn, reader -> path, the players' too)
GAMES: dict[str, tuple[int, object, bool]] = {
    "at-hof-gap": (3, lambda t, r: GOLDEN / f"turn{t}-{r}.txt", False),
    "mbt-advanced": (3, lambda t, r: GOLDEN / "mbt-advanced" / f"turn{t}-{r}.txt", False),
    "mbt-options": (3, lambda t, r: GOLDEN / "mbt-options" / f"turn{t}-{r}.txt", True),
    "mbt-basic": (2, lambda t, r: OLD / f"mbt-basic-turn{t}-{r}.txt", False),
    "at-campaign": (1, lambda t, r: OLD / f"at-campaign-turn{t}-{r}.txt", False),
    "mbt-campaign": (1, lambda t, r: OLD / f"mbt-campaign-turn{t}-{r}.txt", False),
}


def reworded(problem: str) -> bool:
    """A stored result whose words alone (its summary) this umpire tells otherwise: the log keeps
    what was told when the action was taken (since the files were made, a missile's flight is
    told in other words). Its outcome, dice and every other field must still be the replay's."""
    return "is not what its resolution gives: summary:" in problem


def unpacked(name: str, folder: Path) -> Path:
    path = folder / f"{name}.db"
    with gzip.open(OLD / f"{name}.db.gz") as src, path.open("wb") as out:
        shutil.copyfileobj(src, out)
    return path


def renders(game: Game, turns: int, players: bool) -> dict[tuple[int, str], str]:
    out = {}
    for turn in range(1, turns + 1):
        full = report_for_game(game, turn=turn)
        out[turn, "umpire"] = plain_text(full)
        for side in game.state.side_ids():
            out[turn, side] = plain_text(briefing(full, side))
            for player in PLAYERS.get(side, ()) if players else ():
                out[turn, f"{side}-{player}"] = plain_text(briefing(full, side, player))
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_old_game_opens_replays_exactly_and_reports_as_before(name: str, tmp_path: Path) -> None:
    turns, where, players = GAMES[name]
    game = Game.open(unpacked(name, tmp_path))
    assert [p for p in game.check() if not reworded(p)] == [], "the replay of the log differs from the stored state"
    for (turn, reader), text in renders(game, turns, players).items():
        path = where(turn, reader)  # type: ignore[operator]
        assert path.read_text(encoding="utf-8") == text, f"{name}: the report of turn {turn} for {reader} differs"


def test_an_old_game_is_migrated_on_its_first_write_and_plays_on(tmp_path: Path) -> None:
    """The file itself is brought up to date by the next command that writes, and the game goes on."""
    path = unpacked("mbt-basic", tmp_path)
    with sqlite3.connect(path) as conn:
        before = {r[0] for r in conn.execute("select name from _umpire_migrations")}
    game = Game.open(path)
    game.act("mbt.phase", {}, None)
    with sqlite3.connect(path) as conn:
        after = {r[0] for r in conn.execute("select name from _umpire_migrations")}
    assert "m007_unit_state" not in before and "m007_unit_state" in after
    assert [p for p in Game.open(path).check() if not reworded(p)] == []


def test_the_old_files_are_kept_small() -> None:
    assert sum(f.stat().st_size for f in OLD.iterdir()) < 300_000
