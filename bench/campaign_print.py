"""Print the time ``umpire campaign print`` takes for a round of 8 players (target: under 10 s).

Run from the repository root: ``python bench/campaign_print.py [RUNS]``. A campaign of the
bundled Auftragstaktik season (four players a side, round 1: two games) is made in a temporary
folder, then the whole command runs RUNS times (default 5) as the umpire types it, start-up
included, with its progress bar on the terminal; min, median and max are printed.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def umpire(*args: str, quiet: bool = True) -> None:
    subprocess.run([sys.executable, "-m", "umpire", *args], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL if quiet else None)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    with tempfile.TemporaryDirectory() as tmp:
        season = str(Path(tmp) / "season.db")
        umpire("campaign", "new", season, "--from", "hof-autumn-1985")
        times = []
        files = 0
        for i in range(runs):
            out = Path(tmp) / f"papers-{i}"
            t0 = time.perf_counter()
            umpire("campaign", "print", season, "--out", str(out))  # the bar is drawn on stderr
            times.append(time.perf_counter() - t0)
            files = len(list((out / "round-1").iterdir()))
    print(f"campaign print, round of 8 players ({files} PDFs), {runs} runs: min {min(times):.2f} s, "
          f"median {statistics.median(times):.2f} s, max {max(times):.2f} s (target < 10 s)")


if __name__ == "__main__":
    main()
