"""Read the rules' stat-line notation (UNITS; RATING UNITS); statline_format writes it.

A stat line is seven fields separated by ``|``::

    Size | Move | Protection | AT | AP | Indirect | Special
    sc or mc | 10t | 11* | G(g/g): 11 M(g): 12* [10] | HE (g/g): M HW: 2 [6] | -- | IR

Each field has its own grammar (ruling ``rating.notation``):

- Size: codes ``sp mp lp sc mc lc`` (``sb mb lb`` for batteries), alternatives joined by ``or``
  or ``/``; the first is used unless the stand says otherwise (ruling ``example.size_choice``).
- Move: inches per phase then mobility, ``10t``, ``8w``, ``6lw``, ``2`` (foot), ``8ta``
  (amphibious), or ``H`` for helicopters.
- Protection: a value with marks ``*``/``**`` (special armour or body armour), ``^`` (top
  armour), ``o`` (open-topped), ``m`` (mast-mounted sight); ``{0}`` for unarmoured stands; a
  second value after ``/`` (towed artillery moving, aircraft ECM).
- AT: ``G(fc/stab): n`` with ``*``/``**`` for HEAT, ``M(guidance): n`` with ``*``/``**``/``^``
  and ``[range]``, ``CC: n``; ``M(g,3)`` gives an explicit missile generation.
- AP: ``HE (fc/stab): VL..VH``, ``HW (size): n [range]``, ``SA: ranged/cc``.
- Indirect: weight ``VL..VH`` with ``b`` (high rate of fire), ``(n)`` (MRL modifier) and
  ``[range]`` or ``[range/extended]``; an aircraft's ordnance modifier as ``+2``.
- Special: ``TI II IR SL GSR h/k recon eng hwu`` (``hwu``: a heavy weapon unit, COMBAT), and
  ``AD(g): n [r]`` / ``AD(m/g): n [r]``.

``--`` (or empty) means none. Errors name the field and the text that could not be read.
"""

from __future__ import annotations

import re
from typing import Any

from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.ratings import (
    SIZES,
    AirDefense,
    Gun,
    He,
    Hw,
    Indirect,
    Missile,
    Protection,
    Sa,
    Unit,
)
from umpire.schema.numbers import parse_float

FIELDS = ("size", "move", "protection", "AT", "AP", "indirect", "special")
SPECIAL_CODES = ("TI", "II", "IR", "SL", "GSR", "h/k", "recon", "eng", "hwu")
_NONE = {"", "--", "-", "—", "none"}
_NUM = r"-?[0-9]+(?:\.[0-9]+)?"


class StatlineError(UmpireError):
    """A stat line that cannot be read; the message names the field."""


def _fail(where: str, field: str, text: str, piece: str, expected: str) -> StatlineError:
    at = f" at {piece!r}" if piece and piece != text else ""
    return StatlineError(f"{where}: {field} field {text!r}: cannot read{at} (expected {expected})")


def _num(text: str) -> float | int:
    v = parse_float(text)
    return int(v) if v.is_integer() else v


def _heat(marks: str) -> int:
    return 2 if "**" in marks else 1 if "*" in marks else 0


def parse_size(text: str, where: str = "statline") -> tuple[str, ...]:
    parts = [p.strip().lower() for p in re.split(r"\s+or\s+|/|,", text.strip()) if p.strip()]
    if not parts or any(p not in SIZES for p in parts):
        bad = next((p for p in parts if p not in SIZES), text)
        raise _fail(where, "size", text, bad, "size codes " + ", ".join(SIZES) + ", joined by 'or'")
    return tuple(parts)


def parse_move(text: str, where: str = "statline") -> tuple[int | None, str]:
    t = text.strip()
    if t.upper() == "H":
        return None, "h"
    m = re.fullmatch(r"([0-9]+)\s*(lw|t|w|f)?(a)?", t, flags=re.I)
    if not m:
        raise _fail(where, "move", text, t, "inches then mobility: 10t, 8w, 6lw, 2, 8ta, or H")
    return int(m.group(1)), ((m.group(2) or "f") + (m.group(3) or "")).lower()


def parse_protection(text: str, where: str = "statline") -> Protection:
    t = text.strip()
    unarmored = t.startswith("{") and t.endswith("}")
    if unarmored:
        t = t[1:-1].strip()
    m = re.fullmatch(r"(-?[0-9]+)\s*([*^om]*)\s*(?:/\s*(-?[0-9]+)\s*([*^om]*))?", t)
    if not m:
        raise _fail(
            where, "protection", text, t, "a value with marks *, **, ^, o, m, e.g. 11*, {0}, 1m/2"
        )
    marks = m.group(2) + (m.group(4) or "")
    return Protection(
        value=int(m.group(1)),
        armor=_heat(marks),
        top="^" in marks,
        open_top="o" in marks,
        mast="m" in marks,
        unarmored=unarmored,
        second=int(m.group(3)) if m.group(3) is not None else None,
    )


