"""The words an umpire types at the table, read forgivingly for both rulesets' calc cases.

A distance may carry an inch mark (``7"``, ``7 in``, ``7 inches``); names are read case-blind
with their common synonyms (``atgm`` for the missile rating, ``side`` for the flank). An unknown
word still fails, naming what is allowed and suggesting the closest.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from difflib import get_close_matches
from typing import Any

from pydantic import model_validator

_INCHES = re.compile(r"^\s*(-?[0-9]+(?:\.[0-9]+)?)\s*(?:\"|''|in|inch|inches|”|″)?\s*$", re.IGNORECASE)


def read_inches(value: Any) -> Any:
    """``7``, ``7.5``, ``'7"'``, ``'7 in'`` -> 7.0; anything else is left for the model to refuse.

    >>> read_inches('7"'), read_inches("2.5 inches"), read_inches(3)
    (7.0, 2.5, 3)
    """
    if isinstance(value, str):
        m = _INCHES.match(value)
        if m is None:
            raise ValueError(f"{value!r} is not a distance in inches (e.g. 7 or 7\")")
        number = float(m.group(1))
        if not math.isfinite(number):
            raise ValueError(f"{value!r} is not a finite number of inches")
        return number
    return value


class WordReader:
    """Reads ``value`` case-blind onto ``allowed`` through ``synonyms``; an unknown word raises
    naming the allowed ones and the closest. ``words`` are every word it reads (what a prompt
    offers to complete: ``side`` as well as ``flank``)."""

    def __init__(self, synonyms: Mapping[str, str], allowed: tuple[str, ...], what: str) -> None:
        self.synonyms, self.allowed, self.what = dict(synonyms), allowed, what
        self.words = (*allowed, *(w for w in synonyms if " " not in w))

    def __call__(self, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        key = " ".join(value.strip().lower().replace("_", " ").replace("-", " ").split())
        if key in self.allowed:
            return key
        if key in self.synonyms:
            return self.synonyms[key]
        close = get_close_matches(key, list(self.allowed) + sorted(self.synonyms), n=1, cutoff=0.6)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise ValueError(f"{self.what} {value!r} ({hint}allowed: {', '.join(self.allowed)})")


def read_word(synonyms: Mapping[str, str], allowed: tuple[str, ...], what: str) -> WordReader:
    """A reader mapping ``value`` case-blind onto ``allowed`` through ``synonyms``
    (:class:`WordReader`)."""
    return WordReader(synonyms, allowed, what)


def read_stretch(value: Any) -> Any:
    """A stretch of a move as said at the table: ``woods:3`` (its terrain and inches, either
    way round: ``3:woods``) or ``3`` (its inches) becomes ``{terrain: woods, inches: 3}``; a
    mapping is left for the model to read.

    >>> read_stretch("woods:3"), read_stretch('4":open'), read_stretch("2.5")
    ({'terrain': 'woods', 'inches': 3.0}, {'inches': 4.0, 'terrain': 'open'}, {'inches': 2.5})
    """
    if isinstance(value, int | float) and not isinstance(value, bool):
        return {"inches": value}
    if not isinstance(value, str):
        return value
    out: dict[str, Any] = {}
    for piece in (p.strip() for p in value.split(":")):
        try:
            number = read_inches(piece)
        except ValueError:
            number = None
        key = "inches" if isinstance(number, float) else "terrain"
        if not piece or key in out:
            raise ValueError(f"{value!r} is not a stretch of a move (allowed: TERRAIN:INCHES, e.g. woods:3, or INCHES)")
        out[key] = number if key == "inches" else piece
    return out


class SaidStretch:
    """A case model of one stretch of a move that is read as said at the table (``woods:3``, ``3``)
    as well as by its fields: both rulesets' moves mix it in."""

    @classmethod
    def read_said(cls, value: Any) -> Any:
        """A word of the one-line form (``woods:3``) as the stretch's fields."""
        return read_stretch(value)

    @model_validator(mode="before")
    @classmethod
    def _said(cls, value: Any) -> Any:
        return cls.read_said(value)


def short_name(text: str) -> str:
    """A name as compared at the table: case-blind, letters and digits only.

    >>> short_name("T-80B Coy"), short_name("Т-80Б")
    ('t80bcoy', 'т80б')
    """
    return "".join(ch for ch in str(text).casefold() if ch.isalnum())

