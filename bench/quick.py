"""Time the quick answer against ``umpire --help`` and a bare Typer app, as whole processes.

    python bench/quick.py [--runs 7] [--against CHECKOUT]

Runs, in turn and interleaved so the machine's load falls on all alike:

- ``umpire --help``;
- ``umpire calc fire data/cases/fire.yaml --roll 7`` (the command an umpire types most);
- a bare Typer app with two commands (built in a temporary folder), asked for ``--help``;
- with ``--against``, the first two again from another checkout of the project.

Each is timed by the CPU it used (user + system, from the operating system) and by the wall
clock, and printed as min / median / max. The goals: calc at most 1.3x the CPU of ``--help``,
``--help`` within 1.5x the bare app. Then, in this process, the calculation itself (after the
modules are imported, first and second call): the goal is under 50 ms.
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
CASE = "data/cases/fire.yaml"

BARE = '''
import typer

app = typer.Typer()


@app.command()
def hello(name: str, loud: bool = typer.Option(False, help="Shout.")) -> None:
    """Say hello."""
    typer.echo(f"hello {name}")


@app.command()
def goodbye(name: str) -> None:
    """Say goodbye."""
    typer.echo(f"goodbye {name}")


if __name__ == "__main__":
    app()
'''

# what the ``umpire`` console script does, so a second checkout can be run the same way
ENTRY = "import sys; from umpire.cli import main; sys.argv[0] = 'umpire'; sys.exit(main())"


def run_once(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one whole process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read() if proc.stderr else b""
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {err.decode()[-400:]}")
    return usage.ru_utime + usage.ru_stime, wall


def spread(xs: list[float]) -> str:
    ms = [x * 1000 for x in xs]
    return f"{min(ms):6.0f} {statistics.median(ms):6.0f} {max(ms):6.0f}"


def work_in_process() -> tuple[float, float]:
    """The calculation alone, first and second time, once its modules are imported."""
    import io

    from rich.console import Console

    import umpire.calc  # noqa: F401  (what ``calc`` imports before it works)
    import umpire.cli  # noqa: F401
    import umpire.reports.terminal  # noqa: F401
    from umpire.calc import run_case
    from umpire.reports.terminal import render_calc
    from umpire.schema.load import read_yaml

    out = []
    for _ in range(2):
        t = time.perf_counter()
        data = read_yaml(REPO / CASE)
        answer, _rec = run_case(data, procedure="fire", rolls=[7], dice=None, odds=False, where=CASE)
        Console(file=io.StringIO(), width=100).print(render_calc(answer))
        out.append(time.perf_counter() - t)
    return out[0], out[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--against", type=Path, help="another checkout to time beside this one")
    a = ap.parse_args()
    checkouts = [("this", REPO)] + ([("against", a.against.resolve())] if a.against else [])
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "bare.py"
        bare.write_text(BARE)
        cases: list[tuple[str, list[str], dict[str, str], Path]] = []
        for label, root in checkouts:
            env = {**os.environ, "PYTHONPATH": str(root)}
            py = [sys.executable, "-c", ENTRY]
            tag = "" if label == "this" else f" [{label}]"
            cases.append((f"umpire --help{tag}", [*py, "--help"], env, root))
            cases.append((f"umpire calc fire --roll 7{tag}", [*py, "calc", "fire", CASE, "--roll", "7"], env, root))
        cases.append(("bare typer app --help", [sys.executable, str(bare), "--help"], dict(os.environ), Path(tmp)))
        for _, cmd, env, cwd in cases:  # once each to warm the disk cache and any user cache
            run_once(cmd, env, cwd)
        cpu: dict[str, list[float]] = {c[0]: [] for c in cases}
        wall: dict[str, list[float]] = {c[0]: [] for c in cases}
        for _ in range(a.runs):
            for label, cmd, env, cwd in cases:
                c, w = run_once(cmd, env, cwd)
                cpu[label].append(c)
                wall[label].append(w)
    print(f"whole processes, {a.runs} runs each, interleaved (ms: min median max)")
    print(f"  {'':34} {'CPU':>20}   {'wall':>20}")
    for label, *_ in cases:
        print(f"  {label:34} {spread(cpu[label])}   {spread(wall[label])}")
    med = {k: statistics.median(v) for k, v in cpu.items()}
    for label, _root in checkouts:
        tag = "" if label == "this" else f" [{label}]"
        calc_ratio = med[f"umpire calc fire --roll 7{tag}"] / med[f"umpire --help{tag}"]
        help_ratio = med[f"umpire --help{tag}"] / med["bare typer app --help"]
        print(f"  {label}: calc / --help CPU {calc_ratio:.2f}x (goal <= 1.3x); "
              f"--help / bare app {help_ratio:.2f}x (goal <= 1.5x)")
    first, second = work_in_process()
    print(f"  the calculation itself (read case, resolve, render), in process: first {first * 1000:.1f} ms, "
          f"again {second * 1000:.1f} ms (goal < 50 ms)")


if __name__ == "__main__":
    main()