_AT = re.compile(
    r"(?P<kind>G|M|CC)\s*(?:\((?P<par>[^)]*)\))?\s*:\s*(?P<val>-?[0-9]+)(?P<marks>[*^]*)"
    r"\s*(?:\[(?P<rng>[^\]]*)\])?",
)


def _grades(par: str | None, n: int, where: str, field: str, text: str, piece: str) -> list[Any]:
    if par is None:
        return [None] * n
    bits = [b.strip().lower() for b in re.split(r"[/,]", par)]
    out: list[Any] = []
    for b in bits:
        if b in ("b", "g", "a"):
            out.append(b)
        elif b in ("-", "", "--"):
            out.append(None)
        elif b.isdigit():
            out.append(int(b))
        else:
            raise _fail(where, field, text, piece, "grades b, g or a in parentheses, e.g. (g/g)")
    return (out + [None] * n)[: max(n, len(out))]


def _range(rng: str | None, where: str, field: str, text: str, piece: str) -> float | None:
    if rng is None:
        return None
    if not re.fullmatch(_NUM, rng.strip()):
        raise _fail(where, field, text, piece, "a range in inches in brackets, e.g. [10]")
    return _num(rng.strip())


def _scan(
    pattern: re.Pattern[str], text: str, where: str, field: str, expected: str
) -> list[re.Match[str]]:
    pos, found = 0, []
    t = text.strip()
    while pos < len(t):
        if t[pos].isspace() or t[pos] == ",":
            pos += 1
            continue
        m = pattern.match(t, pos)
        if not m:
            raise _fail(where, field, text, t[pos:], expected)
        found.append(m)
        pos = m.end()
    return found


def parse_at(text: str, where: str = "statline") -> dict[str, Any]:
    out: dict[str, Any] = {"gun": None, "missile": None, "at_cc": None}
    if text.strip() in _NONE:
        return out
    expected = "G(fc/stab): n, M(guidance): n [range], CC: n"
    for m in _scan(_AT, text, where, "AT", expected):
        piece, kind, marks = m.group(0), m.group("kind"), m.group("marks")
        value = int(m.group("val"))
        if kind == "G":
            fc, stab = _grades(m.group("par"), 2, where, "AT", text, piece)[:2]
            out["gun"] = Gun(
                value=value,
                fire_control=fc,
                stabilization=stab,
                heat=_heat(marks),
                range=_range(m.group("rng"), where, "AT", text, piece),
            )
        elif kind == "M":
            g = _grades(m.group("par"), 1, where, "AT", text, piece)
            guidance = next((x for x in g if isinstance(x, str)), None)
            gen = next((x for x in g if isinstance(x, int)), None)
            out["missile"] = Missile(
                value=value,
                guidance=guidance,
                gen=gen,
                heat=_heat(marks),
                top_attack="^" in marks,
                range=_range(m.group("rng"), where, "AT", text, piece),
            )
        else:
            out["at_cc"] = value
    return out


_AP = re.compile(
    r"(?P<kind>HE|HW|SA)\s*(?:\((?P<par>[^)]*)\))?\s*:\s*"
    r"(?P<val>VL|VH|L|M|H|-?[0-9]+(?:/-?[0-9]+)?)\s*(?:\[(?P<rng>[^\]]*)\])?"
)


def parse_ap(text: str, where: str = "statline") -> dict[str, Any]:
    out: dict[str, Any] = {"he": None, "hw": None, "sa": None}
    if text.strip() in _NONE:
        return out
    expected = "HE (fc/stab): VL|L|M|H|VH, HW (size): n [range], SA: ranged/cc"
    for m in _scan(_AP, text, where, "AP", expected):
        piece, kind, val, par = m.group(0), m.group("kind"), m.group("val"), m.group("par")
        if kind == "HE":
            if val not in ("VL", "L", "M", "H", "VH"):
                raise _fail(where, "AP", text, piece, "an HE weight VL, L, M, H or VH")
            fc, stab = _grades(par, 2, where, "AP", text, piece)[:2]
            out["he"] = He(weight=val, fire_control=fc, stabilization=stab)
        elif kind == "HW":
            if not re.fullmatch(r"-?[0-9]+", val):
                raise _fail(where, "AP", text, piece, "an HW value, e.g. HW: 2 [6]")
            size = par.strip().lower() if par else None
            if size is not None and size not in SIZES:
                raise _fail(
                    where, "AP", text, piece, "an HW size code in parentheses, e.g. HW (mp): 2 [4]"
                )
            out["hw"] = Hw(
                value=int(val), size=size, range=_range(m.group("rng"), where, "AP", text, piece)
            )
        else:
            a, _, b = val.partition("/")
            if not re.fullmatch(r"-?[0-9]+", a):
                raise _fail(where, "AP", text, piece, "SA ranged/close-combat values, e.g. SA: 1/4")
            out["sa"] = Sa(ranged=int(a), cc=int(b) if b else None)
    return out


