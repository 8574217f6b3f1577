"""How well a photo of the table is read: detection, position and facing error, over photos made
from a known truth (tests/photo/synth.py: the demo's table with its terrain and ``--stands``
random stands, each with its printed marker, seen by a phone from straight down to 50 degrees
of tilt, turned any way about the table, framed to fill the photo give or take 15 degrees;
blurred, noised, unevenly lit, a touch of lens distortion, JPEG-compressed).

    python bench/photo.py [--photos 200] [--stands 150] [--megapixels 12] [--size 0.5] [--seed 1] [--jobs 1]
                         [--save FILE.jsonl]
    python bench/photo.py --sweep [--photos 9] [--stands 60] [--jobs 1] [--save FILE.jsonl]

The first prints, over every marker of every photo: the share found; the position error
(median, 95th percentile, largest) and the facing error (median, 95th percentile, largest, the
share within 3 degrees) of those found; how many were read as another stand (none may be);
how many the reading itself marked doubtful and how many of those read more than 0.1" off;
CPU seconds a photo (making it, reading it). ``--sweep`` prints the share found for marker
sizes against resolution and camera tilt (the table of docs/photo.md). CPU time is the
process's own: other work on the machine slows the wall clock, not these figures. Each photo is
made from its own seed (the run's seed and its number), so ``--jobs`` (photos read in that many
processes at once) changes the wall clock and nothing else.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from tests.photo.photos import cell_pixels  # noqa: E402
from tests.photo.scenes import crowded  # noqa: E402
from tests.photo.synth import photograph  # noqa: E402
from umpire.errors import UmpireError  # noqa: E402
from umpire.photo.read import read_photo  # noqa: E402


def one(rng: np.random.Generator, stands: int, megapixels: float, size: float, tilt: float | None = None) -> dict:
    table = crowded(rng, stands, size)
    t0 = time.process_time()
    photo, hw = photograph(table, megapixels, rng, tilt=tilt)
    t1 = time.process_time()
    markers = {s.marker: (s.unit, s.size) for s in table.stands}
    try:
        reading = read_photo(photo.data, (table.width, table.depth), markers, table.corner_size, "bench.jpg")
    except UmpireError as exc:
        return {"refused": str(exc), "stands": len(table.stands), "tilt": photo.pose["tilt"], "make": t1 - t0,
                "read": time.process_time() - t1}
    t2 = time.process_time()
    truth = {s.unit: s for s in table.stands}
    pos, turn, wrong, doubtful, doubtful_off = [], [], 0, 0, 0
    for s in reading.seen:
        t = truth[s.unit]
        e = math.dist((s.x, s.y), (t.x, t.y))
        if e > 1.0:
            wrong += 1
            continue
        pos.append(e)
        turn.append(abs((s.facing - t.facing + 180) % 360 - 180))
        if not s.sure:
            doubtful += 1
            doubtful_off += e > 0.1
    small = [cell_pixels(hw, s) for s in table.stands]
    return {"stands": len(table.stands), "found": len(reading.seen) - wrong, "pos": pos, "turn": turn,
            "wrong": wrong, "odd": len(reading.odd), "doubtful": doubtful, "doubtful_off": doubtful_off,
            "tilt": photo.pose["tilt"], "make": t1 - t0, "read": t2 - t1, "cells": small}


def _photo(job: tuple[int, int, int, float, float, float | None]) -> dict:
    seed, k, stands, megapixels, size, tilt = job
    return one(np.random.default_rng([seed, k]), stands, megapixels, size, tilt)


def _runs(jobs: list[tuple[int, int, int, float, float, float | None]], workers: int) -> Iterator[dict]:
    """Each photo's figures, in the order of ``jobs``, as each is done."""
    if workers <= 1:
        yield from map(_photo, jobs)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(_photo, jobs)


def main_run(a: argparse.Namespace) -> None:
    runs = []
    done = 0
    if a.save and Path(a.save).exists():  # a run stopped part way goes on where it stopped
        runs = [json.loads(line) for line in Path(a.save).read_text().splitlines() if line.strip()]
        done = len(runs)
    todo = [(a.seed, k, a.stands, a.megapixels, a.size, None) for k in range(done, a.photos)]
    for k, r in enumerate(_runs(todo, a.jobs), start=done):
        runs.append(r)
        if a.save:
            with open(a.save, "a") as out:
                out.write(json.dumps(r) + "\n")
        if "refused" in r:
            print(f"photo {k + 1}: refused: {r['refused']}", flush=True)
        elif a.verbose:
            print(f"photo {k + 1}: tilt {r['tilt']:.0f} found {r['found']}/{r['stands']}, "
                  f"median {np.median(r['pos']):.3f}\"", flush=True)
    summary(runs, a)


TILTS = ((0, 20), (20, 35), (35, 42), (42, 50))  # the bands of tilt the summary counts apart


