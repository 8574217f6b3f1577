"""The sentences of a report, one writer per kind of fact.

Each writer takes the :class:`~umpire.reports.observe.Observer` (who reads, and what it knew
when) and one fact, and returns the lines that reader gets, written from the fields it may know:
the umpire gets every fact with its whole explanation; a side gets its own units' actions (with
their modifiers and dice), what was done to its units (never the enemy's dice or modifiers), its
own sightings, and the enemy losses it saw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from umpire.reports import option_lines
from umpire.reports.combat_lines import (
    air_defence,
    air_strike,
    atgm_launch,
    close_combat,
    fire,
    fire_redirect,
    hold_fire,
    indirect,
    no_fire,
    terrain_fire,
)
from umpire.reports.explain import Shown
from umpire.reports.facts import Fact
from umpire.reports.observe import LEVEL_WORDS, Line, Observer, Ref
from umpire.reports.words import (
    at,
    inches,
    morale_words,
    plain,
    plural,
    status_words,
)

Writer = Callable[[Observer, Fact], list[Line]]
DEAD = ("eliminated", "surrendered", "off_table")


def _out(f: Fact) -> Mapping[str, Any]:
    o = f.data.get("outcome")
    return o if isinstance(o, Mapping) else {}


def _moved(f: Fact) -> tuple[str, Any, float]:
    """What a move's line says after the unit's name, where it went and how far (the same for
    the umpire and the unit's own side, the only readers of it)."""
    out = _out(f)
    to = f.data.get("to") or out.get("to")
    gone = float(out.get("inches", 0) or 0)
    if not gone and out:
        text = " stayed where it was"
    else:
        text = f" moved {inches(gone)} to {at(to)}" if out else f" moved to {at(to)}"
    used = out.get("allowance_used", out.get("cost"))
    if out.get("allowance") is not None and used is not None:
        text += f" ({inches(used)} of its {inches(out['allowance'])} allowance)"
    if out.get("stopped"):
        text += ", stopped by overwatch fire"
    return text, to, gone


def move(o: Observer, f: Fact) -> list[Line]:
    if not o.own(f.actor):
        return []
    a = o.ref(f.actor)
    assert a is not None
    text, to, gone = o.c.once(f, "move", _moved)
    why = None
    if o.side is None and f.why.notes:
        why = Shown(notes=("; ".join(f.why.notes),))
    data = {"unit": f.actor, "from": f.data.get("from"), "to": to, "inches": gone,
            "path": f.data.get("path")}
    return [Line("move", a.text + text, a, data=data, why=why, mine=True)]


def place(o: Observer, f: Fact) -> list[Line]:
    if not o.own(f.actor):
        return []
    a = o.ref(f.actor)
    return [Line("place", f"{a.text} placed at {at(f.data.get('to'))}", a, data={"to": f.data.get("to")},  # type: ignore[union-attr]
                 mine=True)]


def _battalion(o: Observer, f: Fact) -> str:
    return str(f.data.get("battalion") or f.actor or "")


def morale(o: Observer, f: Fact) -> list[Line]:
    if not o.own(f.actor):
        return []
    text = f"Morale check of {_battalion(o, f)}: {morale_words(_out(f))}"
    return [Line("morale", text, o.ref(f.actor), data={"battalion": _battalion(o, f), **_out(f)},
                 why=o.why(f, {}), mine=True)]


def hq(o: Observer, f: Fact) -> list[Line]:
    if not o.own(f.actor):
        return []
    out = _out(f)
    level = f" ({f.data['level']})" if f.data.get("level") else ""
    text = f"HQ roll for {_battalion(o, f)}{level}: {plain(out.get('result'))}"
    if out.get("effect"):
        text += f": {out['effect']}"
    return [Line("hq", text, o.ref(f.actor), data={"battalion": _battalion(o, f), **out}, why=o.why(f, {}),
                 mine=True)]


def own_plain(kind: str, words: str) -> Writer:
    def write(o: Observer, f: Fact) -> list[Line]:
        if not o.own(f.actor):
            return []
        a = o.ref(f.actor)
        out = _out(f)
        text = f"{a.text} {words}" + (f": {plain(out)}" if out else "")  # type: ignore[union-attr]
        return [Line(kind, text, a, data=dict(out), why=o.why(f, {}), mine=True)]
    return write


def smoke(o: Observer, f: Fact) -> list[Line]:
    """Smoke laid (12.6 dischargers, 14.4.5.1 fired, 15.7 exhaust): the side that laid it reads
    what its unit did; the other side sees the smoke where it rose (a cloud is seen across the
    table), never who laid it."""
    out = _out(f)
    points = [p for p in (f.data.get("points") or [f.data.get("at")]) if isinstance(p, list | tuple)]
    where = "at " + _and([at(p) for p in points]) if len(points) <= 2 else \
        f"in {len(points)} hexes from {at(points[0])} to {at(points[-1])}"
    if not o.own(f.actor):
        return [Line("smoke", f"Smoke rose {where}", data={"points": points})] if points else []
    a = o.ref(f.actor)
    assert a is not None
    kind = out.get("kind")  # the calc smoke outcome's kind (older files: a discharger or exhaust flag)
    if out.get("discharger") or kind == "discharger":
        text = f"{a.text} fired its smoke dischargers: smoke covers it (12.6.3)"
    elif out.get("exhaust") or kind == "exhaust":
        used = f.data.get("used")
        text = f"{a.text} laid exhaust smoke {where}" + (f" ({used} of its 3; 15.7)" if used else " (15.7)")
    else:
        text = f"{a.text} fired smoke: a smoke marker {where} (14.4.5.1)"
    return [Line("smoke", text, a, data={"unit": a.id, "points": points}, mine=True)]


def order_change(o: Observer, f: Fact) -> list[Line]:
    if not o.own(f.actor):
        return []
    a = o.ref(f.actor)
    return [Line("order_change", f"new order {f.data.get('order')} for {a.text} (given by hand)", a,  # type: ignore[union-attr]
                 data={"order": f.data.get("order")}, mine=True)]


def sighting(o: Observer, f: Fact) -> list[Line]:
    """What a side sighted, said as what changed since the event began (new, better, lost)."""
    side = str(f.side)
    if o.side is not None and side != o.side:
        return []
    before = o.c.before(side, f.seq)
    now = {str(x["unit"]): x for x in f.data.get("sighted") or () if isinstance(x, Mapping) and x.get("unit")}
    seen = o.c.after(side, f.seq)
    bits: list[str] = []
    data: list[dict[str, Any]] = []
    later: list[str] = []
    for uid, s in seen.items():
        was = before.get(uid)
        if uid not in now or (was is not None and was.level == s.level and was.at == s.at):
            continue
        r = o.sighted(uid, s) if o.side is not None else Ref(uid, uid, "umpire", o.c.side_of(uid))
        where = f" at {at(s.at)}" if r.level in ("full", "umpire") else ""
        level = f" ({LEVEL_WORDS[s.level]})" if o.t.levels else ""
        bits.append(f"{r.text}{where}{level}")
        data.append({"unit": r.id, "level": s.level, "at": s.at})
        later += o.later(f, (uid, r))  # seen by type now, identified later: the same contact
    lost = [uid for uid in before if uid not in seen]
    lost_refs = [o.sighted(uid, before[uid]) if o.side is not None else Ref(uid, uid, "umpire") for uid in lost]
    if not bits and not lost_refs:
        return []
    who = "" if o.side is not None else f"{o.names.get(side, side)} "
    verb = o.t.seen_verb
    parts = []
    if bits:
        parts.append(f"{who}{verb} " + _and(bits))
    if lost_refs:
        parts.append(("lost sight of " if bits else f"{who}lost sight of ") + _and([r.text for r in lost_refs]))
    text = ", ".join(parts)
    return [Line("sighting", text[:1].upper() + text[1:], data={"side": side, "seen": data,
                                                               "lost": [r.id for r in lost_refs]},
                 later=tuple(later))]


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def changes(o: Observer, f: Fact) -> list[Line]:
    """Where units stand after the event: hits and status (a side: its own units, and the enemy
    units it saw destroyed)."""
    bits, data = [], []
    for c in f.data.get("units") or ():
        if not isinstance(c, Mapping) or not isinstance(c.get("unit"), str):
            continue
        uid = str(c["unit"])
        status, hits = c.get("status"), c.get("hits")
        if status is None and hits is None:
            continue
        if o.own(uid):
            what = []
            if status is not None:
                what.append(status_words(str(status[1]), c.get("destroyed")))
            if hits is not None and (status is None or status[1] not in DEAD):
                what.append(plural(int(hits[1]), "hit"))
            bits.append(f"{uid} {', '.join(what)}")
            data.append({"unit": uid, "status": status[1] if status else None, "hits": hits[1] if hits else None})
        elif o.side is not None and status is not None and status[1] in DEAD and o.c.death_known(o.side, uid):
            r = o.sighted(uid, o.c.death_sight(o.side, uid))
            bits.append(f"{r.text} {status_words(str(status[1]), c.get('destroyed'))}")
            data.append({"unit": r.id, "status": status[1]})
    if not bits:
        return []
    return [Line("changes", "Now: " + "; ".join(bits), data={"units": data})]


def notes(o: Observer, f: Fact) -> list[Line]:
    if o.side is not None and f.side != o.side:
        return []
    return [Line("note", str(x)) for x in f.data.get("lines") or ()]


def note(o: Observer, f: Fact) -> list[Line]:
    if o.side is None:
        return [Line("note", f.summary)]
    if f.side == "umpire" or not o.own(f.actor) or "text" not in f.data:
        return []  # the umpire's alone, another side's, or a note from before notes were kept as data
    kind = str(f.data.get("note", "note"))
    known = o.c.during(o.side, f)
    a = o.ref(f.actor)
    assert a is not None
    if kind in ("fire_transfer", "fire_wasted", "fire_held"):
        t = o.ref(f.target, known)
        target = t.text if t is not None and t.level != "unseen" else "its target"
        if kind == "fire_transfer":
            to = o.ref(f.data.get("to"), known)
            text = f"{a.text}: {target} was already knocked out: fire transferred to {to.text if to else '-'} " \
                   "(24.3.3.1)"
        elif kind == "fire_wasted":
            text = f"{a.text}: {target} was knocked out earlier in this step; the fire is wasted (7.3.2)"
        else:
            text = f"{a.text}: {target} was already knocked out and no enemy in action could be fired at: it held " \
                   "its fire (24.3.3.1)"
    else:
        text = f"{a.text}{f.data.get('sep', ': ')}{f.data.get('text', '')}"
    return [Line("note", text, a, mine=True)]


def orders(o: Observer, f: Fact) -> list[Line]:
    side = str(f.side)
    if o.side is not None and side != o.side:
        return []
    from umpire.reports.orders_table import orders_rows

    head, rows = orders_rows(o, f)
    where = f" from {f.data['file']}" if f.data.get("file") else ""
    return [Line("orders", f"Orders of {o.names.get(side, side)} entered{where}", rows=rows, head=head,
                 data={"side": side}, mine=True)]


def umpire_only(o: Observer, f: Fact) -> list[Line]:
    return [Line(f.kind, f.summary or plain(_out(f)))] if o.side is None else []


def other(o: Observer, f: Fact) -> list[Line]:
    if o.side is not None:
        return []
    text = f.summary or str(f.data.get("kind", f.kind))
    return [Line(f.kind, text, why=o.why(f, {}))]


WRITERS: dict[str, Writer] = {
    "move": move, "place": place, "fire": fire, "no_fire": no_fire, "hold_fire": hold_fire,
    "fire_redirect": fire_redirect, "atgm_launch": atgm_launch, "indirect": indirect, "air_strike": air_strike,
    "air_defence": air_defence, "close_combat": close_combat, "overrun": close_combat, "morale": morale, "hq": hq,
    "entrench": own_plain("entrench", "entrenching"), "mines": own_plain("mines", "in a minefield"),
    "order_change": order_change, "sighting": sighting, "changes": changes, "notes": notes, "note": note,
    "orders": orders, "initiative": umpire_only, "victory": umpire_only, "terrain_fire": terrain_fire,
    "smoke": smoke,
    "artillery": option_lines.artillery, "mine": option_lines.mine, "air_drop": option_lines.air_drop,
    "message": option_lines.message, "jamming": option_lines.jamming,
    "helicopter": option_lines.helicopter, "helicopter_sighting": option_lines.helicopter_sighting,
    "helicopter_aa": option_lines.helicopter_aa, "aircraft_aa": option_lines.aircraft_aa,
    "air_pass": option_lines.air_pass, "record": option_lines.record,
    "helicopter_shot": option_lines.helicopter_shot,
}


def fact_lines(o: Observer, fact: Fact) -> list[Line]:
    """What observer ``o`` is told of ``fact``: its kind's writer's lines (:func:`other` for a kind
    without one)."""
    write = WRITERS.get(fact.kind)
    if write is None:
        return other(o, fact)
    return write(o, fact)


__all__ = ["WRITERS", "fact_lines"]

