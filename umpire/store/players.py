"""The players' pages' tables: links, orders sent from pages, locks and releases (``m006_players``).

None of this is game state: the event log stays the truth, and orders sent from a page enter
it only as the orders action the umpire takes. The writers run inside the caller's write
transaction (:meth:`umpire.store.db.GameFile.write`); every write numbers itself in ``changed``
(one more than the highest so far), so :func:`stamp` says whether anything changed.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from umpire.errors import StoreError


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Link:
    """A side's access link (or one player's of that side): only the digest of its token is kept."""

    id: int
    side: str
    player: str
    digest: str
    made: str
    revoked: str | None

    @property
    def live(self) -> bool:
        return self.revoked is None


@dataclass(frozen=True)
class SentEntry:
    """One entry of a side's orders for a turn as a page sent it (``key``: where it goes in the
    orders file, ``units.a-1-64``; ``note`` for the side's note to the umpire)."""

    side: str
    turn: int
    key: str
    entry: dict[str, Any]
    sent_by: str
    sent_at: str
    state: str  # sent | refused
    reason: str
    changed: int


TABLES = ("links", "page_orders", "locks", "releases")


def stamp(conn: sqlite3.Connection) -> int:
    """The number of the last write to these tables (0: none)."""
    row = conn.execute(" union all ".join(f"select max(changed) from {t}" for t in TABLES)).fetchall()
    return max((int(r[0]) for r in row if isinstance(r[0], int)), default=0)


def links(conn: sqlite3.Connection) -> list[Link]:
    rows = conn.execute("select id, side, player, digest, made, revoked from links order by id").fetchall()
    out = []
    for r in rows:
        if not (isinstance(r[0], int) and isinstance(r[1], str) and isinstance(r[3], str)):
            raise StoreError(f"the links table holds a damaged row (id {r[0]!r})")
        out.append(Link(r[0], r[1], str(r[2] or ""), r[3], str(r[4] or ""), r[5] if isinstance(r[5], str) else None))
    return out


def add_link(conn: sqlite3.Connection, side: str, player: str, digest: str) -> int:
    """A new link for ``side`` (and ``player``); the live ones of the same side and player are
    revoked in the same write (a link renewed replaces the old)."""
    n = stamp(conn) + 1
    conn.execute("update links set revoked = ?, changed = ? where side = ? and player = ? and revoked is null",
                 (now(), n, side, player))
    cur = conn.execute("insert into links (side, player, digest, made, changed) values (?, ?, ?, ?, ?)",
                       (side, player, digest, now(), n))
    return int(cur.lastrowid or 0)


def revoke_link(conn: sqlite3.Connection, link_id: int) -> bool:
    cur = conn.execute("update links set revoked = ?, changed = ? where id = ? and revoked is null",
                       (now(), stamp(conn) + 1, link_id))
    return cur.rowcount > 0


def revoke_all(conn: sqlite3.Connection) -> int:
    cur = conn.execute("update links set revoked = ?, changed = ? where revoked is null", (now(), stamp(conn) + 1))
    return cur.rowcount


def sent(conn: sqlite3.Connection, side: str, turn: int) -> list[SentEntry]:
    """A side's entries for ``turn``, in the order they were first sent."""
    rows = conn.execute(
        "select side, turn, key, entry, sent_by, sent_at, state, reason, changed from page_orders "
        "where side = ? and turn = ? order by rowid", (side, turn)).fetchall()
    out = []
    for r in rows:
        try:
            entry = json.loads(r[3])
        except (TypeError, ValueError, RecursionError):
            entry = None
        if not isinstance(entry, dict) or not isinstance(r[2], str):
            raise StoreError(f"the page_orders table holds a damaged row ({side}, turn {turn}, {r[2]!r})")
        out.append(SentEntry(r[0], int(r[1]), r[2], entry, str(r[4] or ""), str(r[5] or ""), str(r[6] or "sent"),
                             str(r[7] or ""), int(r[8] or 0)))
    return out


def put_entry(conn: sqlite3.Connection, side: str, turn: int, key: str, entry: dict[str, Any], by: str) -> None:
    """Keep ``entry`` as ``side``'s ``key`` for ``turn`` (replacing what was sent before)."""
    text = json.dumps(entry, ensure_ascii=False, sort_keys=False)
    n = stamp(conn) + 1
    cur = conn.execute(
        "update page_orders set entry = ?, sent_by = ?, sent_at = ?, state = 'sent', reason = '', changed = ? "
        "where side = ? and turn = ? and key = ?", (text, by, now(), n, side, turn, key))
    if cur.rowcount == 0:
        conn.execute("insert into page_orders (side, turn, key, entry, sent_by, sent_at, state, reason, changed) "
                     "values (?, ?, ?, ?, ?, ?, 'sent', '', ?)", (side, turn, key, text, by, now(), n))


def drop_entry(conn: sqlite3.Connection, side: str, turn: int, key: str) -> bool:
    cur = conn.execute("delete from page_orders where side = ? and turn = ? and key = ?", (side, turn, key))
    if cur.rowcount:
        _touch(conn)
    return cur.rowcount > 0


def refuse_entry(conn: sqlite3.Connection, side: str, turn: int, key: str, reason: str) -> bool:
    cur = conn.execute("update page_orders set state = 'refused', reason = ?, changed = ? "
                       "where side = ? and turn = ? and key = ?", (reason, stamp(conn) + 1, side, turn, key))
    return cur.rowcount > 0


def _touch(conn: sqlite3.Connection) -> None:
    """A deletion leaves no row to number: the locks table keeps the count (a row for no side)."""
    conn.execute("insert or replace into locks (side, turn, locked, changed) values ('', 0, null, ?)",
                 (stamp(conn) + 1,))


def locked(conn: sqlite3.Connection, side: str, turn: int) -> str | None:
    row = conn.execute("select locked from locks where side = ? and turn = ?", (side, turn)).fetchone()
    return row[0] if row and isinstance(row[0], str) else None


def set_lock(conn: sqlite3.Connection, side: str, turn: int, on: bool) -> None:
    conn.execute("insert or replace into locks (side, turn, locked, changed) values (?, ?, ?, ?)",
                 (side, turn, now() if on else None, stamp(conn) + 1))


def released(conn: sqlite3.Connection) -> int:
    """The last turn whose briefings the umpire released (0: none yet)."""
    row = conn.execute("select max(turn) from releases").fetchone()
    return int(row[0]) if row and isinstance(row[0], int) else 0


def release(conn: sqlite3.Connection, turn: int) -> None:
    n = stamp(conn) + 1
    for t in range(released(conn) + 1, turn + 1):
        conn.execute("insert into releases (turn, released, changed) values (?, ?, ?)", (t, now(), n))
