"""What a correction changed: the results of each action as recorded before and after, compared.

An amendment re-resolves every later action; :func:`changes` lines up each old action with the
one that stands in for it now and reports, from their recorded facts, only the results that
differ: what became of a unit (``t80-1: eliminated -> 2 hits``), where it ended up, who spots
whom (``nato now spots t80-3``), and the outcome of each shot, roll and check. For the umpire
only: the lines name every unit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from umpire.reports.facts import Fact, facts_of
from umpire.reports.words import DAMAGE, STATUS, at, at_hits, mbt_hits, morale_words, phase_name, plain, plural

if TYPE_CHECKING:
    from umpire.store.events import StoredEvent

# facts whose outcome is an attack's (hits, damage)
ATTACKS = ("fire", "indirect", "close_combat", "overrun", "air_strike", "air_defence")
ROLLS = ("hq", "morale", "entrench", "mines", "initiative")
SKIP = ("orders", "order_change", "notes", "other", "victory", "note")


@dataclass
class ActionChanges:
    """The differing results of one action: ``old`` (its number before), ``new`` (the action that
    stands in for it now, ``None`` if it was dropped) and the lines."""

    old: int
    new: int | None
    title: str
    lines: list[str] = field(default_factory=list)


def _condition(entry: Mapping[str, Any]) -> str | None:
    status = entry.get("status")
    hits = entry.get("hits")
    after_hits = hits[1] if isinstance(hits, list | tuple) and len(hits) == 2 else None
    if isinstance(status, list | tuple) and len(status) == 2:
        how = entry.get("destroyed")
        word = DAMAGE.get(str(how)) if how in DAMAGE else STATUS.get(str(status[1]), str(status[1]))
        return word if after_hits in (None, 0) or status[1] == "eliminated" else f"{word}, {plural(after_hits, 'hit')}"
    if after_hits is not None:
        return plural(after_hits, "hit") if after_hits else "no hits"
    return None


def _outcome(f: Fact) -> str:
    raw = f.data.get("outcome")
    outcome: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    if f.kind in ATTACKS:
        if "results" in outcome or "worst" in outcome or "shots" in outcome:
            return mbt_hits(outcome, detail=True)
        return at_hits(outcome)
    if f.kind == "morale":
        return morale_words(outcome)
    if f.kind == "initiative":
        return f"{outcome.get('first')} first"
    if f.kind in ("hold_fire", "no_fire"):
        return f"holds fire ({f.data.get('why') or 'no shot'})"
    if f.kind == "fire_redirect":
        return f"fires at {f.data.get('to')} instead of {f.target}"
    if "result" in outcome:
        return plain(outcome["result"])
    return plain({k: v for k, v in outcome.items() if k not in ("rolls",)}) or "done"


HOLDS = ("hold_fire", "no_fire", "fire_redirect")
VERBS = {"fire": "fires at", "indirect": "fires indirect at", "close_combat": "attacks in close combat",
         "overrun": "is overrun by", "air_strike": "strikes", "air_defence": "fires at the flight",
         "hq": "HQ roll", "morale": "morale check", "entrench": "entrenching roll", "mines": "minefield attack",
         "initiative": "initiative roll"}


def _what(f: Fact) -> str:
    """Who did it and what, with ``|`` where "now" or "no longer" goes: ``a-1-64|fires at t80-1``."""
    who = f.actor or f.side or str(f.data.get("battalion") or "")
    if f.kind in ("hq", "morale") and f.data.get("battalion"):
        who = str(f.data["battalion"])
    if f.kind in ATTACKS:
        return f"{who}|{VERBS[f.kind]}" + (f" {f.target}" if f.target else "")
    if f.kind in HOLDS:
        return f"{who}|"
    return f"{who}|{VERBS.get(f.kind, f.kind.replace('_', ' '))}"


def results(e: StoredEvent) -> dict[tuple[Any, ...], tuple[str, str]]:
    """The results an event recorded: ``key -> (what, result)``, one key per unit, sighting and
    outcome (a unit's second shot at the same target is its own key)."""
    out: dict[tuple[Any, ...], tuple[str, str]] = {}
    seen: dict[tuple[Any, ...], int] = {}
    for f in facts_of(e):
        if f.kind in SKIP:
            continue
        if f.kind == "changes":
            for entry in f.data.get("units") or ():
                if not isinstance(entry, Mapping):
                    continue
                uid = str(entry.get("unit"))
                cond = _condition(entry)
                if cond is not None:
                    out[("unit", uid)] = (uid, cond)
                if "at" in entry:
                    out[("at", uid)] = (uid, at(entry["at"]))
            continue
        if f.kind in ("move", "place"):
            if f.actor and f.data.get("to") is not None:
                out[("at", f.actor)] = (f.actor, at(f.data["to"]))
            continue
        if f.kind == "sighting":
            for s in f.data.get("sighted") or ():
                if isinstance(s, Mapping):
                    out[("sees", str(s.get("by")), str(s.get("unit")))] = (
                        f"{s.get('by')} spots {s.get('unit')}", str(s.get("level") or "spotted"))
            continue
        key = (f.kind, f.actor or f.side, f.target, str(f.data.get("battalion") or ""))
        n = seen[key] = seen.get(key, -1) + 1
        out[(*key, n)] = (_what(f), _outcome(f))
    return out


ORDER = {"unit": 0, "at": 1, "sees": 2}
MORALE_STATES = {STATUS[k] for k in ("ok", "checked", "routed", "surrendered")}


def compare(old: StoredEvent, new: StoredEvent | None) -> list[str]:
    """The results of ``old`` that ``new`` (the action standing in for it) does not repeat:
    what became of each unit first, then where units ended, who spots whom, and each outcome."""
    before = results(old)
    after = results(new) if new is not None else {}
    keys = [*before, *(k for k in after if k not in before)]
    lines = []
    for key in sorted(keys, key=lambda k: ORDER.get(k[0], 3)):
        b, a = before.get(key), after.get(key)
        if b == a:
            continue
        lines.append(_line(key, b, a))
    return lines


def _line(key: tuple[Any, ...], b: tuple[str, str] | None, a: tuple[str, str] | None) -> str:
    kind = key[0]
    either = a or b
    assert either is not None  # a change has a before or an after
    if kind == "sees":
        if a is None or b is None:
            return f"{key[1]} {'now' if b is None else 'no longer'} spots {key[2]}"
        return f"{key[1]} spots {key[2]}: {b[1]} -> {a[1]}"
    if kind == "unit":
        other = either[1]
        none = "no change" if other in MORALE_STATES else "unharmed"
        return f"{key[1]}: {b[1] if b else none} -> {a[1] if a else none}"
    if kind == "at":
        if a is None:
            return f"{key[1]} no longer moves (it ended at {b[1] if b else '-'})"
        if b is None:
            return f"{key[1]} now ends at {a[1]} (it did not move)"
        return f"{key[1]} ends at {a[1]} (was {b[1]})"
    who, _, what = either[0].partition("|")
    if kind in HOLDS:
        if b is None:
            return f"{who} now {either[1]}"
        if a is None:
            return f"{who} no longer {b[1]}"
        return f"{who}: {b[1]} -> {a[1]}"
    if b is None:
        return f"{who} now {what}: {a[1]}" if kind in ATTACKS else f"{who} {what}: now {a[1]}"  # type: ignore[index]
    if a is None:
        return f"{who} no longer {what} (it was {b[1]})" if kind in ATTACKS else f"{who} {what}: no longer made " \
            f"(it was {b[1]})"
    return f"{who} {what}: {b[1]} -> {a[1]}"


def changes(ruleset: str, pairs: Iterable[tuple[StoredEvent, StoredEvent | None]],
            dropped: Mapping[int, str] | None = None) -> list[ActionChanges]:
    """For each (old, new) pair of a correction, the results that differ (pairs that differ in
    nothing are left out); a dropped action says why it was dropped."""
    out = []
    for old, new in pairs:
        title = f"#{old.seq} {old.kind.split('.')[-1]} ({phase_name(ruleset, old.phase)}, turn {old.turn or '-'})"
        lines = compare(old, new)
        if new is None and dropped and old.seq in dropped:
            lines.insert(0, f"dropped: no longer legal: {dropped[old.seq]}")
        if lines:
            out.append(ActionChanges(old.seq, new.seq if new is not None else None, title, lines))
    return out


def render(report: Sequence[ActionChanges], later: int) -> list[str]:
    """The change report as plain lines for the terminal."""
    if not report:
        return [f"no result changed ({plural(later, 'later action')} re-resolved)"]
    out = []
    for c in report:
        now = f" -> #{c.new}" if c.new is not None else " (dropped)"
        out.append(f"{c.title}{now}:")
        out.extend(f"  {ln}" for ln in c.lines)
    return out


def amendment_lines(done: Any, n: int) -> list[str]:
    """What ``umpire amend N`` says of a made amendment (``done``: the engine's correction):
    which action replaced #n, how many later ones were re-resolved or dropped, then what
    changed in their results."""
    new = [b.seq for _, b in done.pairs if b is not None]
    head = f"amendment #{done.seq}: #{n} replaced by #{new[0]}"
    if len(done.pairs) > 1:
        head += f"; {len(new) - 1} later action{'s' if len(new) != 2 else ''} re-resolved"
    if done.dropped:
        head += f", {len(done.dropped)} dropped as no longer legal ({', '.join(f'#{e.seq}' for e, _ in done.dropped)})"
    report = changes(done.state.ruleset, done.pairs, {e.seq: why for e, why in done.dropped})
    return [head, *(["what changed in the results:"] if report else []), *render(report, len(done.pairs) - 1)]


def undo_lines(done: Any) -> list[str]:
    """What ``umpire undo`` says of a made undo (``done``: the engine's correction)."""
    st = done.state
    if len(done.taken_back) == 1 and not done.restored:
        ev = done.taken_back[0]
        head = f"undone #{ev.seq} {ev.kind}: {ev.summary}"
    else:
        head = f"#{done.seq} {done.summary}"
    return [head, f"now: turn {st.turn}, {phase_name(st.ruleset, st.phase)}; umpire redo puts it back"]


def redo_lines(done: Any) -> list[str]:
    """What ``umpire redo`` says of a made redo."""
    st = done.state
    return [f"#{done.seq} {done.summary}", f"now: turn {st.turn}, {phase_name(st.ruleset, st.phase)}"]
