"""Crash test (acceptance): writing commands killed with SIGKILL at random moments leave the game
exactly before or after the action, and it opens afterwards. ``bench/crash.py`` runs 200 kills;
here UMPIRE_CRASH_KILLS (default 12: each of the six commands twice, once at random and once
aimed at its write) keeps the suite quick."""

from __future__ import annotations

import os

from tests.store.crashing import run


def test_killed_writers_leave_the_game_before_or_after(tmp_path):
    kills = int(os.environ.get("UMPIRE_CRASH_KILLS", "12"))
    tally, _ = run(kills, tmp_path, seed=kills)
    assert tally.failures == []
    assert tally.kills == kills
    assert sum(tally.before.values()) + sum(tally.after.values()) == kills
