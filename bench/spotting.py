"""Time the vectorised spotting matrix against a plain per-pair loop.

    python bench/spotting.py [--stands 300] [--polygons 1000] [--seed 1] [--sample 3000]
    python bench/spotting.py --goal [--runs 5] [--against CHECKOUT]   600 v 600 over 5,000 pieces

Builds N stands a side (mixed quality, orders, moving or not, tanks and infantry) facing each
other across the middle of a 72 x 48 table, and M terrain polygons (woods, towns, hills) over
the whole table. Then, for one side spotting the other (N x N pairs):

- the matrix: the rules' spotting parts per stand, the pair part by code, the distance part on
  arrays, pairs pruned by a distance bound before exact distances, lines of sight only for
  pairs whose total is above 0 (umpire.turns.auftragstaktik.sighting.pair_matrix);
- the side-level answer the turn uses (side_spotting: stops at the first spotter that sees);
- the plain loop: per pair, shapely's edge distance, the rules' ``spot`` with that pair's
  facing and elevations, and the line of sight when the total is above 0. When the loop would
  take long it is timed on a random sample of pairs and scaled up (the output says so); the
  sampled pairs are checked against the matrix.

The candidate pairs (totals and edge distances) are worked out once and handed to both the
matrix and the side-level answer; "matrix" is timed whole, candidates included. Times are
process CPU seconds (the machine may be shared), min / median / max of ``--runs`` runs; with
``--against``, the same is timed with another checkout's code, in turn. Goal: the matrix for 600
a side over 5,000 pieces under 0.25 s. The worker processes run as installed code does: with
bytecode kept in a temporary folder (PYTHONPYCACHEPREFIX), whatever PYTHONDONTWRITEBYTECODE
says (bench/processes.py; the timed calls come after the imports, so this changes little here).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))  # run from a checkout (a worker puts its own first)

from processes import in_process, installed_env, spread  # noqa: E402  (beside this script)
from random_table import TABLE, terrain  # noqa: E402  (beside this script)

from umpire.geometry.arcs import base_arc  # noqa: E402
from umpire.geometry.distance import edge_distance  # noqa: E402
from umpire.geometry.facts import Pose  # noqa: E402
from umpire.geometry.sight import TerrainIndex  # noqa: E402
from umpire.rules.auftragstaktik.data import rulings as ruleset_rulings  # noqa: E402
from umpire.rules.auftragstaktik.spotting import Spotted, Spotter, spot, woods_depth  # noqa: E402
from umpire.turns.auftragstaktik.sighting import Looker, pair_matrix, side_spotting  # noqa: E402

QUALITIES = ("elite", "veteran", "regular", "regular", "recruit", "militia")



def lookers(rng: np.random.Generator, n: int, y0: float, facing: float) -> list[Looker]:
    out = []
    for _ in range(n):
        moved = bool(rng.random() < 0.6)
        order = str(rng.choice(["HA", "DA", "NO", "TR"])) if moved else "NO"
        q = str(rng.choice(QUALITIES))
        kind = "vehicle" if rng.random() < 0.7 else "troop"
        out.append(
            Looker(
                spotter=Spotter(quality=q, orders=order, moved=moved, thermal=bool(rng.random() < 0.3)),
                target=Spotted(kind=kind, quality=q, orders=order, moved=moved, cover=bool(rng.random() < 0.2)),
                x=float(rng.uniform(1, TABLE[0] - 1)),
                y=float(rng.uniform(y0, y0 + 12)),
                facing=float(facing + rng.uniform(-40, 40)) % 360,
                width=1.5,
                depth=1.0,
            )
        )
    return out


def one_pair(s: Looker, x: Looker, index: TerrainIndex, rulings) -> bool:
    ps, px = Pose(s.x, s.y, s.facing, s.width, s.depth), Pose(x.x, x.y, x.facing, x.width, x.depth)
    es, ex = index.elevation_at((s.x, s.y)), index.elevation_at((x.x, x.y))
    facing = base_arc(px, ps) == "front"  # the target lies in the spotter's front arc
    spotter = s.spotter.model_copy(update={"higher": es > ex, "facing_target": facing})
    target = x.target.model_copy(update={"higher": ex > es})
    res = spot(spotter, target, edge_distance(ps, px), rulings)
    return bool(res.outcome["spotted"]) and index.line_of_sight((s.x, s.y), (x.x, x.y)).clear


def timings(stands: int, polygons: int, seed: int, runs: int) -> dict:
    """In this process: the matrix, both sides, and the side-level answer, ``runs`` times each
    (CPU seconds); works with code that cannot take the candidate pairs too."""
    from umpire.turns.auftragstaktik import sighting

    rng = np.random.default_rng(seed)
    rulings = ruleset_rulings()
    index = TerrainIndex(terrain(rng, polygons), inside_depth=woods_depth(rulings))
    blue = lookers(rng, stands, 14.0, 0.0)
    red = lookers(rng, stands, 22.0, 180.0)
    pair_matrix(blue[:5], red[:5], index, rulings)  # warm the caches (tables, pair codes, index)
    import inspect

    shared = "pairs" in inspect.signature(sighting.side_spotting).parameters
    out: dict[str, list[float]] = {"matrix": [], "both sides": [], "side-level": [], "matrix + side-level": []}
    for _ in range(runs):
        t = time.process_time()
        matrix = pair_matrix(blue, red, index, rulings)
        out["matrix"].append(time.process_time() - t)
        t = time.process_time()
        pair_matrix(red, blue, index, rulings)
        out["both sides"].append(out["matrix"][-1] + time.process_time() - t)
        t = time.process_time()
        seen, _by, counts = side_spotting(blue, red, index, rulings)
        out["side-level"].append(time.process_time() - t)
        t = time.process_time()  # as a caller asking both would: the candidate pairs once
        if shared:
            pairs = sighting.candidate_pairs(blue, red, index, rulings)
            pair_matrix(blue, red, index, rulings, pairs=pairs)
            side_spotting(blue, red, index, rulings, pairs=pairs)
        else:
            pair_matrix(blue, red, index, rulings)
            side_spotting(blue, red, index, rulings)
        out["matrix + side-level"].append(time.process_time() - t)
    assert (matrix.any(axis=0) == seen).all()
    return {"times": out, "counts": counts, "spotted": int(matrix.sum()), "seen": int(seen.sum()),
            "polygons": len(index.features), "shared": shared}


ENV: dict[str, str] = {}  # the worker processes' environment (processes.installed_env)


def worker(root: Path, stands: int, polygons: int, seed: int, runs: int) -> dict:
    """The timings in a fresh process, with the code of checkout ``root``."""
    result: dict = in_process(root, "spotting", f"timings({stands}, {polygons}, {seed}, {runs})", ENV)
    return result


def goal(a: argparse.Namespace) -> None:
    roots = [("this", HERE.parent)] + ([("against", a.against.resolve())] if a.against else [])
    got = {name: worker(root, a.stands, a.polygons, a.seed, a.runs) for name, root in roots}
    first = next(iter(got.values()))
    print(f"{a.stands} stands a side, {first['polygons']} terrain pieces: CPU s, min / median / max of {a.runs} "
          f"(goal: matrix < 0.25 s)")
    for name, r in got.items():
        t = r["times"]
        note = "" if r["shared"] else " (this code works out the candidate pairs for each)"
        print(f"  [{name}] matrix {spread(t['matrix'])};  both sides {spread(t['both sides'])};  "
              f"side-level {spread(t['side-level'])}")
        print(f"  [{name}] matrix and side-level together {spread(t['matrix + side-level'])}{note};  "
              f"{r['spotted']:,} spotted pairs, {r['seen']} stands seen")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stands", type=int, default=300)
    ap.add_argument("--polygons", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sample", type=int, default=3000, help="pairs the loop is timed on (0: all)")
    ap.add_argument("--goal", action="store_true", help="600 a side over 5,000 pieces, CPU times, --runs each")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--against", type=Path, help="another checkout, timed beside this one")
    a = ap.parse_args()
    if a.goal or a.against:
        if a.goal:
            a.stands, a.polygons = 600, 5000
        with installed_env() as env:
            ENV.update(env)
            goal(a)
        return
    rng = np.random.default_rng(a.seed)
    rulings = ruleset_rulings()
    # as the tracked game builds it: a stand in a wood sees through 1" of it (spotting.woods_depth)
    index = TerrainIndex(terrain(rng, a.polygons), inside_depth=woods_depth(rulings))
    blue = lookers(rng, a.stands, 14.0, 0.0)
    red = lookers(rng, a.stands, 22.0, 180.0)
    pair_matrix(blue[:5], red[:5], index, rulings)  # warm the caches (tables, pair codes, index)

    t = time.perf_counter()
    matrix = pair_matrix(blue, red, index, rulings)
    t_matrix = time.perf_counter() - t
    t = time.perf_counter()
    seen, _by, counts = side_spotting(blue, red, index, rulings)
    t_side = time.perf_counter() - t
    t = time.perf_counter()
    pair_matrix(red, blue, index, rulings)
    t_both = t_matrix + time.perf_counter() - t

    pairs = a.stands * a.stands
    k = pairs if a.sample <= 0 else min(pairs, a.sample)
    pick = rng.choice(pairs, size=k, replace=False) if k < pairs else np.arange(pairs)
    t = time.perf_counter()
    got = [one_pair(blue[p // a.stands], red[p % a.stands], index, rulings) for p in pick]
    t_loop_sample = time.perf_counter() - t
    t_loop = t_loop_sample * pairs / k
    agree = all(g == matrix[p // a.stands, p % a.stands] for g, p in zip(got, pick, strict=True))
    assert (matrix.any(axis=0) == seen).all()

    print(
        f"{a.stands} stands a side, {len(index.features)} terrain polygons, "
        f"{pairs:,} pairs (one side spotting the other)"
    )
    print(
        f"  pruning: {counts['in_bound']:,} pairs within the distance bound, "
        f"{counts['above_0']:,} with a total above 0;"
        f" the side-level answer asked {counts['los_asked']:,} lines of sight"
    )
    print(f"  matrix (every pair, numpy + shapely arrays): {t_matrix:.3f} s;  both sides: {t_both:.3f} s")
    print(f"  side-level (who is spotted, as the turn uses it): {t_side:.3f} s")
    how = "all pairs" if k == pairs else f"{k:,} sampled pairs in {t_loop_sample:.2f} s, scaled up"
    print(f"  per-pair loop (shapely distance, rules' spot, line of sight): {t_loop:.2f} s ({how})")
    print(f"  matrix is {t_loop / t_matrix:.0f}x faster than the loop; sampled pairs agree: {agree}")
    print(f"  spotted pairs: {int(matrix.sum()):,}; stands spotted by the side: {int(seen.sum())} of {a.stands}")


if __name__ == "__main__":
    main()
