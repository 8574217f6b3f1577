"""The ``table_read`` action: the stands a photo of the table showed elsewhere, put where it showed them.

Its payload is the reading as it was taken (:func:`umpire.photo.compare.payload`): each stand
the photo moved, turned or first placed, its centre, facing and how sure the reading was; the
stands it did not see and the markers it could not place, for the log to tell. The handler puts
each listed stand where the payload says, as ``place`` puts one, with ``place``'s checks and the
ruleset's own: on the table, where the ruleset lets the unit be, and no base overlapping another's
once every stand of the reading stands where it was read. A replay or an amendment runs it again
on the stored reading: the photo itself is never read again.
"""

from __future__ import annotations

import math
from typing import Any

from umpire.core.dice import Dice
from umpire.core.state import GameState
from umpire.errors import UmpireError
from umpire.text import num
from umpire.turns.common import Applied, Handler, PlaceCheck, check_facing, check_on_table, find_unit

KIND = "table_read"
MAX_STANDS = 5_000


def _number(entry: dict[str, Any], key: str, where: str) -> float:
    v = entry.get(key)
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
        raise UmpireError(f"{where}: {key} {v!r} is not a number")
    return float(v)


def stands_of(payload: dict[str, Any]) -> list[tuple[str, float, float, float]]:
    """The stands a reading puts: (unit, x, y, facing). :raises UmpireError: for a malformed payload."""
    stands = payload.get("stands")
    if not isinstance(stands, list) or len(stands) > MAX_STANDS:
        raise UmpireError("table read: the reading's stands are not a list")
    out = []
    seen: set[str] = set()
    for i, e in enumerate(stands):
        where = f"table read: stand {i + 1}"
        if not isinstance(e, dict) or not isinstance(e.get("unit"), str):
            raise UmpireError(f"{where}: give the unit, x, y and facing")
        uid = e["unit"]
        if uid in seen:
            raise UmpireError(f"{where}: unit {uid} is read twice")
        seen.add(uid)
        out.append((uid, _number(e, "x", where), _number(e, "y", where),
                    check_facing(_number(e, "facing", where))))
    return out



def reading_action(check: PlaceCheck | None = None) -> Handler:
    """The ``table_read`` action, with the ruleset's ``check`` on where a unit may be put."""

    def table_read(state: GameState, payload: dict[str, Any], dice: Dice) -> Applied:
        return _read(state, payload, check)

    return table_read


def _read(state: GameState, payload: dict[str, Any], check: PlaceCheck | None) -> Applied:
    from umpire.geometry.facts import Pose
    from umpire.geometry.spots import check_room

    stands = stands_of(payload)
    new = state.copy_for_change()
    moved, turned, placed = [], [], []
    put = []
    for named, x, y, facing in stands:
        unit = find_unit(state, named)
        uid = unit.id
        if unit.status in ("eliminated", "surrendered", "off_table"):
            raise UmpireError(f"table read: unit {unit.id} is {unit.status.replace('_', ' ')}, yet its marker is on "
                              f"the table (take it off, or leave it out: --skip {unit.id})")
        check_on_table(state, f"table read: unit {unit.id}", x, y)
        if check is not None:
            check(state, unit, x, y)
        if not unit.placed:
            placed.append(uid)
        elif unit.x is not None and unit.y is not None and math.dist((unit.x, unit.y), (x, y)) > 1e-9:
            moved.append(uid)
        else:
            turned.append(uid)
        u = new.units[uid]
        u.x, u.y, u.facing = x, y, facing
        put.append((uid, x, y, facing))
    for uid, x, y, facing in put:
        u = new.units[uid]
        check_room(new, u, Pose(x, y, facing, u.base[0], u.base[1]), f"table read: unit {uid}")
    parts = [f"{len(v)} {w}" for v, w in ((moved, "moved"), (turned, "turned"), (placed, "placed")) if v]
    unseen = payload.get("unseen")
    if isinstance(unseen, list) and unseen:
        parts.append(f"{len(unseen)} not seen")
    odd = payload.get("odd")
    if isinstance(odd, list) and odd:
        parts.append(f"{len(odd)} marker{'s' if len(odd) > 1 else ''} not read")
    names = ", ".join(f"{uid} ({num(x)}, {num(y)})" for uid, x, y, _ in put[:6])
    more = f" and {len(stands) - 6} more" if len(stands) > 6 else ""
    head = f"table read from a photo: {'; '.join(parts) or 'nothing moved'}"
    return Applied(new, head + (f": {names}{more}" if stands else ""))
