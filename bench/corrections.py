"""What a correction costs at the table: ``umpire undo``, ``umpire redo`` and ``umpire amend`` on a
big game, as commands, with and without printed papers, beside ``umpire --help`` for scale.

    python bench/corrections.py [--stands 150] [--polygons 300] [--runs 3] [--against CHECKOUT]

Builds the meeting game of ``bench/big_game.py`` (``--stands`` a side), plays its first turn, and
copies it: one copy has nothing printed, the other has turn 1 printed (``umpire turn print``, timed
once). On each, ``--runs`` times: ``undo`` of the last action (the End Phase: turn 1 is then no
longer resolved), ``redo`` (it is again), ``amend`` of that End Phase as it was (``phase next``:
re-resolved, its number changes, so the printed turn is planned again and its files compared),
and ``undo`` of that amendment. Each as a user runs it (a new process); wall time and the CPU time
of the process (user + system), min and median. The machine may be shared: the CPU times are the
steadier figures. With ``--against``, the same again with another checkout's code (its own game
files, built by it), the runs of the two interleaved.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
BUILD = """
import sys
from pathlib import Path
sys.path.insert(0, {bench!r})
from big_game import new_game, play_turn
game = new_game(Path({path!r}), {stands}, {polygons})
play_turn(game, None)
game.close()
"""


def env(root: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(root), "COLUMNS": "120"}


def run(root: Path, db: Path | None, *args: str, cwd: Path) -> tuple[float, float, str]:
    """One ``umpire`` command with the code of ``root``: its wall time, its CPU time, its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "umpire", *(["--db", str(db)] if db else []), *args], cwd=cwd,
                       capture_output=True, text=True, env=env(root))
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        raise SystemExit(f"umpire {' '.join(args)} failed: {r.stderr.strip()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), r.stdout


def last_action(root: Path, db: Path) -> int:
    code = f"from umpire.engine import Game; print(Game.open({str(db)!r}).live_events()[-1].seq)"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env(root), check=True,
                       cwd=db.parent)  # not this checkout's folder: the code of ``root`` is imported
    return int(r.stdout)


def figures(xs: list[float]) -> str:
    return f"min {min(xs):6.2f} s  median {statistics.median(xs):6.2f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stands", type=int, default=150, help="stands a side")
    ap.add_argument("--polygons", type=int, default=300)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--against", type=Path, help="another checkout, timed beside this one")
    a = ap.parse_args()
    roots = [("this", REPO)] + ([("against", a.against.resolve())] if a.against else [])
    with tempfile.TemporaryDirectory() as tmp:
        games: list[tuple[str, Path, str, Path]] = []  # checkout, its code, what is printed, the game file
        for name, root in roots:
            folder = Path(tmp) / name
            folder.mkdir()
            base = folder / "base.db"
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-c", BUILD.format(bench=str(HERE), path=str(base), stands=a.stands,
                                                               polygons=a.polygons)],
                           check=True, env=env(root), capture_output=True, cwd=folder)
            print(f"{name}: {a.stands} stands a side, {a.polygons} terrain pieces, turn 1 played "
                  f"(built in {time.perf_counter() - t0:.1f} s)")
            plain, printed = folder / "plain.db", folder / "printed.db"
            shutil.copy(base, plain)
            shutil.copy(base, printed)
            wall, cpu, out = run(root, printed, "turn", "print", "--out", "papers", cwd=folder)
            print(f"  umpire turn print (turn 1, once): wall {wall:.2f} s, cpu {cpu:.2f} s: {out.strip()}")
            games += [(name, root, "nothing printed", plain), (name, root, "turn 1 printed", printed)]
        times: dict[tuple[str, str, str], tuple[list[float], list[float]]] = {}
        last: dict[tuple[str, str], str] = {}
        for _ in range(a.runs):
            for name, root, label, db in games:
                steps = [("undo (the End Phase)", ["undo"]), ("redo", ["redo"]),
                         ("amend (the End Phase again)", ["amend", str(last_action(root, db)), "phase", "next"]),
                         ("undo (that amendment)", ["undo"])]
                for step, args in steps:
                    wall, cpu, out = run(root, db, *args, cwd=db.parent)
                    w, c = times.setdefault((step, label, name), ([], []))
                    w.append(wall)
                    c.append(cpu)
                    last[(name, label)] = out
        for (name, label), out in last.items():
            print(f"  {name}, {label}: the last output ends\n    " + "\n    ".join(out.strip().splitlines()[-3:]))
        helps = [run(root, None, "--help", cwd=Path(tmp)) for _ in range(a.runs) for _n, root in roots]
        print()
        print(f"  {'command':<30} {'':<16} {'checkout':<9} {'wall':<28} cpu")
        order = [k[0] for k in times]

        def side_by_side(item: tuple[tuple[str, str, str], object]) -> tuple[str, int, bool]:
            (step, label, name), _ = item
            return (label, order.index(step), name != "this")

        for (step, label, name), (w, c) in sorted(times.items(), key=side_by_side):
            print(f"  {step:<30} {label:<16} {name:<9} {figures(w)}   {figures(c)}")
        print(f"  {'umpire --help':<30} {'':<16} {'this':<9} {figures([h[0] for h in helps])}   "
              f"{figures([h[1] for h in helps])}")


if __name__ == "__main__":
    main()
