"""A pseudo-terminal that answers as a terminal does, to time ``umpire session`` end to end.

The session runs in a pseudo-terminal of 50 rows and 100 columns with ``TERM=xterm``: its line
editor asks where the cursor is (``ESC [6n``) and this terminal answers at once
(``ESC [row;1R``), as a real one does, so the editor never waits for an answer that does not
come. Each question is pasted (bracketed paste, as a terminal sends a pasted line), the screen
left to settle, then Enter pressed: the time of an answer is from Enter to the next prompt ready
for typing (the editor turns bracketed paste on as it draws it), which holds the answer read,
worked out, drawn, and the prompt drawn again.

Used by ``bench/quick.py``; by itself: ``python bench/terminal.py [CHECKOUT]``.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

EDITING = b"\x1b[?2004h"  # the editor draws a prompt
ENTERED = b"\x1b[?2004l"  # the editor hands a line over
CPR = b"\x1b[6n"  # where is the cursor?
ROWS, COLUMNS = 50, 100


class Terminal:
    """A session in a pseudo-terminal, its output read as it comes, every cursor-position
    request answered."""

    def __init__(self, cmd: list[str], env: dict[str, str], cwd: Path) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        env = {**env, "TERM": "xterm", "COLUMNS": str(COLUMNS), "LINES": str(ROWS)}
        env.pop("PROMPT_TOOLKIT_NO_CPR", None)
        self.proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd,
                                     close_fds=True, start_new_session=True)
        os.close(slave)
        self.fd, self.buf, self.row = master, b"", 1

    def _read(self, wait: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the session ended
            raise EOFError from None
        if not data:
            raise EOFError
        self.row = min(ROWS, self.row + data.count(b"\n"))
        for _ in range(data.count(CPR)):
            os.write(self.fd, f"\x1b[{self.row};1R".encode())
        self.buf += data
        return True

    def until(self, mark: bytes, timeout: float = 60.0) -> float:
        """Read until ``mark`` comes; the time it came (the buffer keeps what follows it)."""
        end = time.perf_counter() + timeout
        while (i := self.buf.find(mark)) < 0:
            if time.perf_counter() > end:
                raise TimeoutError(f"no {mark!r} within {timeout} s; last output {self.buf[-300:]!r}")
            self._read(0.5)
        seen = time.perf_counter()
        self.buf = self.buf[i + len(mark):]
        return seen

    def settle(self, quiet: float = 0.03) -> None:
        """Read until nothing more comes for ``quiet`` seconds."""
        while self._read(quiet):
            pass

    def send(self, data: bytes) -> None:
        os.write(self.fd, data)

    def cpu(self) -> float:
        """The session's CPU seconds so far (user and system)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def run_time(self) -> float:
        """The seconds the session's threads alive now have run on a CPU, to the nanosecond
        (the scheduler's count, where :meth:`cpu` counts in clock ticks of 10 ms)."""
        total = 0
        for task in Path(f"/proc/{self.proc.pid}/task").iterdir():
            try:
                total += int((task / "schedstat").read_text().split()[0])
            except (OSError, IndexError, ValueError):  # a thread that ended meanwhile
                pass
        return total / 1e9

    def close(self) -> None:
        try:
            self.send(b"quit\r")
            self.proc.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
        os.close(self.fd)


def time_session(root: Path, questions: list[str], env: dict[str, str] | None = None
                 ) -> tuple[float, list[float], float, list[float]]:
    """(start-up to the first prompt in s, each answer from Enter to the next prompt in s, CPU
    seconds per answer on average with its pasting, each answer's CPU seconds from Enter to the
    next prompt settled) of ``umpire session`` of the checkout at ``root``. An answer's CPU is
    what a quiet machine's clock would show: a loaded machine adds waiting for a core to it."""
    env = {**(env or os.environ), "PYTHONPATH": str(root)}
    t0 = time.perf_counter()
    term = Terminal([sys.executable, "-m", "umpire", "session"], env, root)
    try:
        start = term.until(EDITING) - t0
        term.settle()
        times: list[float] = []
        busy: list[float] = []
        cpu0 = term.cpu()
        for q in questions:
            term.send(b"\x1b[200~" + q.encode() + b"\x1b[201~")
            term.settle()
            term.buf = b""
            ran = term.run_time()
            sent = time.perf_counter()
            term.send(b"\r")
            term.until(ENTERED)
            times.append(term.until(EDITING) - sent)
            term.settle()  # what comes after the prompt (its redraw on the cursor's answer)
            busy.append(term.run_time() - ran)
        cpu = (term.cpu() - cpu0) / len(questions)
    finally:
        term.close()
    return start, times, cpu, busy


def spread(ms: list[float]) -> str:
    s = sorted(ms)
    return (f"median {statistics.median(s):.1f}, 90th percentile {s[int(0.9 * (len(s) - 1))]:.1f}, "
            f"max {s[-1]:.1f}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from quick import MIXED

    root = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
    start, times, cpu, busy = time_session(root, [MIXED[i % len(MIXED)] for i in range(100)])
    print(f"umpire session through a terminal: start-up {start * 1000:.0f} ms; 100 mixed questions, "
          f"ms from Enter to the next prompt: {spread([t * 1000 for t in times])}; CPU {cpu * 1000:.1f} ms an answer; "
          f"CPU from Enter to the next prompt: {spread([t * 1000 for t in busy])}")
