"""Print how fast umpire reads a big scenario, against PyYAML's own safe loader, and what a
"billion laughs" alias bomb costs it (time and peak memory, each in a fresh process).

    python bench/yaml_read.py [--units 3000] [--terrain 300] [--vertices 300] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from umpire.schema.reader import parse_yaml  # noqa: E402

BOMB = "".join(
    f"{name}: &{name} [{','.join([prev] * 9)}]\n"
    for name, prev in zip("abcdefghi", ['"lol"', *(f"*{c}" for c in "abcdefgh")], strict=True)
)

PROBE = """
import json, resource, sys, time
sys.path.insert(0, REPO)
from umpire.errors import DataError
from umpire.schema.reader import read_yaml_file
def peak_mb():
    # VmHWM is this program's own peak; ru_maxrss also counts the parent's memory at fork on Linux
    try:
        with open("/proc/self/status") as fh:
            return next(int(l.split()[1]) for l in fh if l.startswith("VmHWM:")) / 1024
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
start = time.perf_counter()
try:
    read_yaml_file(PATH)
    outcome = "read"
except DataError as exc:
    outcome = str(exc)
print(json.dumps({"seconds": time.perf_counter() - start, "outcome": outcome,
                  "peak_mb": peak_mb()}))
"""


def big_scenario(units: int, terrain: int, vertices: int) -> str:
    rng = random.Random(1)
    data = yaml.safe_load((REPO / "data" / "scenarios" / "hof-gap-meeting.yaml").read_text(encoding="utf-8"))
    side = data["sides"][0]["formations"][0]["units"]
    proto = side[0]
    for i in range(units):
        side.append({**proto, "id": f"u{i}", "at": [round(rng.uniform(0, 72), 2), round(rng.uniform(0, 20), 2)]})
    for j in range(terrain):
        cx, cy = rng.uniform(5, 65), rng.uniform(5, 40)
        pts = [[round(cx + 3 * math.cos(2 * math.pi * k / vertices), 3),
                round(cy + 3 * math.sin(2 * math.pi * k / vertices), 3)] for k in range(vertices)]
        data["terrain"].append({"id": f"wood{j}", "type": "woods", "name": f"Wood {j}", "polygon": pts})
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=200)


def best(fn, runs: int) -> float:  # noqa: ANN001
    out = math.inf
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - t0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--units", type=int, default=3000)
    ap.add_argument("--terrain", type=int, default=300)
    ap.add_argument("--vertices", type=int, default=300)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    text = big_scenario(args.units, args.terrain, args.vertices)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    assert parse_yaml(text, "big") == yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader
    old = best(lambda: yaml.load(text, Loader=loader), args.runs)  # noqa: S506
    new = best(lambda: parse_yaml(text, "big"), args.runs)
    print(f"big scenario: {len(text) / 1e6:.1f} MB ({args.units} units, {args.terrain} polygons of "
          f"{args.vertices} points)")
    print(f"  PyYAML {loader.__name__}: {old:.3f} s")
    print(f"  umpire reader:         {new:.3f} s ({old / new:.1f}x)")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bomb.yaml"
        path.write_text(BOMB, encoding="utf-8")
        probe = PROBE.replace("REPO", repr(str(REPO))).replace("PATH", repr(str(path)))
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONPATH": str(REPO)}).stdout
        wall = time.perf_counter() - t0
    got = json.loads(out)
    print(f"alias bomb ({len(BOMB)} bytes, 9^9 = {9**9:,} values when expanded):")
    print(f"  refused in {got['seconds'] * 1000:.1f} ms ({wall:.2f} s for the whole process), "
          f"peak memory {got['peak_mb']:.0f} MB")
    print(f"  {got['outcome']}")


if __name__ == "__main__":
    main()
