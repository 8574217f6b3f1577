"""The manifest of a turn's folder (``manifest.json``): what ``umpire turn print`` wrote where, for
whom, which version, and how it was printed (paper size, the sides' links), so that the files a
correction made out of date can be named without opening them, and printed again alike.

The files' own marks (:mod:`umpire.reports.marks`) stay the truth: a manifest is the folder's
index. One read from a folder someone else wrote is checked (its shape, its size, every path
inside the folder) and otherwise ignored.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Literal

from pydantic import Field, ValidationError

from umpire.reports.marks import Mark
from umpire.schema.checked import Checked

NAME = "manifest.json"
MOST_BYTES = 4 << 20


class Entry(Checked):

    path: str = Field(min_length=1, max_length=1000, description="the file, inside the turn's folder")
    side: str | None = Field(None, description="whose: a side (none: the umpire's)")
    player: str | None = Field(None, description="one player of that side")
    kind: Literal["report", "briefing", "map", "orders"]
    version: str = Field(max_length=64, description="a digest of what the file shows")
    log: str = Field("", max_length=64, description="a digest of the actions it was written from")


class Manifest(Checked):

    umpire_papers: Literal[1] = 1
    game: str = Field(max_length=64, description="the game's id (umpire.reports.marks.game_id)")
    name: str = Field("", max_length=400, description="the game's name")
    file: str = Field("", max_length=4000, description="the game file it was printed from")
    turn: int = Field(ge=0, description="the turn (0: the set-up)")
    paper: Literal["a4", "letter"] = "a4"
    links: dict[str, str] = Field(default_factory=dict, description="the sides' pages, as printed on orders sheets")
    files: list[Entry] = Field(default_factory=list)


@dataclass(frozen=True)
class Known:
    """A printed file as umpire knows it: where it is and its mark."""

    path: Path
    mark: Mark


def inside(rel: str) -> PurePosixPath | None:
    """``rel`` if it is a path inside a folder (relative, no ``..``), else None."""
    p = PurePosixPath(rel)
    if p.is_absolute() or ".." in p.parts or not p.parts or "\\" in rel:
        return None
    return p


def read(folder: Path) -> Manifest | None:
    """The manifest of the turn's folder ``folder``, or None (none, unreadable, or not one)."""
    path = Path(folder) / NAME
    try:
        if not path.is_file() or path.stat().st_size > MOST_BYTES:
            return None
        m = Manifest.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, ValidationError, RecursionError):
        return None
    if any(inside(e.path) is None for e in m.files):
        return None
    return m


def known(folder: Path, m: Manifest) -> list[Known]:
    """The files ``m`` lists that are still in ``folder``, with their marks."""
    out = []
    for e in m.files:
        rel = inside(e.path)
        if rel is None:
            continue
        p = Path(folder) / rel
        if p.is_file():
            out.append(Known(p, Mark(m.game, m.turn, e.side, e.player, e.kind, e.version, e.log)))
    return out


def text(m: Manifest) -> str:
    return json.dumps(m.model_dump(mode="json"), indent=1, ensure_ascii=False) + "\n"


def entry(rel: PurePosixPath, mark: Mark) -> Entry:
    return Entry(path=str(rel), side=mark.side, player=mark.player, kind=mark.kind,
                 version=mark.version, log=mark.log)


__all__ = ["Entry", "Known", "Manifest", "NAME", "entry", "inside", "known", "read", "text"]
