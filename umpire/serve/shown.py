"""What the server's answers may show of a string from a file: what the CLI shows of it.

A name in a scenario or a note a player sent may hold a bidirectional override (U+202E), a
control character or another invisible one; the terminal shows each as one visible character
(:func:`umpire.text.visible`). Every page and every JSON answer does the same: :func:`finalize`
is the templates' (every ``{{ value }}`` passes it before it is escaped), and :class:`JSONResponse`
passes every string of an answer, keys included, through it.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup
from starlette.responses import JSONResponse as _JSONResponse

from umpire.text import CONTROL, visible


def finalize(value: Any) -> Any:
    """A template's value as shown: a string through :func:`visible` (markup the server wrote,
    the map's SVG, was made visible when it was written)."""
    if isinstance(value, str) and not isinstance(value, Markup):
        return visible(value)
    return value


def shown(data: Any) -> Any:
    """``data`` with every string (keys too) passed through :func:`visible`."""
    if isinstance(data, str):
        return visible(data) if CONTROL.search(data) else data
    if isinstance(data, dict):
        return {shown(k): shown(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [shown(v) for v in data]
    return data


class JSONResponse(_JSONResponse):
    """Starlette's JSON answer, every string in it shown as the CLI shows it."""

    def render(self, content: Any) -> bytes:
        return super().render(shown(content))
