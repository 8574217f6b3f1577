"""The campaign file's tables: one SQLite file with the same habits as a game file.

Numbered migrations, an append-only event log (``events`` with their ``rolls``: the same
tables as a game's, written and read by :mod:`umpire.store.events`; ``turn`` holds the round and
``phase`` the game concerned), a snapshot of the state and two projections for people who open
the file (``forces``, ``games``), all written in one transaction per action. The rows come from
the campaign (:mod:`umpire.campaign.store`); here is every statement that reads or writes them.
See ``docs/campaigns.md``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

TABLE = "campaign"


def c001_initial(conn: sqlite3.Connection) -> None:
    _run(
        conn,
        """
        create table campaign (
            id integer primary key, campaign_id text not null, name text, ruleset text, seed integer,
            season text, scenarios text, rulings text, created text, umpire_version text
        );
        create table events (
            seq integer primary key, kind text not null, payload text not null, summary text,
            turn integer, phase text, undoes integer, created text not null, results text
        );
        create table rolls (
            id integer primary key, seq integer references events(seq), n integer, why text,
            sides integer, vals text
        );
        create index idx_rolls_seq on rolls(seq);
        create table snapshot (id integer primary key, seq integer, state text);
        create table forces (
            id text primary key, player text, side text, force text, name text, type text,
            quality text, status text, hits integer, damage text, lost_in text
        );
        create table games (
            id text primary key, round integer, name text, table_name text, status text,
            winner text, points text, file text
        );
        """
    )


def _run(conn: sqlite3.Connection, script: str) -> None:
    """Each statement of ``script`` in the caller's transaction (``executescript`` would commit)."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


def c002_roll_keys_and_corrections(conn: sqlite3.Connection) -> None:
    # The columns a game file's log gained (m004, m005), so that one reader serves both: each
    # roll's key and whether it was typed in; the amendment an event belongs to and what it replaces.
    _run(
        conn,
        """
        alter table rolls add column key text;
        alter table rolls add column typed integer;
        alter table events add column part_of integer;
        alter table events add column replaces integer
        """,
    )


MIGRATIONS = [c001_initial, c002_roll_keys_and_corrections]
MIGRATION_NAMES = tuple(m.__name__ for m in MIGRATIONS)
# Every table and column of a campaign file with every migration applied (a test checks it).
SCHEMA: dict[str, tuple[str, ...]] = {
    "_umpire_migrations": ("name", "applied"),
    "campaign": ("id", "campaign_id", "name", "ruleset", "seed", "season", "scenarios", "rulings", "created",
                 "umpire_version"),
    "events": ("seq", "kind", "payload", "summary", "turn", "phase", "undoes", "created", "results", "part_of",
               "replaces"),
    "rolls": ("id", "seq", "n", "why", "sides", "vals", "key", "typed"),
    "snapshot": ("id", "seq", "state"),
    "forces": ("id", "player", "side", "force", "name", "type", "quality", "status", "hits", "damage", "lost_in"),
    "games": ("id", "round", "name", "table_name", "status", "winner", "points", "file"),
}


def write_projection(conn: sqlite3.Connection, state: str, seq: int, forces: Sequence[tuple[Any, ...]],
                     games: Sequence[tuple[Any, ...]]) -> None:
    """Replace the snapshot (``state``, JSON) and the ``forces`` and ``games`` tables (inside a transaction)."""
    conn.execute("insert or replace into snapshot (id, seq, state) values (1, ?, ?)", (seq, state))
    for table, rows in (("forces", forces), ("games", games)):
        conn.execute(f"delete from {table}")
        conn.executemany(f"insert into {table} ({', '.join(SCHEMA[table])}) "
                         f"values ({', '.join('?' * len(SCHEMA[table]))})", rows)


def projection(conn: sqlite3.Connection, table: str) -> dict[Any, tuple[Any, ...]]:
    """The rows of projection ``table`` (``forces``, ``games``) by id, as stored."""
    return {r[0]: tuple(r) for r in conn.execute(f"select {', '.join(SCHEMA[table])} from {table}")}


def snapshot(conn: sqlite3.Connection) -> tuple[Any, Any, int] | None:
    """The stored state: its event number, its text, and the last event's number (None: none stored)."""
    row = conn.execute(
        "select seq, state, (select coalesce(max(seq), 0) from events) from snapshot where id = 1"
    ).fetchone()
    return None if row is None else (row[0], row[1], int(row[2]))
