"""The schema is exact: a change to it needs a new numbered migration (and docs/schema.md)."""

from sqlite_utils import Database

from umpire.store.db import run_migrations
from umpire.store.migrations import MIGRATIONS, migrations

EXPECTED = {
    "_umpire_migrations": ["name", "applied"],
    "game": ["id", "name", "ruleset", "seed", "scenario", "rulings", "created", "umpire_version", "terrain"],
    "events": [
        "seq", "kind", "payload", "summary", "turn", "phase", "undoes", "created", "results", "part_of", "replaces",
    ],
    "rolls": ["id", "seq", "n", "why", "sides", "vals", "key", "typed"],
    "snapshot": ["id", "seq", "state"],
    "checkpoints": ["seq", "state"],
    "units": [
        "id", "side", "name", "formation", "kind", "type", "quality", "x", "y", "facing",
        "base_w", "base_d", "status", "hits", "orders",
    ],
    "links": ["id", "side", "player", "digest", "made", "revoked", "changed"],
    "page_orders": ["side", "turn", "key", "entry", "sent_by", "sent_at", "state", "reason", "changed"],
    "locks": ["side", "turn", "locked", "changed"],
    "releases": ["turn", "released", "changed"],
    "printed": ["folder", "turn", "printed"],
    "markers": ["marker", "unit", "size", "made"],
}


def test_fresh_database_has_exactly_the_documented_schema(tmp_path):
    db = Database(tmp_path / "g.db")
    run_migrations(db.conn, migrations())
    assert {t: [c.name for c in db[t].columns] for t in db.table_names()} == EXPECTED
    assert [r["name"] for r in db["_umpire_migrations"].rows] == [m.__name__ for m in MIGRATIONS]


def test_migrate_twice_changes_nothing(tmp_path):
    db = Database(tmp_path / "g.db")
    run_migrations(db.conn, migrations())
    before = db.schema
    run_migrations(db.conn, migrations())
    assert db.schema == before


def test_schema_doc_names_every_table_and_column():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "schema.md").read_text()
    for table, cols in EXPECTED.items():
        assert f"`{table}`" in doc
        for col in cols:
            assert f"`{col}`" in doc, (table, col)


def test_the_light_list_of_migration_names_matches_the_migrations():
    from umpire.store.db import MIGRATION_NAMES

    assert list(MIGRATION_NAMES) == [m.__name__ for m in MIGRATIONS]
