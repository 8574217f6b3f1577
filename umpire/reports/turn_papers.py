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

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import PurePath, PurePosixPath
from typing import TYPE_CHECKING, BinaryIO

from umpire.errors import UmpireError
from umpire.reports.marks import NUMBERED, Mark, digest, log_digests

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.reports.model import StoredGame
    from umpire.reports.views import TurnReport
    from umpire.store.events import StoredEvent

UMPIRE = "umpire"  # the umpire's folder (a side whose id is "umpire" gets "side-umpire")


@dataclass(frozen=True)
class Paper:
    """One file of a turn's paper: where it goes inside the turn's folder, what it says about
    itself (its :class:`~umpire.reports.marks.Mark`: whose, what, which version) and how to
    write it (``write(fh)``: the file with its stamp and mark, unless planned unstamped)."""

    path: PurePosixPath  # inside the turn's folder: nato/briefing-turn-2.pdf
    mark: Mark
    write: Callable[[BinaryIO], object]

    @property
    def side(self) -> str | None:  # the side it is for, None for the umpire
        return self.mark.side

    @property
    def player(self) -> str | None:
        return self.mark.player

    @property
    def kind(self) -> str:
        return self.mark.kind

    @property
    def version(self) -> str:
        return self.mark.version


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


Key = tuple[str | None, str | None, str, str]  # side, player, kind, file extension
Wanted = Callable[[Key], bool]


def key_of(path: PurePath, side: str | None, player: str | None, kind: str) -> Key:
    """What one file of a turn's paper is, whatever it is called: whose, what, which format."""
    return (side, player, kind, path.suffix.lower())


@dataclass(frozen=True)
class _Turn:
    """What every file of one turn's paper is written from."""

    game: StoredGame
    events: list[StoredEvent]  # the whole log as it was read (the stamps name its corrections)
    game_id: str
    turn: int
    logs: tuple[str, str]  # the digests of the actions it is written from: plain, numbered
    paper_name: str
    stamped: bool
    wanted: Wanted | None
    as_of: int  # the last action it is written from (0: none)

    def mark(self, side: str | None, player: str | None, kind: str, version: str) -> Mark:
        return Mark(self.game_id, self.turn, side, player, kind, version,
                    self.logs[1] if kind in NUMBERED else self.logs[0])

    def wants(self, side: str | None, player: str | None, kind: str, *suffixes: str) -> bool:
        return self.wanted is None or any(self.wanted((side, player, kind, x)) for x in suffixes)


