"""Which printed marker is which (``m010_markers``): the table's corner markers and each stand's.

Not game state: the writers run inside the caller's write transaction
(:meth:`umpire.store.db.GameFile.write`), and replay never reads this table.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from umpire.errors import StoreError
from umpire.store.players import now


@dataclass(frozen=True)
class Kept:
    """One printed marker: its number, its unit (None: a corner's), its size in inches."""

    marker: int
    unit: str | None
    size: float


def kept(conn: sqlite3.Connection) -> list[Kept]:
    """Every marker kept, by number. :raises StoreError: for a damaged row."""
    out = []
    for marker, unit, size in conn.execute("select marker, unit, size from markers order by marker").fetchall():
        if not isinstance(marker, int) or not isinstance(size, int | float) \
                or not (unit is None or isinstance(unit, str)):
            raise StoreError(f"the markers table holds a damaged row (marker {marker!r})")
        out.append(Kept(marker, unit, float(size)))
    return out


def keep(conn: sqlite3.Connection, rows: list[Kept]) -> None:
    """Keep ``rows``, each replacing what its marker or its unit had."""
    when = now()
    for r in rows:
        if r.unit is not None:
            conn.execute("delete from markers where unit = ? and marker != ?", (r.unit, r.marker))
        conn.execute("insert or replace into markers (marker, unit, size, made) values (?, ?, ?, ?)",
                     (r.marker, r.unit, r.size, when))