def summary(runs: list[dict], a: argparse.Namespace) -> None:
    ok = [r for r in runs if "refused" not in r]
    present = sum(r["stands"] for r in runs)
    found = sum(r["found"] for r in ok)
    pos = np.concatenate([r["pos"] for r in ok]) if ok else np.zeros(0)
    turn = np.concatenate([r["turn"] for r in ok]) if ok else np.zeros(0)
    print(f"{len(runs)} photos of {a.stands} stands, {a.megapixels:g} megapixels, markers {a.size:g}\" "
          f"(tilt 0-50 degrees, seed {a.seed}); CPU time, the machine shared")
    print(f"  photos refused (a corner marker not found):  {len(runs) - len(ok)}")
    print(f"  markers found:          {found} of {present} = {100 * found / max(present, 1):.2f}%")
    print(f"  read as another stand:  {sum(r['wrong'] for r in ok)}   markers not read: "
          f"{sum(r['odd'] for r in ok)}")
    if len(pos):
        print(f"  position error:         median {np.median(pos):.3f}\"  95th percentile {np.percentile(pos, 95):.3f}\""
              f"  largest {pos.max():.3f}\"")
        print(f"  facing error:           median {np.median(turn):.2f}°  95th percentile "
              f"{np.percentile(turn, 95):.2f}°  largest {turn.max():.2f}°  within 3°: "
              f"{100 * (turn <= 3).mean():.2f}%")
    print(f"  marked doubtful:        {sum(r['doubtful'] for r in ok)} (of them more than 0.1\" off: "
          f"{sum(r['doubtful_off'] for r in ok)}); read more than 0.1\" off in all: {int((pos > 0.1).sum())}")
    for lo, hi in TILTS:
        band = [r for r in runs if lo <= r["tilt"] and (r["tilt"] < hi or hi == TILTS[-1][1])]
        if band:
            n = sum(r["stands"] for r in band)
            print(f"  tilted {lo:2d}-{hi}°:         {len(band)} photos, markers found "
                  f"{100 * sum(r.get('found', 0) for r in band) / max(n, 1):.2f}%")
    print(f"  CPU a photo:            making it {np.mean([r['make'] for r in runs]):.2f} s, reading it "
          f"{np.mean([r['read'] for r in runs]):.2f} s")


def _chain(saved: Iterator[dict], new: Iterator[dict], save: str | None) -> Iterator[dict]:
    """The figures saved by a run stopped part way, then the new ones, each added to ``save``."""
    yield from saved
    for r in new:
        if save:
            with open(save, "a") as out:
                out.write(json.dumps(r) + "\n")
        yield r


def sweep(a: argparse.Namespace) -> None:
    sizes, mps = (0.375, 0.5, 0.625, 0.75), (4.0, 8.0, 12.0)
    bands = ((0, 20), (20, 35), (35, 50))
    # a round of every size and resolution at a time: a sweep stopped part way has each alike
    cells = [(size, mp, k) for k in range(a.photos) for size in sizes for mp in mps]
    jobs = []
    for n, (size, mp, k) in enumerate(cells):
        lo, hi = bands[k % len(bands)]
        tilt = float(np.random.default_rng([a.seed, n, 1]).uniform(lo, hi))
        jobs.append((a.seed, n, a.stands, mp, size, tilt))
    table: dict[tuple[float, float, int], list[int]] = {}
    saved = []
    if a.save and Path(a.save).exists():  # a sweep stopped part way goes on where it stopped
        saved = [json.loads(line) for line in Path(a.save).read_text().splitlines() if line.strip()]
    runs = iter(saved[:len(jobs)])
    todo = jobs[len(saved):]
    for (size, mp, k), r in zip(cells, _chain(runs, _runs(todo, a.jobs), a.save), strict=True):
        cell = table.setdefault((size, mp, k % len(bands)), [0, 0])
        cell[0] += r.get("found", 0)
        cell[1] += r["stands"]
    print(f"Markers found, % ({a.photos} photos of {a.stands} stands a size and resolution, a third of them in "
          f"each band of tilt, seed {a.seed})")
    head = "| marker | " + " | ".join(f"{mp:g} MP, tilt {lo}-{hi}°" for mp in mps for lo, hi in bands) + " |"
    print(head)
    print("|---" * (1 + len(mps) * len(bands)) + "|")
    for size in sizes:
        row = []
        for mp in mps:
            for b in range(len(bands)):
                f, n = table.get((size, mp, b), (0, 0))
                row.append(f"{100 * f / n:.0f}" if n else "-")
        print(f"| {size:g}\" | " + " | ".join(row) + " |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--photos", type=int, default=200)
    ap.add_argument("--stands", type=int, default=150)
    ap.add_argument("--megapixels", type=float, default=12.0)
    ap.add_argument("--size", type=float, default=0.5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sweep", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--save", help="each photo's figures added to this file as it is read; a run stopped "
                    "part way goes on from it (and --photos 0 prints what it holds)")
    ap.add_argument("--jobs", type=int, default=1, help="photos read in this many processes at once")
    a = ap.parse_args()
    if a.sweep:
        sweep(a)
    else:
        main_run(a)


if __name__ == "__main__":
    main()
