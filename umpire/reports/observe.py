"""A reader's view of the facts: the umpire sees them all; a side sees what its knowledge at the
time allowed, written from the facts it may know and never cut out of a fuller text.

:class:`Observer` turns each :class:`~umpire.reports.facts.Fact` into the :class:`Line` s a
reader gets (none, when the fact is none of its business). An enemy unit is a :class:`Ref`
written at the level the side knew it then: by id when spotted (Auftragstaktik); in MBT by the
contact label the side has known it by since it first saw it, with what 24.2.2 tells at that
level: "contact-2, a Soviet T-64B" identified (the type, never which unit: no id, no call-sign),
"contact-2, a Soviet vehicle at (39, 22)" at type level, "contact-2, something that fired from
(39, 22)" when only its fire was seen; "an unseen enemy unit" otherwise. What the side learned
later is a separate dated remark (``later``), never a rewrite of the line.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError
from umpire.registry import game_rules, telling
from umpire.reports import explain
from umpire.reports.explain import Shown
from umpire.reports.facts import Fact
from umpire.reports.knowledge import Chronicle, Known, Sight
from umpire.reports.words import article, at, inches

if TYPE_CHECKING:
    from umpire.core.state import UnitState

UNSEEN = "an unseen enemy unit"
LEVEL_WORDS = {"full": "identified", "type": "type and nationality", "fired": "seen firing"}


@dataclass(frozen=True)
class Ref:
    """A unit as the reader knows it at one moment. ``id`` is None when the reader may not know
    which unit it is; ``text`` is how the report writes it."""

    id: str | None
    text: str
    level: str  # umpire, own, full, type, fired, unseen
    side: str | None = None


@dataclass(frozen=True)
class Exchange:
    """A fact between two units as one reader sees it: which of them are the reader's, what the
    reader knew of the enemy while it happened, and the two as the reader may name them."""

    mine: bool
    hit_mine: bool
    known: Known
    actor: Ref
    target: Ref


@dataclass
class Line:
    """One fact as the reader sees it, written. Never changed once written (a report's lines are
    read by every renderer), yet not a frozen dataclass: a turn's reports write tens of thousands,
    and a frozen dataclass's __init__ (each field set through object.__setattr__) costs three
    times as much. It holds a dict, so it was never hashable either."""

    kind: str
    text: str
    actor: Ref | None = None
    target: Ref | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    why: Shown | None = None
    rows: tuple[tuple[str, ...], ...] = ()  # a table under the line (orders as entered)
    head: tuple[str, ...] = ()  # its column headings
    later: tuple[str, ...] = ()
    mine: bool = False


def kind_words(nation: str, size: str) -> str:
    """What 24.2.2 tells at type level: "Soviet vehicle", "small American unit"."""
    return f"{nation} vehicle" if size == "vehicle" else f"{size} {nation} unit"


def card_identity(ruleset: str, card: str | None) -> tuple[str, str, str, str] | None:
    """(nationality, size, name, the name as a side is told it) of a unit's data card as a
    sighting tells them (MBT 24.2.2), by the ruleset; None for a unit with no card."""
    if not card:
        return None
    try:
        return game_rules(ruleset).identity(card)
    except UmpireError:
        return None


class Observer:
    """Writes facts for one reader: ``side`` None for the umpire, else a side id."""

    def __init__(self, chronicle: Chronicle, units: Mapping[str, UnitState], side: str | None,
                 side_names: Mapping[str, str], rulings: Mapping[str, str] | None = None) -> None:
        self.c = chronicle
        self.units = units
        self.side = side
        self.names = side_names
        self.rulings = dict(rulings or {})  # the rulings the reports follow (report.hidden_dice, cb.locating)
        self.t = telling(chronicle.ruleset)  # how the ruleset's reports tell a game
        self._refs: dict[Any, Ref] = {}  # each unit as this reader names it (a Ref is a value: made once)

    # -- who is who -----------------------------------------------------------------------
    def own(self, uid: str | None) -> bool:
        return uid is not None and (self.side is None or bool(uid) and self.c.owner.get(uid) == self.side)

    def known_at(self, f: Fact) -> Known:
        """What the reader knew of enemy units while ``f`` happened (the umpire knows them all)."""
        return self.c.during(self.side, f) if self.side else {}

    def exchange(self, f: Fact) -> Exchange | None:
        """``f`` between its actor and its target as the reader sees it; None when neither is the reader's."""
        mine, hit_mine = self.own(f.actor), self.own(f.target)
        if not (mine or hit_mine):
            return None
        known = self.known_at(f)
        a, t = self.ref(f.actor, known), self.ref(f.target, known)
        assert a is not None and t is not None
        return Exchange(mine, hit_mine, known, a, t)

    def identity(self, uid: str) -> tuple[str, str, str, str] | None:
        u = self.units.get(uid)
        return card_identity(self.c.ruleset, u.card) if u is not None and self.t.levels else None

    def size(self, uid: str | None) -> str | None:
        ident = self.identity(uid) if uid else None
        return ident[1] if ident else None

    def ref(self, uid: str | None, known: Known | None = None) -> Ref | None:
        if uid is None:
            return None
        got = self._refs.get(uid)  # the umpire's or the reader's own unit, named before
        if got is not None:
            return got
        side = self.c.side_of(uid)
        if self.side is None:
            got = self._refs[uid] = Ref(uid, uid, "umpire", side)
            return got
        if side == self.side:
            got = self._refs[uid] = Ref(uid, uid, "own", side)
            return got
        return self.sighted(uid, (known or {}).get(uid))

    def sighted(self, uid: str, s: Sight | None) -> Ref:
        """``uid`` (an enemy unit) as the reader names it, seen as ``s`` (None: not seen)."""
        key = (uid, s.level, s.at) if s is not None else (None, self.c.side_of(uid))
        try:
            got = self._refs.get(key)
        except TypeError:  # a sight whose place is not a pair of numbers: named afresh
            return self._sighted(uid, s)
        if got is None:
            got = self._refs[key] = self._sighted(uid, s)
        return got

    def _sighted(self, uid: str, s: Sight | None) -> Ref:
        side = self.c.side_of(uid)
        if s is None:
            return Ref(None, UNSEEN, "unseen", side)
        if not self.t.levels or self.side is None:
            return Ref(uid, uid, s.level, side)
        contact = self.c.label(self.side, uid)
        if s.level == "full":
            return Ref(contact, f"{contact}, {self.label(uid, 'full')}", "full", side)
        if s.level == "type":
            return Ref(contact, f"{contact}, {self.label(uid, 'type')} at {at(s.at)}", "type", side)
        return Ref(contact, f"{contact}, something that fired from {at(s.at)}", "fired", side)

    def label(self, uid: str, level: str) -> str:
        """What a side is told of ``uid`` at ``level``: MBT 24.2.2 "a Soviet T-64B" (full) or "a
        Soviet vehicle", "a large Soviet unit" (type); Auftragstaktik the unit's id and type."""
        u = self.units.get(uid)
        ident = self.identity(uid)
        if ident is None:
            return f"{uid} ({u.type})" if level == "full" and u is not None and u.type else \
                uid if level == "full" else "an enemy unit"
        if level != "full":
            return article(kind_words(ident[0], ident[1]))
        return article(ident[3])

    def later(self, fact: Fact, *refs: tuple[str | None, Ref | None]) -> tuple[str, ...]:
        """Dated remarks: a unit known below full identity then, identified better later."""
        if self.side is None:
            return ()
        out = []
        for uid, r in refs:
            if uid is None or r is None or r.level not in ("type", "fired"):
                continue
            got = self.c.identified(self.side, uid, r.level, after=fact.seq)
            if got is not None:
                level, turn = got
                who = r.id if self.t.levels and r.id else r.text
                out.append(f"{who} was identified in turn {turn} as {self.label(uid, level)}")
        return tuple(out)

    def why(self, fact: Fact, known: Known) -> Shown | None:
        """The explanation of ``fact``: the umpire's in full; a side's own action's as its
        knowledge of the enemy unit allows (:mod:`umpire.reports.explain`)."""
        if not fact.why:
            return None
        if self.side is None:
            return explain.for_umpire(fact.why)
        enemy = [u for u in fact.units() if not self.own(u)]
        level = "full"
        for uid in enemy:
            s = known.get(uid)
            lvl = s.level if s is not None else "unseen"
            if explain_rank(lvl) < explain_rank(level):
                level = lvl
        return explain.for_side(fact.why, level, self.size(enemy[0]) if enemy else None, telling=self.t,
                                kind=fact.kind, dice=self.rulings.get("report.hidden_dice", "withhold"))


EXPLAIN_RANK = {"unseen": 0, "fired": 1, "type": 2, "full": 3}


def explain_rank(level: str) -> int:
    return EXPLAIN_RANK.get(level, 3)


def distance(a: Any, b: Any) -> str | None:
    if not (isinstance(a, tuple | list) and isinstance(b, tuple | list)):
        return None
    return inches(math.dist(a[:2], b[:2]))
