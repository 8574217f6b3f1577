"""The user-error family.

A user mistake (a typo, an impossible value, an unknown id) raises an :class:`UmpireError`.
The CLI catches it in one place and prints one line, ``Error: <message>``, with exit status 2.
Anything else that escapes is a bug and may show a traceback.

Messages name the field, the value and what is allowed, e.g.
``unit 'T-80B Coy 4' is not on side Red (known: T-80B Coy 1, T-80B Coy 2)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from difflib import get_close_matches


class UmpireError(ValueError):
    """A mistake in what the user typed or supplied; never a bug."""


class DataError(UmpireError):
    """A data file (scenario, table, card, case) failed validation."""


class StoreError(UmpireError):
    """The game database cannot be used as asked (not an umpire file, nothing to undo...)."""


class DiceError(UmpireError):
    """A die value that cannot occur, or scripted dice that ran out."""


def shown(text: object) -> str:
    r"""``text`` (often a path) as text that can always be printed and stored: bytes of a file
    name that are not UTF-8 (which Python keeps as lone surrogates) are shown as ``\xff``.

    >>> shown("\udcff-orders.yaml")
    '\\xff-orders.yaml'
    """
    out = str(text)
    try:
        out.encode("utf-8")
    except UnicodeEncodeError:
        try:
            out = out.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        except UnicodeEncodeError:
            out = out.encode("utf-8", "backslashreplace").decode("utf-8")
    return out


def _loose(text: str) -> str:
    return "".join(ch for ch in str(text).casefold() if ch.isalnum())


def _tokens(text: str) -> list[str]:
    import re

    return [t for t in re.split(r"[^\w]+", str(text).casefold()) if t]


def closest(value: object, names: Iterable[str], aliases: Mapping[str, Iterable[str]] | None = None,
            n: int = 3) -> list[str]:
    """The names ``value`` most likely means, best first: the name or an alias (``aliases``:
    name -> its other names) written alike but for case and punctuation; then names having it
    as a word or a part (``Abrams`` in ``M1 Abrams``, ``fire.flank`` in
    ``fire.flank_rear_shift_direction``); then names a typo or two away.

    >>> closest("Abrams", ["BRDM", "M1", "M1A1"], {"M1": ["M1 Abrams"], "M1A1": ["M1A1 Abrams"]})
    ['M1', 'M1A1']
    >>> closest("mtb", ["auftragstaktik", "mbt"])
    ['mbt']
    """
    key = _loose(value)
    words = _tokens(value)
    every = {name: [name, *(aliases or {}).get(name, ())] for name in names}
    if not key:
        return []
    alike = [nm for nm, spellings in every.items() if any(_loose(s) == key for s in spellings)]
    if alike:
        return alike[:n]
    part = [nm for nm, spellings in every.items()
            if any(words and all(w in _tokens(s) for w in words) for s in spellings)]
    if len(key) > 1:
        part += [nm for nm, spellings in every.items()
                 if nm not in part and any(key in _loose(s) for s in spellings)]
    if part:
        return sorted(part, key=lambda nm: min(len(_loose(s)) for s in every[nm]))[:n]
    loose = {_loose(s): nm for nm, spellings in every.items() for s in spellings}
    found = get_close_matches(key, list(loose), n=1, cutoff=0.6)  # a typo: the nearest only
    return [loose[f] for f in found]


def unknown(kind: str, value: object, known: Iterable[str],
            aliases: Mapping[str, Iterable[str]] | None = None) -> UmpireError:
    """Return an error for an unknown name, suggesting the closest (:func:`closest`) and listing
    every known name (a list is never cut short: the name the umpire wants may be the last).

    >>> str(unknown("ruleset", "mtb", ["auftragstaktik", "mbt"]))
    "unknown ruleset 'mtb' (did you mean 'mbt'? known: auftragstaktik, mbt)"
    """
    names = sorted(known)
    close = closest(value, names, aliases)
    hint = ""
    if len(close) == 1:
        hint = f"did you mean {close[0]!r}? "
    elif close:
        hint = "did you mean " + ", ".join(repr(c) for c in close[:-1]) + f" or {close[-1]!r}? "
    return UmpireError(f"unknown {kind} {value!r} ({hint}known: {', '.join(names)})")
