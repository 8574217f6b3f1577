"""docs/campaigns.md names every campaign ruling and its choices, every field of the season file
and every table and column of the campaign file (so the page cannot drift from the code)."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from umpire.campaign import season as season_model
from umpire.campaign.rulings import campaign_book

DOC = (Path(__file__).resolve().parents[2] / "docs" / "campaigns.md").read_text(encoding="utf-8")


def test_every_ruling_and_choice_is_listed():
    sections = {"auftragstaktik": DOC.split("### Auftragstaktik")[1].split("### MBT")[0],
                "mbt": DOC.split("### MBT")[1].split("## Keyed dice")[0]}
    for ruleset, text in sections.items():
        for r in campaign_book(ruleset).rulings:
            row = next((ln for ln in text.splitlines() if ln.startswith(f"| `{r.name}` |")), None)
            assert row is not None, (ruleset, r.name)
            assert all(f"`{c}`" in row for c in r.choices), (ruleset, r.name)
            assert row.split("|")[2].strip().startswith(f"`{r.default}`"), (ruleset, r.name)  # default first


def test_every_season_field_is_described():
    models = [m for m in vars(season_model).values() if isinstance(m, type) and issubclass(m, BaseModel)
              and m.__module__ == season_model.__name__ and not m.__name__.startswith("_")]
    assert len(models) >= 8
    for m in models:
        for name in m.model_fields:
            assert f"`{name}`" in DOC, (m.__name__, name)


def test_every_table_and_column_of_the_campaign_file_is_described(tmp_path):
    from umpire.campaign.files import migrate
    from umpire.campaign.store import SCHEMA
    from umpire.store.db import connect, table_columns

    conn = connect(tmp_path / "c.db")
    migrate(conn)
    columns = table_columns(conn)
    conn.close()
    assert {t: tuple(c) for t, c in columns.items()} == SCHEMA  # the schema is exactly the documented one
    for t, cols in columns.items():
        assert f"| `{t}` |" in DOC, t
        for col in cols:
            assert f"`{col}`" in DOC, (t, col)
