"""The history of a game: which actions are in force, worked out from the log (nothing is ever
deleted from it).

Actions are events whose kind has a handler. Corrections are events too, of three kinds, each
saying which actions it takes back and which it puts back in force:

- ``undo``: ``{"undoes": N}`` takes back action #N (``umpire undo``); with ``"takes_back"`` and
  ``"restores"`` lists it takes back several at once (``undo --to``, or an amendment as a whole,
  whose superseded actions it puts back); ``undoes`` then names the last one taken back;
- ``redo``: ``{"redoes": U, "takes_back": [...], "restores": [...]}`` reverses the undo #U;
- ``amend``: ``{"amends": N, "takes_back": [N, ...later], "dropped": [...]}`` takes back action
  #N and every later one; the events right after it (``part_of`` = the amendment) are the
  corrected action (``replaces`` = N) and the later ones re-resolved on top of it (``replaces`` =
  each one's number), but for the ``dropped`` ones, which were no longer legal.

The actions in force are always replayed in the order of their numbers. :class:`Walk` follows
the log event by event; :meth:`Walk.check` also says what is wrong with an event that does not
fit the log before it (a correction that names a missing event is damage).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeGuard

if TYPE_CHECKING:
    from umpire.store.events import StoredEvent

CONTROL = frozenset({"undo", "redo", "amend"})


class Broken(Exception):
    """What is wrong with an event, worded to follow ``event #N``."""


def _int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _ints(payload: dict[str, Any], key: str) -> list[int]:
    v = payload.get(key, [])
    if not isinstance(v, list) or not all(_int(x) for x in v):
        raise Broken(f"has {key} {v!r} that is not a list of event numbers")
    return list(v)


def takes_back(kind: str, payload: dict[str, Any]) -> list[int]:
    """The actions a correction takes back (empty for an action)."""
    if kind == "undo" and "takes_back" not in payload:
        return [payload["undoes"]] if _int(payload.get("undoes")) else []
    return _ints(payload, "takes_back") if kind in CONTROL else []


def restores(kind: str, payload: dict[str, Any]) -> list[int]:
    """The actions a correction puts back in force (empty for an action)."""
    return _ints(payload, "restores") if kind in ("undo", "redo") else []


