"""Lines of the MBT options' facts (17-22) as each reader may see them.

Off-board artillery and an aircraft's load land where every side sees them: a side reads where
they fell and what they did to its own units, never whose battery fired or what they did to
enemy units it has not seen.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from umpire.reports.facts import Fact
from umpire.reports.observe import Line, Observer
from umpire.reports.words import at


def artillery(o: Observer, f: Fact) -> list[Line]:
    return _area(o, f, "artillery fire fell")


def air_drop(o: Observer, f: Fact) -> list[Line]:
    """An aircraft's load: seen where it fell, as artillery is (the aircraft itself in the AA lines)."""
    return _area(o, f, "a rocket struck" if f.data.get("weapon") == "rocket" else "an air strike's load fell")


def _area(o: Observer, f: Fact, what: str) -> list[Line]:
    out: Mapping[str, Any] = f.data.get("outcome") or {}
    if o.side is None:
        return [Line(f.kind, f.summary, data=dict(out), why=o.why(f, {}))]
    if out.get("delayed") or out.get("cancelled"):
        return []  # a delayed fire is the firing side's to learn from its record sheet
    text = f"{what} at {at(out.get('impact_at'))}"
    results = out.get("results") or {}
    own = [f"{o.ref(u).text} {r}" for u, r in sorted(results.items()) if o.own(u)]  # type: ignore[union-attr]
    placed = {"SM": "smoke", "FASCAM": "a minefield", "IL": "illumination"}.get(str(out.get("placed")))
    if placed:
        text += f": {placed}"
    if own:
        text += ": " + "; ".join(own)
    return [Line(f.kind, text, data={"at": out.get("impact_at")}, mine=bool(own))]


def mine(o: Observer, f: Fact) -> list[Line]:
    """A minefield attack: the umpire's and the entering unit's side's to read (17.5.2)."""
    if o.side is not None and not o.own(f.actor):
        return []
    return [Line("mine", f.summary, o.ref(f.actor), data=dict(f.data.get("outcome") or {}), why=o.why(f, {}),
                 mine=o.side is not None)]


def message(o: Observer, f: Fact) -> list[Line]:
    """A radio message on the Turn it was due (21.3.3.2): the umpire's in full; a side reads one
    that reached its player, or one of the enemy's its overall commander intercepted, never
    when it was delayed or lost (24.4.2)."""
    text = str(f.data.get("text") or "")
    if o.side is None:
        return [Line("message", f"{f.summary}: \"{text}\"", why=o.why(f, {}))]
    when = f"written in turn {f.data.get('written')}"
    if f.side == o.side and f.data.get("player") and f.data.get("conference"):
        return [Line("message", f"Conference: {f.data.get('sender')} to {f.data.get('to')}, their personal "
                     f"commanders in one hex, turn {f.data.get('written')}: \"{text}\" (21.3.3.1)",
                     data={"from": f.data.get("sender"), "to": f.data.get("to")})]
    if f.side == o.side and f.data.get("player"):
        return [Line("message", f"Radio message from {f.data.get('sender')} to {f.data.get('to')}, {when}: "
                     f"\"{text}\"", data={"from": f.data.get("sender"), "to": f.data.get("to")})]
    if f.data.get("intercepted_by") == o.side:
        return [Line("message", f"An enemy radio message intercepted, {when}: \"{text}\" (21.3.3.2.3)")]
    return []


def record(o: Observer, f: Fact) -> list[Line]:
    """What a side marks on its RECORD SHEETS of its own units (17.3.2 rounds, 17.3.3 fuel, 21.3.2 a
    player's personal commander): the umpire's, and the side's (a player's: his own units')."""
    if o.side is not None and not o.own(f.actor):
        return []
    return [Line("record", f.summary, o.ref(f.actor), why=o.why(f, {}), mine=o.side is not None)]


def jamming(o: Observer, f: Fact) -> list[Line]:
    """Radio jamming (21.2): the jamming side reads the points it spent; a side whose
    communications it disrupted reads that its command points count half this Turn (21.2.2)."""
    out: Mapping[str, Any] = f.data.get("outcome") or {}
    if o.side is None:
        return [Line("jamming", f.summary, why=o.why(f, {}))]
    if f.side == o.side:
        n = f.data.get("points") if isinstance(f.data.get("points"), int) else 0
        return [Line("jamming", f"radio jamming: {n or 'the'} jamming point{'s' if n != 1 else ''} spent (21.2)")]
    if out.get("disrupted") and o.side in (f.data.get("jammed") or ()):
        return [Line("jamming", "communications disruption: each use of a command point costs two this turn, but "
                     "for units on their landlines (21.2.2, 21.2.3)")]
    return []


def helicopter(o: Observer, f: Fact) -> list[Line]:
    """A helicopter's move, held rocket or crash (20.2, 20.3.4.2.1): its own side's and the umpire's."""
    if o.side is not None and f.side != o.side:
        return []
    out: Mapping[str, Any] = f.data.get("outcome") or {}
    text = f.summary
    if o.side is not None and out.get("crashes"):  # where it came down, not what it struck there (the umpire's)
        n, where = out.get("hexes"), out.get("crash_at")
        text = (f"{f.data.get('helicopter')} is destroyed: it crashes {n} hex{'es' if n != 1 else ''} ahead, at "
                f"{at(where)}; a burning marker there (20.3.4.2.1-3)")
    return [Line(f.kind, _side_words(o, f, text), data={"at": f.data.get("at")},
                 why=o.why(f, {}) if o.side is None else None, mine=o.side is not None)]


