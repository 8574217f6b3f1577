"""Time one full Auftragstaktik turn of a large tracked game, with its reports in Markdown.

    python bench/turn.py [--stands 150] [--polygons 300]      one turn, step by step
    python bench/turn.py --goals [--runs 5]                    the goals, min / median / max
    python bench/turn.py --sweep                               25-600 a side, 100-5,000 pieces
    ... [--against CHECKOUT]                                   the same, beside another checkout

The game (bench/big_game.py): N stands a side in battalions of five companies meeting across a
72 x 48 table with M terrain pieces; both sides' orders (Hasty Advance, two moves each, five
fire targets each), every phase resolved (movement priced through the terrain, spotting, fire,
morale, close combat, end), then the umpire's report and both briefings as Markdown. The
ruleset's tables are read before the clock starts. Each turn runs in a fresh process, which
also gives its peak memory (the most the process held, game building included), with the
cycle collector set as the ``umpire`` command sets it (umpire.cli.collector). Times are wall clock;
the CPU time of the turn is printed beside them (the machine may be shared). The processes run
as installed code does: with bytecode kept in a temporary folder (PYTHONPYCACHEPREFIX), whatever
PYTHONDONTWRITEBYTECODE says, written by one untimed turn per checkout before the timed ones
(bench/processes.py); otherwise each timed turn would also compile the modules it imports lazily.

Goals: 150 a side over 5,000 pieces under 1.5 s; 600 a side over 1,000 pieces under 3 s and
under 250 MB. The sweep prints, between each size and the next, how the time grew against the
size, on CPU time ("x1.9 for x2": near-linear), and flags the steps that grow faster than n^1.25.
"""

from __future__ import annotations

import argparse
import math
import statistics
import tempfile
import time
from pathlib import Path

from processes import in_process, installed_env, spread

HERE = Path(__file__).resolve().parent
GOALS = [(150, 5000, 1.5), (600, 1000, 3.0)]
MEMORY_GOAL_MB = 250


def peak_mb() -> float:
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def one_turn(stands: int, polygons: int, seed: int, python_gc: bool = False) -> dict:
    """In this process: build, play and report one turn; the figures as a dict."""
    import importlib

    from big_game import new_game, play_turn

    from umpire.core.dice import SeededDice
    from umpire.reports.model import briefing, report_for_game
    from umpire.reports.turn_text import to_markdown
    from umpire.rules.auftragstaktik.data import tables
    from umpire.rules.auftragstaktik.library import library

    for where in ("umpire.cli.collector", "umpire.collector"):  # the collector as the command sets it
        try:  # (an older checkout keeps it at the package's root; older still: Python's defaults)
            for_a_command = importlib.import_module(where).for_a_command
        except ImportError:
            continue
        if not python_gc:
            for_a_command()
        break
    with tempfile.TemporaryDirectory() as tmp:
        game = new_game(Path(tmp) / "bench.db", stands, polygons, seed)
        game.turn_rules()
        tables(), library()  # the ruleset's data, read once per process (not part of a turn)
        steps: list[tuple[str, float]] = []
        cpu = time.process_time()
        start = last = time.perf_counter()

        def timer(name: str) -> None:
            nonlocal last
            now = time.perf_counter()
            steps.append((name, now - last))
            last = now

        play_turn(game, SeededDice(seed), timer)
        report = report_for_game(game, turn=1)
        texts = [to_markdown(r) for r in [report] + [briefing(report, s) for s in ("nato", "pact")]]
        timer("report and both briefings (Markdown)")
        total = time.perf_counter() - start
        cpu = time.process_time() - cpu
        lost = sum(u.status == "eliminated" for u in game.state.units.values())
        return {"stands": stands, "polygons": len(game.state.terrain), "steps": steps, "total": total, "cpu": cpu,
                "peak_mb": peak_mb(), "lost": lost, "chars": sum(map(len, texts))}


PYTHON_GC = False  # --python-gc: Python's own collector thresholds, not the command's
ENV: dict[str, str] = {}  # the child processes' environment (processes.installed_env)


