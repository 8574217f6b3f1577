"""Game files written by an earlier umpire open with this one: its migrations bring them up to
date, the log replays to the very state stored, and the reports are the ones that umpire gave.

The files (tests/store/old_games/, gzipped) were made by umpire before each unit and game kept
its own typed state (see make.py there): both rulesets, the MBT Basic and Advanced Games, the
options game at night, and a campaign game of each ruleset with hits and damage carried in and
ended by the umpire. Two scripted games' reports are the goldens under tests/reports/golden;
the others' are kept beside their files, as that umpire rendered them (the options game's
goldens have since come to show the Turn's second Air Phase).

The options game was played with one Air Phase a Turn: migration m011 sets the ruling
options.second_air_phase to one_phase for it, and its reports now name that ruling in their
header (:data:`RULED`), the one line they add to what that umpire printed. Its helicopters (an
Apache pair, a Hind pair) have since become units of their side in the reports: their rows in the
units' tables at their altitude state, a sighted enemy helicopter among the contacts and named by
its contact label where its side's sightings and AA fire tell of it; its kept reports were written
again for that, and differ from that umpire's in those rows and words alone.

The log is the game's history: the results stored with each action are what was told then. A
later umpire may tell a result in other words or keep another field of it (a missile's flight is
now told otherwise; an air strike names its aircraft by id, which a player's own briefing reads
to tell whether he held it), so the replay's check of those is left out here, and the players'
own briefings with it; the state the log replays to must be the stored one exactly, and the
umpire's report and each side's briefing as they were.
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

# file -> (turns reported, where each report is kept: turn, reader -> path)
GAMES: dict[str, tuple[int, object]] = {
    "at-hof-gap": (3, lambda t, r: GOLDEN / f"turn{t}-{r}.txt"),
    "mbt-advanced": (3, lambda t, r: GOLDEN / "mbt-advanced" / f"turn{t}-{r}.txt"),
    "mbt-options": (3, lambda t, r: OLD / f"mbt-options-turn{t}-{r}.txt"),
    "mbt-basic": (2, lambda t, r: OLD / f"mbt-basic-turn{t}-{r}.txt"),
    "at-campaign": (1, lambda t, r: OLD / f"at-campaign-turn{t}-{r}.txt"),
    "mbt-campaign": (1, lambda t, r: OLD / f"mbt-campaign-turn{t}-{r}.txt"),
}


# file -> the rulings a migration set, as a report's header names them after the table's size
RULED = {"mbt-options": ' · rulings:\noptions.second_air_phase = one_phase'}


def as_printed_now(name: str, text: str) -> str:
    """``text`` (a report as that umpire printed it) with the rulings a migration set in its header."""
    if name not in RULED:
        return text
    first, header, rest = text.split("\n", 2)
    return "\n".join((first, header + RULED[name], rest))


def told_otherwise(problem: str) -> bool:
    """A stored result that this umpire tells otherwise (see the module's notes)."""
    return " is not what its resolution gives: " in problem


def unpacked(name: str, folder: Path) -> Path:
    path = folder / f"{name}.db"
    with gzip.open(OLD / f"{name}.db.gz") as src, path.open("wb") as out:
        shutil.copyfileobj(src, out)
    return path


def renders(game: Game, turns: int) -> dict[tuple[int, str], str]:
    out = {}
    for turn in range(1, turns + 1):
        full = report_for_game(game, turn=turn)
        out[turn, "umpire"] = plain_text(full)
        for side in game.state.side_ids():
            out[turn, side] = plain_text(briefing(full, side))
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_old_game_opens_replays_exactly_and_reports_as_before(name: str, tmp_path: Path) -> None:
    turns, where = GAMES[name]
    game = Game.open(unpacked(name, tmp_path))
    assert [p for p in game.check() if not told_otherwise(p)] == [], "the replay differs from the stored state"
    for (turn, reader), text in renders(game, turns).items():
        path = where(turn, reader)  # type: ignore[operator]
        printed = as_printed_now(name, path.read_text(encoding="utf-8"))
        assert printed == text, f"{name}: the report of turn {turn} for {reader} differs"


def test_an_old_game_is_migrated_on_its_first_write_and_plays_on(tmp_path: Path) -> None:
    """The file itself is brought up to date by the next command that writes, and the game goes on."""
    path = unpacked("mbt-basic", tmp_path)
    with sqlite3.connect(path) as conn:
        before = {r[0] for r in conn.execute("select name from _umpire_migrations")}
    game = Game.open(path)
    game.act("mbt.phase", {}, None)
    with sqlite3.connect(path) as conn:
        after = {r[0] for r in conn.execute("select name from _umpire_migrations")}
    for name in ("m007_unit_state", "m009_game_state"):
        assert name not in before and name in after
    assert [p for p in Game.open(path).check() if not told_otherwise(p)] == []


def test_the_old_files_are_kept_small() -> None:
    assert sum(f.stat().st_size for f in OLD.iterdir()) < 300_000
