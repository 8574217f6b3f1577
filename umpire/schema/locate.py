"""Where in a file a problem is: the part it names, found in the data and marked with its line.

A shape problem comes with its path (``sides[0].units[2].facing``). A ruleset's checks word
theirs as umpire always has, naming the part first::

    sides[0] unit 'm1-1': position (100, 3) is off the table (x 0-48, y 0-36)
    unit 'a-1': type: unknown unit 'M1A1 Compny' (did you mean 'M1A1 Company'? ...)
    terrain 'w1': polygon is not simple (...)
    rounds[0] game 'g1': deploy.p1.box: [0, 0, 90, 4] is off the table (x 0-72, y 0-48)

:class:`Locator` reads that leading part (paths, and ``unit 'id'``-style names of the parts
that have an ``id:``) down to the deepest part of the data it finds, so every problem of a file
is shown with its line and column, whichever check found it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from umpire.schema.problems import Path, loc_text
from umpire.schema.reader import Marks, mark_of
from umpire.schema.settle import Settled

_PATH = re.compile(r"[A-Za-z_][\w-]*(?:\[[0-9]+\]|\.[\w-]+)*")
_PART = re.compile(r"\[([0-9]+)\]|\.?([\w-]+)")
_REF = re.compile(r"(?:units?|terrain|formation|flight|side|player|game|force|battalion) '([^']*)'")
_LOCATOR = re.compile(rf"(?:(?:{_REF.pattern}|{_PATH.pattern}) )+")
_FIRST = re.compile(r"\(first at ([^()]+)\)")
_TOKEN = re.compile(rf"{_REF.pattern.replace('([^', '(?P<id>[^', 1)}|{_PATH.pattern}")


def parse_path(text: str) -> Path:
    """``sides[0].units[2]`` as ``("sides", 0, "units", 2)``."""
    return tuple(int(i) if i else name for i, name in _PART.findall(text))


class Locator:
    """Finds the parts of one file's data that problems name (``settled``: the data that was
    left by :func:`~umpire.schema.settle.settle`, which the later checks saw)."""

    def __init__(self, marks: Marks, settled: Settled[Any]) -> None:
        self.marks = marks
        self.settled = settled
        self._ids: dict[str, Path] | None = None

    def mark(self, path: Path) -> tuple[int, int] | None:
        """The line and column of a path in the file (or of the nearest part holding it)."""
        return mark_of(self.marks, path)

    def find(self, text: str) -> Path:
        """The path (in the file) of the part ``text`` begins by naming; () if none."""
        data = self.settled.data
        here: Path = ()
        for n, segment in enumerate(text.split(": ")[:-1]):
            named = _LOCATOR.match(segment + " ")
            whole = named is not None and named.end() > len(segment)
            if named is None or n and not whole:
                break  # after the first part named, only a part inside it ("unit 'a-1': type: ...")
            for token in _TOKEN.finditer(named.group(0)):
                if token.group("id") is not None:
                    step = self._ids_index().get(token.group("id"))
                else:
                    parts = parse_path(token.group(0))
                    step = self._walk(data, here, parts) or (None if n else self._walk(data, (), parts))
                if step is not None:
                    here = step
            if not whole:
                break  # "units 'a' and 'b': ...": the rest of it names no part
        return self.settled.original(here)

    def _walk(self, data: Any, start: Path, parts: Path) -> Path | None:
        cur = data
        for part in start:
            cur = cur[part]
        got = list(start)
        for n, part in enumerate(parts):
            if isinstance(cur, dict) and part in cur:
                cur = cur[part]
            elif isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur):
                cur = cur[part]
            else:
                return tuple(got) if n else None
            got.append(part)
        return tuple(got)

    def _ids_index(self) -> dict[str, Path]:
        """Every part with an ``id:`` by its id (the first, if one is used twice)."""
        if self._ids is None:
            self._ids = {}
            stack: list[tuple[Path, Any]] = [((), self.settled.data)]
            while stack:
                path, value = stack.pop()
                if isinstance(value, dict):
                    ident = value.get("id")
                    if isinstance(ident, str) and ident not in self._ids:
                        self._ids[ident] = path
                    stack += [((*path, k), v) for k, v in reversed(value.items()) if isinstance(v, dict | list)]
                elif isinstance(value, list):
                    items = reversed(list(enumerate(value)))
                    stack += [((*path, i), v) for i, v in items if isinstance(v, dict | list)]
        return self._ids


@dataclass(frozen=True)
class Finding:
    """One problem: where it is (line and column from 1; None for the file as a whole) and what."""

    line: int | None
    column: int | None
    text: str

    def render(self, where: str) -> str:
        at = "" if self.line is None else f"line {self.line}: " if self.column is None else (
            f"line {self.line}, column {self.column}: ")
        return f"{where}: {at}{self.text}"


class Found:
    """The problems of one file, each placed in it: a check adds its own (a file kind's checks too)."""

    def __init__(self, where: str, locator: Locator) -> None:
        self.where = where
        self.locator = locator
        self.items: list[tuple[tuple[int, int] | None, str]] = []

    def at(self, path: Path, text: str) -> None:
        """A problem of the value at ``path`` (a path in the file), worded without the path."""
        self.items.append((self.locator.mark(path) if path else None, f"{loc_text(path)}: {text}" if path else text))

    def said(self, message: str) -> None:
        """Problems as a check words them (``where: part: reason``, one a line): each is placed
        at the part it names first."""
        for line in str(message).splitlines():
            text = _FIRST.sub(self._first_line, line.removeprefix(f"{self.where}: "))
            path = self.locator.find(text)
            self.items.append((self.locator.mark(path) if path else None, text))

    def _first_line(self, m: re.Match[str]) -> str:
        """``(first at terrain[0])`` with the line of that part: a duplicate is said at its own
        line, and where the first is."""
        path = self.locator.find(f"{m.group(1)}: -")
        mark = self.locator.mark(path) if path else None
        return m.group(0) if mark is None else f"(first at {m.group(1)}, line {mark[0]})"

    def findings(self) -> list[Finding]:
        seen: dict[str, tuple[int, int] | None] = {}
        for mark, text in self.items:
            seen.setdefault(text, mark)
        ordered = sorted(seen.items(), key=lambda kv: (kv[1] is not None, kv[1] or (0, 0)))
        return [Finding(m[0] if m else None, m[1] if m else None, t) for t, m in ordered]
