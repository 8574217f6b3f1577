"""Twenty umpire commands at once on one game, several rounds.

    python bench/concurrency.py [--rounds 5] [--seed 1]

Each round starts 20 processes together (8 place, 5 move, 3 undo, 4 phase next) on one MBT
game; every other round runs with a busy timeout of 0.2 s, so some writers give up. Every
command must succeed or print exactly the busy Error line, the log must grow by one event per
success, and the replay must give the stored state (see tests/store/crowd.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from tests.store.crowd import make_game, run_round  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    total: Counter[str] = Counter()
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.db"
        make_game(path, a.seed)
        for i in range(a.rounds):
            timeout = 0.2 if i % 2 else None
            r = run_round(path, rng, timeout)
            ok = sum(n for k, n in r.outcomes.items() if k.endswith(": ok"))
            busy = sum(n for k, n in r.outcomes.items() if k.endswith(": busy"))
            label = f"{timeout:g} s" if timeout else "10 s"
            print(f"round {i + 1} (busy timeout {label}): {ok} succeeded, {busy} busy, "
                  f"{len(r.unexpected)} unexpected; log +{r.new_events}; {r.seconds:.1f} s")
            for u in r.unexpected:
                print(f"  {u}")
            total.update(r.outcomes)
            bad += len(r.unexpected)
    print("all rounds: " + ", ".join(f"{k} {v}" for k, v in sorted(total.items())))
    print(f"unexpected outcomes: {bad}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
