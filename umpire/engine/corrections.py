"""Corrections: ``undo`` (the last step, or every action after #N), ``redo`` (what the last undo
took back, with its recorded dice) and ``amend`` (action #N replaced, every later action
re-resolved on top of it with the game's keyed dice).

Each is one locked transaction that appends events and deletes nothing
(:mod:`umpire.store.history` says how the log tells which actions are in force). A correction
that cannot be made is refused whole with one error naming why; nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from umpire.core.dice import Dice, GivenDice
from umpire.core.snapshot import canonical_state
from umpire.core.state import GameState
from umpire.engine.transaction import when
from umpire.errors import UmpireError
from umpire.store import events as log
from umpire.store.history import CONTROL, Walk, takes_back, walk

if TYPE_CHECKING:
    from umpire.engine.game import Game
    from umpire.engine.transaction import Transaction


@dataclass
class Correction:
    """What a correction did: its event, the actions it took back and put back in force, and for
    an amendment the actions it appended (``pairs``: each old action with the one that stands in
    for it now, ``None`` where a later action was dropped as no longer legal)."""

    seq: int
    kind: str
    summary: str
    state: GameState
    taken_back: list[log.StoredEvent] = field(default_factory=list)
    restored: list[log.StoredEvent] = field(default_factory=list)
    pairs: list[tuple[log.StoredEvent, log.StoredEvent | None]] = field(default_factory=list)
    dropped: list[tuple[log.StoredEvent, str]] = field(default_factory=list)
    before: GameState | None = None  # an amendment: the state just before the amended action
    kept: list[log.StoredEvent] = field(default_factory=list)  # and the actions in force before it


def _live(tx: Transaction) -> tuple[list[log.StoredEvent], Walk]:
    events = tx.events()
    w = walk(events)
    return [e for e in events if e.seq in w.live], w


def state_after(game: Game, tx: Transaction, live: list[log.StoredEvent], now: list[log.StoredEvent]) -> GameState:
    """The state with the actions ``live`` in force: the current state folded on when ``now``
    (the actions in force now) is where ``live`` starts, else from the latest usable checkpoint."""
    if live[: len(now)] == now:
        return game.fold(tx.state, live[len(now):])
    return tx.state_with(live)


def _in_force(n: int, events: list[log.StoredEvent], w: Walk, what: str) -> None:
    """:raises UmpireError: unless #n is an action in force."""
    last = events[-1].seq if events else 0
    if n < 1 or n > last:
        where = f"the log ends at #{last}" if last else "no action has been taken in this game"
        raise UmpireError(f"{what}: there is no event #{n} ({where}; umpire log lists them)")
    kind = w.kinds[n]
    if kind in CONTROL:
        raise UmpireError(f"{what}: #{n} is a correction ({kind}), not an action; give the number of an action "
                          "in force (umpire log)")
    if n not in w.live:
        by = max(s for s, c in w.controls.items() if n in _takes(c, w.kinds[s]))
        raise UmpireError(f"{what}: action #{n} is not in force (taken back by #{by}); give an action in force "
                          "(umpire log)")


def _takes(payload: dict[str, Any], kind: str) -> list[int]:
    return takes_back(kind, payload)


def _label(events: list[log.StoredEvent]) -> str:
    seqs = [e.seq for e in events]
    if len(seqs) == 1:
        return f"#{seqs[0]}"
    return f"#{seqs[0]}-#{seqs[-1]}" if seqs == list(range(seqs[0], seqs[-1] + 1)) else ", ".join(f"#{s}" for s in seqs)


