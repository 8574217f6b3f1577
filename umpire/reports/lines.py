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

from umpire.reports.facts import Fact
from umpire.reports.observe import LEVEL_WORDS, Line, Observer, Ref, distance
from umpire.reports.words import (
    DAMAGE,
    STATUS,
    at,
    at_hits,
    inches,
    mbt_hits,
    morale_words,
    num,
    plain,
    plural,
    status_words,
)

Writer = Callable[[Observer, Fact], list[Line]]
DEAD = ("eliminated", "surrendered", "off_table")


def _out(f: Fact) -> Mapping[str, Any]:
    o = f.data.get("outcome")
    return o if isinstance(o, Mapping) else {}


def _range(f: Fact) -> str:
    rng = f.data.get("range")
    if f.data.get("firer_at") and f.data.get("target_at") and isinstance(rng, int) and f.data.get("ammo"):
        return f"{distance(f.data['firer_at'], f.data['target_at'])}, {plural(rng, 'hex', 'hexes')}"  # MBT
    return inches(rng) if isinstance(rng, int | float) else ""


def move(o: Observer, f: Fact) -> list[Line]:
    if not o.own(f.actor):
        return []
    a = o.ref(f.actor)
    out = _out(f)
    to = f.data.get("to") or out.get("to")
    gone = float(out.get("inches", 0) or 0)
    if not gone and out:
        text = f"{a.text} stayed where it was"  # type: ignore[union-attr]
    else:
        text = f"{a.text} moved {inches(gone)} to {at(to)}" if out else f"{a.text} moved to {at(to)}"  # type: ignore[union-attr]
    used = out.get("allowance_used", out.get("cost"))
    if out.get("allowance") is not None and used is not None:
        text += f" ({inches(used)} of its {inches(out['allowance'])} allowance)"
    if out.get("stopped"):
        text += ", stopped by overwatch fire"
    why = None
    if f.why.notes and o.side is None:
        from umpire.reports.explain import Shown

        why = Shown(notes=("; ".join(f.why.notes),))
    data = {"unit": f.actor, "from": f.data.get("from"), "to": to, "inches": gone,
            "path": f.data.get("path")}
    return [Line("move", text, a, data=data, why=why, mine=True)]


def place(o: Observer, f: Fact) -> list[Line]:
    if not o.own(f.actor):
        return []
    a = o.ref(f.actor)
    return [Line("place", f"{a.text} placed at {at(f.data.get('to'))}", a, data={"to": f.data.get("to")},  # type: ignore[union-attr]
                 mine=True)]


def _result(o: Observer, f: Fact, target_own: bool) -> str:
    out = _out(f)
    if o.c.ruleset == "mbt" and ("results" in out or "worst" in out):
        return mbt_hits(out, detail=o.side is None or target_own, full=o.side is None)
    return at_hits(out)


def fire(o: Observer, f: Fact) -> list[Line]:
    """A shot: the firer's side sees it with its explanation; the target's side sees what hit
    it, the firer as it knew it then, and what it did."""
    mine, hit_mine = o.own(f.actor), o.own(f.target)
    if not (mine or hit_mine):
        return []
    known = o.c.during(o.side, f) if o.side else {}
    a, t = o.ref(f.actor, known), o.ref(f.target, known)
    assert a is not None and t is not None
    shown_weapon = mine or a.level == "full"
    what = ""
    if shown_weapon and f.data.get("weapon"):
        what = f" {f.data['weapon']}" + (f" {f.data['ammo']}" if f.data.get("ammo") else "")
        what = f" its{what}" if o.c.ruleset == "auftragstaktik" else what
    rng = _range(f) if mine or o.side is None else ""
    step = f", {f.data['step']}" if f.data.get("step") and o.side is None else ""
    text = f"{a.text} fired{what} at {t.text}" + (f" ({rng}{step})" if rng or step else "")
    text += f": {_result(o, f, hit_mine and not mine)}"
    data: dict[str, Any] = {"firer": a.id, "target": t.id, "result": _out(f).get("hits", 0)}
    if shown_weapon:
        data.update({k: f.data[k] for k in ("weapon", "ammo") if f.data.get(k)})
    if mine or o.side is None:
        data["range"] = f.data.get("range")
    src = f.data.get("firer_at") if mine or o.side is None else _seen_at(known, f.actor)
    if src is not None and f.data.get("target_at") is not None and t.level != "unseen":
        data["from_at"], data["to_at"] = tuple(src), tuple(f.data["target_at"])
    return [Line("fire", text, a, t, data, o.why(f, known) if mine else None,
                 later=o.later(f, (f.actor, a), (f.target, t)), mine=mine)]


