"""A turn's paper in one go (``umpire turn print``): for the turn just resolved, a folder per side
with everything it gets (its briefing of the turn, its map, and for the next turn its orders
sheet and its pre-filled orders file) and the umpire's folder with the umpire's report and map.

Every side's file is composed from that side's briefing (its knowledge), the umpire's from the
umpire's report; a side's folder holds only its own. :func:`plan` lists the files without
writing any; the command writes them in a folder built aside and moved into place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, BinaryIO

from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.reports.model import StoredGame
    from umpire.reports.views import TurnReport

UMPIRE = "umpire"  # the umpire's folder (a side whose id is "umpire" gets "side-umpire")


@dataclass(frozen=True)
class Paper:
    path: PurePosixPath  # inside the turn's folder: SIDE/briefing-turn-2.pdf
    write: Callable[[BinaryIO], object]
    reader: str | None  # the side it is for, None for the umpire


def resolved_turn(game: StoredGame) -> int:
    """The last turn resolved: the one before the current turn, or the current one when the
    game is over in it (0 before the first turn is resolved)."""
    from umpire.registry import game_over

    state = game.state
    if game_over(state) is not None:
        played = [e.turn or 0 for e in game.events() if e.kind.endswith(".phase")]
        return min(max(played, default=0), state.turn)
    return state.turn - 1


def folder_of(side: str | None) -> str:
    from umpire.text import safe_name

    if side is None:
        return UMPIRE
    name = safe_name(side)
    return f"side-{name}" if name == UMPIRE else name


def plan(game: StoredGame, turn: int, *, paper_name: str = "a4", link: dict[str, str] | None = None) -> list[Paper]:
    """Every file of ``turn``'s paper (``turn`` 0: the set-up, before the first turn).

    :raises UmpireError: for a turn the game has not resolved.
    """
    from umpire.registry import game_over
    from umpire.reports.model import briefing, report_for_game

    last = resolved_turn(game)
    if not 0 <= turn <= last:
        raise UmpireError(f"--turn {turn}: the game has resolved turns 1 to {last}" if last else
                          f"--turn {turn}: no turn is resolved yet (allowed: 0, the set-up)")
    full = report_for_game(game, turn=turn) if turn else report_for_game(game)
    now = report_for_game(game)  # the orders sheets: the game as it stands now
    over = game_over(game.state) is not None
    tag = f"turn-{turn}" if turn else "set-up"
    papers = _views(UMPIRE, None, full, tag, paper_name)
    for s in full.sides:
        papers += _views(folder_of(s.id), s.id, briefing(full, s.id), tag, paper_name)
        if not over:
            papers += _orders(folder_of(s.id), s.id, now, paper_name, (link or {}).get(s.id))
    return papers


def _views(folder: str, side: str | None, rep: TurnReport, tag: str, paper_name: str) -> list[Paper]:
    from umpire.reports.pdf import map_pdf, turn_report_pdf
    from umpire.reports.tablemap import build_map
    from umpire.reports.tablemap_png import to_png
    from umpire.reports.turn_text import to_markdown

    what = "report" if side is None else "briefing"
    base = PurePosixPath(folder)
    return [
        Paper(base / f"{what}-{tag}.pdf", lambda fh: turn_report_pdf(rep, fh, paper_name=paper_name), side),
        Paper(base / f"{what}-{tag}.md", lambda fh: fh.write(to_markdown(rep).encode("utf-8")), side),
        Paper(base / f"map-{tag}.pdf", lambda fh: map_pdf(rep, fh, paper_name=paper_name), side),
        Paper(base / f"map-{tag}.png", lambda fh: fh.write(to_png(build_map(rep, width=900))), side),
    ]


def _orders(folder: str, side: str, now: TurnReport, paper_name: str, link: str | None) -> list[Paper]:
    from umpire.reports.model import briefing
    from umpire.reports.orders_paper import side_form
    from umpire.reports.pdf import orders_sheet_pdf
    from umpire.turns.orders_form import template

    base = PurePosixPath(folder)
    turn = now.turn
    text = template(side_form(now.source.state, briefing(now, side)))
    return [
        Paper(base / f"orders-turn-{turn}.pdf",
              lambda fh: orders_sheet_pdf(now, fh, side=side, paper_name=paper_name, link=link), side),
        Paper(base / f"orders-turn-{turn}.yaml", lambda fh: fh.write(text.encode("utf-8")), side),
    ]


__all__ = ["Paper", "folder_of", "plan", "resolved_turn"]
