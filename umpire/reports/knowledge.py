"""What each side knew of each enemy unit, event by event, with perfect recall.

:class:`Chronicle` walks a game's events in order and keeps, per side and enemy unit, a small
value: unseen, or a :class:`Sight` at one level (Auftragstaktik: spotted, kept as ``full``; MBT
24.2.2: ``fired`` "something just fired from there", ``type`` type and nationality, ``full``).
What a side knew when an event began (:meth:`Chronicle.before`) never changes afterwards: a
later identification is a separate, dated fact (:meth:`Chronicle.identified`), not a rewrite.
Every enemy unit a side sees gets a contact label the first time it does (``contact-3``: the
number in the order the side first saw its contacts, those seen at once by where they stood),
kept for the whole game (:meth:`Chronicle.label`), as the blank counters of 24.1.1 keep what
was written on them. The chronicle also follows where every unit stands and when each unit was
destroyed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from umpire.reports.facts import Fact, facts_of
from umpire.reports.words import NUMBER, PAIR

if TYPE_CHECKING:
    from umpire.core.state import UnitState
    from umpire.store.events import StoredEvent

RANK = {"fired": 1, "type": 2, "full": 3}
AIR = "helicopter"  # the kind of a unit that flies (MBT 20.2): sighted by its own facts, never by the ground's
DEAD = ("eliminated", "surrendered", "off_table")
CONTACT = ("close_combat", "overrun")  # the kinds of fact in which each side sees the other's units
Point = tuple[float, float]
T = TypeVar("T")


@dataclass(frozen=True)
class Sight:
    """One side's sight of one enemy unit: how well, where, which way it faced, when."""

    level: str
    at: Point | None
    facing: float | None
    turn: int | None
    seq: int
    altitude: str | None = None  # a unit that flies: the altitude state it was seen at

@dataclass(frozen=True)
class Death:
    seq: int
    turn: int | None
    status: str  # eliminated, surrendered, off_table
    how: str | None = None  # MBT: knocked_out or brewed_up


Known = Mapping[str, Sight]


class Lens(Protocol):
    """What one reader narrower than a side (a player of it, 21.3) may know: whose units count
    as the reader's own, and which of each event's facts are the reader's knowledge."""

    def owner(self, uid: str, side: str) -> str: ...

    def facts(self, facts: list[Fact]) -> list[Fact]: ...


def better(a: Sight | None, b: Sight | None) -> Sight | None:
    """The more complete of two sights (the later one on a tie)."""
    if a is None:
        return b
    if b is None:
        return a
    return b if RANK.get(b.level, 0) >= RANK.get(a.level, 0) else a


def _xy(u: UnitState) -> Point | None:
    return (float(u.x), float(u.y)) if u.x is not None and u.y is not None else None


def _point(v: Any) -> Point | None:
    if isinstance(v, PAIR) and len(v) >= 2:
        x, y = v[0], v[1]
        if isinstance(x, NUMBER) and isinstance(y, NUMBER):
            return (float(x), float(y))
    return None


