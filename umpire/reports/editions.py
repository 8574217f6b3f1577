"""The papers of a game and their editions: the stamp each report and briefing carries, and
which of them a correction changed (what a side's stamp counts).

A game's papers are the umpire's report and each side's briefing, of the whole game and of each
turn (``umpire report [--side S] [--turn N]``). A paper's **text** is its Markdown without its
stamp: what it tells, in every format alike. :func:`changed_by` compares the papers of the log
just before a correction with those just after it and names those whose text differs. (Which
printed files a correction made out of date is :mod:`umpire.papers`.)

Every paper is stamped (:func:`stamp`). The umpire's: "as of action #N", its version (a short
digest of its text) and the corrections in force it includes, by number. A side's stamp must not
tell what the side may not know, and the log's numbers count the other side's hidden actions
too, so it gives instead the turn and phase the game stood in when it was printed, the version,
and the corrections that changed what that side is told, by when they were made (the turn and
phase the game stood in then, which everyone at the table saw): never an action's number.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from umpire.reports.words import phase_name

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.reports.model import StoredGame
    from umpire.reports.views import TurnReport
    from umpire.store.events import StoredEvent


@dataclass(frozen=True, order=True)
class Paper:
    """One report or briefing: whose (``viewer``: a side, ``None`` for the umpire) and of which
    turn (``None``: the whole game)."""

    viewer: str | None
    turn: int | None


@dataclass(frozen=True)
class Change:
    """A paper a correction changed: ``how`` is ``changed``, ``new`` (its turn came back) or
    ``gone`` (its turn was taken back)."""

    paper: Paper
    how: str


def text(report: TurnReport) -> str:
    """What a paper tells: its Markdown, without its stamp."""
    from umpire.reports.turn_text import to_markdown

    return to_markdown(replace(report, stamp=""))


def version(report: TurnReport) -> str:
    """A short digest of a paper's text: two printings with the same version tell the same."""
    return hashlib.blake2b(text(report).encode(), digest_size=4).hexdigest()


def texts(game: StoredGame, events: Sequence[StoredEvent], state: GameState | None = None, *,
          viewers: Iterable[str | None] | None = None, turns: Iterable[int | None] | None = None, since: int = 0
          ) -> dict[Paper, str]:
    """The text of every paper of the game the log ``events`` makes (``state``: where it ends,
    else folded), or of the ``viewers`` and ``turns`` asked for (those the game has; of the turns,
    none before ``since``)."""
    return {p: text(r) for p, r in _reports(game, events, state, viewers=viewers, turns=turns, since=since).items()}


def _reports(game: StoredGame, events: Sequence[StoredEvent], state: GameState | None = None, *,
             viewers: Iterable[str | None] | None = None, turns: Iterable[int | None] | None = None, since: int = 0
             ) -> dict[Paper, TurnReport]:
    """The report of each paper :func:`texts` tells, not yet written out."""
    from umpire.reports.model import briefing, reports_of
    from umpire.store.events import effective

    live = effective(list(events))
    if state is None:
        state = game.state_of(live)
    have = [None, *range(1, state.turn + 1)]
    chosen = None if turns is None else set(turns)
    asked = [t for t in have if (chosen is None or t in chosen) and (t is None or t >= since)]
    out: dict[Paper, TurnReport] = {}
    for t, report in reports_of(game, live, state, asked).items():
        if t is not None and t > report.turn:
            continue  # the game has not reached that turn
        sides = [s.id for s in report.sides]
        for v in [None, *sides] if viewers is None else viewers:
            if v is None or v in sides:
                out[Paper(v, t)] = report if v is None else briefing(report, v)
    return out


def _same_text(a: TurnReport, b: TurnReport) -> bool:
    """Whether two papers tell the same: equal reports (their stamps aside) are written the same,
    so only unequal ones are written out and compared."""
    return replace(a, stamp="") == replace(b, stamp="") or text(a) == text(b)


def _span(events: Sequence[StoredEvent], seq: int) -> tuple[list[StoredEvent], list[StoredEvent], int]:
    """The log just before correction #seq, just after it, and the first turn it touches."""
    from umpire.store.history import restores, takes_back

    by = {e.seq: e for e in events}
    c = by[seq]
    members = [e.seq for e in events if e.part_of == seq]
    end = max([seq, *members])
    touched = [*takes_back(c.kind, c.payload), *restores(c.kind, c.payload), *members]
    first = min(((by[s].turn or 0) for s in touched if s in by), default=0)
    return [e for e in events if e.seq < seq], [e for e in events if e.seq <= end], first


