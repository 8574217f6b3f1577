"""A side's orders as entered, as the rows of a table: each battalion's order, then each unit's
order, moves, fire targets and notes (both shapes of orders: moves by movement phase, as
Auftragstaktik's orders file, or a written plan, as MBT's; the ruleset's ``Telling.orders`` says
which).

The targets a side named are written as it knew them when it entered the orders: a unit it had
not sighted is "a unit not in sight", never its id.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from umpire.reports.words import PAIR, at, inches, num

if TYPE_CHECKING:
    from umpire.reports.facts import Fact
    from umpire.reports.observe import Observer

HEAD = ("unit", "order", "moves", "fire at", "notes")


def _points(v: Any) -> str:
    pts = [p for p in v or () if isinstance(p, PAIR) and len(p) >= 2]
    return " then ".join(at(p) for p in pts)


def _target(o: Observer, uid: Any, known: Mapping[str, Any]) -> str:
    if not isinstance(uid, str):
        return "-"
    r = o.ref(uid, known)
    if r is None or r.level == "unseen":
        return "a unit not in sight"
    return r.text


def _targets(o: Observer, ids: Any, known: Mapping[str, Any]) -> str:
    """Targets in the order written; those the side had not sighted counted, not named."""
    named = [_target(o, t, known) for t in ids]
    shown = [t for t in named if t != "a unit not in sight"]
    hidden = len(named) - len(shown)
    if hidden:
        shown.append("a unit not in sight" if hidden == 1 else f"{hidden} units not in sight")
    return ", ".join(shown)


def _note(text: Any) -> str:
    return f'"{text}"' if text else ""


def _phased_moves(u: Mapping[str, Any]) -> str:
    moves = []
    if u.get("first"):
        moves.append("1st: " + _points(u["first"]))
    if u.get("second"):
        moves.append("2nd: " + _points(u["second"]))
    if u.get("facing") is not None:
        moves.append(f"facing {num(float(u['facing']))}")
    return "; ".join(moves) or "-"


def _phased_unit(o: Observer, uid: str, u: Mapping[str, Any], known: Mapping[str, Any], moves: str) -> tuple[str, ...]:
    fire = _targets(o, u.get("fire") or (), known)
    if u.get("weapon"):
        fire += f" ({u['weapon']})"
    extra = []
    if u.get("indirect"):
        ind = u["indirect"]
        where = ind.get("at") or ind.get("target") or ind.get("counter_battery")
        extra.append("indirect fire at " + (at(where) if isinstance(where, list) else _target(o, where, known)))
    for key, words in (("entrench", "entrench"), ("cc_withdraw", "withdraw from close combat"),
                       ("override", "may break unit integrity")):
        if u.get(key):
            extra.append(words)
    if u.get("note"):
        extra.append(_note(u["note"]))
    return (uid, str(u.get("order") or "-"), moves, fire or "-", "; ".join(extra))


def _planned_moves(u: Mapping[str, Any]) -> str:
    moves = []
    mv = u.get("move") if isinstance(u.get("move"), Mapping) else None
    if mv:
        moves.append(_points(mv.get("path")) + (" (reversing)" if mv.get("reverse") else ""))
        if mv.get("cost") is not None and mv.get("allowance") is not None:
            moves.append(f"{inches(mv['cost'])} of {inches(mv['allowance'])}")
        if mv.get("facing") is not None:
            moves.append(f"facing {num(float(mv['facing']))}")
    if u.get("pivot") is not None:
        moves.append(f"pivot to {num(float(u['pivot']))}")
    return "; ".join(moves) or "-"


def _planned_unit(o: Observer, uid: str, u: Mapping[str, Any], known: Mapping[str, Any], moves: str) -> tuple[str, ...]:
    raw = u.get("fire")
    fires: list[Any] = raw if isinstance(raw, list) else [raw]
    shown = []
    for f in fires:  # the Advanced Game lists a weapon each (14.1.2)
        if isinstance(f, Mapping):
            what = _target(o, f.get("target"), known) if f.get("target") else f"marker {f['terrain']}" \
                if f.get("terrain") else f"smoke at {_points([f.get('at')])}"
            what += f" by {f['by']}" if f.get("by") else ""
            how = ", ".join(str(f[k]) for k in ("weapon", "ammo") if f.get(k) and len(fires) > 1 or k == "ammo"
                            and f.get(k))
            shown.append(what + (f" ({how})" if how else ""))
    for key in ("assault", "overrun"):
        if isinstance(u.get(key), Mapping):
            shown.append(f"{key} {_target(o, u[key].get('target'), known)}")
    fire = "; ".join(shown) or "-"
    extra = []
    for key in ("load", "unload"):
        if isinstance(u.get(key), Mapping):
            extra.append(f"{key} {', '.join(map(str, u[key].get('units') or []))}")
    if u.get("discharger"):
        extra.append("smoke dischargers")
    if u.get("full_cover"):
        extra.append("leaves full cover (16.3.3)" if u["full_cover"] == "leave" else "takes full cover (15.5)")
    ow = u.get("overwatch")
    if isinstance(ow, Mapping):
        said = [f"{k.replace('_', ' ')} {_ow(o, k, v, known)}" for k, v in ow.items() if v not in (None, False, [], "")]
        if said:  # an instruction with nothing in it says nothing ("overwatch: ;")
            extra.append("overwatch: " + ", ".join(said))
    if u.get("turret"):
        extra.append(f"turret {u['turret']}")
    if u.get("turret_facing") is not None:
        extra.append(f"turret to {num(float(u['turret_facing']))}")
    if u.get("note"):
        extra.append(_note(u["note"]))
    return (uid, str(u.get("order") or "-"), moves, fire, "; ".join(extra))


def _ow(o: Observer, key: str, v: Any, known: Mapping[str, Any]) -> str:
    if key == "targets" and isinstance(v, list):
        return _targets(o, v, known)
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return num(v)
    return str(v)


def _unit_moves(f: Fact, plan: bool) -> dict[str, str]:
    """Each unit's moves column in the orders of ``f`` (the same for every reader of them)."""
    write = _planned_moves if plan else _phased_moves
    units = f.data.get("units") or {}
    return {uid: write(u) for uid, u in units.items() if isinstance(u, Mapping)}


