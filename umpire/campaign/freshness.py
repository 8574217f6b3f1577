"""Whether each imported game's file is still the game the campaign imported.

An import keeps a digest of the game's log (:func:`umpire.campaign.results.game_digest`) and
where the file was. :func:`check_games` reads each file again: a game corrected after its import
(an amendment, an undo, an action added) no longer has that digest, and ``campaign status`` and
``campaign doctor`` name it, with the command that brings the correction into the campaign
(``umpire campaign import --update``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.campaign.engine import Campaign
    from umpire.store.events import StoredEvent


@dataclass(frozen=True)
class GameFile:
    """What the campaign found of an imported game's file: ``state`` is ``same``, ``changed``,
    ``missing`` (not where it was imported from, nor beside the campaign file), ``unreadable``
    or ``unknown`` (imported by an umpire that kept no digest)."""

    game: str
    file: str
    state: str
    detail: str = ""

    def line(self, campaign: Path) -> str:
        """What to tell the organiser about it (empty for a game as imported)."""
        if self.state == "changed":
            return (f"game {self.game}: {self.file} changed after it was imported; bring the correction in with "
                    f"umpire campaign import --update {campaign} {self.file}")
        if self.state == "missing":
            return f"game {self.game}: {self.detail}; whether it changed after its import cannot be told"
        if self.state == "unreadable":
            return f"game {self.game}: {self.file} cannot be read ({self.detail})"
        return ""


def imports(events: list[StoredEvent]) -> dict[str, StoredEvent]:
    """The import in force of each game, by game id."""
    from umpire.store.events import effective

    return {str(e.payload.get("game")): e for e in effective(events) if e.kind == "campaign.import"}


def locate(campaign_path: Path, payload: dict[str, Any]) -> Path | None:
    """The game file an import came from: where it was, else beside the campaign file."""
    for p in (payload.get("path"), Path(campaign_path).parent / str(payload.get("file", ""))):
        if p and Path(p).is_file():
            return Path(p)
    return None


def check_games(campaign: Campaign) -> list[GameFile]:
    """Each imported game's file read again and compared with the digest its import kept."""
    from umpire.campaign.results import game_digest
    from umpire.engine import Game

    out = []
    for gid, e in sorted(imports(campaign.events()).items()):
        name = str(e.payload.get("file", ""))
        if "digest" not in e.payload:
            out.append(GameFile(gid, name, "unknown"))
            continue
        path = locate(campaign.path, e.payload)
        if path is None:
            out.append(GameFile(gid, name, "missing", f"{name} is not found (imported from {e.payload.get('path')})"))
            continue
        try:
            game = Game.open(path)
            try:
                digest = game_digest(game)
            finally:
                game.close()
        except UmpireError as exc:
            out.append(GameFile(gid, str(path), "unreadable", str(exc).splitlines()[0]))
            continue
        out.append(GameFile(gid, str(path), "same" if digest == e.payload["digest"] else "changed"))
    return out
