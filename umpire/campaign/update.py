"""``umpire campaign import --update``: a game corrected after its import, brought into the campaign.

The game file is read again (as for an import) and its import in force is amended, as a game's
action is: one ``amend`` event takes back the old import and every later campaign action; the
events right after it are the new import and each later action applied again on top of it
(their keyed rolls come out the same wherever their keys still occur). A later action the
corrected forces no longer allow (a game of the next round played with the old forces) is
refused, naming it, and nothing is written, unless ``drop_later``: it is then taken back (it
stays in the log) and its game is to be set up again. One transaction; :func:`changes_said`
words what the update changed in the standings and the forces.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.campaign.engine import Campaign
    from umpire.campaign.state import CampaignState
    from umpire.store.events import StoredEvent


@dataclass
class Updated:
    """What one update did: its ``amend`` event, the game, and the campaign before and after."""

    seq: int
    game: str
    summary: str
    before: CampaignState
    after: CampaignState
    replayed: list[tuple[StoredEvent, int]] = field(default_factory=list)  # later actions, and their new number
    dropped: list[tuple[StoredEvent, str]] = field(default_factory=list)


def update_games(campaign: Campaign, paths: list[Path], *, drop_later: bool = False) -> tuple[list[Updated], list[str]]:
    """Bring the corrections of the games at ``paths`` into the campaign, all in one transaction;
    returns the updates and, for a file whose game is as imported, a line saying so.

    :raises UmpireError: a file that cannot be imported, a game not imported yet, or a later
        action no longer valid (without ``drop_later``); nothing is then written.
    """
    from umpire.campaign import store
    from umpire.campaign.commands import same_file
    from umpire.campaign.results import read_game
    from umpire.store import events as log

    if not paths:
        raise UmpireError("import --update: give at least one game file")
    season = campaign.season()
    payloads, same = [], []
    for p in paths:
        if same_file(campaign.path, p):
            raise UmpireError(f"{p}: is the campaign file itself, not a game file")
        payload = read_game(Path(p), campaign.state, season)
        record = campaign.state.games[payload["game"]]
        if record.status != "played":
            raise UmpireError(f"{p}: game {record.id} is not imported yet: import it without --update")
        if payload["digest"] == record.digest:
            same.append(f"{p}: game {record.id} is as it was imported: nothing to update")
        else:
            payloads.append(payload)
    done: list[Updated] = []
    with campaign._write() as conn:
        for payload in payloads:
            done.append(_amend(campaign, conn, payload, drop_later))
        if done:
            store.write_projection(conn, done[-1].after, log.last_seq(conn))
    if done:
        campaign._state = done[-1].after
    return done, same


def _amend(campaign: Campaign, conn: Any, payload: dict[str, Any], drop_later: bool) -> Updated:
    from umpire.campaign.dice import KeyedDice
    from umpire.campaign.handlers import HANDLERS
    from umpire.core.dice import RecordingDice
    from umpire.store import events as log
    from umpire.store.rows import read_events

    events = read_events(conn, campaign.path)
    live = log.effective(events)
    gid = str(payload["game"])
    at = next(i for i, e in enumerate(live) if e.kind == "campaign.import" and e.payload.get("game") == gid)
    old, later = live[at], live[at + 1:]
    before = campaign._fold(campaign.initial_state(), live)
    state = campaign._fold(campaign.initial_state(), live[:at])
    runs: list[tuple[StoredEvent, str, dict[str, Any], Any, list[Any]]] = []
    dropped: list[tuple[StoredEvent, str]] = []
    for ev, kind, p in [(old, "campaign.import", payload), *((e, e.kind, e.payload) for e in later)]:
        dice = RecordingDice(KeyedDice(state.seed))
        try:
            applied = HANDLERS[kind](state, p, dice)
        except UmpireError as exc:
            if ev is old:
                raise UmpireError(f"{payload.get('file')}: {exc}") from None
            if not drop_later:
                raise UmpireError(
                    f"{payload.get('file')}: the update of game {gid} would make #{ev.seq} ({_what(ev)}) no longer "
                    f"valid: {exc}; nothing was written (--drop-later takes such actions back)") from None
            dropped.append((ev, str(exc)))
            continue
        runs.append((ev, kind, p, applied, dice.take()))
        state = applied.state
    taken = [old.seq, *(e.seq for e in later)]
    summary = f"update of game {gid}: {runs[0][3].summary}"
    if later:
        n = len(later) - len(dropped)
        summary += f"; {n} later action{'s' if n != 1 else ''} applied again"
    if dropped:
        summary += f", {', '.join(f'#{e.seq}' for e, _ in dropped)} taken back (no longer valid)"
    a = log.append(conn, log.NewEvent("amend", {"amends": old.seq, "takes_back": taken,
                                                "dropped": [e.seq for e, _ in dropped]},
                                      [], old.turn or 0, gid, summary=summary))
    replayed = []
    for ev, kind, p, applied, rolls in runs:
        seq = log.append(conn, log.NewEvent(kind, p, rolls, applied.round, str(p.get("game", "")),
                                            summary=applied.summary, part_of=a, replaces=ev.seq))
        replayed.append((ev, seq))
    return Updated(a, gid, summary, before, state, replayed[1:], dropped)


def _what(ev: StoredEvent) -> str:
    game = ev.payload.get("game")
    return f"{ev.kind.split('.')[-1]} of game {game}" if game else ev.kind


def changes_said(u: Updated) -> list[str]:
    """What an update changed in the standings and in the forces, one line each."""
    from umpire.campaign.standings import compute

    out = []
    was, now = compute(u.before), compute(u.after)
    for part, rows_was, rows_now in (("side", was.sides, now.sides), ("player", was.players, now.players)):
        old = {r.id: r for r in rows_was}
        for r in rows_now:
            o = old.get(r.id)
            if o is None:
                continue
            bits = [f"{k} {getattr(o, k)} -> {getattr(r, k)}" for k in ("played", "won", "drawn", "lost", "points",
                                                                         "scored", "inflicted", "suffered")
                    if getattr(o, k) != getattr(r, k)]
            if bits:
                out.append(f"standings, {part} {r.name}: " + ", ".join(bits))
    for pid, f in u.after.forces.items():
        for unit in f.units:
            a, b = _condition(u.before.forces[pid].unit(unit.id)), _condition(unit)
            if a != b:
                out.append(f"forces, {unit.id} ({pid}): {a} -> {b}")
    return out


def _condition(u: Any) -> str:
    if u.status == "lost":
        return f"lost{f' in {u.lost_in}' if u.lost_in else ''}"
    bits = [f"{u.hits} hit{'s' if u.hits != 1 else ''}"] if u.hits else []
    bits += [f"{', '.join(u.damage)} damage"] if u.damage else []
    return f"ready, {u.quality}" + (f", {' and '.join(bits)}" if bits else "")


def to_set_up_again(u: Updated) -> list[str]:
    """The games set up (not yet imported) whose players' forces the update changed."""
    out = []
    for g in u.after.games.values():
        if g.status != "set_up":
            continue
        if any(_condition(x) != _condition(u.before.forces[p].unit(x.id)) for p in g.players
               for x in u.after.forces[p].units):
            out.append(g.id)
    return out
