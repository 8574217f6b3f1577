"""A turn's paper in one go (``umpire turn print``): for a turn resolved, a folder of its own
(``turn-2/``, ``set-up/`` for turn 0) holding a folder per side with everything it gets (its
briefing of the turn, its map, and for the next turn its orders sheet and its pre-filled orders
file), within it a folder per player where the game has several players a side (MBT 21.3: his
own briefing and map, his orders sheet and his pre-filled file of the units he commands), and the
umpire's folder with the umpire's report and map.

Every side's file is composed from that side's briefing (its knowledge), a player's from his
own, the umpire's from the umpire's report; a folder holds only its reader's. A turn's papers
are written from the game as it stood at the end of that turn (the actions in force up to it:
:func:`upto`), so a turn printed later reads as it did when it was resolved, and the orders
for the next turn start from where that turn left the units. :func:`plan` lists the files
without writing any; the command writes them in a folder built aside and moved into place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, BinaryIO

from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.reports.model import StoredGame
    from umpire.reports.views import TurnReport
    from umpire.store.events import StoredEvent

UMPIRE = "umpire"  # the umpire's folder (a side whose id is "umpire" gets "side-umpire")


@dataclass(frozen=True)
class Paper:
    """One file of a turn's paper: where it goes inside the turn's folder, what it is (``kind``:
    report, briefing, map, orders; ``format``: its extension), whose (``side``: None for the
    umpire; ``player``: one player of the side) and how to write it."""

    path: PurePosixPath  # inside the turn's folder: nato/briefing-turn-2.pdf
    write: Callable[[BinaryIO], object]
    side: str | None
    kind: str = ""
    player: str | None = None

    @property
    def reader(self) -> str | None:  # the side it is for, None for the umpire
        return self.side


def resolved_turn(game: StoredGame) -> int:
    """The last turn resolved: the one before the current turn, or the current one when the
    game is over in it (0 before the first turn is resolved)."""
    from umpire.registry import game_over

    state = game.state
    if game_over(state) is not None:
        played = [e.turn or 0 for e in game.events() if e.kind.endswith(".phase")]
        return min(max(played, default=0), state.turn)
    return state.turn - 1


def turn_folder(turn: int) -> str:
    """The folder of ``turn``'s paper inside the folder printed into."""
    return f"turn-{turn}" if turn else "set-up"


def folder_of(side: str | None) -> str:
    from umpire.text import safe_name

    if side is None:
        return UMPIRE
    name = safe_name(side)
    return f"side-{name}" if name == UMPIRE else name


def player_folder(player: str, taken: set[str]) -> str:
    """A player's folder inside his side's: his id as a file name, ``player-`` before it where
    that is the name of one of the side's own files."""
    from umpire.text import safe_name

    name = safe_name(player)
    return f"player-{name}" if name in taken or name.startswith("player-") else name


def upto(live: Sequence[StoredEvent], turn: int) -> list[StoredEvent]:
    """The actions in force (``live``) up to the end of ``turn``: every one of that turn and the
    turns before it; for turn 0 (the set-up), those before the first orders or phase of the
    game."""
    if turn == 0:
        first = next((i for i, e in enumerate(live) if e.kind.endswith((".phase", ".orders"))), len(live))
        return list(live[:first])
    return [e for e in live if (e.turn or 0) <= turn]


def plan(game: StoredGame, turn: int, *, paper_name: str = "a4", link: dict[str, str] | None = None) -> list[Paper]:
    """Every file of ``turn``'s paper (``turn`` 0: the set-up, before the first turn), paths
    inside the turn's folder.

    :raises UmpireError: for a turn the game has not resolved.
    """
    from umpire.registry import game_over
    from umpire.reports.model import briefing, reports_of
    from umpire.reports.player_view import players
    from umpire.store.events import effective

    last = resolved_turn(game)
    if not 0 <= turn <= last:
        raise UmpireError(f"--turn {turn}: the game has resolved turns 1 to {last}" if last else
                          f"--turn {turn}: no turn is resolved yet (allowed: 0, the set-up)")
    live = effective(game.events())
    mine = upto(live, turn)
    state: GameState = game.state if len(mine) == len(live) else game.state_of(mine)
    reports = reports_of(game, mine, state, [turn or None, None])
    full, now = reports[turn or None], reports[None]  # the turn, and the game as it stood at its end
    over = game_over(state) is not None
    tag = turn_folder(turn)
    papers = _views(PurePosixPath(UMPIRE), None, None, full, tag, paper_name)
    every = players(state)
    for s in full.sides:
        base = PurePosixPath(folder_of(s.id))
        papers += _views(base, s.id, None, briefing(full, s.id), tag, paper_name)
        if not over:
            papers += _orders(base, s.id, now, paper_name, (link or {}).get(s.id))
        taken = {p.path.name for p in papers if p.path.parent == base}
        for player in sorted(every.get(s.id, {})):
            folder = base / player_folder(player, taken)
            papers += _views(folder, s.id, player, briefing(full, s.id, player), tag, paper_name)
            if not over:  # his orders sheet and his pre-filled file: his units, his contacts
                papers += _orders(folder, s.id, now, paper_name, None, player)
    return papers


def _views(base: PurePosixPath, side: str | None, player: str | None, rep: TurnReport, tag: str,
           paper_name: str) -> list[Paper]:
    from umpire.reports.pdf import map_pdf, turn_report_pdf
    from umpire.reports.tablemap import build_map
    from umpire.reports.tablemap_png import to_png
    from umpire.reports.turn_text import to_markdown

    what = "report" if side is None else "briefing"
    return [
        Paper(base / f"{what}-{tag}.pdf", lambda fh: turn_report_pdf(rep, fh, paper_name=paper_name), side, what,
              player),
        Paper(base / f"{what}-{tag}.md", lambda fh: fh.write(to_markdown(rep).encode("utf-8")), side, what, player),
        Paper(base / f"map-{tag}.pdf", lambda fh: map_pdf(rep, fh, paper_name=paper_name), side, "map", player),
        Paper(base / f"map-{tag}.png", lambda fh: fh.write(to_png(build_map(rep, width=900))), side, "map", player),
    ]


def _orders(base: PurePosixPath, side: str, now: TurnReport, paper_name: str, link: str | None,
            player: str | None = None) -> list[Paper]:
    from umpire.reports.model import briefing
    from umpire.reports.orders_paper import side_form
    from umpire.reports.pdf import orders_sheet_pdf
    from umpire.turns.orders_form import template

    turn = now.turn
    view = briefing(now, side, player)  # what the side (the player) knows as the next turn starts
    text = template(side_form(now.source.state, view))
    return [
        Paper(base / f"orders-turn-{turn}.pdf",
              lambda fh: orders_sheet_pdf(view, fh, side=side, paper_name=paper_name, link=link), side, "orders",
              player),
        Paper(base / f"orders-turn-{turn}.yaml", lambda fh: fh.write(text.encode("utf-8")), side, "orders", player),
    ]


__all__ = ["Paper", "folder_of", "plan", "player_folder", "resolved_turn", "turn_folder", "upto"]
