"""Where a game's papers were printed: each folder ``umpire turn print`` wrote a turn into is kept
in the game file (:mod:`umpire.store.printed`), written through the file's one locked write path.
Not game state: it changes nothing the log says, and a game file that cannot be written (read-only,
busy) is printed from all the same, the folder then not kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from umpire.errors import UmpireError
from umpire.store import printed as rows

if TYPE_CHECKING:
    from umpire.engine.game import Game


def record(game: Game, folder: Path, turn: int) -> str | None:
    """Keep ``folder`` (its full path) as where ``turn`` was printed; None when kept, else why not."""
    try:
        with game.file.write() as conn:
            rows.record(conn, str(Path(folder).resolve()), turn)
    except UmpireError as exc:
        return str(exc).splitlines()[0]
    return None


def folders(game: Game) -> list[tuple[Path, int]]:
    """The folders kept, with the turn printed in each (the oldest first)."""
    with game.file.read() as conn:
        return [(Path(f), t) for f, t in rows.folders(conn)]