def _seen_at(known: Mapping[str, Any], uid: str | None) -> Any:
    s = known.get(uid) if uid else None
    return s.at if s is not None else None


def no_fire(o: Observer, f: Fact) -> list[Line]:
    if not o.own(f.actor):
        return []
    known = o.c.during(o.side, f) if o.side else {}
    a, t = o.ref(f.actor, known), o.ref(f.target, known)
    assert a is not None
    target = t.text if t is not None and t.level != "unseen" else "its target"
    why = _out(f).get("why", "")
    return [Line("no_fire", f"{a.text} did not fire at {target}" + (f": {why}" if why else ""), a, t,
                 {"firer": a.id, "target": t.id if t else None}, mine=True)]


def hold_fire(o: Observer, f: Fact) -> list[Line]:
    if not o.own(f.actor):
        return []
    known = o.c.during(o.side, f) if o.side else {}
    a, t = o.ref(f.actor, known), o.ref(f.target, known)
    assert a is not None
    why = str(f.data.get("why", "")) if t is None or t.level != "unseen" else "its target is not spotted"
    return [Line("hold_fire", f"{a.text} held its fire: {why}", a, t, {"unit": a.id}, mine=True)]


def fire_redirect(o: Observer, f: Fact) -> list[Line]:
    if not o.own(f.actor):
        return []
    known = o.c.during(o.side, f) if o.side else {}
    a, was, now = o.ref(f.actor, known), o.ref(f.target, known), o.ref(f.data.get("to"), known)
    assert a is not None and was is not None and now is not None
    return [Line("fire_redirect", f"{a.text} had to engage the closest enemy AFV in range: fired at {now.text} "
                 f"instead of {was.text} (COMBAT; ruling fire.afv_priority_range)", a, now, mine=True)]


def atgm_launch(o: Observer, f: Fact) -> list[Line]:
    if not o.own(f.actor):
        return []
    known = o.c.during(o.side, f) if o.side else {}
    a, t = o.ref(f.actor, known), o.ref(f.target, known)
    assert a is not None and t is not None
    return [Line("atgm_launch", f"{a.text} launched a guided missile at {t.text}: it flies until the ATGM "
                 "Resolution Step (3.3.2, 7.2.2)", a, t, {"firer": a.id, "target": t.id}, mine=True)]


def indirect(o: Observer, f: Fact) -> list[Line]:
    mine, hit_mine = o.own(f.actor), o.own(f.target)
    if not (mine or hit_mine):
        return []
    known = o.c.during(o.side, f) if o.side else {}
    a, t = o.ref(f.actor, known), o.ref(f.target, known)
    assert a is not None and t is not None
    raw = f.data.get("template") if isinstance(f.data.get("template"), Mapping) else {}
    # the template as seen on the table: where and how big, never whose (its label names the battery)
    tpl = {k: raw[k] for k in ("at", "second", "radius", "size", "facing") if k in (raw or {})}
    if o.side is None and raw and raw.get("label"):
        tpl["label"] = raw["label"]
    where = at(tpl.get("at"))
    what = "counter-battery fire" if f.data.get("weapon") == "counter-battery" else "indirect fire"
    if mine and t.level == "unseen":
        text = f"{a.text} fired {what} at {where}: no result seen"
        return [Line("indirect", text, a, None, {"firer": a.id, "at": tpl.get("at"), "template": tpl},
                     mine=True)]
    text = f"{a.text} fired {what} at {t.text}" if mine or a.level != "unseen" else f"enemy {what} fell on {t.text}"
    text += f" at {where}: {at_hits(_out(f))}"
    return [Line("indirect", text, a, t, {"firer": a.id, "target": t.id, "at": tpl.get("at"), "template": tpl},
                 o.why(f, known) if mine else None, mine=mine)]


