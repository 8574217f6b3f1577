"""Time the quick answer against ``umpire --help`` and a bare Typer app, as whole processes.

    python bench/quick.py [--runs 7] [--against CHECKOUT] [--session]

Runs, in turn and interleaved so the machine's load falls on all alike:

- ``umpire --help``;
- ``umpire calc fire data/cases/fire.yaml --roll 7`` (the command an umpire types most);
- ``umpire calc fire T-80B M1A1 6 --roll 7``: the same question in one line;
- a bare Typer app with two commands (built in a temporary folder), asked for ``--help``;
- the same bare app running a command with one text parameter that only echoes it: Typer
  coerces every parameter through a pydantic TypeAdapter, so this imports pydantic, which
  ``--help`` does not (what any Typer command with parameters pays);
- the same bare app running a command that does the least a quick answer must: read a YAML
  case, validate it with one pydantic model, print a rich table (the floor under ``calc``);
- with ``--against``, the first two again from another checkout of the project.

The processes run as installed code does: with bytecode (kept in a temporary folder, whatever
``PYTHONDONTWRITEBYTECODE`` says) and with umpire's table cache (a temporary folder, filled by
a first run, as a user's first ``calc`` fills it).

Each is timed by the CPU it used (user + system, from the operating system) and by the wall
clock, and printed as min / median / max. The goals: calc at most 1.7x the CPU of ``--help``,
``--help`` within 1.5x the bare app. Then, in a fresh process of each checkout, the time to
import the ruleset's procedures, and the calculation itself (first and second call): goal under
50 ms. Last, ``umpire session`` in a fresh process: its start-up (imports and tables read), then
the time of each of 100 mixed questions of both rulesets, in process and end to end through a
pseudo-terminal that answers the line editor's cursor-position request as a terminal does
(``bench/terminal.py``: from Enter to the next prompt, the answer drawn; goal: median under 20 ms,
90th percentile under 50 ms), and the session's CPU over the same stretch, the figure a loaded
machine cannot stretch. ``--session`` times the session alone, two rounds, checkouts in
turn (with ``--against``, side by side).
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

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CASE = "data/cases/fire.yaml"
LINE = ["fire", "T-80B", "M1A1", "6", "--roll", "7"]

#: What an evening asks, both rulesets mixed; repeated to 100 questions.
MIXED = [
    "fire T-80B M1A1 7 side --roll 7",
    "fire T-80B Abrams 12 --odds",
    "fire BMP-2 'Leopard 2A4 Company' 4 front shooter.moved=true",
    "spot BMP-2 12 target.kind=troop",
    "hq 3 2",
    "morale H 1.5",
    "close-combat 'MR Company' T-80B",
    "indirect 2S1 Marder 30",
    "entrench deliberate veteran --odds",
    "mines T-80B AT",
    "mbt fire USSR-2A FRG-1A 5 APFSDS target.terrain=woods",
    "mbt fire M1A1 T-72M1 12 APFSDS firer.turret=buttoned",
    "sight 12 woods",
    "gp M1A1 T-72M1 10",
    "hand_to_hand squad squad",
    "units abrams",
    "explain",
    "odds",
    "rulings flank",
    "mbt move M1A1 M 6",
]

BARE = '''
import typer

app = typer.Typer()


@app.command()
def hello(name: str, loud: bool = typer.Option(False, help="Shout.")) -> None:
    """Say hello."""
    typer.echo(f"hello {name}")


@app.command()
def case(path: str) -> None:
    """Read a case, check it, show it."""
    from typing import Any

    import yaml
    from pydantic import BaseModel, ConfigDict
    from rich.console import Console
    from rich.table import Table

    class Case(BaseModel):
        model_config = ConfigDict(extra="forbid")
        ruleset: str
        procedure: str
        shooter: dict[str, Any]
        target: dict[str, Any]
        weapon: str
        range: float
        aspect: str
        rulings: dict[str, str]

    with open(path, encoding="utf-8") as fh:
        c = Case.model_validate(yaml.safe_load(fh))
    table = Table("mod", "what", "rule")
    for k, v in c.shooter.items():
        table.add_row("-1", f"{k}: {v}", "COMBAT > Vehicle Fire Control")
    Console().print(table)


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


def work_in_process() -> tuple[float, float, float]:
    """The procedure's modules imported; then the calculation alone, first and second time."""
    import io

    from rich.console import Console

    import umpire.ask.calc  # noqa: F401  (what ``calc`` imports before it works)
    import umpire.cli  # noqa: F401
    import umpire.reports.terminal  # noqa: F401
    from umpire.ask.calc import procedures_for, run_case
    from umpire.reports.terminal import render_calc
    from umpire.schema.load import read_yaml

    t = time.perf_counter()
    procedures_for("auftragstaktik")  # imports the ruleset's procedures (their code, not their data)
    out = [time.perf_counter() - t]
    for _ in range(2):
        t = time.perf_counter()
        data = read_yaml(Path(CASE))
        answer, _rec = run_case(data, procedure="fire", rolls=[7], dice=None, odds=False, where=CASE)
        Console(file=io.StringIO(), width=100).print(render_calc(answer))
        out.append(time.perf_counter() - t)
    return out[0], out[1], out[2]