class Chronicle:
    """The facts of every event in force and the knowledge they give, walked once in order."""

    def __init__(self, ruleset: str, sides: Sequence[str], units: Mapping[str, UnitState],
                 events: Sequence[StoredEvent], *, final: Mapping[str, UnitState] | None = None,
                 lens: Lens | None = None) -> None:
        self.ruleset = ruleset
        self.sides = list(sides)
        self.lens = lens
        self.owner = {uid: lens.owner(uid, u.side) if lens else u.side for uid, u in units.items()}
        self.initial = units  # what a narrower reader's chronicle (:meth:`narrowed`) starts from
        self.air = frozenset(uid for uid, u in units.items() if u.kind == AIR)
        self.final = final
        self.start: dict[str, Point | None] = {uid: _xy(u) for uid, u in units.items()}
        self.pos: dict[str, Point | None] = dict(self.start)
        self.events: list[tuple[StoredEvent, list[Fact]]] = []
        self.deaths: dict[str, Death] = {}
        self._cur: dict[str, dict[str, Sight]] = {s: self._initial(s, units) for s in self.sides}
        self._before: dict[int, dict[str, dict[str, Sight]]] = {}
        self._after: dict[int, dict[str, dict[str, Sight]]] = {}
        self._last: dict[str, dict[str, Sight]] = {s: dict(self._cur[s]) for s in self.sides}
        self._full: dict[str, dict[str, Sight]] = {s: {u: x for u, x in self._cur[s].items() if x.level == "full"}
                                                   for s in self.sides}
        self._first: dict[str, dict[str, dict[str, tuple[int | None, int]]]] = {s: {} for s in self.sides}
        self._death_known: dict[str, dict[str, Sight]] = {s: {} for s in self.sides}
        self._labels: dict[str, dict[str, str]] = {s: {} for s in self.sides}
        for side in self.sides:
            self._label_new(side, self._cur[side])
        self.positions_before: dict[int, dict[str, Point | None]] = {}
        self._once: dict[tuple[int, str], tuple[Fact, Any]] = {}
        for e in events:
            self._walk(e)
        from umpire.registry import telling

        self.recorded = telling(ruleset).sightings_in_log or any(
            f.kind == "sighting" for _e, facts in self.events for f in facts)
        if not self.recorded and final is not None:
            self._from_final(final)

    def narrowed(self, side: str, lens: Lens) -> Chronicle:
        """The same events walked again for one reader of ``side`` that ``lens`` describes."""
        return Chronicle(self.ruleset, [side], self.initial, [e for e, _f in self.events], final=self.final,
                         lens=lens)

    # -- reading ------------------------------------------------------------------------
    def once(self, fact: Fact, what: str, write: Callable[[Fact], T]) -> T:
        """``write(fact)``, worked out once for every reader of this chronicle: for the words of
        a fact that say the same to whoever may read them (a unit's move, to the umpire and to its
        own side). The fact is kept with its words, so no other fact can take its identity."""
        key = (id(fact), what)
        try:
            got: T = self._once[key][1]
        except KeyError:
            got = write(fact)
            self._once[key] = (fact, got)
        return got

    def side_of(self, uid: str | None) -> str | None:
        return self.owner.get(uid) if uid else None

    def before(self, side: str, seq: int) -> Known:
        """What ``side`` saw when event ``seq`` began."""
        return self._before.get(seq, {}).get(side, {})

    def after(self, side: str, seq: int) -> Known:
        return self._after.get(seq, {}).get(side, {})

    def during(self, side: str, fact: Fact) -> Known:
        """What ``side`` knew during ``fact``: what it saw when the event began, and what the
        fact itself showed it (a shot's firer seen as it fired, a sighting, base contact)."""
        before = self.before(side, fact.seq)
        shown = self._shown(side, fact)
        if not shown:
            return before  # the fact showed nothing more (a mapping no reader changes)
        known = dict(before)
        for uid, s in shown.items():
            known[uid] = better(known.get(uid), s)  # type: ignore[assignment]
        return known

    def now(self, side: str) -> Known:
        """What ``side`` sees after the last event."""
        return self._cur.get(side, {})

    def last_seen(self, side: str) -> Known:
        """Every enemy unit ``side`` has ever seen: the last sight of it (any level)."""
        return self._last.get(side, {})

    def last_identified(self, side: str) -> Known:
        """Every enemy unit ``side`` has known in full: the last time it did."""
        return self._full.get(side, {})

    def label(self, side: str, uid: str) -> str:
        """The contact label ``side`` knows enemy unit ``uid`` by (``contact-N``, kept all game)."""
        return self._labels.get(side, {}).get(uid, "contact")

    def _label_new(self, side: str, seen: Mapping[str, Sight]) -> None:
        labels = self._labels[side]
        new = sorted((uid for uid in seen if uid not in labels), key=lambda u: (seen[u].at or (0.0, 0.0), u))
        for uid in new:
            labels[uid] = f"contact-{len(labels) + 1}"

    def best(self, side: str, uid: str) -> str | None:
        levels = self._first.get(side, {}).get(uid, {})
        return max(levels, key=lambda lvl: RANK.get(lvl, 0)) if levels else None

    def identified(self, side: str, uid: str, level: str, after: int = 0) -> tuple[str, int | None] | None:
        """The best level above ``level`` at which ``side`` first came to know ``uid`` after
        event ``after``, and the turn it did: ``(level, turn)``; None if it never did."""
        levels = self._first.get(side, {}).get(uid, {})
        higher = [(lvl, t) for lvl, (t, seq) in levels.items()
                  if RANK.get(lvl, 0) > RANK.get(level, 0) and seq > after]
        return max(higher, key=lambda x: RANK[x[0]]) if higher else None

    def death_known(self, side: str, uid: str) -> Death | None:
        """How ``uid`` was destroyed, if ``side`` saw it (its own units: always)."""
        d = self.deaths.get(uid)
        if d is None:
            return None
        return d if self.owner.get(uid) == side or uid in self._death_known.get(side, {}) else None

    def death_sight(self, side: str, uid: str) -> Sight | None:
        """How ``side`` saw ``uid`` when it was destroyed."""
        return self._death_known.get(side, {}).get(uid)

    # -- walking ------------------------------------------------------------------------
    def _initial(self, side: str, units: Mapping[str, UnitState]) -> dict[str, Sight]:
        out = {}
        for uid, u in units.items():
            if u.side == side or side not in u.spotted_by:
                continue
            level = u.ident.get(side, "full")
            out[uid] = Sight(level if level in RANK else "full", _xy(u), u.facing, 0, 0)
        return out

    def _shown(self, side: str, fact: Fact) -> dict[str, Sight]:
        out: dict[str, Sight] = {}
        for x in fact.data.get("sighted") or () if fact.kind != "sighting" else ():
            if isinstance(x, Mapping) and x.get("by") == side and x.get("level") in RANK:
                uid = str(x.get("unit"))
                out[uid] = better(out.get(uid), Sight(str(x["level"]), _point(x.get("at")), None, fact.turn, fact.seq))  # type: ignore[assignment]
        if fact.kind in CONTACT:  # base contact: each sees the other
            for uid in fact.units():
                if self.owner.get(uid) not in (side, None):
                    out[uid] = Sight("full", self.pos.get(uid), None, fact.turn, fact.seq)
        return out

    def _note_first(self, side: str, uid: str, s: Sight) -> None:
        if s.level == "full":
            self._full[side][uid] = s
        levels = self._first[side].setdefault(uid, {})
        for lvl, rank in RANK.items():  # knowing a unit in full tells its type too
            if rank <= RANK.get(s.level, 0):
                levels.setdefault(lvl, (s.turn, s.seq))

    def _walk(self, e: StoredEvent) -> None:
        facts = facts_of(e, self.pos)
        if self.lens is not None:
            facts = self.lens.facts(facts)
        self.events.append((e, facts))
        self.positions_before[e.seq] = dict(self.pos)
        self._before[e.seq] = {s: self._cur[s] for s in self.sides}
        dying: list[str] = []
        changes = any(x.kind == "changes" for x in facts)  # the event's own record of where units went
        fresh: dict[str, dict[str, Sight]] = {side: {} for side in self.sides}  # seen for the first time
        for f in facts:
            for side in self.sides if f.kind in CONTACT or f.kind != "sighting" and f.data.get("sighted") else ():
                for uid, s in self._shown(side, f).items():
                    self._last[side][uid] = s
                    self._note_first(side, uid, s)
                    if uid not in self._labels[side]:
                        fresh[side].setdefault(uid, s)
            if f.kind == "sighting" and f.side in self._cur:
                self._sighting(f)
            elif f.kind == "helicopter_sighting" and f.side in self._cur:
                self._air_sighting(f)
            elif f.kind == "helicopter" and (heli := f.data.get("helicopter")) in self.air:
                dying += self._flight(str(heli), f)
            elif f.kind == "changes":
                dying += self._changes(f)
            elif f.kind in ("move", "place") and not changes:
                to = _point(f.data.get("to"))
                if f.actor and to is not None:
                    self.pos[f.actor] = to
            elif f.kind == "fire" and f.target and (f.data.get("outcome") or {}).get("eliminated") \
                    and not changes and f.target not in self.deaths:
                self.deaths[f.target] = Death(e.seq, e.turn, "eliminated")
                dying.append(f.target)
        self._after[e.seq] = {s: self._cur[s] for s in self.sides}
        for side in self.sides:
            fresh[side].update({u: x for u, x in self._cur[side].items() if u not in self._labels[side]})
            self._label_new(side, fresh[side])
        # what each side was shown by the event's facts, the best of each unit (``better`` keeps
        # the best, the later on a tie, whatever the grouping: folded once, not once per wreck)
        shown: dict[str, dict[str, Sight]] = {}
        if dying:
            for side in self.sides:
                best: dict[str, Sight] = {}
                shown[side] = best
                for f in facts:
                    for uid, s in self._shown(side, f).items():
                        best[uid] = better(best.get(uid), s)  # type: ignore[assignment]
        for uid in dying:
            for side in self.sides:
                if self.owner.get(uid) == side:
                    continue
                seen = better(self._before[e.seq][side].get(uid), self._cur[side].get(uid))
                seen = better(seen, shown[side].get(uid))
                if seen is not None:
                    self._death_known[side][uid] = seen

    def _sighting(self, f: Fact) -> None:
        side = str(f.side)
        new: dict[str, Sight] = {}
        for x in f.data.get("sighted") or ():
            if not isinstance(x, Mapping) or x.get("by", side) != side or x.get("level") not in RANK:
                continue
            uid = str(x.get("unit"))
            facing = x.get("facing")
            new[uid] = Sight(str(x["level"]), _point(x.get("at")), float(facing) if isinstance(facing, int | float)
                             else None, f.turn, f.seq)
        for uid, s in self._cur[side].items():  # a wreck stays known as it was when destroyed
            if (uid in self.deaths or uid in self.air) and uid not in new:  # a helicopter, as the air saw it
                new[uid] = s
        for uid, s in new.items():
            self._last[side][uid] = s
            self._note_first(side, uid, s)
        self._cur[side] = new

    def _air_sighting(self, f: Fact) -> None:
        """A side's sighting of the enemy's helicopters (MBT 20.2.3.1, 20.3.3): it sees each one's
        card (the sighting names it), where and at what altitude; the ground's sightings stay as
        they were."""
        side = str(f.side)
        new: dict[str, Sight] = {}
        for x in f.data.get("helicopters") or ():
            if not isinstance(x, Mapping) or x.get("helicopter") not in self.air:
                continue
            uid = str(x["helicopter"])
            facing = x.get("facing")
            new[uid] = Sight("full", _point(x.get("at")), float(facing) if isinstance(facing, int | float) else None,
                             f.turn, f.seq, str(x.get("altitude") or "") or None)
        cur = {uid: s for uid, s in self._cur[side].items() if uid not in self.air or uid in self.deaths}
        for uid, s in new.items():
            self._last[side][uid] = s
            self._note_first(side, uid, s)
        self._cur[side] = {**cur, **new}

    def _flight(self, uid: str, f: Fact) -> list[str]:
        """A helicopter's flight (where it went) or its crash (MBT 20.3.4.2: its death, where it fell)."""
        outcome = f.data.get("outcome") or {}
        if "crashes" in outcome and uid not in self.deaths:
            self.deaths[uid] = Death(f.seq, f.turn, "eliminated", "crashed")
            self.pos[uid] = _point(outcome.get("crash_at")) or self.pos.get(uid)
            return [uid]
        at = _point(f.data.get("at"))
        if at is not None:
            self.pos[uid] = at
        return []

    def _changes(self, f: Fact) -> list[str]:
        dying = []
        for c in f.data.get("units") or ():
            if not isinstance(c, Mapping) or not isinstance(c.get("unit"), str):
                continue
            uid = str(c["unit"])
            at = _point(c.get("at"))
            if at is not None:
                self.pos[uid] = at
            status = c.get("status")
            if isinstance(status, list | tuple) and len(status) == 2 and status[1] in DEAD and status[0] not in DEAD:
                self.deaths[uid] = Death(f.seq, f.turn, str(status[1]), c.get("destroyed"))
                dying.append(uid)
        return dying

    def _from_final(self, final: Mapping[str, UnitState]) -> None:
        """A game recorded before sightings were kept as facts: every event is told with what
        each side sees at the end (the best that can be said)."""
        for side in self.sides:
            known = {uid: Sight("full", _xy(u), u.facing, None, 0)
                     for uid, u in final.items() if u.side != side and side in u.spotted_by}
            self._cur[side] = known
            self._last[side] = dict(known)
            for seq in self._before:
                self._before[seq][side] = known
                self._after[seq][side] = known
            self._label_new(side, known)
            for uid in known:
                self._note_first(side, uid, known[uid])
                if uid in self.deaths:
                    self._death_known[side][uid] = known[uid]
