"""Fresh processes for the benches, run as installed code runs: with its bytecode kept.

An installed ``umpire`` has its modules compiled once (pip writes their bytecode); a checkout
run where PYTHONDONTWRITEBYTECODE is set compiles every module it imports, lazily imported ones
included, in every process. The benches' child processes therefore keep their bytecode in a
temporary folder (PYTHONPYCACHEPREFIX), whatever PYTHONDONTWRITEBYTECODE says, and each bench
runs one untimed process per checkout first to write it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def installed_env() -> Iterator[dict[str, str]]:
    """The environment for a bench's child processes while the bench runs (the bytecode folder
    is removed afterwards)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPYCACHEPREFIX=str(Path(tmp) / "bytecode"), PYTHONPATH="")
        yield env