def session_in_process() -> tuple[float, list[float]]:
    """A session's start-up (imports, tables read), then each of 100 mixed questions, in seconds
    (the answers written to a buffer, as a terminal would take them)."""
    import contextlib
    import io

    t = time.perf_counter()
    from umpire.cli.session import Session
    from umpire.cli.talk import warm_up

    warm_up()
    s = Session()
    start = time.perf_counter() - t
    times = []
    for i in range(100):
        line = MIXED[i % len(MIXED)]
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            t = time.perf_counter()
            try:
                s.answer(line)
            except Exception:  # noqa: BLE001  (a refusal, as the session prints one)
                pass
            times.append(time.perf_counter() - t)
    return start, times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--against", type=Path, help="another checkout to time beside this one")
    ap.add_argument("--session", action="store_true", help="time the session only (in process and through a "
                    "terminal)")
    a = ap.parse_args()
    checkouts = [("this", REPO)] + ([("against", a.against.resolve())] if a.against else [])
    if not a.session:
        processes(a, checkouts)
    sessions(checkouts, rounds=2 if a.session else 1)


def sessions(checkouts: list[tuple[str, Path]], rounds: int) -> None:
    """``umpire session``: each checkout in a fresh process, its answers timed in process, then
    through a pseudo-terminal that answers as a terminal does (:mod:`terminal`), the checkouts
    taking turns ``rounds`` times; every figure beside the others, the machine's load on all."""
    import json

    from terminal import time_session

    questions = [MIXED[i % len(MIXED)] for i in range(100)]
    with tempfile.TemporaryDirectory() as tmp:
        base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        base.update(PYTHONPYCACHEPREFIX=str(Path(tmp) / "bytecode"), UMPIRE_CACHE_DIR=str(Path(tmp) / "cache"))
        inside: dict[str, list[float]] = {}
        through: dict[str, list[float]] = {}
        cpu: dict[str, list[float]] = {}
        busy: dict[str, list[float]] = {}
        start: dict[str, list[float]] = {}
        for _ in range(rounds):
            for label, root in checkouts:
                code = (f"import sys, json; sys.path[:0] = [{str(root)!r}, {str(HERE)!r}]; import quick; "
                        "print(json.dumps(quick.session_in_process()))")
                out = subprocess.run([sys.executable, "-c", code], env={**base, "PYTHONPATH": ""}, cwd=root,
                                     capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1]
                inside.setdefault(label, []).extend(json.loads(out)[1])
                up, times, c, ran = time_session(root, questions, base)
                through.setdefault(label, []).extend(times)
                busy.setdefault(label, []).extend(ran)
                cpu.setdefault(label, []).append(c)
                start.setdefault(label, []).append(up)
    print(f"umpire session, 100 mixed questions of both rulesets, {rounds} round(s), checkouts in turn")
    for label, _root in checkouts:
        ms_in = [t * 1000 for t in inside[label]]
        ms_through = sorted(t * 1000 for t in through[label])
        p90 = ms_through[int(0.9 * (len(ms_through) - 1))]
        print(f"  {label}: in process, ms an answer (min median max): {spread(inside[label])}")
        print(f"  {label}: through a terminal, Enter to the next prompt: median {statistics.median(ms_through):.1f} "
              f"ms, 90th percentile {p90:.1f} ms, max {ms_through[-1]:.1f} ms (goal: median < 20, 90th < 50); "
              f"the session's CPU {statistics.median(cpu[label]) * 1000:.1f} ms an answer; start-up "
              f"{statistics.median(start[label]) * 1000:.0f} ms; drawing (median through - median in process) "
              f"{statistics.median(ms_through) - statistics.median(ms_in):.1f} ms")
        ms_busy = sorted(t * 1000 for t in busy[label])
        print(f"  {label}: its CPU from Enter to the next prompt (the time on a quiet machine): median "
              f"{statistics.median(ms_busy):.1f} ms, 90th percentile {ms_busy[int(0.9 * (len(ms_busy) - 1))]:.1f} ms, "
              f"max {ms_busy[-1]:.1f} ms")


