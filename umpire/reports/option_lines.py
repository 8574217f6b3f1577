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
