"""The command blocks of the README and of the documentation's pages, read as a reader reads them.

A ```` ```bash ```` block is commands, run in order; a ```` ```console ```` block is commands
(``$ umpire ...``) each followed by the output it shows (``...`` stands for lines left out). A
command may write a file first (``cat > FILE <<'EOF'`` ... ``EOF``) or feed lines to a command
(``printf 'a\\nb\\n' | umpire session``); lines that set up Python (``python3 -m venv``,
``. .venv/bin/activate``, ``pip install``) are what the reader does once, before the page.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"

# What a reader does once to install umpire, or what starts a server that runs until stopped:
# the tests run in an installed umpire, and the server's pages have tests of their own (tests/serve).
SETUP = ("python3 -m venv", ". .venv/bin/activate", "source .venv/bin/activate", "pip install",
         "python -m pytest", "git clone", "cd umpire", "mkdocs serve")
NOT_RUN = ("umpire serve",)

_FENCE = re.compile(r"^```(bash|console)[^\n]*\n(.*?)^```", re.S | re.M)
_HEREDOC = re.compile(r"^cat > (\S+) <<'?(\w+)'?$")
_PIPE = re.compile(r"^printf (['\"])(.*?)\1 \| (umpire .*)$")


@dataclass
class Step:
    """One thing a reader does: write a file, or run a command (with its input and shown output)."""

    line: str
    args: list[str] = field(default_factory=list)
    write: tuple[str, str] | None = None
    input: str | None = None
    shown: list[str] | None = None


def pages() -> list[Path]:
    """The pages whose commands a reader follows: the README, the tutorials, the how-to guides."""
    return [REPO / "README.md", *sorted((DOCS / "tutorials").glob("*.md")), *sorted((DOCS / "how-to").glob("*.md"))]


def steps(text: str) -> list[Step]:
    """Every step of a page's command blocks, in order."""
    out: list[Step] = []
    for kind, body in _FENCE.findall(text):
        out.extend(_bash(body) if kind == "bash" else _console(body))
    return out


def commands_of(text: str) -> list[str]:
    """The umpire commands of a text's blocks, as typed."""
    return [s.line for s in steps(text) if s.args]


def _bash(body: str) -> list[Step]:
    out: list[Step] = []
    lines = body.replace("\\\n", " ").splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        heredoc = _HEREDOC.match(line)
        if heredoc:
            end = lines.index(heredoc.group(2), i)
            out.append(Step(line, write=(heredoc.group(1), "\n".join(lines[i:end]) + "\n")))
            i = end + 1
            continue
        for part in line.split(" && "):
            step = _command(part.strip())
            if step:
                out.append(step)
    return out


def _console(body: str) -> list[Step]:
    out: list[Step] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            step = _command(line[2:].strip())
            if step is None:
                raise ValueError(f"a console block shows what cannot be run: {line!r}")
            step.shown = []
            out.append(step)
        elif out and out[-1].shown is not None:
            out[-1].shown.append(line)
    return out


def _command(line: str) -> Step | None:
    if not line or line.startswith("#") or line.startswith(SETUP) or line.startswith(NOT_RUN):
        return None
    piped = _PIPE.match(line)
    feed = None
    if piped:
        feed = piped.group(2).encode().decode("unicode_escape")
        line = piped.group(3)
    words = shlex.split(line)
    if words[0] != "umpire":
        raise ValueError(f"the docs' commands are umpire's own: {line!r} is not")
    return Step(line, args=words[1:], input=feed)


def _norm(line: str) -> str:
    return " ".join(line.split())


def _same(want: str, got: str) -> bool:
    if "..." not in want:
        return want == got
    return re.fullmatch(".*?".join(re.escape(part) for part in want.split("...")), got) is not None


def matches(shown: list[str], output: str) -> bool:
    """Whether the output is what the page shows: line by line, spaces aside; a line ``...`` stands
    for any lines, ``...`` within a line for any text."""
    want = [_norm(x) for x in shown if x.strip()]
    got = [_norm(x) for x in output.splitlines() if x.strip()]

    def at(w: int, g: int) -> bool:
        if w == len(want):
            return g == len(got)
        if want[w] == "...":
            return any(at(w + 1, k) for k in range(g, len(got) + 1))
        return g < len(got) and _same(want[w], got[g]) and at(w + 1, g + 1)

    return at(0, 0)