def plan(game: StoredGame, turn: int, *, paper_name: str = "a4", link: dict[str, str] | None = None,
         game_id: str = "", stamped: bool = True, wanted: Wanted | None = None,
         events: list[StoredEvent] | None = None) -> list[Paper]:
    """Every file of ``turn``'s paper (``turn`` 0: the set-up, before the first turn), paths
    inside the turn's folder, each with its mark (``game_id``: the game's,
    :func:`umpire.reports.marks.game_id`). Each file's version is worked out here, from what it
    shows, without drawing it; ``stamped`` False writes the files without their stamps and marks
    (two such printings of the same game are the same bytes); ``wanted(key)`` picks the files
    (:func:`key_of`) to plan, and only what they need is composed; ``events``: the game's log,
    if it was read already.

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
    events = game.events() if events is None else events
    live = effective(events)
    mine = upto(live, turn)
    state: GameState = game.state if len(mine) == len(live) else game.state_of(mine)
    reports = reports_of(game, mine, state, [turn or None, None])
    full, now = reports[turn or None], reports[None]  # the turn, and the game as it stood at its end
    over = game_over(state) is not None
    t = _Turn(game, events, game_id, turn, log_digests(mine), paper_name, stamped, wanted,
              mine[-1].seq if mine else 0)
    papers = _views(t, PurePosixPath(UMPIRE), None, None, lambda: full)
    every = players(state)
    for s in full.sides:
        base = PurePosixPath(folder_of(s.id))
        papers += _views(t, base, s.id, None, partial(briefing, full, s.id))
        if not over and t.wants(s.id, None, "orders", ".pdf", ".yaml"):
            papers += _orders(t, base, s.id, now, (link or {}).get(s.id))
        taken = set(_own_names(t.turn))
        for player in sorted(every.get(s.id, {})):
            folder = base / player_folder(player, taken)
            papers += _views(t, folder, s.id, player, partial(briefing, full, s.id, player))
            if not over and t.wants(s.id, player, "orders", ".pdf", ".yaml"):  # his units, his contacts
                papers += _orders(t, folder, s.id, now, None, player)
    return papers


def _own_names(turn: int) -> list[str]:
    """The names of a side's own files in its folder (a player's folder is called otherwise)."""
    tag = turn_folder(turn)
    return [f"briefing-{tag}.pdf", f"briefing-{tag}.md", f"map-{tag}.pdf", f"map-{tag}.png",
            f"orders-turn-{turn + 1}.pdf", f"orders-turn-{turn + 1}.yaml"]


def _views(t: _Turn, base: PurePosixPath, side: str | None, player: str | None,
           compose: Callable[[], TurnReport]) -> list[Paper]:
    """A reader's report or briefing of the turn (PDF and Markdown) and his map (PDF and PNG),
    those wanted."""
    from umpire.reports.editions import stamp, version
    from umpire.reports.tablemap import map_facts

    what = "report" if side is None else "briefing"
    tag, paper_name = turn_folder(t.turn), t.paper_name
    want_text, want_map = t.wants(side, player, what, ".pdf", ".md"), t.wants(side, player, "map", ".pdf", ".png")
    if not (want_text or want_map):
        return []
    rep = compose()
    drawn = map_facts(rep)
    out: list[Paper] = []

    def stamped(mark: Mark) -> TurnReport:
        return stamp(t.game, t.events, rep, mark.version, t.as_of) if t.stamped else rep

    def keep(mark: Mark) -> Mark | None:
        return mark if t.stamped else None

    if want_text:
        md = t.mark(side, player, what, version(rep))
        pdf = t.mark(side, player, what, digest(md.version, drawn))

        def markdown(fh: BinaryIO) -> None:
            from umpire.reports.turn_text import to_markdown

            text = to_markdown(stamped(md))
            fh.write((text + (f"\n`{md.text()}`\n" if t.stamped else "")).encode("utf-8"))

        def report_pdf(fh: BinaryIO) -> None:
            from umpire.reports.pdf import turn_report_pdf

            turn_report_pdf(stamped(pdf), fh, paper_name=paper_name, mark=keep(pdf))

        out += [Paper(base / f"{what}-{tag}.pdf", pdf, report_pdf), Paper(base / f"{what}-{tag}.md", md, markdown)]
    if want_map:
        drawing = t.mark(side, player, "map", digest(drawn))

        def map_page(fh: BinaryIO) -> None:
            from umpire.reports.pdf import map_pdf

            map_pdf(rep, fh, paper_name=paper_name, mark=keep(drawing))

        def map_png(fh: BinaryIO) -> None:
            from umpire.reports.tablemap import build_map
            from umpire.reports.tablemap_png import to_png

            fh.write(to_png(build_map(rep, width=900), mark=drawing.text() if t.stamped else ""))

        out += [Paper(base / f"map-{tag}.pdf", drawing, map_page), Paper(base / f"map-{tag}.png", drawing, map_png)]
    return out


def _orders(t: _Turn, base: PurePosixPath, side: str, now: TurnReport, link: str | None,
            player: str | None = None) -> list[Paper]:
    """A side's (or one player's) orders sheet for the next turn and its pre-filled orders file."""
    from umpire.reports.model import briefing
    from umpire.reports.orders_paper import side_form
    from umpire.reports.tablemap import map_facts
    from umpire.turns.orders_form import template

    turn, paper_name = now.turn, t.paper_name
    view = briefing(now, side, player)  # what the side (the player) knows as the next turn starts
    text = template(side_form(now.source.state, view))
    rows = json.dumps([[u.id, u.name, u.status, u.formation, u.orders] for u in view.units_of(side)]
                      + [[f.id, f.name, f.parent, f.hq] for f in view.formations_of(side)], ensure_ascii=False)
    yaml = t.mark(side, player, "orders", digest(text))
    sheet = t.mark(side, player, "orders", digest(text, map_facts(view), rows, str(turn)))  # a link is not the game's

    def sheet_pdf(fh: BinaryIO) -> None:
        from umpire.reports.pdf_orders import orders_sheet_pdf

        orders_sheet_pdf(view, fh, side=side, paper_name=paper_name, link=link, mark=sheet if t.stamped else None)

    return [
        Paper(base / f"orders-turn-{turn}.pdf", sheet, sheet_pdf),
        Paper(base / f"orders-turn-{turn}.yaml", yaml, lambda fh: fh.write(
            (text + (f"# {yaml.text()}\n" if t.stamped else "")).encode("utf-8"))),
    ]


__all__ = ["Key", "Paper", "folder_of", "key_of", "plan", "player_folder", "resolved_turn", "turn_folder", "upto"]
