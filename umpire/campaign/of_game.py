"""The season a game belongs to, seen from the game: after a correction (``amend``, ``undo``,
``redo``) of a game already imported into its season, the correction says so in the same output,
with the ``campaign import --update`` command that brings the season in step, or (asked with
``--update-campaign``) brings it in step itself.

A campaign game knows its season's id and its slot (the ``campaign:`` mark of its scenario), not
where the season's file is: that is the file named (``--campaign FILE``), else a campaign file of
that id beside the game. The update is the season's own (:func:`umpire.campaign.update.update_games`):
one write of the campaign file through its locked write path, after the game's correction was
committed in one write of the game file. A crash between the two leaves the game corrected and the
season as it was, which ``campaign status`` names with the same command.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.campaign.engine import Campaign
    from umpire.engine import Game
    from umpire.schema.campaign_mark import CampaignMark

MOST_LOOKED_AT = 200  # files beside a game looked at for its season's file
_SQLITE = b"SQLite format 3\x00"


@dataclass(frozen=True)
class SeasonOfGame:
    """A campaign game's season: its mark, the season's file (None: not found), whether that
    season imported the game (an import in force) and whether the game is still as imported."""

    mark: CampaignMark
    path: Path | None
    imported: bool = False
    same: bool = False
    finished: bool = False

    @property
    def name(self) -> str:
        return self.mark.name or self.mark.id


def _mark(game: Game) -> CampaignMark | None:
    """The game's campaign mark, read alone from its stored scenario (None: not a campaign game)."""
    import json

    from pydantic import ValidationError

    from umpire.schema.campaign_mark import CampaignMark

    try:
        data = json.loads(game.info["scenario"])
        mark = data.get("campaign") if isinstance(data, dict) else None
        return CampaignMark.model_validate(mark) if mark is not None else None
    except (ValueError, RecursionError, ValidationError, UmpireError):
        return None


def _season_id(path: Path) -> str | None:
    """The campaign id of the campaign file at ``path``, or None (not one, unreadable)."""
    from umpire.campaign.engine import Campaign

    try:
        with open(path, "rb") as fh:
            if fh.read(16) != _SQLITE:
                return None
        c = Campaign.open(path)
    except (OSError, UmpireError):
        return None
    try:
        return str(c.info["campaign_id"])
    except UmpireError:
        return None
    finally:
        c.close()


def find_season(game: Game, mark: CampaignMark, named: Path | None = None) -> Path | None:
    """The season's file: ``named`` (:raises UmpireError: not that season's campaign file), else
    the first campaign file of the mark's id beside the game, else None."""
    from umpire.campaign.commands import same_file

    if named is not None:
        sid = _season_id(Path(named))
        if sid is None:
            raise UmpireError(f"--campaign {named}: not a campaign file" if Path(named).is_file() else
                              f"--campaign {named}: no such file")
        if sid != mark.id:
            raise UmpireError(f"--campaign {named}: another season's file; game {mark.game} is of season "
                              f"{mark.name!r} (id {mark.id})")
        return Path(named)
    folder = Path(game.path).resolve().parent
    try:
        candidates = sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))
    except OSError:
        return None
    for p in candidates[:MOST_LOOKED_AT]:
        if p.name.endswith(("-journal", "-wal", "-shm")) or same_file(game.path, p):
            continue
        if _season_id(p) == mark.id:
            return p
    return None


def season_of(game: Game, named: Path | None = None) -> SeasonOfGame | None:
    """The season of ``game`` as it stands (None: not a campaign game).

    :raises UmpireError: ``named`` is not the file of the game's season.
    """
    from umpire.campaign.engine import Campaign
    from umpire.campaign.freshness import imports
    from umpire.campaign.results import finished, game_digest
    from umpire.campaign.rulings import campaign_book

    mark = _mark(game)
    if mark is None:
        if named is not None:
            raise UmpireError(f"--campaign {named}: {game.path} is not a campaign game (set up by umpire "
                              "campaign next)")
        return None
    path = find_season(game, mark, named)
    if path is None:
        return SeasonOfGame(mark, None)
    c = Campaign.open(path)
    try:
        imported = mark.game in imports(c.events())
        record = c.state.games.get(mark.game)
        choice = campaign_book(c.state.ruleset).select(c.state.rulings)["campaign.game_end"]
    finally:
        c.close()
    same = imported and record is not None and record.digest == game_digest(game)
    return SeasonOfGame(mark, path, imported, same, finished(game.state, choice) is not None)


def _q(p: Path | str) -> str:
    from umpire.reports.files import shown

    return shlex.quote(shown(Path(p)))


def update_command(s: SeasonOfGame, game_path: Path) -> str:
    return f"umpire campaign import --update {_q(s.path) if s.path else 'SEASON.db'} {_q(game_path)}"


def season_lines(game: Game, s: SeasonOfGame | None) -> list[str]:
    """What a correction says about the game's season: nothing for a game of none, nor for a game
    its season has not imported (or whose season's file is not at hand, while it is unfinished)."""
    if s is None:
        return []
    where = f"season {s.name!r}" + (f" ({_q(s.path)})" if s.path else "")
    command = update_command(s, Path(game.path))
    if s.path is None:
        if not game_finished(game):
            return []
        return [f"game {s.mark.game} is a game of {where}, whose file is not beside the game: if the season "
                f"imported it, bring the correction in with {command} (--campaign FILE names the season's file)"]
    if not s.imported:
        return []
    if s.same:
        return [f"{where}: game {s.mark.game} is as the season imported it"]
    if not s.finished:
        return [f"{where} imported game {s.mark.game}, which is no longer finished: when it ends again, bring it "
                f"in with {command}"]
    return [f"{where} imported game {s.mark.game} before this correction: bring the season in step with {command} "
            "(or correct with --update-campaign)"]


def game_finished(game: Game) -> bool:
    """Whether the game is over (by any means: the season's ruling is not known without it)."""
    from umpire.registry import game_over

    return game_over(game.state) is not None


def update_season(game: Game, s: SeasonOfGame) -> list[str]:
    """Bring the correction just made into the season (one write of the campaign file); what
    changed, one line each. :raises UmpireError: the season refuses the update (nothing written
    to it; the game's correction stands)."""
    from umpire.campaign.engine import Campaign
    from umpire.campaign.update import changes_said, to_set_up_again, update_games

    assert s.path is not None
    c: Campaign = Campaign.open(s.path)
    try:
        try:
            done, same = update_games(c, [Path(game.path)])
        except UmpireError as exc:
            raise UmpireError(f"{s.path}: the correction is made in the game, but the season was not brought in "
                              f"step: {exc}; bring it in with {update_command(s, Path(game.path))}") from None
    finally:
        c.close()
    out = [f"season {s.name!r} ({_q(s.path)}): {line}" for line in same]
    for u in done:
        out.append(f"season {s.name!r} ({_q(s.path)}) brought in step: #{u.seq} {u.summary}")
        out += [f"  {line}" for line in changes_said(u)]
        again = to_set_up_again(u)
        if again:
            out.append(f"  to set up again (their forces changed): {', '.join(again)} (umpire campaign next "
                       "--replace)")
    return out


__all__ = ["SeasonOfGame", "find_season", "season_lines", "season_of", "update_command", "update_season"]
