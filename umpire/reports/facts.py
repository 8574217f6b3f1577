"""Facts: what each stored event did, as data with its subjects, read from its resolutions and
records (and, for an event that stored none, from its payload).

A :class:`Fact` says who acted (``actor``), on whom (``target``), whose business it is
(``side``: a side id, ``"umpire"``, or ``None`` for "whoever owns the units"), and what came of
it (``data``: weapon, ammunition, range, hits, result, where...), with the resolution's
explanation (``why``: modifiers, dice, table cell). Nothing here writes a sentence: the words
come from :mod:`umpire.reports.words`, for what a reader may know (:mod:`umpire.reports.observe`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeGuard

from umpire.reports.words import NUMBER, PAIR
from umpire.text import num

if TYPE_CHECKING:
    from umpire.store.events import StoredEvent


@dataclass(frozen=True)
class Mod:
    name: str
    value: int
    rule: str = ""
    kind: str = "drm"
    detail: str = ""

    def signed(self) -> str:
        if self.kind == "shift":
            return f"{abs(self.value)}{'R' if self.value >= 0 else 'L'}"
        return f"{self.value:+d}"


@dataclass(frozen=True)
class Die:
    why: str
    sides: int
    values: tuple[int, ...]


@dataclass(frozen=True)
class Cell:
    table: str
    row: str
    column: str
    value: str
    rule: str = ""


@dataclass(frozen=True)
class Explanation:
    """How a resolution was reached, as the rules core said it."""

    modifiers: tuple[Mod, ...] = ()
    dice: tuple[Die, ...] = ()
    modified_roll: int | None = None
    cell: Cell | None = None
    notes: tuple[str, ...] = ()
    estimated: tuple[str, ...] = ()
    rulings: tuple[tuple[str, str], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.modifiers or self.dice or self.cell or self.notes or self.estimated or self.rulings
                    or self.modified_roll is not None)


@dataclass
class Fact:
    """What one stored resolution or record did (the module's text says each field). Never
    changed once read, yet not a frozen dataclass: a turn's reports read thousands, and a frozen
    dataclass's __init__ (each field set through object.__setattr__) costs three times as much."""

    seq: int
    turn: int | None
    phase: str | None
    kind: str
    actor: str | None = None
    target: str | None = None
    side: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    why: Explanation = field(default_factory=Explanation)
    summary: str = ""  # the turn code's own line (the umpire's report may fall back on it)

    def units(self) -> tuple[str, ...]:
        return tuple(u for u in (self.actor, self.target) if u)


# The kinds of fact, by the procedure or record that gives them.
CLOSE = {"close-combat": "close_combat", "close_assault": "close_combat", "hand_to_hand": "close_combat",
         "overrun": "overrun"}
PLAIN = {"morale": "morale", "hq": "hq", "entrench": "entrench", "mines": "mines", "initiative": "initiative",
         "victory": "victory", "atgm_announcement": "atgm_launch", "changes": "changes", "notes": "notes",
         "hold_fire": "hold_fire", "fire_redirect": "fire_redirect", "sighting": "sighting", "move": "move",
         "umpire note": "note", "terrain_fire": "terrain_fire", "smoke": "smoke", "mine": "mine",
         "artillery": "artillery", "air_drop": "air_drop", "message": "message", "jamming": "jamming",
         "helicopter": "helicopter", "helicopter_fire": "helicopter", "helicopter_sighting": "helicopter_sighting",
         "crash": "helicopter", "ammo": "record", "fuel": "record", "fuel_used": "record",
         "personal_commander": "record"}
SUBJECTS = ("firer", "unit", "attacker", "spotter")


def _str(v: Any) -> str | None:
    return v if isinstance(v, str) and v else None


_NOTHING = Explanation()  # a record's or a move's: nothing to explain (shared: frozen)


def _is_map(v: Any) -> TypeGuard[Mapping[str, Any]]:
    return type(v) is dict or isinstance(v, Mapping)  # a stored result's parts are dicts: no ABC check


def _explanation(r: Mapping[str, Any]) -> Explanation:
    given = r.get("modifiers") or [], r.get("shifts") or [], r.get("rolls") or []
    c, notes, mr = r.get("cell"), r.get("notes"), r.get("modified_roll")
    prov = r.get("provenance") if _is_map(r.get("provenance")) else {}
    estimated = (prov or {}).get("estimated")
    rulings = r.get("rulings") if _is_map(r.get("rulings")) else {}
    if not (given[0] or given[1] or given[2] or notes or estimated or rulings) and not (_is_map(c) and c.get("table")) \
            and not isinstance(mr, NUMBER):
        return _NOTHING
    mods = tuple(Mod(str(m.get("name", "")), int(m.get("value", 0) or 0), str(m.get("rule", "") or ""),
                     str(m.get("kind", "drm") or "drm"), str(m.get("detail", "") or ""))
                 for m in [*given[0], *given[1]] if _is_map(m)) if given[0] or given[1] else ()
    dice = tuple(Die(str(d.get("why", "")), int(d.get("sides", 0) or 0), tuple(int(v) for v in d.get("values") or ()))
                 for d in given[2] if _is_map(d)) if given[2] else ()
    cell = None
    if _is_map(c) and c.get("table"):
        cell = Cell(str(c["table"]), _cell_text(c.get("row")), _cell_text(c.get("column")), _cell_text(c.get("value")),
                    str(c.get("rule", "") or ""))
    return Explanation(
        modifiers=mods, dice=dice, modified_roll=int(mr) if isinstance(mr, NUMBER) else None, cell=cell,
        notes=tuple(str(n) for n in notes if n) if notes else (),
        estimated=tuple(str(x) for x in estimated) if estimated else (),
        rulings=tuple(sorted((str(k), str(v)) for k, v in rulings.items())) if rulings else (),
    )


def _cell_text(v: Any) -> str:
    if v is None or v == "":
        return "-"
    if isinstance(v, float):
        return num(v)
    return str(v)


def _point(v: Any) -> tuple[float, float] | None:
    if isinstance(v, PAIR) and len(v) >= 2:
        x, y = v[0], v[1]
        if isinstance(x, NUMBER) and isinstance(y, NUMBER):
            return (float(x), float(y))
    return None


def _kind(r: Mapping[str, Any]) -> str:
    proc = str(r.get("procedure", ""))
    outcome = r.get("outcome") if isinstance(r.get("outcome"), Mapping) else {}
    if proc in CLOSE:
        return CLOSE[proc]
    if proc in PLAIN:
        return PLAIN[proc]
    if proc in ("fire", "gp") and r.get("helicopter"):
        return "helicopter_shot"  # a helicopter's gun or missile (MBT 20.2.3)
    if proc == "aa":
        return "helicopter_aa" if r.get("helicopter") else "aircraft_aa"
    if proc == "air_strike" and r.get("aircraft"):
        return "air_pass"  # an MBT strike that acquired no target (20.1.3)
    if r.get("flight") is not None:
        return "air_defence" if r.get("firer") else "air_strike"
    if proc in ("indirect", "counter-battery") or r.get("weapon") in ("indirect", "counter-battery"):
        return "indirect"
    if proc == "fire" or r.get("firer"):
        return "no_fire" if (outcome or {}).get("fired") is False else "fire"
    return "other"


# The fields of a result a fact keeps as they are, in the order a fact's data holds them.
_KEPT = tuple(dict.fromkeys((
    "weapon", "ammo", "range", "step", "battalion", "level", "flight", "round", "angle", "elevation", "why", "to",
    "lines", "units", "sighted", "counts", "text", "kind", "sep", "template", "path", "hit_number", "to_hit_roll",
    "part", "piece", "marker", "carrier", "points", "used", "losers", "about", "target_hidden", "by_player", "sender",
    "player", "intercepted_by", "reader", "written", "conference", "helicopter_weapon", "jammed", "helicopter",
    "helicopters", "helicopter_side", "result", "aircraft", "aircraft_side", "battery")))
_KEPT_SET = frozenset(_KEPT)
_KEPT_ORDER = {k: i for i, k in enumerate(_KEPT)}
_POINTS = ("from", "firer_at", "target_at", "at")


def _data(kind: str, r: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of ``r`` a fact of ``kind`` keeps (plain values)."""
    out: dict[str, Any] = {}
    outcome = r.get("outcome") if _is_map(r.get("outcome")) else {}
    out["outcome"] = dict(outcome or {})
    for key in sorted(_KEPT_SET.intersection(r), key=_KEPT_ORDER.__getitem__):
        if r[key] is not None:
            out[key] = r[key]
    for key in _POINTS:
        v = r.get(key)
        if v is not None and (p := _point(v)) is not None:
            out[key] = p
    if kind == "move":
        out["to"] = _point((outcome or {}).get("to"))
    if kind == "note":
        out["note"] = str(r.get("kind", "note"))
    return out


def _side(kind: str, r: Mapping[str, Any]) -> str | None:
    if isinstance(r.get("side"), str):
        return str(r["side"])
    if kind == "air_strike":
        for d in [*(r.get("rolls") or []), *(r.get("modifiers") or [])]:
            if isinstance(d, Mapping) and isinstance(d.get("side"), str):
                return str(d["side"])
    return None


def from_result(seq: int, turn: int | None, phase: str | None, r: Mapping[str, Any]) -> Fact:
    """One stored resolution or record as a fact."""
    kind = _kind(r)
    actor = None
    for k in SUBJECTS:
        if actor := _str(r.get(k)):
            break
    target = _str(r.get("target"))
    if kind == "close_combat" or kind == "overrun":
        actor, target = _str(r.get("attacker")) or actor, target
    why = _explanation(r) if kind not in ("changes", "notes", "sighting") else _NOTHING
    return Fact(seq, turn, phase, kind, actor, target, _side(kind, r), _data(kind, r), why,
                str(r.get("summary", "") or ""))


def _orders_fact(e: StoredEvent) -> Fact:
    p = e.payload if isinstance(e.payload, Mapping) else {}
    side = _str(p.get("side"))
    return Fact(e.seq, e.turn, e.phase, "orders", side=side, data=dict(p), summary=e.summary)


def facts_of(e: StoredEvent, where: Mapping[str, tuple[float, float] | None] | None = None) -> list[Fact]:
    """Every fact of event ``e``. ``where`` (unit -> position before the event) fills in where a
    unit moved from when the event itself did not say (a move made by hand)."""
    p = e.payload if isinstance(e.payload, Mapping) else {}
    out: list[Fact] = []
    if e.kind.endswith(".orders"):
        out.append(_orders_fact(e))
    elif e.kind.endswith(".order") and _str(p.get("unit")):
        out.append(Fact(e.seq, e.turn, e.phase, "order_change", actor=str(p["unit"]),
                        data={"order": p.get("order"), "by": p.get("level")}, summary=e.summary))
    elif e.kind == "place" and _str(p.get("unit")):
        out.append(Fact(e.seq, e.turn, e.phase, "place", actor=str(p["unit"]),
                        data={"to": _point([p.get("x"), p.get("y")])}, summary=e.summary))
    elif e.kind == "table_read" and isinstance(p.get("stands"), list):  # a photo's reading: each stand placed
        for st in p["stands"]:
            if isinstance(st, Mapping) and _str(st.get("unit")):
                out.append(Fact(e.seq, e.turn, e.phase, "place", actor=str(st["unit"]),
                                data={"to": _point([st.get("x"), st.get("y")])}, summary=e.summary))
    elif e.kind == "move" and _str(p.get("unit")):
        path = [q for q in (_point(x) for x in p.get("path") or []) if q is not None]
        start = (where or {}).get(str(p["unit"]))
        out.append(Fact(e.seq, e.turn, e.phase, "move", actor=str(p["unit"]),
                        data={"to": path[-1] if path else None, "from": start,
                              "path": [start, *path] if start else path}, summary=e.summary))
    for r in in_order(e):
        if isinstance(r, Mapping):
            out.append(from_result(e.seq, e.turn, e.phase, r))
    if not out:
        out.append(Fact(e.seq, e.turn, e.phase, "other", side="umpire", data={"kind": e.kind}, summary=e.summary))
    return out


def in_order(e: StoredEvent) -> list[Any]:
    """The event's resolutions and records in the order they were stored."""
    records = sorted(getattr(e, "records", ()), key=lambda r: int(r.get("n", 1 << 30)))
    results = e.results
    taken = 0  # the results already placed
    out: list[Any] = []
    for r in records:
        before = int(r.get("n", 1 << 30))  # the record's place among both
        if len(out) < before and taken < len(results):
            more = results[taken:taken + before - len(out)]
            out += more
            taken += len(more)
        out.append(r)
    return out + list(results[taken:])
