"""A side's (or one of its players') reader of its orders' refusals, from its briefing: the enemy
units it knows by the labels the briefing gives them (:func:`umpire.reports.model.known_as`), and
a player's own units (:mod:`umpire.turns.readers`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from umpire.turns.readers import Reader, Readers, typed_by_the_umpire

if TYPE_CHECKING:
    from umpire.reports.model import StoredGame


def side_reader(game: StoredGame, side: str, player: str | None = None) -> Reader:
    """What ``side`` (or its ``player``) knows now, as the reader of its orders' refusals."""
    from umpire.reports.model import briefing, known_as, report_for_game
    from umpire.reports.player_view import players

    mine = players(game.state).get(side, {}).get(player) if player else None
    report = briefing(report_for_game(game), side, player if mine is not None else None)
    return Reader(side, known_as(report), frozenset(mine) if mine is not None else None)


def readers_of(game: StoredGame, *, by_the_umpire: bool = False) -> Readers:
    """The readers of a game's sides, each worked out when first asked for; ``by_the_umpire``:
    the files are entered by the umpire, who may also name an enemy unit by its id
    (:func:`umpire.turns.readers.typed_by_the_umpire`)."""
    kept: dict[str, Reader] = {}

    def reader(side: str) -> Reader:
        if side not in kept:
            r = side_reader(game, side)
            kept[side] = typed_by_the_umpire(r, game.state) if by_the_umpire else r
        return kept[side]

    return reader