def air_strike(o: Observer, f: Fact) -> list[Line]:
    mine = o.side is None or f.side == o.side
    if not (mine or o.own(f.target)):
        return []
    known = o.c.during(o.side, f) if o.side else {}
    t = o.ref(f.target, known)
    assert t is not None
    flight = f"flight {f.data.get('flight')}" if mine else "enemy aircraft"
    text = f"{flight} attacked {t.text}: {at_hits(_out(f))}"
    return [Line("air_strike", text, None, t, {"flight": f.data.get("flight") if mine else None, "target": t.id},
                 o.why(f, known) if mine else None, mine=mine)]


def air_defence(o: Observer, f: Fact) -> list[Line]:
    mine = o.own(f.actor)
    if not mine and o.side is not None and o.c.side_of(f.actor) == o.side:
        return []
    known = o.c.during(o.side, f) if o.side else {}
    a = o.ref(f.actor, known)
    assert a is not None
    flight = f"flight {f.data.get('flight')}"
    if not mine and o.side is not None:
        text = f"{a.text} fired at {flight}: {plural(int(_out(f).get('hits', 0) or 0), 'hit')}"
        return [Line("air_defence", text, a, None, {"flight": f.data.get("flight")})]
    text = f"{a.text} fired {f.data.get('weapon', '')} at enemy aircraft attacking {f.target}: " \
           f"{plural(int(_out(f).get('hits', 0) or 0), 'hit')}"
    return [Line("air_defence", text, a, None, {"firer": a.id}, o.why(f, known), mine=True)]


def close_combat(o: Observer, f: Fact) -> list[Line]:
    mine, hit_mine = o.own(f.actor), o.own(f.target)
    if not (mine or hit_mine):
        return []
    known = o.c.during(o.side, f) if o.side else {}
    a, t = o.ref(f.actor, known), o.ref(f.target, known)
    assert a is not None and t is not None
    rnd = f" (round {f.data['round']})" if f.data.get("round") else ""
    if f.kind == "overrun":
        text = f"{t.text} overran {a.text}, which fought back: {at_hits(_out(f))}"
    else:
        text = f"{a.text} attacked {t.text} in close combat{rnd}: {at_hits(_out(f))}"
    return [Line(f.kind, text, a, t, {"attacker": a.id, "target": t.id}, o.why(f, known) if mine else None,
                 mine=mine)]


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
    bits, data = [], []
    for uid, s in seen.items():
        was = before.get(uid)
        if uid not in now or (was is not None and was.level == s.level and was.at == s.at):
            continue
        r = o.sighted(uid, s) if o.side is not None else Ref(uid, uid, "umpire", o.c.side_of(uid))
        where = f" at {at(s.at)}" if r.level in ("full", "umpire") else ""
        level = f" ({LEVEL_WORDS[s.level]})" if o.c.ruleset == "mbt" else ""
        bits.append(f"{r.text}{where}{level}")
        data.append({"unit": r.id, "level": s.level, "at": s.at})
    lost = [uid for uid in before if uid not in seen]
    lost_refs = [o.sighted(uid, before[uid]) if o.side is not None else Ref(uid, uid, "umpire") for uid in lost]
    if not bits and not lost_refs:
        return []
    who = "" if o.side is not None else f"{o.names.get(side, side)} "
    verb = "spotted" if o.c.ruleset == "auftragstaktik" else "sighted"
    parts = []
    if bits:
        parts.append(f"{who}{verb} " + _and(bits))
    if lost_refs:
        parts.append(("lost sight of " if bits else f"{who}lost sight of ") + _and([r.text for r in lost_refs]))
    text = ", ".join(parts)
    return [Line("sighting", text[:1].upper() + text[1:], data={"side": side, "seen": data,
                                                               "lost": [r.id for r in lost_refs]})]


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
    if f.side == "umpire" or not o.own(f.actor):
        return []
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
    "orders": orders, "initiative": umpire_only, "victory": umpire_only,
}

__all__ = ["DAMAGE", "STATUS", "WRITERS", "num"]
