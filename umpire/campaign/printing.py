"""The round's papers: every player's roster and orders sheet, as PDFs named to hand out.

For each game of the round, the game is set up in memory exactly as ``umpire campaign next``
would write it, and each player gets their own force from it: a roster (every unit with its
ratings, quality and carried hits; units lost earlier in the season listed as lost, with the
game they were lost in) and an orders sheet for the first turn. The files go to
``DIR/round-N/SIDE-PLAYER-roster.pdf`` and ``...-orders.pdf``, each written whole or not at all,
with the public PDF functions of :mod:`umpire.reports.pdf`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.campaign.engine import Campaign
    from umpire.campaign.state import CampaignState, ForceRecord
    from umpire.reports.views import TurnReport


@dataclass
class Job:
    path: Path
    write: Callable[..., None]  # (file object, paper_name=...)


@dataclass
class RoundPapers:
    round: int
    folder: Path
    files: list[Job] = field(default_factory=list)


def player_report(full: TurnReport, state: CampaignState, force: ForceRecord, game_name: str, *,
                  with_lost: bool = True) -> TurnReport:
    """``full`` cut down to one player's force; ``with_lost`` adds the units it has lost (status
    ``lost``, the game they were lost in after the name)."""
    from umpire.reports.views import SideView, UnitView

    own = [u for u in full.units if u.formation == force.id]
    for u in force.units if with_lost else ():
        if u.status == "lost":
            own.append(UnitView(
                id=u.id, name=f"{u.name} (lost in {u.lost_in})" if u.lost_in else u.name, side=force.side,
                type=u.type, x=None, y=None, facing=0.0, base=(1.0, 1.0), formation=force.id, kind=u.kind,
                statline=u.statline, card=u.card, quality=u.quality, status="lost", hits=None,
            ))
    damaged = {u.id: u.damage for u in force.units if u.damage and u.status == "ready"}
    own = [replace(u, status=f"{', '.join(damaged[u.id])} hit") if u.id in damaged else u for u in own]
    side = next(s for s in full.sides if s.id == force.side)
    return replace(
        full, name=f"{state.name}: {game_name}", sides=(SideView(side.id, f"{side.name} · {force.player_name}",
                                                                 side.color),),
        formations=tuple(f for f in full.formations if f.id == force.id), units=tuple(own), events=(), losses=(),
    )


def plan_round(campaign: Campaign, out: Path) -> RoundPapers:
    """Every paper of the round to play next (nothing is written yet).

    :raises UmpireError: when the season is over, or ``out`` is the campaign file or not a folder.
    """
    from umpire.campaign.commands import guard_output
    from umpire.campaign.rulings import campaign_book
    from umpire.campaign.setup import game_scenario, game_seed
    from umpire.registry import initial_state
    from umpire.reports.model import build_report
    from umpire.text import safe_name

    state = campaign.state
    if state.finished:
        raise UmpireError(f"print: the season is over (all {state.rounds} rounds played); nothing to print")
    out = Path(out)
    guard_output(campaign, out)
    if out.exists() and not out.is_dir():
        raise UmpireError(f"--out {out}: is a file; give a folder (it is created if missing)")
    round_no = state.round
    season = campaign.season()
    turn_limit = campaign_book(state.ruleset).select(state.rulings)["campaign.game_end"] == "turn_limit_or_end"
    papers = RoundPapers(round_no, out / f"round-{round_no}")
    for game in state.games_of(round_no):
        if game.status == "played":
            continue  # forfeited: no papers for a game that will not be played
        seed = game_seed(state.seed, game.id)
        scenario = game_scenario(season, campaign.base_scenario(game.id), state, game.id, seed=seed,
                                 turn_limit=turn_limit)
        full = build_report(initial_state(scenario, seed=seed, where=f"game {game.id}"))
        for pid in game.players:
            force = state.forces[pid]
            stem = f"{safe_name(force.side)}-{safe_name(pid)}"
            papers.files.append(Job(papers.folder / f"{stem}-roster.pdf",
                                    _roster(player_report(full, state, force, game.name))))
            papers.files.append(Job(papers.folder / f"{stem}-orders.pdf", _orders(
                player_report(full, state, force, game.name, with_lost=False), force.side, force.id)))
    return papers


def _roster(rep: TurnReport) -> Callable[..., None]:
    def write(fh: BinaryIO, paper_name: str) -> None:
        from umpire.reports.pdf import roster_pdf

        roster_pdf(rep, fh, paper_name=paper_name)

    return write


def _orders(rep: TurnReport, side: str, formation: str) -> Callable[..., None]:
    def write(fh: BinaryIO, paper_name: str) -> None:
        from umpire.reports.pdf_orders import orders_sheet_pdf

        orders_sheet_pdf(rep, fh, side=side, formation=formation, turn=1, paper_name=paper_name)

    return write


def print_round(
    papers: RoundPapers, *, paper_name: str = "a4", advance: Callable[[], None] | None = None
) -> list[Path]:
    """Write every paper of ``papers`` (the folder is created); returns the paths in order."""
    from umpire.reports.files import write_atomic

    try:
        papers.folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UmpireError(f"--out {papers.folder}: cannot make the folder ({exc.strerror})") from None
    written = []
    for job in papers.files:
        written.append(write_atomic(job.path, partial(job.write, paper_name=paper_name)))
        if advance is not None:
            advance()
    return written