def changed_by(game: StoredGame, events: Sequence[StoredEvent], seq: int, *, viewers: Iterable[str | None] | None
               = None, turns: Iterable[int | None] | None = None, after: GameState | None = None) -> list[Change]:
    """The papers correction #seq changed: their text just before it and just after it differ
    (``after``: the state just after it, if known). A turn before the first the correction
    touches reads the same actions and the same state in both, so it is not rebuilt."""
    before, upto, first = _span(events, seq)
    wanted = None if turns is None else list(turns)
    was = _reports(game, before, viewers=viewers, turns=wanted, since=first)
    now = _reports(game, upto, after, viewers=viewers, turns=wanted, since=first)
    out = [Change(p, "changed") for p in sorted(was.keys() & now.keys(), key=_order) if not _same_text(was[p], now[p])]
    out += [Change(p, "gone") for p in sorted(was.keys() - now.keys(), key=_order)]
    out += [Change(p, "new") for p in sorted(now.keys() - was.keys(), key=_order)]
    return out


def _order(p: Paper) -> tuple[int, str, int]:
    return (p.viewer is not None, p.viewer or "", p.turn if p.turn is not None else 1 << 30)


def in_force(events: Sequence[StoredEvent]) -> list[StoredEvent]:
    """The corrections whose effect is in the game now: amendments whose actions are in force,
    undos whose actions are still taken back (an undo redone, the undo of a whole amendment and a
    redo put the game back as it was before, so none is a correction in force)."""
    from umpire.store.history import takes_back, walk

    live = walk(events).live
    out = []
    for e in events:
        if e.kind == "amend" and any(m.part_of == e.seq and m.seq in live for m in events):
            out.append(e)
        elif e.kind == "undo" and "amendment" not in e.payload and any(
                s not in live for s in takes_back("undo", e.payload)):
            out.append(e)
    return out


def _named(e: StoredEvent) -> str:
    """A correction by its number and what it corrected: ``#12 (amendment of #7)``."""
    from umpire.store.history import takes_back

    if e.kind == "amend":
        return f"#{e.seq} (amendment of #{e.payload.get('amends')})"
    back = takes_back("undo", e.payload)
    return f"#{e.seq} (undo of {f'#{back[0]}' if len(back) == 1 else f'{len(back)} actions, #{back[0]}-#{back[-1]}'})"


def stamp(game: StoredGame, events: Sequence[StoredEvent], report: TurnReport, of: str | None = None,
          as_of: int | None = None) -> TurnReport:
    """``report`` stamped: as of what (``as_of``: the last action it was written from, where that
    is not the log's last: a turn printed later), its version (``of``: the version of the file it
    is printed in, where that shows more than the report's text, e.g. a PDF with its map), and the
    corrections in force it includes (see the module's docstring for what a side's stamp may say)."""
    fixes = [c for c in in_force(events) if _span(events, c.seq)[2] <= (report.only_turn or 1 << 30)]
    where = f"turn {report.turn}, {phase_name(report.ruleset, report.phase)}"
    if report.viewer is None:
        last = as_of if as_of is not None else events[-1].seq if events else 0
        head = f"As of action #{last} ({where})" if last else "As of the start"
        said = f"; includes corrections {', '.join(_named(c) for c in fixes)}" if fixes else ""
        return replace(report, stamp=f"{head} · version {of or version(report)}{said}")
    paper = Paper(report.viewer, report.only_turn)
    mine = [c for c in fixes if changed_by(game, events, c.seq, viewers=[report.viewer], turns=[paper.turn])]
    when = [f"at turn {c.turn}, {phase_name(report.ruleset, c.phase)}" for c in mine]
    said = (f"; includes {'a correction' if len(mine) == 1 else f'{len(mine)} corrections'} made "
            + "; ".join(when)) if mine else ""
    return replace(report, stamp=f"As of {where} · version {of or version(report)}{said}")


def stamped_papers(game: StoredGame, turn: int | None = None) -> list[TurnReport]:
    """The umpire's report of the game (or of ``turn``) and every side's briefing, stamped."""
    from umpire.reports.model import briefing, report_for_game

    events = game.events()
    full = report_for_game(game, turn=turn)
    return [stamp(game, events, r) for r in [full, *(briefing(full, s.id) for s in full.sides)]]
