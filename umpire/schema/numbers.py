"""The strict number reader: the one way user text becomes a number.

Only plain decimal notation is a number: ``12``, ``-3``, ``12.5``, ``.5``, ``1e3``. Python's own
syntax (``1_0``, ``0x1f``, ``٣``, ``nan``, ``inf``) and YAML 1.1's (``1:30``, ``0o17``) are not;
nor is anything whose magnitude is beyond :data:`~umpire.schema.limits.MAX_NUMBER`.

>>> parse_float("12.5"), parse_int("-3")
(12.5, -3)
>>> parse_int("1_0")
Traceback (most recent call last):
...
ValueError: '1_0' is not a whole number (allowed: digits only, e.g. 7)
"""

from __future__ import annotations

import math
import re

from umpire.errors import UmpireError
from umpire.schema.limits import MAX_NUMBER

INT_TEXT = re.compile(r"[-+]?[0-9]+\Z")
FLOAT_TEXT = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?\Z")


def _span(lo: float, hi: float) -> str:
    return f"{lo:g} to {hi:g}" if max(abs(lo), abs(hi)) < 1e16 else f"{int(lo)} to {int(hi)}"


def parse_float(text: str, *, lo: float = -MAX_NUMBER, hi: float = MAX_NUMBER, hint: str | None = None) -> float:
    """``text`` as a finite number in ``lo..hi``. :raises ValueError: saying what is allowed
    (``hint`` says what the number is, e.g. "degrees clockwise from the far edge")."""
    t = text.strip()
    if not FLOAT_TEXT.match(t):
        raise ValueError(f"{text!r} is not a number (allowed: {hint or 'plain digits, e.g. 12 or 12.5'})")
    value = float(t)
    if not math.isfinite(value) or not lo <= value <= hi:
        raise ValueError(f"{text!r} is out of range (allowed: {_span(lo, hi)}{', ' + hint if hint else ''})")
    return value


def parse_int(text: str, *, lo: int = -MAX_NUMBER, hi: int = MAX_NUMBER) -> int:
    """``text`` as a whole number in ``lo..hi``. :raises ValueError: saying what is allowed."""
    t = text.strip()
    if not INT_TEXT.match(t):
        raise ValueError(f"{text!r} is not a whole number (allowed: digits only, e.g. 7)")
    if len(t) > 40:  # no need to build a huge int to know it is out of range
        raise ValueError(f"{text!r} is out of range (allowed: {_span(lo, hi)})")
    value = int(t)
    if not lo <= value <= hi:
        raise ValueError(f"{text!r} is out of range (allowed: {_span(lo, hi)})")
    return value


def read_float(
    text: str, field: str, *, lo: float = -MAX_NUMBER, hi: float = MAX_NUMBER, hint: str | None = None
) -> float:
    """:func:`parse_float`, raising :class:`UmpireError` that names ``field``."""
    try:
        return parse_float(text, lo=lo, hi=hi, hint=hint)
    except ValueError as exc:
        raise UmpireError(f"{field}: {exc}") from None


def number(
    value: object, field: str, *, lo: float = -MAX_NUMBER, hi: float = MAX_NUMBER, hint: str | None = None
) -> float:
    """A number already read (from a file or an action's payload) or text, checked: finite, in
    ``lo..hi``, and not a true/false value. :raises UmpireError: naming ``field``."""
    if isinstance(value, str):
        return read_float(value, field, lo=lo, hi=hi, hint=hint)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise UmpireError(f"{field}: {value!r} is not a number (allowed: {hint or _span(lo, hi)})")
    if not ((isinstance(value, int) or math.isfinite(value)) and lo <= value <= hi):
        raise UmpireError(f"{field}: {value!r} is out of range (allowed: {_span(lo, hi)}{', ' + hint if hint else ''})")
    return float(value)
