"""Kill writing umpire commands at random moments and check the game is always whole.

    python bench/crash.py [--kills 200] [--seed 1]

Kills ``phase next``, ``undo``, ``new --replace``, ``turn orders``, ``amend`` and ``redo`` (in turn) with SIGKILL:
half after a random delay over the whole run, half aimed at the moment the command writes.
After each kill the game must open and be exactly as it was before the command or exactly as
the command leaves it (see tests/store/crashing.py). Prints, per command, how many kills left
the game before and after, and how many landed while the write was under way.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from tests.store.crashing import run  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        tally, commands = run(a.kills, Path(tmp), seed=a.seed)
    print(f"{tally.kills} kills in {time.perf_counter() - start:.0f} s")
    print(f"  {'command':<15} {'runs for':>9} {'writes for':>11} {'before':>7} {'after':>6} {'mid-write':>10}")
    for c in commands:
        print(f"  {c.name:<15} {c.runtime:>7.2f} s {c.window[1] * 1000:>8.1f} ms {tally.before[c.name]:>7} "
              f"{tally.after[c.name]:>6} {tally.mid_write[c.name]:>10}")
    print(f"  {'all':<15} {'':>9} {'':>11} {sum(tally.before.values()):>7} {sum(tally.after.values()):>6} "
          f"{sum(tally.mid_write.values()):>10}")
    print(f"failures: {len(tally.failures)}")
    for f in tally.failures:
        print(f"  {f}")
    sys.exit(1 if tally.failures else 0)


if __name__ == "__main__":
    main()
