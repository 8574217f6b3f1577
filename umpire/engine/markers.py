"""Which printed marker is which unit of a game, kept in its file through its one write path.

A game that has never had its markers printed takes :func:`umpire.photo.layout.assign`'s, in
the order the game lists its units (as a game started from the same scenario lists them), each
the size of :func:`~umpire.photo.layout.size_for_base`: the markers printed from the scenario
before the game began are that game's. Printing them from the game (``umpire markers``) keeps
them in the file, so a marker reprinted later, or printed at another size, is read as what it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from umpire.photo.layout import CORNER_SIZE, CORNERS, assign, size_for_base
from umpire.store import markers as rows
from umpire.store.markers import Kept

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.engine.game import Game


@dataclass(frozen=True)
class MarkerSet:
    """A game's markers: each unit's number and printed size, the corner markers' size, and
    whether they were kept in the file (else: what they would be if printed now)."""

    units: dict[str, tuple[int, float]]
    corner_size: float
    kept: bool

    def by_marker(self) -> dict[int, tuple[str, float]]:
        """Unit and size by marker number (what a photo's reading takes)."""
        return {m: (u, s) for u, (m, s) in self.units.items()}


def planned(state: GameState, kept: list[Kept] | None = None, size: float | None = None,
            corner_size: float | None = None, only: list[str] | None = None) -> MarkerSet:
    """The markers of ``state``'s units: ``kept`` ones as kept (unless ``size`` or
    ``corner_size`` is given anew for those printed now, ``only`` if given), the others assigned."""
    kept = kept or []
    by_unit = {k.unit: k for k in kept if k.unit is not None}
    numbers = assign(state.units, {u: k.marker for u, k in by_unit.items() if u in state.units})
    corners = [k.size for k in kept if k.unit is None]
    units: dict[str, tuple[int, float]] = {}
    for uid, u in state.units.items():
        now = only is None or uid in only
        s = size if size is not None and now else by_unit[uid].size if uid in by_unit else size_for_base(u.base)
        units[uid] = (numbers[uid], s)
    cs = corner_size if corner_size is not None else corners[0] if corners else CORNER_SIZE
    return MarkerSet(units, cs, bool(kept))


def kept_markers(game: Game) -> list[Kept]:
    """The markers kept in the game file (none until ``umpire markers`` printed them)."""
    with game.file.read() as conn:
        return rows.kept(conn)


def marker_set(game: Game) -> MarkerSet:
    """The game's markers (as kept, or as they would be printed now)."""
    return planned(game.state, kept_markers(game))


def keep_markers(game: Game, markers: MarkerSet, units: list[str]) -> None:
    """Keep ``units``' markers and the corner markers' size in the game file (one write)."""
    new = [Kept(m, None, markers.corner_size) for m in range(len(CORNERS))]
    new += [Kept(markers.units[u][0], u, markers.units[u][1]) for u in units]
    with game.file.write() as conn:
        rows.keep(conn, new)
