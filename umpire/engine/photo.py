"""A photo of the table read against a game: the game's markers and stands handed to the pure
reading (:mod:`umpire.photo`), the answer handed back for the umpire to look at, and applied as
one ``table_read`` action when he says so (:mod:`umpire.turns.reading`)."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from umpire.engine.markers import marker_set
from umpire.errors import UmpireError
from umpire.photo.compare import Difference, Stand, compare
from umpire.photo.read import read_photo

if TYPE_CHECKING:
    from umpire.engine.game import ActionResult, Game

KIND = "table_read"


def read_against(game: Game, data: bytes, name: str, skip: list[str] | tuple[str, ...] = ()) -> tuple[
        Difference, dict[str, Any]]:
    """The photo ``data`` read against ``game`` as it stands (under an amendment: as it stood
    before the action amended): the difference, and the photo's facts the log keeps with it
    (its name, SHA-256, size in pixels, kind). :raises UmpireError: as the reading refuses."""
    state = game.state
    markers = marker_set(game)
    reading = read_photo(data, (state.table.width, state.table.depth), markers.by_marker(), markers.corner_size,
                         name)
    stands = [Stand(u.id, u.x, u.y, u.facing, (float(u.base[0]), float(u.base[1])), u.status, u.side)
              for u in state.units.values()]
    facts = {"name": name[:120], "sha256": hashlib.sha256(data).hexdigest(), "width": reading.width,
             "height": reading.height, "kind": reading.kind}
    return compare(reading, stands, skip=skip), facts


def apply(game: Game, diff: Difference, facts: dict[str, Any]) -> ActionResult:
    """The reading made one action: the stands it moved, turned or placed put where it read them.

    :raises UmpireError: if it changes nothing, or as the action refuses (off the table, a base
        overlapping another's, a unit the ruleset will not have there)."""
    if not diff.changing:
        raise UmpireError(f"{facts.get('name') or 'the photo'}: it shows no stand moved, turned or placed: nothing "
                          "to apply")
    return game.act(KIND, diff.payload(facts))
