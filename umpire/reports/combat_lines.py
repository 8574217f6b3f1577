"""The sentences of combat: shots, held fire, missiles, indirect fire, aircraft, close combat.

The firer's side reads its own shot with its explanation (as far as its knowledge of the target
allows) and, where the ruleset tells a shot hit by hit (MBT), the exact result where it
identified the target (24.4.1: within sighting range; else the hits and a vehicle seen to brew up
or be knocked out); the target's side reads what hit its unit and what it did, the firer as it
knew it then, never the firer's dice or modifiers, and its weapon only when it had identified it.
The ruleset's :class:`~umpire.registry.Telling` (``Observer.t``) says how its reports tell them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.reports.facts import Fact
from umpire.reports.observe import Line, Observer, Ref, distance
from umpire.reports.words import NUMBER, at, at_after, at_hits, damage_words, gp_words, inches, plural


def _out(f: Fact) -> Mapping[str, Any]:
    o = f.data.get("outcome")
    return o if isinstance(o, Mapping) else {}


def _range(f: Fact) -> str:
    rng = f.data.get("range")
    if f.data.get("firer_at") and f.data.get("target_at") and isinstance(rng, int) and f.data.get("ammo"):
        return f"{distance(f.data['firer_at'], f.data['target_at'])}, {plural(rng, 'hex', 'hexes')}"  # MBT
    return inches(rng) if isinstance(rng, NUMBER) else ""


def _result(o: Observer, f: Fact, target_own: bool) -> str:
    out = _out(f)
    if o.t.hit_by_hit and ("results" in out or "worst" in out):
        return damage_words(out, detail=o.side is None or target_own, full=o.side is None)
    if o.t.hit_by_hit and "effects" in out:
        return gp_words(out, detail=o.side is None or target_own)
    return at_hits(out)


def fire(o: Observer, f: Fact) -> list[Line]:
    """A shot: the firer's side sees it with its explanation; the target's side sees what hit
    it, the firer as it knew it then, and what it did."""
    x = o.exchange(f)
    if x is None:
        return []
    mine, hit_mine, known, a, t = x.mine, x.hit_mine, x.known, x.actor, x.target
    carrier = o.ref(f.data.get("carrier"), known) if a.level == "unseen" and f.data.get("carrier") else None
    if carrier is not None and carrier.level != "unseen":  # a rider's fire is seen coming from its carrier
        a = Ref(None, f"{carrier.id or carrier.text}'s riders", "fired", carrier.side)
    shown_weapon = mine or a.level == "full"
    what = ""
    if shown_weapon and f.data.get("weapon"):
        what = f" {f.data['weapon']}" + (f" {f.data['ammo']}" if f.data.get("ammo") else "")
        what = f" its{what}" if o.t.own_weapon else what
    rng = _range(f) if mine or o.side is None else ""
    step = f", {f.data['step']}" if f.data.get("step") and o.side is None else ""
    text = f"{a.text} fired{what} at {t.text}" + (f" ({rng}{step})" if rng or step else "")
    # the firer's side learns the exact result of a shot at a target it identified (24.4.1)
    text += f": {_result(o, f, (hit_mine and not mine) or (mine and t.level == 'full'))}"
    after = at_after(_out(f)) if mine or o.side is None else ""
    text += f"; {after}" if after else ""
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
    known = o.known_at(f)
    a, t = o.ref(f.actor, known), o.ref(f.target, known)
    assert a is not None
    target = t.text if t is not None and t.level != "unseen" else "its target"
    why = str(_out(f).get("why", ""))
    if o.side is not None and (t is None or t.level == "unseen"):  # the reason would tell its range, its bearing
        why = o.t.target_unseen
    return [Line("no_fire", f"{a.text} did not fire at {target}" + (f": {why}" if why else ""), a, t,
                 {"firer": a.id, "target": t.id if t else None}, mine=True)]


def hold_fire(o: Observer, f: Fact) -> list[Line]:
    if not o.own(f.actor):
        return []
    known = o.known_at(f)
    a, t = o.ref(f.actor, known), o.ref(f.target, known)
    assert a is not None
    # a reason about a target the side has not spotted would tell its range or where it is; one
    # about the firer itself (its hits, its battalion) or why its own order could not be carried
    # out is the side's own to read
    hidden = (t is not None and t.level == "unseen") or (o.side is not None and bool(f.data.get("target_hidden")))
    why = str(f.data.get("why", ""))
    if hidden and f.data.get("about") not in ("firer", "order"):
        why = "its target is not spotted"
    about = f.data.get("about")
    data = {"unit": a.id, "about": about} if about in ("firer", "order") else {"unit": a.id}
    return [Line("hold_fire", f"{a.text} held its fire: {why}", a, t, data, mine=True)]


def fire_redirect(o: Observer, f: Fact) -> list[Line]:
    if not o.own(f.actor):
        return []
    known = o.known_at(f)
    a, was, now = o.ref(f.actor, known), o.ref(f.target, known), o.ref(f.data.get("to"), known)
    assert a is not None and was is not None and now is not None
    return [Line("fire_redirect", f"{a.text} had to engage the closest enemy AFV in range: fired at {now.text} "
                 f"instead of {was.text} (COMBAT; ruling fire.afv_priority_range)", a, now, mine=True)]


def atgm_launch(o: Observer, f: Fact) -> list[Line]:
    if not o.own(f.actor):
        return []
    known = o.known_at(f)
    a, t = o.ref(f.actor, known), o.ref(f.target, known)
    assert a is not None and t is not None
    flies = "it flies while its target moves (14.2.2.2)" if f.data.get("step") else \
        "it flies until the ATGM Resolution Step (3.3.2, 7.2.2)"  # the Advanced Game's steps are named
    return [Line("atgm_launch", f"{a.text} launched a guided missile at {t.text}: {flies}", a, t,
                 {"firer": a.id, "target": t.id}, mine=True)]


def indirect(o: Observer, f: Fact) -> list[Line]:
    x = o.exchange(f)
    if x is None:
        return []
    mine, known, a, t = x.mine, x.known, x.actor, x.target
    got = f.data.get("template")
    raw: Mapping[str, Any] = got if isinstance(got, Mapping) else {}
    # the template as seen on the table: where and how big, never whose (its label names the battery)
    tpl = {k: raw[k] for k in ("at", "second", "radius", "size", "facing") if k in raw}
    if o.side is None and raw.get("label"):
        tpl["label"] = raw["label"]
    where = at(tpl.get("at"))
    cb = f.data.get("weapon") == "counter-battery"
    what = "counter-battery fire" if cb else "indirect fire"
    if mine and t.level == "unseen":
        if cb and o.side is not None:  # aimed by the umpire at a battery the side never saw (ruling cb.locating)
            tpl = _located(tpl, o.rulings.get("cb.locating", "none"))
            where = f"about {at(tpl['at'])}" if tpl.get("at") and o.rulings.get("cb.locating") == "sound_ranging" \
                else at(tpl.get("at")) if tpl.get("at") else ""
            text = f"{a.text} fired {what} at an enemy battery{' ' + where if where else ''}: no result seen"
        else:
            text = f"{a.text} fired {what} at {where}: no result seen"
        return [Line("indirect", text, a, None, {"firer": a.id, "at": tpl.get("at"), "template": tpl},
                     mine=True)]
    text = f"{a.text} fired {what} at {t.text}" if mine or a.level != "unseen" else f"enemy {what} fell on {t.text}"
    text += f" at {where}: {at_hits(_out(f))}"
    return [Line("indirect", text, a, t, {"firer": a.id, "target": t.id, "at": tpl.get("at"), "template": tpl},
                 o.why(f, known) if mine else None, mine=mine)]


def _located(tpl: dict[str, Any], locating: str) -> dict[str, Any]:
    """A counter-battery template as the firing side may know it: nowhere (``none``), to the
    nearest 2 inches (``sound_ranging``) or where it fell (``radar``)."""
    if locating == "radar":
        return tpl
    if locating == "sound_ranging" and tpl.get("at") is not None:
        return {**tpl, "at": [2 * round(float(tpl["at"][0]) / 2), 2 * round(float(tpl["at"][1]) / 2)], "second": None}
    return {}


def air_strike(o: Observer, f: Fact) -> list[Line]:
    mine = o.side is None or f.side == o.side
    if not (mine or o.own(f.target)):
        return []
    known = o.known_at(f)
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
    known = o.known_at(f)
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
    x = o.exchange(f)
    if x is None:
        return []
    mine, known, a, t = x.mine, x.known, x.actor, x.target
    if o.t.hit_by_hit:
        return [Line(f.kind, outcome_close(o, f, a, t, known), a, t, {"attacker": a.id, "target": t.id},
                     o.why(f, known) if mine else None, mine=mine)]
    rnd = f" (round {f.data['round']})" if f.data.get("round") else ""
    if f.kind == "overrun":
        text = f"{t.text} overran {a.text}, which fought back: {at_hits(_out(f))}"
    else:
        text = f"{a.text} attacked {t.text} in close combat{rnd}: {at_hits(_out(f))}"
    return [Line(f.kind, text, a, t, {"attacker": a.id, "target": t.id}, o.why(f, known) if mine else None,
                 mine=mine)]


LOSS = {"half": "reduced to a half squad and suppressed", "eliminated": "eliminated"}


def outcome_close(o: Observer, f: Fact, a: Ref, t: Ref, known: Mapping[str, Any]) -> str:
    """Close combat told by the rule's outcome: an MBT close assault (14.5.4), hand-to-hand
    combat (14.6.2.2) or overrun (14.7.2): who is suppressed, reduced, eliminated or knocked out."""
    out = _out(f)
    effects = [str(x) for x in out.get("effects") or ()]
    if "winner" in out:
        won = a if out.get("winner") == "attacker" else t
        text = f"{a.text} attacked {t.text} hand-to-hand: {won.text} won"
        losers = f.data.get("losers", out.get("losers"))  # the units of the losing side (older files: outcome)
        if isinstance(losers, Mapping) and losers:
            bits = []
            for uid, effect in losers.items():
                r = o.ref(str(uid), known)
                bits.append(f"{r.text if r else uid} {LOSS.get(str(effect), str(effect))}")
            return text + "; " + ", ".join(bits) + " (14.6.2.2)"
        return text + (f"; {effects[0]}" if effects else "")
    hit = t
    if f.kind == "overrun" and f.data.get("part") == "defence":
        text, hit = f"{t.text} fired back at {a.text} overrunning it", a
    elif f.kind == "overrun":
        text = f"{a.text} overran {t.text}"
    else:
        text = f"{a.text} close assaulted {t.text}"
    if out.get("result") == "N" or not effects:
        return text + ": no effect"
    return f"{text}: {hit.text} {effects[0]}"


def terrain_fire(o: Observer, f: Fact) -> list[Line]:
    """GP fire at a block or wire marker (14.4.3.3): the firer's side and the umpire read it."""
    if not o.own(f.actor):
        return []
    a = o.ref(f.actor)
    assert a is not None
    out = _out(f)
    what = f" {f.data['weapon']}" if f.data.get("weapon") else ""
    piece = f"the {f.data.get('marker', 'marker')} {f.data.get('piece', '')}".rstrip()
    if out.get("fired") is False:
        return [Line("terrain_fire", f"{a.text} did not fire at {piece}: {out.get('why', '')}", a, mine=True)]
    rng = f" ({plural(int(f.data['range']), 'hex', 'hexes')})" if isinstance(f.data.get("range"), int) else ""
    effects = [str(x) for x in out.get("effects") or ()]
    text = f"{a.text} fired{what} at {piece}{rng}: {effects[0] if effects else '-'}"
    return [Line("terrain_fire", text, a, data={"firer": a.id, "piece": f.data.get("piece")},
                 why=o.why(f, {}), mine=True)]