@dataclass
class Walk:
    """The log followed event by event: what is in force, and what a redo would reverse."""

    live: set[int] = field(default_factory=set)
    kinds: dict[int, str] = field(default_factory=dict)
    controls: dict[int, dict[str, Any]] = field(default_factory=dict)
    redo: list[int] = field(default_factory=list)  # the undos a redo may reverse, last on top
    members: dict[int, list[int]] = field(default_factory=dict)  # amendment -> the events it appended
    group: int | None = None  # the amendment whose events may follow now

    def apply(self, seq: int, kind: str, payload: dict[str, Any], part_of: int | None = None) -> None:
        """Follow one event (already known to fit)."""
        self.kinds[seq] = kind
        if kind in CONTROL:
            self.controls[seq] = payload
            for s in takes_back(kind, payload):
                self.live.discard(s)
            self.live.update(restores(kind, payload))
            if kind == "undo":
                self.redo.append(seq)
            elif kind == "redo":
                if self.redo and self.redo[-1] == payload.get("redoes"):
                    self.redo.pop()
            else:
                self.redo.clear()
            self.group = seq if kind == "amend" else None
            if kind == "amend":
                self.members[seq] = []
            return
        if part_of is None:
            self.redo.clear()
            self.group = None
        else:
            self.members.setdefault(part_of, []).append(seq)
        self.live.add(seq)

    def check(self, seq: int, kind: str, payload: dict[str, Any], undoes: Any, part_of: Any, replaces: Any,
              exists: set[int]) -> None:
        """Follow one event, first checking it fits the log before it.

        :raises Broken: saying what does not fit (the event is then not followed).
        """
        if kind not in CONTROL:
            if undoes is not None:
                raise Broken(f"is an action ({kind}), not an undo, but says it undoes event #{undoes}")
            self._check_member(kind, part_of, replaces, exists)
        else:
            if part_of is not None or replaces is not None:
                raise Broken(f"is a correction ({kind}) but says it is part of #{part_of} or replaces #{replaces}")
            self._check_control(seq, kind, payload, undoes, exists)
        self.apply(seq, kind, payload, part_of)

    def _check_member(self, kind: str, part_of: Any, replaces: Any, exists: set[int]) -> None:
        if part_of is None:
            if replaces is not None:
                raise Broken(f"says it replaces event #{replaces} but belongs to no amendment")
            return
        if not _int(part_of) or part_of not in self.kinds:
            if _int(part_of) and part_of in exists:
                raise Broken(f"is part of amendment #{part_of}, which is damaged")
            raise Broken(f"is part of amendment #{part_of}, which does not exist before it")
        if self.kinds[part_of] != "amend":
            raise Broken(f"is part of event #{part_of}, which is not an amendment ({self.kinds[part_of]})")
        if self.group != part_of:
            raise Broken(f"is part of amendment #{part_of} but does not follow it")
        taken = takes_back("amend", self.controls[part_of])
        if not _int(replaces) or replaces not in taken:
            raise Broken(f"is part of amendment #{part_of} but replaces #{replaces}, which it did not take back")
        del kind

    def _check_control(self, seq: int, kind: str, payload: dict[str, Any], undoes: Any, exists: set[int]) -> None:
        what = {"undo": "an undo", "redo": "a redo", "amend": "an amendment"}[kind]
        if kind == "undo":
            if not _int(undoes):
                raise Broken(f"is an undo that does not say which event it undoes ({undoes!r})")
            if payload.get("undoes") != undoes:
                raise Broken(f"is an undo of event #{undoes} whose payload names {payload.get('undoes')!r}")
        elif undoes is not None:
            raise Broken(f"is {what} but says it undoes event #{undoes}")
        back, put = takes_back(kind, payload), restores(kind, payload)
        if not back and kind != "redo":
            raise Broken(f"is {what} that takes nothing back")
        for s in back:
            self._target(seq, s, what, exists)
            if s not in self.live:
                raise Broken(f"is {what} of event #{s}, which was already undone")
        for s in put:
            self._target(seq, s, what, exists)
            if s in self.live:
                raise Broken(f"is {what} that puts back event #{s}, which is in force")
        if kind == "undo" and undoes != max(back):
            raise Broken(f"is an undo of event #{undoes}, but the last action it takes back is #{max(back)}")
        if kind == "redo":
            u = payload.get("redoes")
            if not _int(u) or self.kinds.get(u) != "undo":
                raise Broken(f"is a redo of #{u!r}, which is not an undo before it")
            if not self.redo or self.redo[-1] != u:
                raise Broken(f"is a redo of undo #{u}, which is not the last undo left to redo")
            undo = self.controls[u]
            if sorted(back) != sorted(restores("undo", undo)) or sorted(put) != sorted(takes_back("undo", undo)):
                raise Broken(f"is a redo of undo #{u} that does not reverse it")
        if kind == "amend":
            n = payload.get("amends")
            if not _int(n) or n not in back:
                raise Broken(f"is an amendment of #{n!r} whose list of actions taken back does not name it")
            dropped = _ints(payload, "dropped")
            if not set(dropped) <= set(back) - {n}:
                raise Broken(f"is an amendment of #{n} that drops actions it did not take back")

    def _target(self, seq: int, s: int, what: str, exists: set[int]) -> None:
        if s not in exists:
            raise Broken(f"is {what} of event #{s}, which does not exist")
        if s >= seq:
            raise Broken(f"is {what} of event #{s}, which does not come before it")
        kind = self.kinds.get(s)
        if kind in CONTROL:
            raise Broken(f"is {what} of event #{s}, which is itself {'an undo' if kind == 'undo' else 'a correction'}")


def walk(events: Iterable[StoredEvent]) -> Walk:
    """The log followed to its end (its events already checked, as read)."""
    w = Walk()
    for e in events:
        w.apply(e.seq, e.kind, e.payload, e.part_of)
    return w


def effective(events: Sequence[StoredEvent]) -> list[StoredEvent]:
    """The actions in force, in the order of their numbers."""
    w = walk(events)
    return [e for e in events if e.seq in w.live]


def fates(events: Sequence[StoredEvent]) -> dict[int, str]:
    """What became of each action no longer in force, in words for the log: ``replaced by #39``
    (an amendment put #39 in its place), ``dropped by amendment #38`` (no longer legal after
    it), ``undone by #40``. The last correction that took the action back decides."""
    w = walk(events)
    taker: dict[int, int] = {}
    replaced: dict[tuple[int, int], int] = {}  # (amendment, action) -> the event standing in for it
    amended: dict[int, int] = {}  # action -> the last amendment that took it back
    for e in events:
        if e.part_of is not None and e.replaces is not None:
            replaced[(e.part_of, e.replaces)] = e.seq
        if e.kind in CONTROL:
            for s in takes_back(e.kind, e.payload):
                taker[s] = e.seq
                if e.kind == "amend":
                    amended[s] = e.seq
    out: dict[int, str] = {}
    for s, t in taker.items():
        if s in w.live or w.kinds.get(s) in CONTROL:
            continue
        kind = w.kinds.get(t)
        if kind == "undo":
            out[s] = f"undone by #{t}"
            continue
        a = amended.get(s)  # an amendment, or a redo making one again
        by = replaced.get((a, s)) if a is not None else None
        out[s] = f"replaced by #{by}" if by is not None else (
            f"dropped by amendment #{a}" if a is not None else f"taken back by #{t}")
    return out
