"""What the terminal shows of a campaign (rich renderables) and the same as JSON."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from umpire.campaign.freshness import GameFile
from umpire.campaign.standings import Standings
from umpire.campaign.state import CampaignState, ForceRecord, GameRecord
from umpire.reports.screen import name_column, number_column, table, text_column
from umpire.store.events import StoredEvent


def _players(state: CampaignState, g: GameRecord) -> str:
    by_side = []
    for s in state.sides:
        names = [state.forces[p].player_name for p in g.players if state.forces[p].side == s.id]
        by_side.append(" & ".join(names))
    return " v ".join(by_side)


def game_status(g: GameRecord) -> str:
    if g.status == "played" and g.result is not None and g.result.forfeit:
        return f"forfeited: {g.result.reason}"
    if g.status == "played" and g.result is not None:
        return f"played ({g.file}): {g.result.reason}"
    if g.status == "set_up":
        return f"set up as {g.file}, to play"
    return "to set up"


def force_line(f: ForceRecord) -> dict[str, Any]:
    ready = f.ready()
    return {
        "player": f.player, "name": f.player_name, "side": f.side, "force": f.id, "force_name": f.name,
        "strength": len(ready), "units": len(f.units), "hits": sum(u.hits for u in ready),
        "damaged": [u.id for u in ready if u.damage], "lost": [u.id for u in f.units if u.status == "lost"],
    }


def status_json(state: CampaignState, files: Sequence[GameFile] = ()) -> dict[str, Any]:
    found = {f.game: f for f in files}
    return {
        "campaign": state.id, "name": state.name, "ruleset": state.ruleset, "round": state.round,
        "rounds": state.rounds, "finished": state.finished, "rulings": state.rulings,
        "games": [{"id": g.id, "round": g.round, "name": g.name, "table": g.table, "status": g.status,
                   "file": g.file, "players": g.players, "summary": game_status(g),
                   "winner": g.result.winner if g.result else None,
                   "points": g.result.points if g.result else None,
                   "file_state": found[g.id].state if g.id in found else None} for g in state.games.values()],
        "forces": [force_line(f) for f in state.forces.values()],
        "strength_by_round": state.strength,
    }


def render_status(state: CampaignState, files: Sequence[GameFile] = (), path: Path | None = None) -> Group:
    """Where the season stands; ``files``: what became of the imported games' files (one
    corrected since its import is named, with the command that brings the correction in)."""
    played = sum(1 for g in state.games.values() if g.status == "played")
    where = "the season is over" if state.finished else f"round {state.round} of {state.rounds}"
    head = Text.assemble((state.name, "bold"), f"  {state.ruleset}, {where}, {played} of {len(state.games)} "
                         f"games played, campaign id {state.id}")
    games = table("games")
    number_column(games, "round")
    games.add_column("game", no_wrap=True)
    name_column(games, "name", [g.name for g in state.games.values()])
    text_column(games, "table", [g.table or "-" for g in state.games.values()])
    text_column(games, "players", [_players(state, g) for g in state.games.values()])
    text_column(games, "status", [game_status(g) for g in state.games.values()])
    for g in state.games.values():
        style = "" if g.status == "played" else ("yellow" if g.status == "set_up" else "dim")
        games.add_row(str(g.round), g.id, g.name, g.table or "-", _players(state, g), Text(game_status(g), style=style))
    forces = table("forces")
    everyone = [f for s in state.sides for f in state.forces_of(s.id)]
    text_column(forces, "side", [s.name for s in state.sides])
    name_column(forces, "player", [f.player_name for f in everyone])
    name_column(forces, "force", [f.name for f in everyone])
    number_column(forces, "strength")
    number_column(forces, "hits carried")
    text_column(forces, "damaged", [", ".join(force_line(f)["damaged"]) or "-" for f in everyone])
    text_column(forces, "lost", [", ".join(force_line(f)["lost"]) or "-" for f in everyone])
    for s in state.sides:
        for f in state.forces_of(s.id):
            line = force_line(f)
            forces.add_row(s.name, f.player_name, f.name, f"{line['strength']}/{line['units']}", str(line["hits"]),
                           ", ".join(line["damaged"]) or "-", ", ".join(line["lost"]) or "-")
    notes = [Text(said, style="bold red" if g.state == "changed" else "yellow")
             for g in files if (said := g.line(path or Path("season.db")))]
    return Group(head, games, *notes, forces)


def render_standings(standings: Standings) -> Group:
    parts: list[Any] = [Text(f"{standings.played} of {standings.scheduled} games played; points: {standings.rule}",
                             style="dim")]
    extra = [(k, head) for k, head in (("forfeited", "forfeited"), ("byes", "byes"))
             if any(getattr(r, k) for r in [*standings.sides, *standings.players])]  # shown when a season has them
    for title, rows in (("by side", standings.sides), ("by player", standings.players)):
        t = table(title)
        names = [r.name if title == "by side" else f"{r.name} ({r.side})" for r in rows]
        name_column(t, "", names)
        for col in ("played", "won", "drawn", "lost", "points", "scored", "losses inflicted", "losses suffered",
                    *(head for _, head in extra)):
            number_column(t, col)
        for r, name in zip(rows, names, strict=True):
            t.add_row(name, *(str(v) for v in (r.played, r.won, r.drawn, r.lost, r.points, r.scored, r.inflicted,
                                               r.suffered, *(getattr(r, k) for k, _ in extra))))
        parts.append(t)
    return Group(*parts)


def log_json(events: list[StoredEvent]) -> list[dict[str, Any]]:
    from umpire.store.history import fates

    fate = fates(events)
    return [
        {"seq": e.seq, "kind": e.kind, "summary": e.summary, "round": e.turn, "game": e.phase,
         "payload": e.payload, "undoes": e.undoes, "undone": e.seq in fate, "taken_back": fate.get(e.seq),
         "part_of": e.part_of, "replaces": e.replaces, "created": e.created,
         "rolls": [r.as_dict() for r in e.rolls]}
        for e in events
    ]


def render_log(events: list[StoredEvent], *, rolls: bool = True) -> Table | Text:
    if not events:
        return Text("no actions yet", style="dim")
    from umpire.store.history import fates

    fate = fates(events)
    t = table()
    number_column(t, "#")
    number_column(t, "round")
    t.add_column("game", no_wrap=True)
    t.add_column("action", no_wrap=True)
    t.add_column("what happened", overflow="fold", ratio=3)
    if rolls:
        t.add_column("keyed dice", overflow="fold", ratio=2)
    for e in events:
        style = "strike dim" if e.seq in fate else ("italic" if e.kind in ("undo", "amend") else "")
        what = Text(f"[{fate[e.seq]}] " if e.seq in fate else "", style="bold")  # words survive a pipe
        what.append(e.summary, style=style)
        row: list[str | Text] = [str(e.seq), str(e.turn or "-"), e.phase or "-", e.kind, what]
        if rolls:
            row.append("; ".join(f"{r.why}: d{r.sides} {','.join(map(str, r.values))}" for r in e.rolls) or "-")
        t.add_row(*row)
    return t
