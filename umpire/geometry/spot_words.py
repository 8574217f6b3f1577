"""A spot on the table in the words said at the table: the grammar of ``umpire place --at`` and
of the ends of ``umpire measure``.

::

    30,22                     a point: inches from the near-left corner
    town-1                    the centre of a terrain piece or a stand (an area's centroid, a
                              line's middle, a stand's centre)
    town-1 +3,0               3" right of that centre (+DX,DY: x to the right, y away from
                              the umpire; town-1 -2,1.5 is 2" left and 1.5" further away)
    3 east of town-1          3" beyond town-1's edge, straight east of its centre: measured as
                              the ruleset measures (Auftragstaktik: base edge to the piece,
                              MBT: the stand's centre to the piece), so umpire measure then
                              says 3". Also 3" / 3in / 3 inches; no distance: touching
    2 far of t80-1            directions: north, south, east, west, ne, nw, se, sw (from the
                              game's north, the far edge unless the scenario turns it), far,
                              near, left, right (the table's edges), or a bearing: 45deg
    1 behind wood-n from t80-1   beyond wood-n as seen from t80-1 (the line from t80-1's
                              centre through wood-n's), 1" clear of it; no distance: touching
    in front of wood-n from t80-1   the same on t80-1's side of the wood
    behind t80-1              behind a stand: to its rear (in front of t80-1: ahead of it)

A spot names pieces and stands by id (ids hold no spaces). ``umpire place UNIT --contact
t80-1`` (base to base) is parsed by :func:`parse_contact`. The parsed spot is a plain dict,
stored as it is in a ``place`` action and worked out against the game as it stands when the
action is resolved (:mod:`umpire.geometry.spots`), so an amended earlier action moves a stand
placed "in contact with t80-1" along with t80-1.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from umpire.errors import UmpireError, unknown

NUM = r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_POINT = re.compile(rf"\s*({NUM})\s*,\s*({NUM})\s*\Z")
_SHIFT = re.compile(rf"(\S+)\s+([-+]\s*{NUM})\s*,\s*({NUM})\s*\Z")
_GAP = rf"(?:(?P<gap>{NUM})(?![0-9.]|\s*(?:deg|°))\s*(?:\"|''|in\b|inch\b|inches\b)?\s*)?"
_OF = re.compile(rf"\s*{_GAP}(?P<dir>[a-z-]+|{NUM}\s*(?:deg|°))\s+of\s+(?P<ref>\S+)\s*\Z", re.I)
_SIDE = re.compile(rf"\s*{_GAP}(?P<how>behind|in\s+front\s+of)\s+(?P<ref>\S+)(?:\s+from\s+(?P<from>\S+))?\s*\Z", re.I)

#: Compass points, degrees clockwise from north.
COMPASS = {
    "north": 0, "n": 0, "northeast": 45, "north-east": 45, "ne": 45, "east": 90, "e": 90,
    "southeast": 135, "south-east": 135, "se": 135, "south": 180, "s": 180, "southwest": 225,
    "south-west": 225, "sw": 225, "west": 270, "w": 270, "northwest": 315, "north-west": 315, "nw": 315,
}
#: The table's own directions, degrees clockwise from the far edge (as a facing).
TABLE = {"far": 0, "right": 90, "near": 180, "left": 270}
SIDES = ("front", "rear", "left", "right")

GRAMMAR = ("X,Y; ID (a piece's or stand's centre); ID +DX,DY; D DIR of ID (DIR: north ... nw, far, near, "
           "left, right, or 45deg); [D] behind ID [from ID]; [D] in front of ID [from ID]")


def _num(text: str, what: str) -> float:
    from umpire.schema.numbers import read_float

    return read_float(text.replace(" ", ""), what)


def _ref(word: str, what: str, known: Callable[[], Iterable[str]] | None) -> str | list[float]:
    m = _POINT.match(word)
    if m:
        return [_num(m.group(1), f"{what}: x"), _num(m.group(2), f"{what}: y")]
    if known is not None and word not in set(known()):
        if word.count(",") == 1 and any(c.isdigit() for c in word):  # a point mistyped, not a name
            x, y = word.split(",")
            _num(x.strip(), f"{what}: x")
            _num(y.strip(), f"{what}: y")
        raise UmpireError(f"{what}: {unknown('unit or terrain piece', word, known())}")
    return word


def parse_spot(text: str, *, what: str = "--at", known: Callable[[], Iterable[str]] | None = None) -> dict[str, Any]:
    """The spot ``text`` names, as a plain dict (see the module notes). ``known`` lists the ids
    a spot may name (checked here when given, else when the spot is worked out).

    :raises UmpireError: naming ``what``, the text and the forms allowed.

    >>> parse_spot("town-1 +3,0")
    {'ref': 'town-1', 'shift': [3.0, 0.0]}
    >>> parse_spot('2" east of 30,22')
    {'ref': [30.0, 22.0], 'gap': 2.0, 'compass': 'east'}
    >>> parse_spot("behind wood-n from t80-1")
    {'ref': 'wood-n', 'gap': 0.0, 'behind': True, 'from': 't80-1'}
    """
    where = f"{what} {text!r}"
    m = _POINT.match(text)
    if m:
        return {"ref": [_num(m.group(1), f"{where}: x"), _num(m.group(2), f"{where}: y")]}
    m = _SHIFT.match(text.strip())
    if m:
        shift = [_num(m.group(2), f"{where}: DX"), _num(m.group(3), f"{where}: DY")]
        return {"ref": _ref(m.group(1), where, known), "shift": shift}
    m = _OF.match(text)
    if m:
        out: dict[str, Any] = {"ref": _ref(m.group("ref"), where, known),
                               "gap": _gap(m.group("gap"), where)}
        word = m.group("dir").lower().replace(" ", "")
        if word.endswith(("deg", "°")):
            out["bearing"] = _num(word.removesuffix("deg").removesuffix("°"), f"{where}: bearing") % 360
        elif word in COMPASS:
            out["compass"] = word
        elif word in TABLE:
            out["bearing"] = float(TABLE[word])
        else:
            raise UmpireError(f"{where}: {unknown('direction', word, [*COMPASS, *TABLE])}")
        return out
    m = _SIDE.match(text)
    if m:
        out = {"ref": _ref(m.group("ref"), where, known), "gap": _gap(m.group("gap"), where),
               "behind": m.group("how").lower() == "behind"}
        if m.group("from"):
            out["from"] = _ref(m.group("from"), where, known)
        return out
    word = text.strip()
    if word and not any(c.isspace() for c in word):
        return {"ref": _ref(word, where, known)}
    raise UmpireError(f"{where}: not a spot (allowed: {GRAMMAR})")


def _gap(text: str | None, where: str) -> float:
    if text is None:
        return 0.0
    gap = _num(text, f"{where}: distance")
    if gap < 0:
        raise UmpireError(f"{where}: distance {gap:g} is not allowed (inches, 0 or more)")
    return gap


def parse_contact(text: str, *, what: str = "--contact") -> dict[str, Any]:
    """``t80-1`` or ``t80-1 left`` (``front``, ``rear``, ``left``, ``right``): base to base with
    that stand, on that side of it or, without one, on the side facing where the placed stand is.

    >>> parse_contact("t80-1 rear")
    {'contact': 't80-1', 'side': 'rear'}
    """
    words = text.split()
    if not 1 <= len(words) <= 2:
        raise UmpireError(f"{what} {text!r}: give a stand's id and, if you like, a side (e.g. 't80-1 front')")
    out: dict[str, Any] = {"contact": words[0]}
    if len(words) == 2:
        side = {"back": "rear"}.get(words[1].lower(), words[1].lower())
        if side not in SIDES:
            raise UmpireError(f"{what} {text!r}: {unknown('side of a stand', words[1], SIDES)}")
        out["side"] = side
    return out


def checked_spot(spot: Any, where: str = "spot") -> dict[str, Any]:
    """``spot`` as :func:`parse_spot` or :func:`parse_contact` make it (a stored action's spot is
    read back through here). :raises UmpireError: for anything else."""
    import math

    def pair(v: Any) -> bool:
        return (isinstance(v, list | tuple) and len(v) == 2
                and all(isinstance(n, int | float) and not isinstance(n, bool) and math.isfinite(n) for n in v))

    def num(v: Any) -> bool:
        return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) and abs(v) <= 1e6

    def ref(v: Any) -> bool:
        return (isinstance(v, str) and bool(v)) or pair(v)

    checks: dict[str, Callable[[Any], bool]] = {
        "ref": ref, "from": ref, "shift": pair, "gap": lambda v: num(v) and v >= 0, "bearing": num,
        "compass": lambda v: v in COMPASS, "behind": lambda v: isinstance(v, bool),
        "contact": lambda v: isinstance(v, str) and bool(v), "side": lambda v: v in SIDES,
    }
    ok = isinstance(spot, dict) and ("ref" in spot) != ("contact" in spot) and all(
        k in checks and checks[k](v) for k, v in spot.items())
    if not ok:
        raise UmpireError(f"{where}: {spot!r} is not a spot umpire understands")
    return dict(spot)


def spot_words(spot: dict[str, Any]) -> str:
    """The spot said back in words, for the action's summary.

    >>> spot_words({"ref": "town-1", "gap": 3.0, "compass": "east"})
    '3" east of town-1'
    """
    def name(ref: Any) -> str:
        return ref if isinstance(ref, str) else f"({ref[0]:g}, {ref[1]:g})"

    if "contact" in spot:
        return f"in base contact with {spot['contact']}" + (f" at its {spot['side']}" if spot.get("side") else "")
    ref = name(spot["ref"])
    if "shift" in spot:
        dx, dy = spot["shift"]
        return f"{ref} {dx:+g},{dy:g}"
    gap = f'{spot["gap"]:g}" ' if spot.get("gap") else ""
    if "compass" in spot:
        return f"{gap or 'touching, '}{spot['compass']} of {ref}"
    if "bearing" in spot:
        return f"{gap or 'touching, '}at {spot['bearing']:g} deg of {ref}"
    if "behind" in spot:
        how = "behind" if spot["behind"] else "in front of"
        return f"{gap}{how} {ref}" + (f" from {name(spot['from'])}" if "from" in spot else "")
    return f"at the centre of {ref}" if isinstance(spot["ref"], str) else ref
