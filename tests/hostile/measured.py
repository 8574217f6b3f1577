"""``umpire`` commands run in a subprocess of their own, each measured: the CPU time it took
and the memory it needed beyond what the process held before it.

The cases run one after another in one Python process started for them (``python -m
tests.hostile.measured``: the cases as JSON on standard input, the answers as JSON on standard
output), so that starting Python and importing umpire, half a second, is paid once and is not
counted as a command's work. Each case is measured by CPU time (user and system) rather than by
the clock, so a busy machine does not fail it, and by the peak resident memory the kernel keeps
for the process (``VmHWM``, reset before each case through ``/proc/self/clear_refs``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Measured:
    code: int
    stdout: str
    stderr: str
    cpu: float  # seconds of CPU, user and system
    rss_mb: float  # the peak resident memory during the command
    grew_mb: float  # how far above what the process held before the command that peak was
    alone_mb: float  # the peak as the command alone would reach it: umpire imported, then this command


    def errors(self) -> list[str]:
        return self.stderr.splitlines()


@dataclass
class Case:
    args: list[str]
    stdin: str | None = None  # a file whose bytes are standard input
    cwd: str | None = None


def run(cases: list[Case], timeout: float = 600) -> list[Measured]:
    """Run every case in one subprocess, in order; their answers, measured."""
    text = json.dumps([c.__dict__ for c in cases])
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    done = subprocess.run([sys.executable, "-m", "tests.hostile.measured"], input=text, capture_output=True,
                          text=True, env=env, timeout=timeout, cwd=root)
    assert done.returncode == 0, done.stderr[-3000:]
    return [Measured(**m) for m in json.loads(done.stdout)]


def _status(key: str) -> float:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith(key + ":"):
                return int(line.split()[1]) / 1024
    return 0.0


def _reset_peak() -> None:
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as fh:
            fh.write("5")  # resets the peak resident memory (VmHWM) to what is resident now
    except OSError:
        pass


def _one(case: dict[str, Any], started_mb: float) -> dict[str, Any]:
    import gc
    import resource

    from typer.testing import CliRunner

    from umpire.cli import app

    data = Path(case["stdin"]).read_bytes() if case.get("stdin") else b""
    old = os.getcwd()
    os.chdir(case.get("cwd") or old)
    gc.collect()
    _reset_peak()
    before = _status("VmRSS")
    t0 = resource.getrusage(resource.RUSAGE_SELF)
    try:
        r = CliRunner().invoke(app, case["args"], input=data)
    finally:
        os.chdir(old)
    t1 = resource.getrusage(resource.RUSAGE_SELF)
    peak = _status("VmHWM")
    cpu = (t1.ru_utime - t0.ru_utime) + (t1.ru_stime - t0.ru_stime)
    err = r.stderr if r.stderr_bytes else ""
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        err += f"\n(traceback: {type(r.exception).__name__}: {r.exception})"
    return {"code": r.exit_code, "stdout": r.stdout, "stderr": err, "cpu": round(cpu, 3), "rss_mb": round(peak, 1),
            "grew_mb": round(peak - before, 1),
            "alone_mb": round(started_mb + peak - before, 1)}


def main() -> None:
    # what every command imports anyway, imported before the first is measured
    import defusedxml.ElementTree  # noqa: F401
    import shapely  # noqa: F401
    import svg.path  # noqa: F401

    import umpire.cli  # noqa: F401
    import umpire.inputs.kinds  # noqa: F401

    # what a command started alone holds before its work; the cases before a case leave more behind
    # (their caches, the heap's fragments), which is not the case's own
    started_mb = _status("VmRSS")
    cases = json.loads(sys.stdin.read())
    sys.stdout.write(json.dumps([_one(c, started_mb) for c in cases]))


if __name__ == "__main__":
    main()
