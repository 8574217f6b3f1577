"""The console every terminal output and every plain-text file is written through.

Names come from files others wrote ("A Coy [reserve]", "B/1-64 [/1-64 attached]", an escape
sequence in a unit's name), so the console treats every string as data, in one place rather
than at each of the hundreds of places a name enters a table or a line:

- it reads no markup: a string printed or put in a table cell is plain text, whatever brackets
  it holds (umpire's own styles are given as ``style=`` or with rich ``Text`` objects);
- it shows control characters visibly: every ``str`` and ``Text`` it renders, at any depth (a
  table's cell, a rule's title), passes :func:`umpire.text.visible` on its way in, so no escape
  sequence, BEL, NUL or bidirectional override reaches the terminal. The replacement is one
  character for one, so the styles of a ``Text`` stay where they were.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from umpire.text import CONTROL, visible


class DataConsole(Console):
    """A rich ``Console`` that reads no markup, no emoji codes and highlights nothing, and shows
    the control characters of what it renders visibly (see the module docstring)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.update(markup=False, emoji=False, highlight=False)
        super().__init__(**kwargs)

    def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterable[Segment]:
        if isinstance(renderable, str):
            renderable = visible(renderable)
        elif isinstance(renderable, Text) and CONTROL.search(renderable.plain):
            shown = renderable.copy()
            shown.plain = visible(renderable.plain)
            renderable = shown
        return super().render(renderable, options)


NAME_MOST = 32  # columns a name column keeps whole before it folds (a name longer than that folds)


class FitTable(Table):
    """A rich ``Table`` that, short of room, narrows the columns that may wrap one character at a
    time, the one with the most to spare first, down to their longest word (a name column: its
    whole name), instead of narrowing every column alike and cutting words; two spaces between
    columns, one when even that does not fit."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Any:
        if not self.columns:
            yield from super().__rich_console__(console, options)
            return
        room = options.max_width - self._extra_width
        self._measured: dict[tuple[int, int, bool], Any] = {}  # a column measured once a render
        inner = options.update_width(room)  # as the table measures its columns
        floors = sum(self._measure_column(console, inner, c).minimum for c in self.columns)
        tight = floors > room
        if tight:
            self.padding = (0, 0, 0, 0)
            self._measured = {}
        try:
            yield from super().__rich_console__(console, options)
        finally:
            self._measured = {}
            if tight:
                self.padding = (0, 1, 0, 0)

    def _measure_column(self, console: Console, options: ConsoleOptions, column: Any) -> Any:
        memo = getattr(self, "_measured", None)
        if memo is None:
            return super()._measure_column(console, options, column)
        key = (column._index, options.max_width, bool(options.no_wrap))
        if key not in memo:
            memo[key] = super()._measure_column(console, options, column)
        return memo[key]

    def _calculate_column_widths(self, console: Console, options: ConsoleOptions) -> list[int]:
        widths: list[int] = super()._calculate_column_widths(console, options)
        room = options.max_width  # the separators' room is already taken off
        if sum(widths) <= room:
            return widths
        ranges = [self._measure_column(console, options, c) for c in self.columns]
        widths = [r.maximum for r in ranges]
        floors = [r.minimum for r in ranges]
        excess = sum(widths) - room
        while excess > 0:
            spare = [i for i, c in enumerate(self.columns) if not c.no_wrap and widths[i] > floors[i]]
            if not spare:
                break
            i = max(spare, key=lambda k: (widths[k] - floors[k], widths[k]))
            widths[i] -= 1
            excess -= 1
        return widths


def table(title: str | None = None, *, header: bool = True, expand: bool = False) -> Table:
    """A table in umpire's one terminal style: a rule under dim headers, no frame, one space
    between columns, the title bold on the left; short of room, names stay whole and the number
    columns' headers wrap (:class:`FitTable`)."""
    from rich import box

    return FitTable(title=title, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD, header_style="dim",
                 show_header=header, pad_edge=False, padding=(0, 1, 0, 0), show_edge=False, expand=expand)


def name_column(t: Table, header: str, values: Iterable[object], *, most: int = NAME_MOST, **kw: Any) -> None:
    """A column of names, kept whole: as wide as its longest value (up to ``most``), so at 80
    columns the number columns give way (their headers wrap) and a name is never cut."""
    from rich.cells import cell_len

    widest = max((cell_len(v.plain if isinstance(v, Text) else str(v)) for v in values), default=0)
    t.add_column(header, min_width=min(max(widest, cell_len(header)), most), overflow="fold", **kw)


def text_column(t: Table, header: str, values: Iterable[object], **kw: Any) -> None:
    """A column of words: it wraps between words, never inside one (as wide as its longest word)."""
    from rich.cells import cell_len

    words = [w for v in [*values, header] for w in (v.plain if isinstance(v, Text) else str(v)).split()]
    t.add_column(header, min_width=min(max((cell_len(w) for w in words), default=1), NAME_MOST),
                 overflow="fold", **kw)


def number_column(t: Table, header: str, **kw: Any) -> None:
    """A column of numbers: right-aligned; its header wraps between words when room is short."""
    from rich.cells import cell_len

    t.add_column(header, justify="right", overflow="fold", min_width=max(cell_len(w) for w in header.split()), **kw)


NAMES = ("name",)  # the columns of a report's unit tables that hold names, kept whole
NUMBERS = ("hits",)
KEPT = ("unit", "turn", "orders")  # short codes, never wrapped


def rows_table(head: Iterable[str], rows: Iterable[Iterable[object]]) -> Table:
    """A report's table of units (``head`` and ``rows`` of text) in the one style: names whole,
    numbers right-aligned, ids and codes unwrapped, the other words wrapped between words."""
    grid = [list(r) for r in rows]
    t = table()
    for i, h in enumerate(head):
        values = [r[i] for r in grid if i < len(r)]
        if h in NAMES:
            name_column(t, h, values)
        elif h in NUMBERS:
            number_column(t, h)
        elif h in KEPT:
            t.add_column(h, no_wrap=True)
        else:
            text_column(t, h, values)
    return t