def undo(game: Game, to: int | None = None) -> Correction:
    """Take back the last step in force (an action, or a whole amendment made last), or with
    ``to`` every action in force after #to (0: all of them).

    :raises UmpireError: nothing to undo; ``to`` unknown, in the future, not an action in force,
        or the last action in force.
    """
    with game.transaction() as tx:
        live, w = _live(tx)
        if not live:
            raise UmpireError("undo: nothing to undo (no action is in force in this game)")
        by_seq = {e.seq: e for e in tx.events()}
        put: list[int] = []
        amendment = None
        if to is not None:
            if to != 0:
                _in_force(to, tx.events(), w, f"undo --to {to}")
            back = [e for e in live if e.seq > to]
            if not back:
                raise UmpireError(f"undo --to {to}: nothing to undo after #{to}: it is the last action in force")
        else:
            back = [live[-1]]
            group = live[-1].part_of
            if group is not None and all(s in w.live for s in w.members.get(group, [])):
                amendment = group  # the amendment made last, whole: take it back as a whole
                back = [by_seq[s] for s in w.members[group]]
                put = [s for s in _takes(w.controls[group], "amend") if s not in w.live]
        keep = [e for e in live if e not in back]
        now_live = sorted(keep + [by_seq[s] for s in put], key=lambda e: e.seq)
        state = state_after(game, tx, now_live, live)
        seqs = [e.seq for e in back]
        if amendment is not None:
            payload: dict[str, Any] = {"undoes": seqs[-1], "takes_back": seqs, "restores": put, "amendment": amendment}
            summary = f"undo amendment #{amendment}: {_label(back)} taken back, {_label([by_seq[s] for s in put])} " \
                      "in force again" if put else f"undo amendment #{amendment}: {_label(back)} taken back"
        elif len(back) == 1:
            payload, summary = {"undoes": seqs[0]}, f"undo #{seqs[0]}: {back[0].summary}"
        else:
            payload = {"undoes": seqs[-1], "takes_back": seqs, "restores": []}
            summary = f"undo --to {to}: {_label(back)} taken back ({len(back)} actions)"
        seq = tx.append(state, log.NewEvent("undo", payload, [], state.turn, state.phase, summary=summary,
                                            undoes=seqs[-1]))
    return Correction(seq, "undo", summary, tx.state, taken_back=back, restored=[by_seq[s] for s in put])


def redo(game: Game) -> Correction:
    """Re-apply what the last undo took back (its actions with their recorded dice, as they were).

    :raises UmpireError: if there is nothing to redo (no undo since the last action or amendment).
    """
    with game.transaction() as tx:
        live, w = _live(tx)
        if not w.redo:
            raise UmpireError(
                "redo: nothing to redo (no undo is waiting: an undo can be redone until the next action or amendment)"
            )
        u = w.redo[-1]
        undo_payload = w.controls[u]
        by_seq = {e.seq: e for e in tx.events()}
        put = _takes(undo_payload, "undo")
        back = [s for s in undo_payload.get("restores", [])]
        now_live = sorted([e for e in live if e.seq not in back] + [by_seq[s] for s in put], key=lambda e: e.seq)
        state = state_after(game, tx, now_live, live)
        restored = [by_seq[s] for s in put]
        summary = f"redo undo #{u}: {_label(restored)} in force again"
        payload = {"redoes": u, "takes_back": back, "restores": put}
        seq = tx.append(state, log.NewEvent("redo", payload, [], state.turn, state.phase, summary=summary))
    return Correction(seq, "redo", summary, tx.state, taken_back=[by_seq[s] for s in back], restored=restored)


def state_before(game: Game, n: int) -> GameState:
    """The state just before action #n (in force) was taken. :raises UmpireError: as for amend."""
    from umpire.engine import checkpoints

    events = game.events()
    w = walk(events)
    _in_force(n, events, w, f"amend {n}")
    target = [e for e in events if e.seq in w.live and e.seq < n]
    with game.file.read() as conn:
        state, rest = checkpoints.start(game, conn, events, target, game.state.terrain)
    return game.fold(state, rest)


_Run = tuple[log.StoredEvent, str, dict[str, Any], Any, list[Any]]  # the action, its kind, payload, result, rolls