def _side_words(o: Observer, f: Fact, text: str) -> str:
    """A helicopter's own line as its side reads it: the enemy unit it fired at (or held its fire
    at) named as the side knew it then, not by the umpire's id."""
    if o.side is None or not f.target or o.own(f.target):
        return text
    ref = o.ref(f.target, o.c.during(o.side, f))
    name = ref.text if ref is not None and ref.level != "unseen" else "its target"
    return re.sub(rf"(?<![\w-]){re.escape(f.target)}(?![\w-])", name, text)


def helicopter_shot(o: Observer, f: Fact) -> list[Line]:
    """A helicopter's gun or missile (20.2.3): the umpire's in full; its own side's as it was fired
    (its target was sighted, 20.2.3); the target's side reads what struck its unit, a missile from
    nowhere it says (a laser homing one may come over terrain, 20.2.3.3.3), gun fire from an enemy
    helicopter."""
    if o.side is None:
        return [Line(f.kind, f.summary, why=o.why(f, {}))]
    if f.side == o.side:
        return [Line(f.kind, _side_words(o, f, f.summary), mine=True)]
    if not o.own(f.target):
        return []
    ref = o.ref(f.target)
    out: Mapping[str, Any] = f.data.get("outcome") or {}
    if out.get("hits") == 0:
        result = "missed"
    else:
        result = str(out.get("worst") or out.get("effect") or "no effect").replace("_", " ")
    what = "a missile" if f.data.get("helicopter_weapon") == "atgm" else "an enemy helicopter's guns"
    return [Line(f.kind, f"{ref.text if ref else f.target} came under fire from {what}: {result}", ref, mine=True)]


def helicopter_sighting(o: Observer, f: Fact) -> list[Line]:
    """The enemy helicopters a side sees, at the altitude it saw each (20.2.3.1, 20.3.3), each by
    the contact label its briefing's units know it by."""
    seen = f.data.get("helicopters") or []
    if o.side is None:
        return [Line(f.kind, f.summary)] if seen else []
    if f.side != o.side or not seen:
        return []
    words = {"noe": "at NOE", "low": "at low altitude", "landed": "landed"}
    text = "; ".join(f"{o.c.label(o.side, str(s['helicopter']))}, {s['type']} at {at(s['at'])}, "
                     f"{words.get(s['altitude'], s['altitude'])}"
                     + (", hovering" if s.get("hovering") and s["altitude"] != "landed" else "") for s in seen)
    return [Line(f.kind, f"Sighted enemy helicopters: {text}")]


def helicopter_aa(o: Observer, f: Fact) -> list[Line]:
    """AA fire at a helicopter (20.3.4): the umpire's in full; the firing side's (it saw its
    target: by its contact label once its air sighting saw it); the helicopter's side reads that
    it came under fire and what it did, not who fired."""
    result = str(f.data.get("result") or "")
    if o.side is None:
        return [Line(f.kind, f.summary, why=o.why(f, {}))]
    if f.side == o.side:
        ref = o.ref(f.actor)
        label = o.c.label(o.side, str(f.data.get("helicopter") or ""))  # a contact its air sighting saw before
        heli = f"{label}, an enemy helicopter" if label != "contact" else "an enemy helicopter"
        return [Line(f.kind, f"{ref.text if ref else f.actor} fired {f.data.get('weapon', '')} at {heli}: {result}",
                     ref, mine=True)]
    if f.data.get("helicopter_side") == o.side:  # what it did, not the firer's numbers
        return [Line(f.kind, f"{f.data.get('helicopter')} came under fire: {_aa_result(f)}", mine=True)]
    return []


def aircraft_aa(o: Observer, f: Fact) -> list[Line]:
    """AA fire at an aircraft over its target (20.3.4): the umpire's in full; the firing side
    reads its unit's fire at "an enemy aircraft" (its id and type are the enemy's); the
    aircraft's side reads that it came under fire and what it did, not who fired."""
    if o.side is None:
        return [Line(f.kind, f.summary, why=o.why(f, {}))]
    if o.own(f.actor):  # a player reads his own unit's fire (a side's others' are not his, 21.3)
        ref = o.ref(f.actor)
        return [Line(f.kind, f"{ref.text if ref else f.actor} fired {f.data.get('weapon', '')} at an enemy "
                     f"aircraft: {_aa_result(f)} (20.3.4)", ref, mine=True)]
    if f.data.get("aircraft_side") == o.side:
        return [Line(f.kind, f"{f.data.get('aircraft')} came under fire over its target: {_aa_result(f)} (20.3.4)",
                     mine=True)]
    return []


def _aa_result(f: Fact) -> str:
    """What AA fire did, in the words both sides may read (not the firer's numbers)."""
    out = f.data.get("outcome") or {}
    return ("destroyed" if out.get("destroyed") else "hit, but spoofed: no effect" if out.get("spoofed")
            else "hit: suppressed" if out.get("hit") else "missed")


def air_pass(o: Observer, f: Fact) -> list[Line]:
    """A strike that acquired no target (20.1.3): the umpire reads why; the striking side that
    its aircraft dropped nothing, not why (that an enemy unit sat in cover is not its to know)."""
    if o.side is None:
        return [Line(f.kind, f.summary)]
    if f.side != o.side:
        return []
    return [Line(f.kind, f"{f.data.get('aircraft')} flew over {at(f.data.get('at'))} and acquired no target: "
                 "it dropped nothing (20.1.3.1)", data={"at": f.data.get("at")}, mine=True)]