def orders_rows(o: Observer, f: Fact) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """(column headings, rows) of the orders of fact ``f``."""
    known = o.c.before(o.side, f.seq) if o.side else {}
    rows: list[tuple[str, ...]] = []
    for bid, b in sorted((f.data.get("battalions") or {}).items()):
        if isinstance(b, Mapping):
            direction = f"direction {num(float(b['direction']))}" if b.get("direction") is not None else ""
            rows.append((bid, str(b.get("order") or "-"), direction or "-", "-",
                         "; ".join(x for x in (f"issued by {b['issued_by']}" if b.get("issued_by") else "",
                                               _note(b.get("note"))) if x)))
    units = f.data.get("units") or {}
    order = [u for u in f.data.get("sequence") or () if u in units] + sorted(u for u in units
                                                                            if u not in (f.data.get("sequence") or ()))
    plan = o.t.orders == "plan"
    moves = o.c.once(f, f"orders moves ({o.t.orders})", lambda g: _unit_moves(g, plan))
    for uid in order:
        u = units[uid]
        if not isinstance(u, Mapping):
            continue
        rows.append(_planned_unit(o, uid, u, known, moves[uid]) if plan else _phased_unit(o, uid, u, known, moves[uid]))
    for fid, a in sorted((f.data.get("air") or {}).items()):
        if isinstance(a, Mapping):
            rows.append((f"flight {fid}", str(a.get("attack", "strike")), "-", _target(o, a.get("target"), known), ""))
    return HEAD, tuple(rows)
