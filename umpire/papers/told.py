"""What a correction (``amend``, ``undo``, ``redo``) tells about the papers already printed: every
printed file of the game that no longer matches it, by path, and the one command that prints
exactly those again. The CLI, the console and the session call :func:`papers_after`.

The printed files are found from the folders ``umpire turn print`` kept in the game file and the
manifests in them, judged by :func:`umpire.papers.judge.judge` (a turn whose actions are as they
were when it was printed is not rebuilt); so the answer costs what the turns the correction
touched cost to plan, never a drawing.
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from umpire.errors import UmpireError
from umpire.papers import manifest as mf
from umpire.papers.judge import MOST_FILES, SUFFIXES, Verdict, judge
from umpire.papers.manifest import Known
from umpire.reports.files import shown
from umpire.reports.marks import read_mark

if TYPE_CHECKING:
    from umpire.engine import Game
    from umpire.papers import manifest as mf
    from umpire.papers.manifest import Known


@dataclass
class Printed:
    """The game's printed files as its kept folders' manifests list them, and their judgement."""

    folders: list[Path] = field(default_factory=list)
    verdict: Verdict = field(default_factory=Verdict)


def printed_files(game: Game) -> Printed:
    """Every file of the game that ``turn print`` wrote and is still where it was, judged."""
    from umpire.engine.printed import folders
    from umpire.papers.printing import game_id

    gid = game_id(game)
    out = Printed()
    files: list[Known] = []
    for folder, _turn in folders(game):
        m = mf.read(folder)
        if m is None or m.game != gid:
            continue
        out.folders.append(folder)
        files += mf.known(folder, m)
        files += unlisted(folder, m)
    with game.file.read():
        out.verdict = judge(game, files, gid)
    return out


def unlisted(folder: Path, m: mf.Manifest) -> list[Known]:
    """The papers in a turn's ``folder`` its manifest ``m`` does not list (one renamed or copied
    there since, a paper of another game put with them), each by its own mark; listing the folder
    costs nothing, and only those files are read."""
    listed = {str(mf.inside(e.path)) for e in m.files}
    out: list[Known] = []
    seen = 0
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            seen += 1
            if seen > MOST_FILES:
                return out
            path = Path(root) / name
            rel = path.relative_to(folder).as_posix()
            if name.startswith(".") or not name.lower().endswith(SUFFIXES) or rel in listed:
                continue
            mark = read_mark(path)
            if mark is not None:
                out.append(Known(path, mark))
    return out


def reprint_command(roots: list[Path], db: str = "") -> str:
    return " ".join(["umpire", *([f"--db {shlex.quote(db)}"] if db else []), "papers", "reprint",
                     *(shlex.quote(shown(r)) for r in roots)])


def papers_lines(found: Printed, db: str = "") -> list[str]:
    """What to tell the umpire about the printed files ``found`` (``db``: the game file's path,
    when it is not the default)."""
    from umpire.reports.turn_papers import turn_folder

    v = found.verdict
    if not found.folders:
        return ["no papers printed with umpire turn print: nothing to print again"]
    out: list[str] = []
    if v.stale:
        out.append("printed papers whose text changed (to print again):")
        out += [f"  {shown(f.path)}" for f in sorted(v.stale, key=lambda f: str(f.path))]
        roots = sorted({_root(f.path, turn_folder(f.mark.turn)) for f in v.stale}, key=str)
        out.append(f"print them again: {reprint_command(roots, db)}")
    if v.taken_back:
        out.append("printed papers of a turn no longer resolved (print it again once it is):")
        for turn in sorted({f.mark.turn for f in v.taken_back}):
            where = sorted({_root(f.path, turn_folder(turn)) / turn_folder(turn) for f in v.taken_back
                            if f.mark.turn == turn}, key=str)
            out += [f"  {shown(w)}{os.sep}  (turn {turn})" for w in where]
    if v.gone:
        out.append("printed papers no longer part of their turn's paper:")
        out += [f"  {shown(f.path)}" for f in sorted(v.gone, key=lambda f: str(f.path))]
    if not out:
        out.append(f"printed papers: none changed ({', '.join(shown(f) + os.sep for f in found.folders)})")
    return out


def _root(path: Path, name: str) -> Path:
    """The folder printed into: the one holding the turn's folder ``name`` the file is in."""
    for parent in Path(path).parents:
        if parent.name == name:
            return parent.parent
    return Path(path).parent


def papers_after(game: Game, db: str = "") -> list[str]:
    """What a correction just made tells about the papers already printed."""
    return papers_lines(printed_files(game), db)


def before_correction(game: Game, *, campaign: Path | None = None, update_campaign: bool = False) -> None:
    """What is checked before a correction that is to bring the game's season in step too, so
    that a season that cannot be is refused with nothing written.

    :raises UmpireError: ``campaign`` is not the game's season's file; with ``update_campaign``,
        the game is of no season, its season's file is not at hand, or it has not imported the game.
    """
    from umpire.campaign.of_game import season_of

    if not update_campaign and campaign is None:
        return
    s = season_of(game, campaign)
    if not update_campaign:
        return
    if s is None:
        raise UmpireError(f"--update-campaign: {game.path} is not a campaign game (set up by umpire campaign next); "
                          "nothing was written")
    if s.path is None:
        raise UmpireError(f"--update-campaign: the file of season {s.name!r} is not beside {game.path}; name it "
                          "with --campaign FILE; nothing was written")
    if not s.imported:
        raise UmpireError(f"--update-campaign: season {s.name!r} ({shown(s.path)}) has not imported game "
                          f"{s.mark.game}: there is nothing to bring in step; nothing was written")


def told_after(game: Game, db: str = "", *, campaign: Path | None = None, update_campaign: bool = False
               ) -> list[str]:
    """What a correction just made tells: the printed papers it made out of date, and the
    game's season (with ``update_campaign``, brought in step: one write of its file).

    :raises UmpireError: the season refuses the update (the game's correction stands, the season
        is as it was; the error says the command that brings it in).
    """
    from umpire.campaign.of_game import season_lines, season_of, update_season

    out = papers_after(game, db)
    s = season_of(game, campaign)
    if update_campaign and s is not None and s.path is not None and s.imported and not s.same and s.finished:
        return out + update_season(game, s)
    return out + season_lines(game, s)


__all__ = ["Printed", "before_correction", "papers_after", "papers_lines", "printed_files", "reprint_command",
           "shown", "told_after", "unlisted"]