def run(root: Path, stands: int, polygons: int, seed: int) -> dict:
    """One turn in a fresh process, with the code of checkout ``root``."""
    return in_process(root, "turn", f"one_turn({stands}, {polygons}, {seed}, {PYTHON_GC})", ENV)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stands", type=int, default=150)
    ap.add_argument("--polygons", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--goals", action="store_true", help="time the goals, --runs times each")
    ap.add_argument("--sweep", action="store_true", help="one turn at each size of the sweep")
    ap.add_argument("--against", type=Path, help="another checkout, timed beside this one")
    ap.add_argument("--python-gc", action="store_true", help="keep Python's collector thresholds")
    a = ap.parse_args()
    global PYTHON_GC
    PYTHON_GC = a.python_gc
    roots = [("this", HERE.parent)] + ([("against", a.against.resolve())] if a.against else [])
    with installed_env() as env:
        ENV.update(env)
        warm = GOALS[-1][:2] if a.goals else (150, 1000) if a.sweep else (a.stands, a.polygons)
        for _, root in roots:  # untimed: writes each checkout's bytecode
            run(root, *warm, a.seed)
        timed(a, roots)


def timed(a: argparse.Namespace, roots: list[tuple[str, Path]]) -> None:
    if a.goals:
        for stands, polygons, goal in GOALS:
            got: dict[str, list[dict]] = {name: [] for name, _ in roots}
            for _ in range(a.runs):  # interleaved, so the machine's load falls on both alike
                for name, root in roots:
                    got[name].append(run(root, stands, polygons, a.seed))
            print(f"{stands} a side, {polygons} pieces: one turn with reports (s, min / median / max of {a.runs}; "
                  f"goal < {goal} s), peak memory (MB)")
            for name, rs in got.items():
                t = [r["total"] for r in rs]
                verdict = "meets the goal" if statistics.median(t) < goal else "misses the goal"
                print(f"  {name:8} {spread(t)} s  {verdict};  CPU {spread([r['cpu'] for r in rs])} s;  "
                      f"peak {spread([r['peak_mb'] for r in rs], '{:.0f}')} MB ({rs[0]['lost']} stands eliminated)")
        print(f"  (memory goal for 600 a side: under {MEMORY_GOAL_MB} MB)")
        return

    if a.sweep:
        for label, sizes in (("stands a side (1,000 pieces)", [(n, 1000) for n in (25, 50, 100, 150, 300, 600)]),
                             ("terrain pieces (150 a side)", [(150, m) for m in (100, 300, 1000, 2000, 5000)])):
            print(f"sweep over {label}: one turn with reports")
            for name, root in roots:
                prev = None
                for stands, polygons in sizes:
                    r = run(root, stands, polygons, a.seed)
                    size = stands if label.startswith("stands") else polygons
                    growth = ""
                    if prev is not None:  # on CPU time: the wall clock of a shared machine wanders
                        k = math.log(r["cpu"] / prev[1]) / math.log(size / prev[0])
                        flag = "  NOT near-linear" if k > 1.25 else ""
                        growth = f"CPU x{r['cpu'] / prev[1]:.1f} for x{size / prev[0]:.1f} (n^{k:.2f}){flag}"
                    print(f"  {name:8} {stands:4d} a side {polygons:5d} pieces  {r['total']:7.3f} s "
                          f"(CPU {r['cpu']:6.3f})  {r['peak_mb']:5.0f} MB  {growth}")
                    prev = (size, r["cpu"])
        return

    for name, root in roots:
        r = run(root, a.stands, a.polygons, a.seed)
        print(f"[{name}] {r['stands']} stands a side (+ their battalions), {r['polygons']} terrain polygons: "
              f"one full turn")
        for step, s in r["steps"]:
            print(f"  {step:<36} {s:6.3f} s")
        print(f"  {'total':<36} {r['total']:6.3f} s   (CPU {r['cpu']:.3f} s; {r['lost']} stands eliminated; "
              f"reports {r['chars']:,} characters; peak memory {r['peak_mb']:.0f} MB)")


if __name__ == "__main__":
    main()
