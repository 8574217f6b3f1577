"""Where a game's papers were printed (``m008_printed``): one row per folder ``umpire turn print``
wrote a turn's paper into, so a correction can look there for the files it made out of date.

None of this is game state: the event log stays the truth. The writer runs inside the caller's
write transaction (:meth:`umpire.store.db.GameFile.write`).
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

MOST = 200  # the folders kept (the latest); a club prints a turn or two an evening


def record(conn: sqlite3.Connection, folder: str, turn: int) -> None:
    """Keep ``folder`` (a turn's paper, ``turn``) as printed now; the oldest beyond :data:`MOST` go."""
    when = datetime.now(UTC).isoformat(timespec="seconds")
    conn.execute("insert or replace into printed (folder, turn, printed) values (?, ?, ?)", (folder, turn, when))
    conn.execute("delete from printed where folder not in (select folder from printed order by printed desc, "
                 "folder limit ?)", (MOST,))


def folders(conn: sqlite3.Connection) -> list[tuple[str, int]]:
    """Every folder kept, with its turn, the oldest first."""
    rows = conn.execute("select folder, turn from printed order by printed, folder").fetchall()
    return [(str(f), int(t)) for f, t in rows if isinstance(f, str) and isinstance(t, int)]
