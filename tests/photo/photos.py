"""Photos of a game's own table for the tests: its stands where the game has them, some moved."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np

from tests.photo.scenes import table_of
from tests.photo.synth import Stand, Table, photograph


def game_table(path: Path, moves: dict[str, tuple[float, float, float]] | None = None, hidden: tuple[str, ...] = (),
               **kw) -> Table:
    """The table of the game file at ``path`` with its markers as the game has them (as printed,
    or as they would be), each unit in ``moves`` shifted by (dx, dy, turn)."""
    from umpire.engine import Game
    from umpire.engine.markers import marker_set

    game = Game.open(path)
    try:
        ms = marker_set(game)
        state = game.state
    finally:
        game.close()
    tab = table_of(state, {u: m for u, (m, _) in ms.units.items()}, {u: s for u, (_, s) in ms.units.items()},
                   corner_size=ms.corner_size, **kw)
    stands: list[Stand] = []
    for s in tab.stands:
        dx, dy, turn = (moves or {}).get(s.unit, (0.0, 0.0, 0.0))
        stands.append(dataclasses.replace(s, x=s.x + dx, y=s.y + dy, facing=(s.facing + turn) % 360))
    return dataclasses.replace(tab, stands=tuple(stands),
                               hidden=tuple(ms.units[u][0] for u in hidden))


def shoot(table: Table, megapixels: float = 4.0, seed: int = 1, **kw) -> bytes:
    """A JPEG photo of ``table`` (see :func:`tests.photo.synth.photograph` for ``kw``)."""
    return shot(table, megapixels, seed, **kw)[0]


def shot(table: Table, megapixels: float = 4.0, seed: int = 1, **kw) -> tuple[bytes, dict[str, float]]:
    """A JPEG photo of ``table`` and how many pixels a cell of each stand's marker covers in it."""
    photo, hw = photograph(table, megapixels, np.random.default_rng(seed), **kw)
    return photo.data, {s.unit: cell_pixels(hw, s) for s in table.stands}


def cell_pixels(hw: np.ndarray, s: Stand) -> float:
    """Pixels a cell of stand ``s``'s marker covers in a photo (its shorter way; ``hw``: table
    inches to the photo's pixels, before the lens's distortion)."""
    from tests.photo.synth import truth_in_photo

    h = s.size / 2
    across = np.subtract(truth_in_photo(hw, s.x + h, s.y), truth_in_photo(hw, s.x - h, s.y))
    along = np.subtract(truth_in_photo(hw, s.x, s.y + h), truth_in_photo(hw, s.x, s.y - h))
    return float(min(np.hypot(*across), np.hypot(*along)) / 8)
