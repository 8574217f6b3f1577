"""Printing a turn's paper (``umpire turn print``) and printing again the files a correction made
out of date (``umpire papers reprint``).

A turn's folder (``OUT/turn-2``) is built aside and moved into place whole, with its manifest;
the folder is then kept in the game file (:mod:`umpire.engine.printed`) so a correction can look
there. A reprint writes each file out of date whole (a temporary file renamed into place) and then
the manifest of its folder; a file left as it was is not touched.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from umpire.errors import UmpireError
from umpire.papers import manifest as mf
from umpire.papers.judge import Verdict, key, key_of_paper
from umpire.papers.manifest import Known

if TYPE_CHECKING:
    from umpire.engine import Game
    from umpire.reports.turn_papers import Paper

Advance = Callable[[], None]


@dataclass
class Printed:
    """A turn printed: its folder, its files, and why the folder is not kept in the game file
    (None: it is)."""

    folder: Path
    papers: list[Paper]
    not_kept: str | None = None


def game_id(game: Game) -> str:
    from umpire.reports.marks import game_id as of

    return of(game.info)


def plan_turn(game: Game, turn: int | None, *, paper_name: str = "a4", links: dict[str, str] | None = None,
              stamped: bool = True) -> tuple[int, list[Paper]]:
    """``turn`` (None: the last resolved) and its paper, read in one consistent view of the game."""
    from umpire.reports.turn_papers import plan, resolved_turn

    with game.file.read():
        turn = resolved_turn(game) if turn is None else turn
        return turn, plan(game, turn, paper_name=paper_name, link=links, game_id=game_id(game), stamped=stamped)


def manifest_of(game: Game, turn: int, papers: list[Paper], paper_name: str, links: dict[str, str]) -> mf.Manifest:
    return mf.Manifest(game=game_id(game), name=str(game.info["name"]), file=str(Path(game.path).resolve()),
                       turn=turn, paper=paper_name, links=dict(links),
                       files=[mf.entry(p.path, p.mark) for p in papers])


def print_turn(game: Game, out: Path, turn: int | None = None, *, paper_name: str = "a4",
               links: dict[str, str] | None = None, replace: bool = False,
               progress: Callable[[int], Callable[[], None]] | None = None) -> Printed:
    """Write ``turn``'s paper (None: the last resolved) in its folder inside ``out``
    (:func:`umpire.reports.turn_papers.turn_folder`), with its manifest, and keep the folder in
    the game file. ``progress(total)`` gives the callback called after each file.

    :raises UmpireError: ``out`` is not a folder, the turn's folder holds files (unless
        ``replace``), a path is the game file, the turn is not resolved; nothing is then written.
    """
    from umpire.engine.printed import record
    from umpire.reports.files import built_aside, check_not_protected, write_atomic, write_text_atomic
    from umpire.reports.turn_papers import turn_folder

    links = dict(links or {})
    turn, papers = plan_turn(game, turn, paper_name=paper_name, links=links)
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UmpireError(f"--out {out}: exists and is not a folder")
    folder = out / turn_folder(turn)
    if folder.exists() and not folder.is_dir():
        raise UmpireError(f"--out {out}: {folder} exists and is not a folder")
    for p in papers:
        check_not_protected(folder / p.path)
    check_not_protected(folder / mf.NAME)
    if folder.exists() and any(folder.iterdir()) and not replace:
        raise UmpireError(f"--out {out}: {folder} holds files already; give another folder, or --replace to "
                          "write over them")
    advance = progress(len(papers)) if progress else (lambda: None)
    with built_aside(folder) as work:
        for p in papers:
            (work / p.path).parent.mkdir(parents=True, exist_ok=True)
            write_atomic(work / p.path, p.write)
            advance()
        write_text_atomic(work / mf.NAME, mf.text(manifest_of(game, turn, papers, paper_name, links)))
    return Printed(folder, papers, record(game, folder, turn))


def reprint(game: Game, verdict: Verdict, *, paper_name: str = "a4", advance: Callable[[], None] | None = None
            ) -> list[Path]:
    """Print again every file ``verdict`` (:func:`umpire.papers.judge.judge`) found stale, each
    whole where it is, then the manifest of its turn's folder; returns the files written. Paper
    size and links as the folder's manifest says (else ``paper_name``, no link)."""
    from umpire.reports.files import write_atomic, write_text_atomic
    from umpire.reports.turn_papers import turn_folder

    gid = game_id(game)
    written: list[Path] = []
    by_folder: dict[Path, list[Known]] = {}
    for f in verdict.stale:
        by_folder.setdefault(_turn_folder_of(f.path, turn_folder(f.mark.turn)), []).append(f)
    for folder, group in by_folder.items():
        m = mf.read(folder)
        if m is not None and (m.game != gid or m.turn != group[0].mark.turn):
            m = None
        _t, papers = plan_turn(game, group[0].mark.turn, paper_name=m.paper if m else paper_name,
                               links=m.links if m else {})
        fresh = {key_of_paper(p): p for p in papers}
        for f in group:
            p = fresh[key(f)]
            written.append(write_atomic(f.path, p.write))
            if advance is not None:
                advance()
            if m is not None:
                _update(m, folder, f.path, p)
        if m is not None:
            write_text_atomic(folder / mf.NAME, mf.text(m))
    return written


def _turn_folder_of(path: Path, name: str) -> Path:
    """The turn's folder a file is in (the nearest folder above it called ``name``), else its own."""
    for parent in Path(path).parents:
        if parent.name == name:
            return parent
    return Path(path).parent


def _update(m: mf.Manifest, folder: Path, path: Path, p: Paper) -> None:
    try:
        rel = PurePosixPath(Path(path).relative_to(folder).as_posix())
    except ValueError:
        return
    new = mf.entry(rel, p.mark)
    m.files = [new if e.path == str(rel) else e for e in m.files]
    if all(e.path != str(rel) for e in m.files):
        m.files.append(new)


__all__ = ["Printed", "game_id", "manifest_of", "plan_turn", "print_turn", "reprint"]
