"""Which printed files still match the game: the judgement ``papers check``, ``papers reprint``
and every correction share.

A file is judged by its mark (:mod:`umpire.reports.marks`): of which game, turn, reader and kind,
which version, written from which actions. A turn's paper is written from the actions in force up
to the end of that turn, so while their digest is the one the mark keeps, the file is as it would
be printed now and nothing is rebuilt; otherwise the turn's paper is planned again (each file's
version worked out from what it shows, nothing drawn) and the versions compared. A file is then
``current``, ``stale`` (what it shows changed), of a turn ``taken_back`` (the game no longer has
that turn resolved), ``gone`` (the turn's paper no longer has such a file: the game ended before
the next turn's orders, a player left), or ``other`` (another game's).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from umpire.papers.manifest import Known
from umpire.reports.marks import NUMBERED, log_digests, read_mark

if TYPE_CHECKING:
    from umpire.reports.model import StoredGame
    from umpire.reports.turn_papers import Key, Paper

@dataclass
class Verdict:
    """The printed files judged, each in one list."""

    current: list[Known] = field(default_factory=list)
    stale: list[Known] = field(default_factory=list)
    taken_back: list[Known] = field(default_factory=list)
    gone: list[Known] = field(default_factory=list)
    other: list[Known] = field(default_factory=list)

    @property
    def out_of_date(self) -> list[Known]:
        return [*self.stale, *self.taken_back, *self.gone]


def key(f: Known) -> Key:
    from umpire.reports.turn_papers import key_of

    return key_of(f.path, f.mark.side, f.mark.player, f.mark.kind)


def judge(game: StoredGame, files: list[Known], game_id: str) -> Verdict:
    """Each of ``files`` judged against ``game`` as it stands (``game_id``: its id)."""
    from umpire.reports.turn_papers import plan, resolved_turn, upto
    from umpire.store.events import effective

    out = Verdict()
    by_turn: dict[int, list[Known]] = defaultdict(list)
    for f in files:
        if f.mark.game != game_id:
            out.other.append(f)
        else:
            by_turn[f.mark.turn].append(f)
    if not by_turn:
        return out
    resolved = resolved_turn(game)
    events = game.events()
    live = effective(events)
    for turn in sorted(by_turn):
        group = by_turn[turn]
        if turn > resolved:
            out.taken_back += group
            continue
        logs = log_digests(upto(live, turn))
        fresh = [f.mark.log == logs[1 if f.mark.kind in NUMBERED else 0] for f in group]
        out.current += [f for f, same in zip(group, fresh, strict=True) if same]
        rest = [f for f, same in zip(group, fresh, strict=True) if not same]
        if not rest:
            continue
        keys = {key(f) for f in rest}
        papers = plan(game, turn, stamped=False, wanted=keys.__contains__, events=events)
        now = {key_of_paper(p): p.version for p in papers}
        for f in rest:
            v = now.get(key(f))
            (out.gone if v is None else out.current if v == f.mark.version else out.stale).append(f)
    return out


def key_of_paper(p: Paper) -> Key:
    from umpire.reports.turn_papers import key_of

    return key_of(p.path, p.side, p.player, p.kind)


SUFFIXES = (".pdf", ".md", ".png", ".yaml", ".yml")
MOST_FILES = 20000


def scan(folder: Path) -> tuple[list[Known], list[Path]]:
    """Every paper in ``folder`` and the folders in it, by its own mark; and the files of a
    paper's kind that carry none (printed otherwise, or before umpire marked its papers).

    :raises UmpireError: ``folder`` is not a folder, or holds more files than are checked.
    """
    import os

    from umpire.errors import UmpireError

    folder = Path(folder)
    if not folder.is_dir():
        raise UmpireError(f"{folder}: not a folder" if folder.exists() else f"{folder}: no such folder")
    marked: list[Known] = []
    unmarked: list[Path] = []
    seen = 0
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            if name.startswith(".") or not name.lower().endswith(SUFFIXES):
                continue
            seen += 1
            if seen > MOST_FILES:
                raise UmpireError(f"{folder}: holds more than {MOST_FILES} papers; check a folder inside it")
            path = Path(root) / name
            mark = read_mark(path)
            if mark is None:
                unmarked.append(path)
            else:
                marked.append(Known(path, mark))
    return marked, unmarked


__all__ = ["SUFFIXES", "Verdict", "judge", "key", "key_of_paper", "scan"]