def _rerun(later: list[log.StoredEvent], state: GameState, runs: list[_Run], what: str, *,
           drop_invalid: bool) -> list[tuple[log.StoredEvent, str]]:
    """Re-resolve each of the ``later`` actions on top of ``state`` with the game's keyed dice,
    each run added to ``runs``; the actions dropped as no longer legal, with why.

    :raises UmpireError: for an action no longer legal, unless ``drop_invalid``.
    """
    from umpire.engine.acting import keyed_dice, run

    dropped: list[tuple[log.StoredEvent, str]] = []
    for ev in later:
        keyed = keyed_dice(state, typed=ev.rolls)
        try:
            applied = run(state, ev.kind, ev.payload, keyed)
        except UmpireError as exc:
            if drop_invalid:
                dropped.append((ev, str(exc)))
                continue
            raise UmpireError(
                f"{what}: action #{ev.seq} ({ev.kind}) would no longer be legal: {exc}; nothing was written "
                "(--drop-invalid drops the actions that are no longer legal)"
            ) from None
        runs.append((ev, ev.kind, ev.payload, applied, list(keyed.rolls)))
        state = canonical_state(applied.state)
    return dropped


def amend(
    game: Game, n: int, kind: str, payload: dict[str, Any], dice: Dice | None = None, *, drop_invalid: bool = False,
    seen: int | None = None,
) -> Correction:
    """Replace action #n by ``kind``/``payload`` and re-resolve every later action in force on
    top of it with the game's keyed dice (the rolls typed in for an action are used again where
    their key still occurs; ``dice`` given win for the corrected action itself).

    :raises UmpireError: if #n is not an action in force, the corrected action is not legal, or
        a later action is no longer legal (unless ``drop_invalid``: it is then dropped).
    """
    from umpire.engine.acting import keyed_dice, run

    game.check_kind(kind)
    what = f"amend {n}"
    with game.transaction() as tx:
        if seen is not None and tx.seq != seen:
            raise UmpireError("the game changed while the dice were being rolled (another command wrote it); "
                              "nothing was written: run the command again")
        events = tx.events()
        live, w = _live(tx)
        _in_force(n, events, w, what)
        at = next(i for i, e in enumerate(live) if e.seq == n)
        old, later = live[at], live[at + 1:]
        state = tx.state_with(live[:at])
        before = state
        runs: list[_Run] = []
        keyed = keyed_dice(state, given=dice, typed=old.rolls)
        try:
            applied = run(state, kind, payload, keyed)
        except UmpireError as exc:
            raise UmpireError(f"{what}: {exc}") from None
        if isinstance(dice, GivenDice):
            dice.check_all_used("--roll")
        runs.append((old, kind, payload, applied, list(keyed.rolls)))
        dropped = _rerun(later, canonical_state(applied.state), runs, what, drop_invalid=drop_invalid)
        taken = [n, *(e.seq for e in later)]
        summary = f"amend #{n}: {runs[0][3].summary}"
        if later:
            summary += f"; {len(later) - len(dropped)} later action{'s' if len(later) - len(dropped) != 1 else ''} " \
                       "re-resolved"
        if dropped:
            summary += f", {_label([e for e, _ in dropped])} dropped (no longer legal)"
        now = tx.state  # where the game stands as the amendment is made: the log says it was made then
        marker = {"amends": n, "takes_back": taken, "dropped": [e.seq for e, _ in dropped]}
        a = tx.append(before, log.NewEvent("amend", marker, [], now.turn, now.phase, summary=summary))
        new: dict[int, log.StoredEvent] = {}
        for ev, k, p, applied, rolls in runs:
            seq = tx.append(applied.state, log.NewEvent(
                k, p, rolls, *when(applied), summary=applied.summary,
                results=[r.to_json() for r in applied.resolutions], part_of=a, replaces=ev.seq,
            ))
            new[ev.seq] = tx.events()[-1]
            assert new[ev.seq].seq == seq
    pairs = [(e, new.get(e.seq)) for e in [old, *later]]
    return Correction(a, "amend", summary, tx.state, taken_back=[old, *later], pairs=pairs, dropped=dropped,
                      before=before, kept=live[:at])
