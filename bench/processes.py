"""Fresh processes for the benches, run as installed code runs: with its bytecode kept.

An installed ``umpire`` has its modules compiled once (pip writes their bytecode); a checkout
run where PYTHONDONTWRITEBYTECODE is set compiles every module it imports, lazily imported ones
included, in every process. The benches' child processes therefore keep their bytecode in a
temporary folder (PYTHONPYCACHEPREFIX), whatever PYTHONDONTWRITEBYTECODE says, and each bench
runs one untimed process per checkout first to write it.
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any


@contextlib.contextmanager
def installed_env() -> Iterator[dict[str, str]]:
    """The environment for a bench's child processes while the bench runs (the bytecode folder
    is removed afterwards)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPYCACHEPREFIX=str(Path(tmp) / "bytecode"), PYTHONPATH="")
        yield env


def in_process(root: Path, module: str, call: str, env: dict[str, str]) -> Any:
    """``module.call`` (a bench script beside this one, e.g. ``one_turn(150, 300, 1)``) run in a
    fresh process with the code of checkout ``root``; what it returns, passed through JSON."""
    here = Path(__file__).resolve().parent
    code = (f"import sys, json; sys.path[:0] = [{str(root)!r}, {str(here)!r}]; import {module}; "
            f"print(json.dumps({module}.{call}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=here,
                         env=env or {**os.environ, "PYTHONPATH": ""})
    if out.returncode:
        raise SystemExit(f"{root}: {module}.{call} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def spread(xs: list[float], fmt: str = "{:.3f}") -> str:
    """``min / median / max`` of ``xs``."""
    return " / ".join(fmt.format(v) for v in (min(xs), statistics.median(xs), max(xs)))
