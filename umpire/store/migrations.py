"""Numbered schema migrations, recorded in ``_umpire_migrations`` (applied in order, once)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from sqlite_utils import Database

Migration = Callable[[Database], None]


def m001_initial(db: Database) -> None:
    db["game"].create(
        {
            "id": int, "name": str, "ruleset": str, "seed": int, "scenario": str,
            "rulings": str, "created": str, "umpire_version": str,
        },
        pk="id",
    )
    db["events"].create(
        {
            "seq": int, "kind": str, "payload": str, "summary": str, "turn": int,
            "phase": str, "undoes": int, "created": str,
        },
        pk="seq",
        not_null={"kind", "payload", "created"},
    )
    db["rolls"].create(
        {"id": int, "seq": int, "n": int, "why": str, "sides": int, "vals": str},
        pk="id",
        foreign_keys=[("seq", "events", "seq")],
    )
    db["rolls"].create_index(["seq"])
    db["snapshot"].create({"id": int, "seq": int, "state": str}, pk="id")
    db["units"].create(
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
    db["events"].add_column("results", str)


MIGRATIONS: list[Migration] = [m001_initial, m002_event_results]


def migrate(db: Database) -> None:
    """Apply every migration not yet recorded, each in its own transaction."""
    if "_umpire_migrations" not in db.table_names():
        db["_umpire_migrations"].create({"name": str, "applied": str}, pk="name")
    done = {row["name"] for row in db["_umpire_migrations"].rows}
    for fn in MIGRATIONS:
        if fn.__name__ in done:
            continue
        with db.atomic():
            fn(db)
            db["_umpire_migrations"].insert(
                {"name": fn.__name__, "applied": datetime.now(UTC).isoformat(timespec="seconds")}
            )
