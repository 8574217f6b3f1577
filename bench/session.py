"""A game's commands as processes, and the same typed into ``umpire --db FILE session``.

    python bench/session.py [--units 300] [--polygons 300] [--runs 7]

Builds an Auftragstaktik game of ``--units`` stands on a 72 x 48 table with ``--polygons`` small
terrain pieces (bench/replay.py's game, no actions yet), then prints, side by side, min / median /
max of ``--runs`` of each of ``move``, ``place``, ``measure`` and ``undo``:

- as a command (``umpire --db FILE move ...``, a new process each time): the process's CPU time
  (the machine may be shared: CPU is what one command costs) and its wall time;
- in a session: the line answered by the session's own code (``Session.answer``, the game kept
  open, its state read again before each line) in one process that has answered one line of
  each kind before the clock starts, CPU and wall time;

and ``umpire --help`` as a process, with the ratio of each command's CPU median to its. The
processes run as installed code runs, with their bytecode kept (bench/processes.py).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path[:0] = [str(REPO), str(HERE)]

from processes import installed_env, spread  # noqa: E402

#: the lines timed, in the order they are typed (the stand goes back and forth; undo takes back
#: the place before it)
LINES = {
    "move": ["move nato-0-0 20 20", "move nato-0-0 21 20"],
    "place": ["place nato-0-1 30 20"],
    "measure": ["measure nato-0-0 pact-0-0"],
    "undo": ["undo"],
}


def command_cpu(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU, wall) of one ``umpire`` process."""
    import time

    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-m", "umpire", *args], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    err = p.stderr.read() if p.stderr else b""
    if status:
        raise SystemExit(f"umpire {' '.join(args)} failed: {err.decode()[-500:]}")
    return usage.ru_utime + usage.ru_stime, wall


def in_session(db: str, runs: int) -> dict[str, list[tuple[float, float]]]:
    """In this process: a session on ``db``, each kind of line answered once untimed, then
    ``runs`` rounds of every kind; (CPU, wall) of each answer by kind."""
    import contextlib
    import io
    import time

    from umpire.cli.collector import for_a_command
    from umpire.cli.session import Session
    from umpire.engine import Game

    for_a_command()
    s = Session(game=Game.open(Path(db)))
    s.state = s.game.state if s.game else None

    def answer(line: str) -> tuple[float, float]:
        c, t = time.process_time(), time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            s.answer(line)
        return time.process_time() - c, time.perf_counter() - t

    out: dict[str, list[tuple[float, float]]] = {k: [] for k in LINES}
    for r in range(runs + 1):
        for kind, lines in LINES.items():
            got = answer(lines[r % len(lines)])
            if r:
                out[kind].append(got)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--units", type=int, default=300)
    ap.add_argument("--polygons", type=int, default=300)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    from replay import build

    with tempfile.TemporaryDirectory() as tmp, installed_env() as env:
        env = {**env, "PYDANTIC_DISABLE_PLUGINS": "__all__", "PYTHONPATH": str(REPO)}
        db = str(Path(tmp) / "bench.db")
        build(Path(db), a.units, a.polygons, 0, a.seed)
        for args in (["--help"], ["--db", db, "status"]):  # untimed: the bytecode written
            command_cpu(args, env)
        commands: dict[str, list[tuple[float, float]]] = {k: [] for k in ["--help", *LINES]}
        for r in range(a.runs):  # interleaved, so a busy moment of the machine falls on all alike
            commands["--help"].append(command_cpu(["--help"], env))
            for kind, lines in LINES.items():
                commands[kind].append(command_cpu(["--db", db, *lines[r % len(lines)].split()], env))
        code = (f"import sys, json; sys.path[:0] = [{str(REPO)!r}, {str(HERE)!r}]; import session; "
                f"print(json.dumps(session.in_session({db!r}, {a.runs})))")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
        if done.returncode:
            raise SystemExit(f"the session failed:\n{done.stderr[-2000:]}")
        import json

        session = json.loads(done.stdout.strip().splitlines()[-1])
        load = os.getloadavg()
        print(f"{a.units} stands, {a.polygons} terrain pieces; ms, min / median / max of {a.runs} "
              f"(load average {load[0]:.1f}, {os.cpu_count()} CPUs)")
        help_cpu = statistics.median(c for c, _ in commands["--help"])
        print(f"  {'umpire --help':24} command: CPU {spread([c * 1000 for c, _ in commands['--help']], '{:.0f}')}"
              f"  wall {spread([w * 1000 for _, w in commands['--help']], '{:.0f}')}")
        for kind in LINES:
            cpu = [c for c, _ in commands[kind]]
            print(f"  {kind:24} command: CPU {spread([c * 1000 for c in cpu], '{:.0f}')}"
                  f" (x{statistics.median(cpu) / help_cpu:.2f} --help)"
                  f"  wall {spread([w * 1000 for _, w in commands[kind]], '{:.0f}')}")
            print(f"  {'':24} session: CPU {spread([c * 1000 for c, _ in session[kind]], '{:.1f}')}"
                  f"  wall {spread([w * 1000 for _, w in session[kind]], '{:.1f}')}")


if __name__ == "__main__":
    main()