def processes(a: argparse.Namespace, checkouts: list[tuple[str, Path]]) -> None:
    """Whole processes, and the calculation in process (see the module's description)."""
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "bare.py"
        bare.write_text(BARE)
        base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        base.update(PYTHONPYCACHEPREFIX=str(Path(tmp) / "bytecode"), UMPIRE_CACHE_DIR=str(Path(tmp) / "cache"))
        cases: list[tuple[str, list[str], dict[str, str], Path]] = []
        for label, root in checkouts:
            env = {**base, "PYTHONPATH": str(root)}
            py = [sys.executable, "-c", ENTRY]
            tag = "" if label == "this" else f" [{label}]"
            cases.append((f"umpire --help{tag}", [*py, "--help"], env, root))
            cases.append((f"umpire calc fire --roll 7{tag}", [*py, "calc", "fire", CASE, "--roll", "7"], env, root))
            if label == "this":  # another checkout may not read a question in one line
                cases.append(("umpire calc fire T-80B M1A1 6", [*py, "calc", *LINE], env, root))
        cases.append(("bare typer app --help", [sys.executable, str(bare), "--help"], base, Path(tmp)))
        cases.append(("bare app: echo one parameter", [sys.executable, str(bare), "hello", "x"], base, Path(tmp)))
        cases.append(("bare app: read, check, show a case", [sys.executable, str(bare), "case", str(REPO / CASE)],
                      base, Path(tmp)))
        for _, cmd, env, cwd in cases:  # once each, to write bytecode and fill the table cache
            run_once(cmd, env, cwd)
        cpu: dict[str, list[float]] = {c[0]: [] for c in cases}
        wall: dict[str, list[float]] = {c[0]: [] for c in cases}
        for _ in range(a.runs):
            for label, cmd, env, cwd in cases:
                c, w = run_once(cmd, env, cwd)
                cpu[label].append(c)
                wall[label].append(w)
        work = {}
        for label, root in checkouts:  # in a fresh process each, with the same bytecode and cache
            code = (f"import sys; sys.path[:0] = [{str(root)!r}, {str(HERE)!r}]; import quick; "
                    "print(*quick.work_in_process())")
            out = subprocess.run([sys.executable, "-c", code], env={**base, "PYTHONPATH": ""}, cwd=root,
                                 capture_output=True, text=True, check=True).stdout.split()
            work[label] = (float(out[-3]), float(out[-2]), float(out[-1]))
    print(f"whole processes, {a.runs} runs each, interleaved (ms: min median max)")
    print(f"  {'':36} {'CPU':>20}   {'wall':>20}")
    for label, *_ in cases:
        print(f"  {label:36} {spread(cpu[label])}   {spread(wall[label])}")
    med = {k: statistics.median(v) for k, v in cpu.items()}
    for label, _root in checkouts:
        tag = "" if label == "this" else f" [{label}]"
        calc_ratio = med[f"umpire calc fire --roll 7{tag}"] / med[f"umpire --help{tag}"]
        if f"umpire calc fire T-80B M1A1 6{tag}" in med:
            line_ratio = med[f"umpire calc fire T-80B M1A1 6{tag}"] / med[f"umpire --help{tag}"]
            print(f"  {label}: the one-line question / --help CPU {line_ratio:.2f}x (goal <= 1.7x)")
        help_ratio = med[f"umpire --help{tag}"] / med["bare typer app --help"]
        print(f"  {label}: calc / --help CPU {calc_ratio:.2f}x (goal <= 1.7x); "
              f"--help / bare app {help_ratio:.2f}x (goal <= 1.5x)")
    floor = med["bare app: read, check, show a case"] / med["bare typer app --help"]
    param = med["bare app: echo one parameter"] / med["bare typer app --help"]
    print(f"  the floor: the bare app reading a case / its own --help, CPU {floor:.2f}x "
          f"(echoing one parameter, pydantic imported by Typer: {param:.2f}x)")
    for label, (imports, first, second) in work.items():
        print(f"  {label}: importing the procedures {imports * 1000:.1f} ms; then the calculation itself (read "
              f"the case, resolve, render): first {first * 1000:.1f} ms, again {second * 1000:.1f} ms (goal < 50 ms)")


if __name__ == "__main__":
    main()
