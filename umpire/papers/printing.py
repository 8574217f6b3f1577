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
from umpire.reports.marks import game_id as of

if TYPE_CHECKING:
    from umpire.engine import Game
    from umpire.reports.marks import Mark
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
    manifest = mf.text(manifest_of(game, turn, papers, paper_name, links))
    # A folder printed over (--replace) is filled file by file: its manifest is written after the
    # files, so one killed half way lists the old versions (naming as out of date a file printed
    # again), never a version a file does not carry yet.
    over = folder.exists()
    with built_aside(folder) as work:
        for p in papers:
            (work / p.path).parent.mkdir(parents=True, exist_ok=True)
            write_atomic(work / p.path, p.write)
            advance()
        if not over:
            write_text_atomic(work / mf.NAME, manifest)
    if over or not (folder / mf.NAME).is_file():
        write_text_atomic(folder / mf.NAME, manifest)
    return Printed(folder, papers, record(game, folder, turn))


def reprint(game: Game, verdict: Verdict, *, paper_name: str = "a4", advance: Callable[[], None] | None = None
            ) -> list[Path]:
    """Print again every file ``verdict`` (:func:`umpire.papers.judge.judge`) found stale, each
    whole where it is, then the manifest of each turn's folder it read; returns the files written.
    Paper size and links as the folder's manifest says (else ``paper_name``, no link).

    A manifest is written after the files, and says what each file's own mark says: one a reprint
    killed half way left behind (naming as out of date a file printed again) is set right by the
    next reprint, even one that has nothing to print."""
    from umpire.reports.files import write_atomic
    from umpire.reports.turn_papers import turn_folder

    gid = game_id(game)
    written: list[Path] = []
    marks: dict[Path, Mark] = {f.path: f.mark for f in [*verdict.current, *verdict.gone]}
    folders: dict[Path, list[Known]] = {}
    for f in [*verdict.current, *verdict.stale, *verdict.gone]:
        folders.setdefault(_turn_folder_of(f.path, turn_folder(f.mark.turn)), []).append(f)
    for folder, group in folders.items():
        stale = [f for f in group if f in verdict.stale]
        m = mf.read(folder)
        if m is not None and (m.game != gid or m.turn != group[0].mark.turn):
            m = None
        if stale:
            _t, papers = plan_turn(game, stale[0].mark.turn, paper_name=m.paper if m else paper_name,
                                   links=m.links if m else {})
            fresh = {key_of_paper(p): p for p in papers}
            for f in stale:
                p = fresh[key(f)]
                written.append(write_atomic(f.path, p.write))
                marks[f.path] = p.mark
                if advance is not None:
                    advance()
        if m is not None:
            _as_marked(m, folder, [f.path for f in group], marks)
    return written


def _as_marked(m: mf.Manifest, folder: Path, paths: list[Path], marks: dict[Path, Mark]) -> None:
    """Write ``folder``'s manifest ``m`` again if one of ``paths`` has a mark it does not list."""
    from umpire.reports.files import write_text_atomic

    before = m.model_dump()
    for path in paths:
        if path in marks:
            _update(m, folder, path, marks[path])
    if m.model_dump() != before:
        write_text_atomic(folder / mf.NAME, mf.text(m))


def _turn_folder_of(path: Path, name: str) -> Path:
    """The turn's folder a file is in (the nearest folder above it called ``name``), else its own."""
    for parent in Path(path).parents:
        if parent.name == name:
            return parent
    return Path(path).parent


def _update(m: mf.Manifest, folder: Path, path: Path, mark: Mark) -> None:
    try:
        rel = PurePosixPath(Path(path).relative_to(folder).as_posix())
    except ValueError:
        return
    new = mf.entry(rel, mark)
    m.files = [new if e.path == str(rel) else e for e in m.files]
    if all(e.path != str(rel) for e in m.files):
        m.files.append(new)


__all__ = ["Printed", "game_id", "manifest_of", "plan_turn", "print_turn", "reprint"]
