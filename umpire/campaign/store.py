"""What the campaign file keeps of a campaign's state: the snapshot's JSON and the rows of its two
projections (``forces``, ``games``). The tables and every statement on them are the store's
(:mod:`umpire.store.campaign_file`)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from umpire.campaign.state import CampaignState
from umpire.store import campaign_file as tables
from umpire.store.campaign_file import MIGRATION_NAMES, MIGRATIONS, SCHEMA, TABLE

__all__ = ["MIGRATIONS", "MIGRATION_NAMES", "SCHEMA", "TABLE", "dump_state", "force_rows", "game_rows",
           "write_projection"]

def dump_state(state: CampaignState) -> str:
    """The state as JSON, mappings in their own order (forces and games in schedule order)."""
    return json.dumps(state.model_dump(mode="json"), ensure_ascii=False)


def force_rows(state: CampaignState) -> list[tuple[Any, ...]]:
    return [
        (u.id, f.player, f.side, f.id, u.name, u.label, u.quality, u.status, u.hits, ",".join(u.damage), u.lost_in)
        for f in state.forces.values() for u in f.units
    ]


def game_rows(state: CampaignState) -> list[tuple[Any, ...]]:
    return [
        (g.id, g.round, g.name, g.table, g.status, g.result.winner if g.result else None,
         json.dumps(g.result.points, sort_keys=True) if g.result else None, g.file)
        for g in state.games.values()
    ]


def write_projection(conn: sqlite3.Connection, state: CampaignState, seq: int) -> None:
    """Replace the snapshot and the ``forces`` and ``games`` tables (inside a transaction)."""
    tables.write_projection(conn, dump_state(state), seq, force_rows(state), game_rows(state))
