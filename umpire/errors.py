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
from functools import lru_cache
from typing import Any


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


#: The characters of a value a message quotes whole; a longer one is cut, its size said.
QUOTE_MOST = 40
#: A value longer than this is not compared with the names it may mean (a name is far shorter).
SUGGEST_MOST = 200


def said(value: Any, most: int | None = None) -> str:
    """``value`` in the words a case file writes it, never as Python writes it: ``true`` and
    ``false``, ``none`` for nothing, a number without a trailing ``.0``, a list as ``[a, b]`` and a
    mapping as ``{name: value}``, text as it is.

    >>> said(True), said(None), said(7.0), said(2.25), said(["a", 1]), said({"hq": {"rating": 4}}), said(1e23)
    ('true', 'none', '7', '2.25', '[a, 1]', '{hq: {rating: 4}}', '1e+23')
    >>> said([[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]], most=4)
    '[[0, 0], [1, 0], [2, 0], [3, 0], ...]'

    ``most``: the items of a list or mapping said, the rest as ``...``.
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else f"{value:g}" if value.is_integer() \
            else repr(value)
    if isinstance(value, dict | list | tuple | set | frozenset):
        items = list(value.items()) if isinstance(value, dict) else list(value)
        shown = items if most is None else items[:most]
        words = [f"{said(k, most)}: {said(v, most)}" if isinstance(value, dict) else said(v, most)
                 for k, v in (shown if isinstance(value, dict) else ((None, v) for v in shown))]
        if len(shown) < len(items):
            words.append("...")
        return ("{%s}" if isinstance(value, dict) else "[%s]") % ", ".join(words)
    return str(value)


def quoted(value: object, most: int = QUOTE_MOST) -> str:
    r"""``value`` as a message quotes what a user gave: a short, sanitised excerpt. A text (or
    anything else, by its ``repr``) longer than ``most`` characters is cut after its first
    ``most`` characters and its size is said; control characters and bidirectional marks are
    written as escapes (``\x1b``), as ``repr`` writes them, never as themselves.

    >>> quoted("zsu")
    "'zsu'"
    >>> quoted("x" * 1_000_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (1,000,000 characters)"
    >>> print(quoted("a\x1b[2Jb\u202e"))
    'a\x1b[2Jb\u202e'
    >>> quoted([1, 2, 3]), quoted(True), quoted({"hq": {"rating": 4}})
    ('[1, 2, 3]', 'true', '{hq: {rating: 4}}')

    A value that is not text is written as a case file writes it (:func:`said`), never as
    Python does.
    """
    if isinstance(value, str):
        text = value if len(value) <= most else value[:most] + "..."
        out = shown(repr(text))
        return out if len(value) <= most else f"{out} ({len(value):,} characters)"
    if isinstance(value, dict | list | tuple | set) and len(value) > 8:
        kind = "mapping" if isinstance(value, dict) else "list"
        return f"a {kind} of {len(value):,} items"
    text = shown(repr(said(value, most=4)))[1:-1]  # escaped as repr escapes, without its quotes
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


def _natural(name: str) -> tuple[object, ...]:
    """A name's sort key with its numbers by value: ``contact-2`` before ``contact-10``."""
    import re

    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", str(name)) if p)


def _loose(text: object) -> str:
    return _loose_text(str(text))


@lru_cache(maxsize=8192)
def _loose_text(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _tokens(text: object) -> list[str]:
    return list(_token_text(str(text)))


@lru_cache(maxsize=8192)
def _token_text(text: str) -> tuple[str, ...]:
    import re

    return tuple(t for t in re.split(r"[^\w]+", text.casefold()) if t)


def rank(query: object, spellings: Iterable[str], *, typos: bool = True) -> int | None:
    """How well ``query`` matches a name written any of ``spellings`` ways, lower is better:
    0 written alike but for case and punctuation, 1 every word of it a word of one (``Abrams``
    in ``M1 Abrams``), 2 a part of one (``fire.flank`` in ``fire.flank_rear_shift_direction``),
    3 a typo or two away (unless ``typos`` is false: the costly part); None for no match.

    >>> [rank(q, ["M1A1 Abrams Company"]) for q in ("m1a1abramscompany", "abrams", "brams", "abrms", "BRDM")]
    [0, 1, 2, 3, None]
    """
    key = _loose(query)
    if not key:
        return None
    words = _tokens(query)
    spelled = list(spellings)
    if any(_loose(s) == key for s in spelled):
        return 0
    if words and any(all(w in _tokens(s) for w in words) for s in spelled):
        return 1
    if len(key) > 1 and any(key in _loose(s) for s in spelled):
        return 2
    if typos and get_close_matches(key, [_loose(s) for s in spelled] + [t for s in spelled for t in _tokens(s)],
                                   n=1, cutoff=0.75):
        return 3
    return None


def closest(value: object, names: Iterable[str], aliases: Mapping[str, Iterable[str]] | None = None,
            n: int = 3) -> list[str]:
    """The names ``value`` most likely means, best first (:func:`rank`; ``aliases``: name -> its
    other names): those written alike, else those having it as a word or a part (the shortest
    first), else the one nearest a typo away.

    >>> closest("Abrams", ["BRDM", "M1", "M1A1"], {"M1": ["M1 Abrams"], "M1A1": ["M1A1 Abrams"]})
    ['M1', 'M1A1']
    >>> closest("mtb", ["auftragstaktik", "mbt"])
    ['mbt']
    """
    every = {name: [name, *(aliases or {}).get(name, ())] for name in names}
    ranked = {nm: r for nm, spellings in every.items() if (r := rank(value, spellings, typos=False)) is not None}
    if ranked:
        best = min(ranked.values())
        hits = [nm for nm, r in ranked.items() if r == best]
        return sorted(hits, key=lambda nm: min(len(_loose(s)) for s in every[nm]))[:n]
    # a typo: the nearest only, and only when a word of its own (not one many names share, as
    # "Company") is near a word of that name: "Merkava Company" is near no name, "M1A1 Compny"
    # the M1A1 Company, "Armoured Cavalry Platoon" the Armored Cavalry Platoon
    common = _common_words(every)
    loose: dict[str, list[str]] = {}
    for nm, spellings in every.items():
        for s in spellings:
            loose.setdefault(_loose(s), []).append(nm)
    own = _own_words(value, common)
    for found in get_close_matches(_loose(value), list(loose), n=5, cutoff=0.6):
        names = [nm for nm in dict.fromkeys(loose[found])
                 if not own or any(_near(w, _own_words(s, common) or _tokens(s)) for s in every[nm] for w in own)]
        if names:
            return names[:n]
    return []


def _common_words(every: Mapping[str, list[str]]) -> set[str]:
    """The words (of letters only, never a name's first) at least three names share (echelons:
    company, battery; not a nation that begins a card's id)."""
    counts: dict[str, int] = {}
    for spellings in every.values():
        for w in {t for s in spellings for t in _tokens(s)[1:]}:
            counts[w] = counts.get(w, 0) + 1
    return {w for w, k in counts.items() if k >= 3 and w.isalpha() and len(w) >= 3}


def _own_words(text: object, common: set[str]) -> list[str]:
    """The words of ``text`` but those many names share (a word a typo away from one counts as it)."""
    return [w for w in _tokens(text) if w not in common and not get_close_matches(w, list(common), n=1, cutoff=0.8)]


def _near(word: str, words: list[str]) -> bool:
    return bool(get_close_matches(word, words, n=1, cutoff=0.6))


def unknown(kind: str, value: object, known: Iterable[str],
            aliases: Mapping[str, Iterable[str]] | None = None) -> UmpireError:
    """Return an error for an unknown name, suggesting the closest (:func:`closest`) and listing
    every known name (a list is never cut short: the name the umpire wants may be the last).

    >>> str(unknown("ruleset", "mtb", ["auftragstaktik", "mbt"]))
    "unknown ruleset 'mtb' (did you mean 'mbt'? known: auftragstaktik, mbt)"
    """
    names = sorted(known, key=_natural)
    close = closest(value, names, aliases) if len(str(value)) <= SUGGEST_MOST else []
    hint = ""
    if len(close) == 1:
        hint = f"did you mean {close[0]!r}? "
    elif close:
        hint = "did you mean " + ", ".join(repr(c) for c in close[:-1]) + f" or {close[-1]!r}? "
    return UmpireError(f"unknown {kind} {quoted(value)} ({hint}known: {', '.join(names)})")
