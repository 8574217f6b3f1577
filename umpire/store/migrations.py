"""Numbered schema migrations, recorded in ``_umpire_migrations`` (applied in order, once)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable

from sqlite_utils import Database

Migration = Callable[[Database], None]


def m001_initial(db: Database) -> None:
    db.table("game").create(
        {
            "id": int, "name": str, "ruleset": str, "seed": int, "scenario": str,
            "rulings": str, "created": str, "umpire_version": str,
        },
        pk="id",
    )
    db.table("events").create(
        {
            "seq": int, "kind": str, "payload": str, "summary": str, "turn": int,
            "phase": str, "undoes": int, "created": str,
        },
        pk="seq",
        not_null={"kind", "payload", "created"},
    )
    db.table("rolls").create(
        {"id": int, "seq": int, "n": int, "why": str, "sides": int, "vals": str},
        pk="id",
        foreign_keys=[("seq", "events", "seq")],
    )
    db.table("rolls").create_index(["seq"])
    db.table("snapshot").create({"id": int, "seq": int, "state": str}, pk="id")
    db.table("units").create(
        {
            "id": str, "side": str, "name": str, "formation": str, "kind": str, "type": str,
            "quality": str, "x": float, "y": float, "facing": float, "base_w": float,
            "base_d": float, "status": str, "hits": int, "orders": str,
        },
        pk="id",
    )


def m002_event_results(db: Database) -> None:
    # What each action resolved (its resolutions as JSON): derived by replaying, but kept so
    # reports and people reading the file need not replay the game.
    db.table("events").add_column("results", str)


def m003_terrain_once(db: Database) -> None:
    # The terrain, which no action changes, is kept once beside the game row instead of in the
    # snapshot rewritten by every action: taken out of the snapshot (or, if that cannot be read,
    # from the stored scenario).
    db.table("game").add_column("terrain", str)
    conn = db.conn
    row = conn.execute("select state from snapshot where id = 1").fetchone()
    state = _json_object(row[0] if row else None)
    if state is not None and isinstance(state.get("terrain"), list):
        terrain = state.pop("terrain")
        conn.execute(
            "update snapshot set state = ? where id = 1", (json.dumps(state, sort_keys=True, ensure_ascii=False),)
        )
    else:
        game = conn.execute("select scenario from game where id = 1").fetchone()
        scenario = _json_object(game[0] if game else None) or {}
        keep = ("id", "type", "name", "polygon", "line", "height")
        terrain = [{k: t[k] for k in keep if k in t} for t in scenario.get("terrain") or [] if isinstance(t, dict)]
    conn.execute("update game set terrain = ?", (json.dumps(terrain, sort_keys=True, ensure_ascii=False),))


def _json_object(text: object) -> dict | None:  # type: ignore[type-arg]
    try:
        value = json.loads(text) if isinstance(text, str | bytes) else None
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def m004_roll_keys(db: Database) -> None:
    # Each roll's key (where and what it is for: its value in a tracked game is a pure function
    # of the seed and the key) and whether its values were typed in rather than keyed. Rolls
    # made before have neither (NULL).
    db.table("rolls").add_column("key", str)
    db.table("rolls").add_column("typed", int)


def m005_corrections(db: Database) -> None:
    # Corrections (amend, redo, undo --to) append events too: an event an amendment appended
    # names it (part_of) and the action it stands in for (replaces). Checkpoints keep the state
    # after each action that moved the game to another phase, so corrections need not replay
    # the game from its start (derived, like the snapshot).
    db.table("events").add_column("part_of", int)
    db.table("events").add_column("replaces", int)
    db.table("checkpoints").create({"seq": int, "state": str}, pk="seq")


def m006_players(db: Database) -> None:
    # The players' pages of umpire serve: each side's access links (only a digest of each
    # token), the orders sent from the pages, the turns the umpire locked for a side and the
    # turns whose briefings he released. None of it is game state: the log stays the truth,
    # and orders sent from a page enter it only as the orders action the umpire takes.
    # ``changed`` numbers every write to these tables, so a page knows one happened.
    db.table("links").create(
        {"id": int, "side": str, "player": str, "digest": str, "made": str, "revoked": str, "changed": int},
        pk="id", not_null={"side", "digest", "made"},
    )
    db.table("page_orders").create(
        {"side": str, "turn": int, "key": str, "entry": str, "sent_by": str, "sent_at": str, "state": str,
         "reason": str, "changed": int},
        pk=("side", "turn", "key"), not_null={"entry", "sent_at", "state"},
    )
    db.table("locks").create({"side": str, "turn": int, "locked": str, "changed": int}, pk=("side", "turn"))
    db.table("releases").create({"turn": int, "released": str, "changed": int}, pk="turn")


# What a unit kept in its free-form ``notes`` that the generic state now holds in fields of its own.
UNIT_FIELDS = ("ident", "moved", "carried_by", "destroyed")


def m007_unit_state(db: Database) -> None:
    # A unit keeps what its ruleset knows of it in a typed model (``own``) instead of a free-form
    # ``notes`` mapping, and the marks generic code reads of it (the levels sides identified it
    # at, the inches it moved this turn, what carries it, how it was destroyed) in fields of the
    # generic state: the snapshot's units are rewritten so (their keys kept, the models have the
    # same names). The checkpoints, states derived from the log as the snapshot is, are dropped:
    # a report of an earlier turn replays the log from its start instead (and later actions keep
    # new ones).
    conn = db.conn
    row = conn.execute("select state from snapshot where id = 1").fetchone()
    state = _json_object(row[0] if row else None)
    if state is not None and isinstance(state.get("units"), dict):
        for unit in state["units"].values():
            if isinstance(unit, dict) and isinstance(unit.get("notes"), dict):
                notes = unit.pop("notes")
                unit.update({k: notes.pop(k) for k in UNIT_FIELDS if k in notes})
                unit["own"] = notes
        conn.execute(
            "update snapshot set state = ? where id = 1", (json.dumps(state, sort_keys=True, ensure_ascii=False),)
        )
    conn.execute("delete from checkpoints")


def m008_printed(db: Database) -> None:
    # The folders umpire turn print wrote a turn's paper into (each with its manifest), so a
    # correction can name the printed files it made out of date. Not game state: the log stays
    # the truth, and a folder moved or deleted since is simply not found.
    db.table("printed").create({"folder": str, "turn": int, "printed": str}, pk="folder", not_null={"printed"})


# What a game kept in its free-form ``extra`` that the generic state now holds in fields of its own.
GAME_FIELDS = ("north", "ended", "campaign", "dice")


def m009_game_state(db: Database) -> None:
    # A game keeps what its ruleset knows of it in a typed model (``own``) instead of a free-form
    # ``extra`` mapping, and what generic code reads of it (the table's north, how the umpire
    # ended it, its campaign, the roll counts of the keyed dice) in fields of the generic state:
    # the snapshot is rewritten so, the entry named for the game's ruleset and the ruleset's other
    # entries beside it becoming its own state (their keys kept, the models have the same names).
    # The checkpoints are dropped again (those written since m007 hold the old shape).
    conn = db.conn
    row = conn.execute("select state from snapshot where id = 1").fetchone()
    state = _json_object(row[0] if row else None)
    if state is not None and isinstance(state.get("extra"), dict):
        extra = state.pop("extra")
        state.update({k: extra.pop(k) for k in GAME_FIELDS if k in extra})
        block = extra.pop(state.get("ruleset"), {}) if isinstance(state.get("ruleset"), str) else {}
        state["own"] = {**extra, **block} if isinstance(block, dict) else extra
        conn.execute(
            "update snapshot set state = ? where id = 1", (json.dumps(state, sort_keys=True, ensure_ascii=False),)
        )
    conn.execute("delete from checkpoints")


def m010_markers(db: Database) -> None:
    # Which printed marker is which (umpire markers): the table's corner markers (no unit) and
    # each stand's, with the size each was printed at. Not game state: a reading applied to the
    # game keeps the units it read in its own event, and replay never reads this table.
    db.execute("create table markers (marker integer primary key, unit text unique, size real not null, "
               "made text not null)")


MIGRATIONS: list[Migration] = [
    m001_initial, m002_event_results, m003_terrain_once, m004_roll_keys, m005_corrections, m006_players,
    m007_unit_state, m008_printed, m009_game_state, m010_markers,
]


def migrations() -> list[tuple[str, Callable[[sqlite3.Connection], None]]]:
    """The game file's migrations as the one runner takes them (:func:`umpire.store.db.run_migrations`)."""
    return [(fn.__name__, _on(fn)) for fn in MIGRATIONS]


def _on(fn: Migration) -> Callable[[sqlite3.Connection], None]:
    def run(conn: sqlite3.Connection) -> None:
        fn(Database(conn, execute_plugins=False))

    return run
