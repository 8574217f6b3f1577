"""The user-error family.

A user mistake (a typo, an impossible value, an unknown id) raises an :class:`UmpireError`.
The CLI catches it in one place and prints one line, ``Error: <message>``, with exit status 2.
Anything else that escapes is a bug and may show a traceback.

Messages name the field, the value and what is allowed, e.g.
``unit 'T-80B Coy 4' is not on side Red (known: T-80B Coy 1, T-80B Coy 2)``.
"""

from __future__ import annotations

from collections.abc import Iterable
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


def unknown(kind: str, value: object, known: Iterable[str]) -> UmpireError:
    """Return an error for an unknown name, suggesting close matches.

    >>> str(unknown("ruleset", "mtb", ["auftragstaktik", "mbt"]))
    "unknown ruleset 'mtb' (did you mean 'mbt'? known: auftragstaktik, mbt)"
    """
    names = sorted(known)
    close = get_close_matches(str(value), names, n=1, cutoff=0.6)
    if not close:
        # A name cut short at the table ("fire.flank") still deserves a suggestion.
        key = str(value).casefold()
        close = [n for n in names if key and key in n.casefold()][:1]
    hint = f"did you mean {close[0]!r}? " if close else ""
    listed = ", ".join(names[:16]) + (", ..." if len(names) > 16 else "")
    return UmpireError(f"unknown {kind} {value!r} ({hint}known: {listed})")
