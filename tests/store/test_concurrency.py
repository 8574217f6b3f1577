"""Concurrency test (acceptance): twenty writers at once on one game (place, move, undo, phase
next, amend), in rounds; each succeeds or prints exactly the busy Error line, the log grows by
one entry per success and the replay gives the stored state. ``bench/concurrency.py`` runs five rounds;
here UMPIRE_CROWD_ROUNDS (default 2: one with the default busy timeout, one with 0.2 s so that
some writers give up) keeps the suite quick."""

from __future__ import annotations

import os
import random

from tests.store.crowd import make_game, run_round


def test_twenty_writers_at_once(tmp_path):
    path = tmp_path / "g.db"
    make_game(path)
    rng = random.Random(2)
    for i in range(int(os.environ.get("UMPIRE_CROWD_ROUNDS", "2"))):
        r = run_round(path, rng, 0.2 if i % 2 else None)
        assert r.unexpected == [], r.unexpected
        assert sum(r.outcomes.values()) == 20
        if i % 2 == 0:  # with the default timeout nobody should have to give up
            assert all(k.endswith(": ok") for k in r.outcomes), r.outcomes
