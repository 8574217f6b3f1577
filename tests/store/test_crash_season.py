"""Crash test of a correction that brings the season in step (#37): ``umpire amend N --orders FILE
--update-campaign`` on a game its season imported, killed with SIGKILL at random moments and aimed
at each of its two writes (the game file's journal, then the campaign file's). Afterwards each file
opens and is exactly as before or exactly as the command leaves it, and never the season ahead of
the game: the season updated only with the game corrected, and a game corrected with the season
as it was is named by ``campaign status`` as changed after its import. UMPIRE_CRASH_KILLS (default
6) sets the number of kills."""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from tests.campaign.conftest import ok
from tests.campaign.play import play_at
from umpire.campaign.engine import Campaign
from umpire.campaign.results import game_digest
from umpire.engine import Game

REPO = Path(__file__).resolve().parents[2]


def _tables(path: Path) -> dict[str, list[tuple[object, ...]]]:
    conn = sqlite3.connect(path)
    try:
        names = [r[0] for r in conn.execute("select name from sqlite_master where type = 'table' order by name")]
        return {t: conn.execute(f"select * from {t} order by 1").fetchall() for t in names}
    finally:
        conn.close()


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A season with round 1's north game played and imported, and NATO's turn-2 orders of that
    game written again with no fire (the correction to make); the number of the action it amends."""
    d = tmp_path_factory.mktemp("season")
    ok("campaign", "new", d / "season.db", "--from", "hof-autumn-1985")
    ok("campaign", "next", d / "season.db", "--game", "r1-north", "--out", d / "r1-north.db")
    play_at(d / "r1-north.db", 3, d)
    ok("campaign", "import", d / "season.db", d / "r1-north.db")
    (d / "fixed.yaml").write_text(yaml.safe_dump({"side": "nato", "turn": 2, "units": {}}))
    game = Game.open(d / "r1-north.db")
    n = next(e.seq for e in game.live_events() if e.kind == "auftragstaktik.orders" and e.turn == 2
             and e.payload.get("side") == "nato")
    game.close()
    return d, n


def _start(work: Path, n: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "umpire", "--db", str(work / "r1-north.db"), "amend", str(n),
                             "--orders", str(work / "fixed.yaml"), "--update-campaign"],
                            env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=work,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _fresh(d: Path, folder: Path) -> Path:
    work = folder / "work"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(d, work, ignore=shutil.ignore_patterns("*-journal"))
    return work


def _state(path: Path, before: dict[str, list[tuple[object, ...]]]) -> str:
    return "before" if _tables(path) == before else "after"


def test_a_killed_correction_leaves_game_and_season_before_or_after_never_the_season_ahead(base, tmp_path):
    d, n = base
    kills = int(os.environ.get("UMPIRE_CRASH_KILLS", "6"))
    rng = random.Random(kills)
    work = _fresh(d, tmp_path)
    start = time.perf_counter()
    proc = _start(work, n)
    assert proc.wait() == 0
    runtime = time.perf_counter() - start
    seen: dict[tuple[str, str], int] = {}
    for i in range(kills):
        work = _fresh(d, tmp_path)
        game_before, season_before = _tables(work / "r1-north.db"), _tables(work / "season.db")
        proc = _start(work, n)
        aim = ("random", "r1-north.db-journal", "season.db-journal")[i % 3]
        if aim == "random":
            time.sleep(rng.uniform(0.0, 1.1 * runtime))
        else:
            while proc.poll() is None and not (work / aim).exists():
                time.sleep(0.0005)
            time.sleep(rng.uniform(0.0, 0.02))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        game, season = Game.open(work / "r1-north.db"), Campaign.open(work / "season.db")  # a hot journal rolled back
        try:
            g, s = _state(work / "r1-north.db", game_before), _state(work / "season.db", season_before)
            assert (g, s) != ("before", "after"), "the season was updated from a game not corrected"
            assert game.check() == [] and season.check() == []
            if g == "after":
                amendments = [e for e in game.events() if e.kind == "amend"]
                assert len(amendments) == 1 and amendments[0].payload["amends"] == n
            # the season's digest of the game is the game's, unless the game was corrected since
            # (what campaign status reads to name it as changed after its import)
            in_step = season.state.games["r1-north"].digest == game_digest(game)
            assert in_step == ((g, s) != ("after", "before")), (g, s)
        finally:
            game.close()
            season.close()
        seen[(g, s)] = seen.get((g, s), 0) + 1
    assert sum(seen.values()) == kills, seen
