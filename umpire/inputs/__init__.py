"""The files umpire reads, checked whole: ``umpire check FILE`` and the errors of every command
that reads one.

A file's kind (a scenario, a calc case, a season, or a kind a ruleset reads: its orders, its
unit files, its data transcriptions) is found from its keys, or given. Every problem of the
file is found in one pass, in umpire's own words, each with the line and column of the YAML it is about:

1. the reader keeps where each part of the file is (:mod:`umpire.schema.reader` marks);
2. the file's shape is validated whole, what is wrong taken out so that the rest can be
   checked further (:mod:`umpire.schema.settle`);
3. the checks that come after run on what is left in the same pass: a scenario's ruleset
   checks (unit types, stat lines, cards, setup zones, terrain), a season's units and games,
   an orders file against the game it is for;
4. each problem is placed at the part of the file it names (:mod:`umpire.schema.locate`).

An ordinary command that reads a file (``new``, ``turn orders``, ``calc``, ``campaign new``)
says the first problem in one ``Error:`` line, how many more there are, and that
``umpire check`` lists them all (:func:`refusal`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

from umpire.errors import DataError, UmpireError, shown
from umpire.schema.locate import Finding, Found
from umpire.schema.reader import Marks, Unread, checked_utf8, foreign, linked, parse_yaml, read_bytes, read_stdin_bytes

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.turns.readers import Readers

__all__ = ["Finding", "Found", "Report", "check_data", "check_file", "refusal"]

#: The game an orders file is checked against, or how to open it (only an orders file needs it).
GameGiven = Union["GameState", Callable[[], "GameState | None"], None]


@dataclass
class Report:
    """What ``umpire check`` found in one file."""

    file: str
    kind: str = ""
    findings: list[Finding] = field(default_factory=list)
    summary: str = ""  # what a clean file holds, in a few words
    notes: list[str] = field(default_factory=list)  # what was not checked, and why

    @property
    def ok(self) -> bool:
        return not self.findings

    def lines(self) -> list[str]:
        return [f.render(self.file) for f in self.findings]

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "kind": self.kind, "ok": self.ok, "summary": self.summary, "notes": self.notes,
                "problems": [{"line": f.line, "column": f.column, "problem": f.text} for f in self.findings]}


def check_file(path: Path | str, kind: str | None = None, *, state: GameGiven = None,
               readers: Readers | None = None) -> Report:
    """Check one file (``-``: standard input) whole; ``state``: the game an orders file is for;
    ``readers``: an orders file is read as its side's, in its words (:mod:`umpire.turns.readers`)."""
    from umpire.inputs.kinds import max_bytes

    name = "<stdin>" if str(path) == "-" else shown(path)
    if linked(path):
        report = check_file(Path(path).resolve(), kind, state=state, readers=readers)
        if report.findings:
            report.file = name
            report.findings = [Finding(None, None, str(foreign(path, report.kind or kind or "file"))
                                       .removeprefix(f"{name}: "))]
        return report
    try:
        if str(path) == "-":
            data = read_stdin_bytes(name, max_bytes(kind))
        else:
            data = read_bytes(Path(path), max_bytes(kind))
        text = checked_utf8(data, name)
    except DataError as exc:
        return Report(name, kind or "", [Finding(*_line_of(str(exc), name))])
    return check_data(text, name, kind, state=state, readers=readers)


def check_data(text: str | bytes, where: str, kind: str | None = None, *, state: GameGiven = None,
               readers: Readers | None = None) -> Report:
    """Check the text of one file, called ``where``."""
    from umpire.inputs.kinds import detect, find_kind, is_orders

    marks: Marks = {}
    try:
        data = parse_yaml(text, where, marks)
    except DataError as exc:
        return Report(where, kind or "", [Finding(*_line_of(str(exc), where))])
    if callable(state):
        state = state() if is_orders(kind, data) else None
    try:
        k = find_kind(kind, data, state) if kind else detect(data, state)
    except UmpireError as exc:
        return Report(where, kind or "", [Finding(None, None, str(exc))])
    return k.check(data, marks, where, state, readers)


def _line_of(message: str, where: str) -> tuple[int | None, int | None, str]:
    """A reader's one-line refusal as a finding: its line (and column) taken from the words."""
    import re

    text = message.removeprefix(f"{where}: ")
    m = re.match(r"line (\d+): ", text) or re.search(r" at line (\d+), column (\d+)", text)
    if m is None:
        return None, None, text
    if m.re.groups > 1:  # "not valid YAML at line 2, column 1: ..."
        return int(m.group(1)), int(m.group(2)), text.replace(m.group(0), "", 1)
    return int(m.group(1)), None, text.removeprefix(m.group(0))


def refusal(path: Path | str, kind: str, error: UmpireError, *, state: GameState | None = None,
            db: Path | None = None, readers: Readers | None = None) -> UmpireError:
    """The one-line error of an ordinary command that could not use a file: the first problem
    the command met (as ``umpire check`` words and places it; else the first the check finds),
    how many more there are, and the command that lists them (``db``: the game an orders file
    was checked against). ``error`` is kept as it is when the check finds nothing. A file reached
    through a link is named by its path and kind alone (:func:`umpire.schema.reader.foreign`)."""
    if linked(path):
        return foreign(path, kind)
    if isinstance(error, Unread):
        return error  # the reader's own refusal: the file read again would say the same
    report = check_file(path, kind, state=state, readers=readers) if str(path) != "-" else Report("<stdin>")
    said = str(error).splitlines() or [str(error)]
    lines = report.lines()
    found = next((i for i, f in enumerate(report.findings) if said[0].endswith(f.text)), None)
    if found is not None:
        first, more = lines[found], len(lines) - 1
    elif lines:
        first, more = said[0], len(lines)  # what the command met, which the check does not see
    else:
        first, more = said[0], len(said) - 1
    if not more:
        return error if first == said[0] and len(said) == 1 else DataError(first)
    game = f"--db {shown(db)} " if db is not None and str(db) != "umpire.db" else ""
    return DataError(f"{first} (and {more} more problem{'s' if more > 1 else ''}: "
                     f"umpire {game}check {shown(path)} lists them all)")