def parse_indirect(text: str, where: str = "statline") -> Indirect | None:
    t = text.strip()
    if t in _NONE:
        return None
    if re.fullmatch(r"[+-][0-9]+", t):
        return Indirect(aircraft_drm=int(t))
    m = re.fullmatch(
        r"(VL|VH|L|M|H)\s*(b)?\s*(?:\((-?[0-9]+)\))?\s*(?:\[\s*("
        + _NUM
        + r")\s*(?:/\s*("
        + _NUM
        + r")\s*)?\])?\s*(b)?",
        t,
    )
    if not m:
        raise _fail(
            where,
            "indirect",
            text,
            t,
            "weight VL..VH, b, (MRL modifier), [range/extended], or +n for aircraft",
        )
    return Indirect(
        weight=m.group(1),
        burst=bool(m.group(2) or m.group(6)),
        mrl=int(m.group(3)) if m.group(3) is not None else None,
        range=_num(m.group(4)) if m.group(4) else None,
        extended_range=_num(m.group(5)) if m.group(5) else None,
    )


_AD = re.compile(
    r"AD\s*\(\s*(g|m)\s*(?:/\s*([bga]))?\s*\)\s*:\s*([0-9]+)\s*(?:\[\s*(" + _NUM + r")\s*\])?"
)


def parse_special(text: str, where: str = "statline") -> tuple[tuple[str, ...], AirDefense | None]:
    t = text.strip()
    if t in _NONE:
        return (), None
    ad = None
    m = _AD.search(t)
    if m:
        ad = AirDefense(
            type=m.group(1),
            guidance=m.group(2),
            value=int(m.group(3)),
            range=_num(m.group(4)) if m.group(4) else None,
        )
        t = (t[: m.start()] + " " + t[m.end() :]).strip()
    codes = []
    lookup = {c.lower(): c for c in SPECIAL_CODES}
    for tok in re.split(r"[\s,;]+", t):
        if not tok or tok in _NONE:
            continue
        if tok.lower() not in lookup:
            raise _fail(
                where,
                "special",
                text,
                tok,
                "codes " + ", ".join(SPECIAL_CODES) + " or AD(g|m/grade): n [range]",
            )
        codes.append(lookup[tok.lower()])
    return tuple(codes), ad


def parse_statline(text: str, name: str = "", where: str = "statline") -> Unit:
    """Read a stat line into a :class:`Unit`.

    :raises StatlineError: naming the field that could not be read and what it expects.

    >>> line = "sc or mc | 10t | 11* | G(g/g): 11 M(g): 12* [10] | HE (g/g): M HW: 2 [6] | -- | IR"
    >>> u = parse_statline(line)
    >>> u.sizes, u.move, u.protection.value, u.gun.value, u.missile.range, u.hw.range
    (('sc', 'mc'), 10, 11, 11, 10.0, 6.0)
    """
    if not isinstance(text, str):
        raise StatlineError(
            f"{where}: a stat line is text: Size | Move | Protection | AT | AP | Indirect | Special"
        )
    odd = next((c for c in text if c.isdigit() and not c.isascii()), None)
    if odd is not None:
        raise StatlineError(f"{where}: {odd!r} in {text!r} is not a digit 0-9 (write numbers with 0-9 only)")
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != 7:
        raise StatlineError(
            f"{where}: expected 7 fields separated by '|' (Size | Move | Protection | AT | AP | "
            f"Indirect | Special), found {len(parts)} in {text!r}"
        )
    size, move, prot, at, ap, ind, spec = parts
    mv, mobility = parse_move(move, where)
    special, ad = parse_special(spec, where)
    return Unit(
        name=name,
        sizes=parse_size(size, where),
        move=mv,
        mobility=mobility,
        protection=parse_protection(prot, where),
        **parse_at(at, where),
        **parse_ap(ap, where),
        indirect=parse_indirect(ind, where),
        special=special,
        air_defense=ad,
    )


# --- writing ----------------------------------------------------------------------------------


