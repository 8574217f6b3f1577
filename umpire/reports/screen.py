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
