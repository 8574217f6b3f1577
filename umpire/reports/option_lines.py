"""Lines of the MBT options' facts (17-22) as each reader may see them.

Off-board artillery and an aircraft's load land where every side sees them: a side reads where
they fell and what they did to its own units, never whose battery fired or what they did to
enemy units it has not seen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.reports.facts import Fact
from umpire.reports.observe import Line, Observer
from umpire.reports.words import at


def artillery(o: Observer, f: Fact) -> list[Line]:
    return _area(o, f, "artillery fire fell")


def air_drop(o: Observer, f: Fact) -> list[Line]:
    """An aircraft's load: seen where it fell, as artillery is (the aircraft itself in the AA lines)."""
    return _area(o, f, "an air strike's load fell")


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
    if f.side == o.side and f.data.get("player"):
        return [Line("message", f"Radio message from {f.data.get('sender')} to {f.data.get('to')}, {when}: "
                     f"\"{text}\"", data={"from": f.data.get("sender"), "to": f.data.get("to")})]
    if f.data.get("intercepted_by") == o.side:
        return [Line("message", f"An enemy radio message intercepted, {when}: \"{text}\" (21.3.3.2.3)")]
    return []


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
