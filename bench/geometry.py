"""Time the vectorised geometry against a per-pair loop.

    python bench/geometry.py [--stands 300] [--polygons 1000] [--seed 1]

Builds N stands a side in the two deployment zones of a 72 x 48 table and M terrain polygons
(woods, towns and hills, 0.2"-1.2" across) over the whole table, then prints the time of the
all-pairs LOS matrix and edge-distance matrix, and of the same answers pair by pair. When the
loop would take more than about 30 s it is timed on a random sample of pairs and scaled up
(the output says so), and the sampled pairs are checked against the matrix.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from random_table import TABLE, terrain  # noqa: E402  (beside this script)

from umpire.geometry.distance import edge_distance, edge_distance_matrix  # noqa: E402
from umpire.geometry.facts import Pose  # noqa: E402
from umpire.geometry.sight import TerrainIndex  # noqa: E402

LOOP_BUDGET = 30.0  # seconds



def stands(rng: np.random.Generator, n: int, y0: float, facing: float) -> list[Pose]:
    return [
        Pose(rng.uniform(1, TABLE[0] - 1), rng.uniform(y0, y0 + 10), facing)
        for _ in range(n)
    ]


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def loop_time(pairs: int, one, rng: np.random.Generator, n: int, m: int):
    """Time ``one(i, j)`` over all pairs, or over a sample scaled up if that is too slow."""
    probe = min(pairs, 200)
    idx = [(int(rng.integers(n)), int(rng.integers(m))) for _ in range(probe)]
    _, t = timed(lambda: [one(i, j) for i, j in idx])
    if t / probe * pairs <= LOOP_BUDGET:
        idx = [(i, j) for i in range(n) for j in range(m)]
        results, t = timed(lambda: [one(i, j) for i, j in idx])
        return idx, results, t, False
    sample = max(probe, int(LOOP_BUDGET / 3 / (t / probe)))
    idx = [(int(rng.integers(n)), int(rng.integers(m))) for _ in range(sample)]
    results, t = timed(lambda: [one(i, j) for i, j in idx])
    return idx, results, t / sample * pairs, True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stands", type=int, default=300, help="stands a side (N)")
    ap.add_argument("--polygons", type=int, default=1000, help="terrain polygons (M)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    n = args.stands
    blue, red = stands(rng, n, 1, 0.0), stands(rng, n, TABLE[1] - 11, 180.0)
    shapes = terrain(rng, args.polygons)
    index, t_index = timed(lambda: TerrainIndex(shapes))
    pa, pb = [p.xy for p in blue], [p.xy for p in red]
    print(f"{n} x {n} stands, {len(index.features)} polygons; index built in {t_index:.3f} s")

    clear, t_vec = timed(lambda: index.los_matrix(pa, pb))
    idx, res, t_loop, sampled = loop_time(
        n * n, lambda i, j: index.line_of_sight(pa[i], pb[j]).clear, rng, n, n
    )
    assert all(clear[i, j] == r for (i, j), r in zip(idx, res, strict=True)), "LOS mismatch"
    note = f" (estimated from {len(idx)} sampled pairs)" if sampled else ""
    print(
        f"LOS matrix      : vectorised {t_vec:.3f} s, loop {t_loop:.2f} s{note}, "
        f"ratio {t_loop / t_vec:.0f}x; {clear.mean():.1%} of pairs clear"
    )

    dist, t_vec = timed(lambda: edge_distance_matrix(blue, red))
    idx, res, t_loop, sampled = loop_time(
        n * n, lambda i, j: edge_distance(blue[i], red[j]), rng, n, n
    )
    assert all(dist[i, j] == r for (i, j), r in zip(idx, res, strict=True)), "distance mismatch"
    note = f" (estimated from {len(idx)} sampled pairs)" if sampled else ""
    print(
        f"edge distances  : vectorised {t_vec:.3f} s, loop {t_loop:.2f} s{note}, "
        f"ratio {t_loop / t_vec:.0f}x"
    )


if __name__ == "__main__":
    main()
