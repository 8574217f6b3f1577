"""Print how long ``umpire --help`` and ``umpire status`` take, as a user would run them.

    python bench/startup.py [--runs 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


ENV = {**os.environ, "PYTHONPATH": str(REPO)}


def _time(cmd: list[str], runs: int, cwd: Path) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, capture_output=True, check=True, env=ENV)
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=10)
    args = ap.parse_args()
    py = [sys.executable, "-m", "umpire"]
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([*py, "new", str(REPO / "data/scenarios/hof-gap-meeting.yaml")], cwd=tmp, check=True,
                       capture_output=True, env=ENV)
        for label, extra in (("umpire --help", ["--help"]), ("umpire status", ["status"]),
                             ("python -c pass", None)):
            cmd = [sys.executable, "-c", "pass"] if extra is None else [*py, *extra]
            times = _time(cmd, args.runs, Path(tmp))
            print(f"{label:16s} median {statistics.median(times) * 1000:6.0f} ms   "
                  f"min {min(times) * 1000:6.0f} ms   ({args.runs} runs)")


if __name__ == "__main__":
    main()
