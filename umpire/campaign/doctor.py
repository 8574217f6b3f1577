"""``umpire campaign doctor``: everything wrong with a campaign file, listed; writes nothing.

The file checks are a game file's (:func:`umpire.store.doctor.check_file`: SQLite's integrity
check, the tables, every event and roll row, the snapshot), then what needs the campaign: the
stored season and scenarios, a stored state that is a campaign state, action kinds the campaign
knows, the ``forces`` and ``games`` tables, and the replay of the log compared with the state.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from umpire.engine.doctor import MAX_DIFFS, Diagnosis, check_dice, without_file_name
from umpire.errors import UmpireError
from umpire.store.doctor import check_file
from umpire.store.history import CONTROL

if TYPE_CHECKING:
    from umpire.campaign.engine import Campaign
    from umpire.store.doctor import FileCheck


def diagnose(path: Path) -> Diagnosis:
    """Check the campaign file at ``path`` as thoroughly as umpire can: first what the file holds
    that umpire did not make and the rolls the campaign's seed does not give, then the rest."""
    from umpire.campaign.files import CAMPAIGN

    path = Path(path)
    fc = check_file(path, CAMPAIGN)
    out = Diagnosis(path, [without_file_name(p, path) for p in fc.problems], list(fc.notes))
    seed = fc.game.get("seed") if fc.game is not None else None
    first = fc.extra + (check_dice(seed, fc.events, out, whose="campaign", keyed_by_why=True)
                        if isinstance(seed, int) else [])
    _diagnose(path, fc, out)
    out.problems[:0] = first
    return out


def _diagnose(path: Path, fc: FileCheck, out: Diagnosis) -> Diagnosis:
    from pydantic import ValidationError

    from umpire.campaign import store
    from umpire.campaign.engine import Campaign
    from umpire.campaign.files import CampaignFile
    from umpire.campaign.handlers import HANDLERS
    from umpire.campaign.state import CampaignState
    from umpire.store.campaign_file import projection

    if fc.conn is None or fc.game is None or out.problems:
        if fc.conn is not None and out.problems:
            out.notes.append("the campaign was not replayed: the problems above come first")
        return out
    campaign = Campaign(CampaignFile(path, fc.conn))
    unknown = [e for e in fc.events if e.kind not in CONTROL and e.kind not in HANDLERS]
    out.problems += [f"event #{e.seq} has an unknown campaign action {e.kind!r}" for e in unknown]
    try:
        campaign.season()
        for gid in campaign.state.games:
            campaign.base_scenario(gid)
    except (UmpireError, ValidationError) as exc:
        out.problems.append(without_file_name(str(exc).splitlines()[0], path))
        return out
    try:
        stored = CampaignState.model_validate_json(fc.state_text or "")
    except ValidationError as exc:
        first = exc.errors()[0]
        out.problems.append(f"the stored state (snapshot) is not a valid campaign state: "
                            f"{'.'.join(map(str, first.get('loc', ())))}: {first.get('msg')}")
        return out
    out.summary = f"{len(fc.events)} events, round {stored.round} of {stored.rounds}"
    with fc.conn:
        tables = {t: projection(fc.conn, t) for t in ("forces", "games")}
    for table, rows in (("forces", store.force_rows(stored)), ("games", store.game_rows(stored))):
        out.problems += [f"{table} table row {r[0]!r} differs from the stored state" for r in rows
                         if tables[table].get(r[0]) != r]
    if out.problems:
        out.notes.append("the campaign was not replayed: the problems above come first")
        return out
    try:
        diffs = campaign.check()
    except UmpireError as exc:
        out.problems.append(without_file_name(str(exc), path))
        return out
    out.problems += [f"the replay differs from the stored state: {d}" for d in diffs[:MAX_DIFFS]]
    if len(diffs) > MAX_DIFFS:
        out.problems.append(f"... and {len(diffs) - MAX_DIFFS} more differences")
    _games(campaign, out)
    return out


def _games(campaign: Campaign, out: Diagnosis) -> None:
    """Each imported game's file read again: one corrected since its import makes the campaign
    out of date (it no longer holds that game's result), one not found is a note."""
    from umpire.campaign.freshness import check_games

    for g in check_games(campaign):
        line = g.line(campaign.path)
        if g.state == "changed":
            out.stale.append(line)
        elif line:
            out.notes.append(line)
