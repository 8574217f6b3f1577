"""The standings: by side and by player, from the results of the games played.

A side plays every game; a player the games they took part in. Won, drawn and lost follow the
game's winner; points follow ruling ``campaign.points`` (league points for a win, a draw and a
loss, or the points scored in the game). Losses suffered are the units lost in the game (before
any recovery); losses inflicted are the enemy's: a game's result belongs to every player of the
side, so a player's inflicted losses are those of the enemy in the games they played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from umpire.campaign.rulings import campaign_book
from umpire.campaign.state import CampaignState, GameRecord


@dataclass
class Row:
    id: str
    name: str
    side: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points: int = 0
    scored: int = 0
    inflicted: int = 0
    suffered: int = 0
    forfeited: int = 0  # games the row's side forfeited (campaign.forfeit)
    byes: int = 0  # rounds the schedule gave the player no game in (campaign.bye)


@dataclass
class Standings:
    rule: str
    sides: list[Row] = field(default_factory=list)
    players: list[Row] = field(default_factory=list)
    played: int = 0
    scheduled: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"points_rule": self.rule, "games_played": self.played, "games_scheduled": self.scheduled,
                "sides": [asdict(r) for r in self.sides], "players": [asdict(r) for r in self.players]}


def _add(row: Row, game: GameRecord, side: str, league: dict[str, int], rule: str, suffered: int,
         inflicted: int) -> None:
    res = game.result
    assert res is not None
    row.played += 1
    row.forfeited += res.forfeit == side
    if res.winner is None:
        row.drawn += 1
        outcome = "draw"
    elif res.winner == side:
        row.won += 1
        outcome = "win"
    else:
        row.lost += 1
        outcome = "loss"
    scored = int(res.points.get(side, 0))
    row.scored += scored
    row.points += scored if rule == "victory_points" else league[outcome]
    row.suffered += suffered
    row.inflicted += inflicted


def compute(state: CampaignState) -> Standings:
    """The standings of ``state`` (sides, then players, each sorted by points, then wins,
    then losses inflicted less suffered). A game forfeited under ``campaign.forfeit: void``
    counts for nothing; a bye earns what ``campaign.bye`` says; a force taken over by another
    player (``campaign replace``) is one row or one per player, as ``campaign.stand_in`` says."""
    book = campaign_book(state.ruleset)
    rulings = book.select(state.rulings)
    rule = rulings["campaign.points"]
    p = book.numbers.points
    league = {"win": p.win, "draw": p.draw, "loss": p.loss}
    out = Standings(rule=rule, scheduled=len(state.games))
    sides = {s.id: Row(s.id, s.name, s.id) for s in state.sides}
    own = rulings["campaign.stand_in"] == "own_record"
    players: dict[str, Row] = {}

    def row(pid: str, round_no: int) -> Row:
        f = state.forces[pid]
        key, name = pid, f.player_name
        if own:
            k = next((i for i, (_, last) in enumerate(f.earlier) if round_no <= last), None)
            if k is not None:
                key, name = f"{pid} (to round {f.earlier[k][1]})", f.earlier[k][0]
        elif f.earlier:
            name += " (after " + ", ".join(n for n, _ in f.earlier) + ")"
        if key not in players:
            players[key] = Row(key, name, f.side)
        return players[key]

    for pid, f in state.forces.items():
        row(pid, state.rounds + 1)
        for _, last in f.earlier if own else ():
            row(pid, last)
    for g in state.games.values():
        if g.status != "played" or g.result is None:
            continue
        if g.result.forfeit and rulings["campaign.forfeit"] == "void":
            continue
        out.played += 1
        lost = {s: len(v) for s, v in g.result.lost.items()}
        for sid, r in sides.items():
            enemy = sum(n for s, n in lost.items() if s != sid)
            _add(r, g, sid, league, rule, lost.get(sid, 0), enemy)
        for pid in g.players:
            f = state.forces[pid]
            mine = sum(1 for uid in g.result.lost.get(f.side, []) if uid in {u.id for u in f.units})
            enemy = sum(n for s, n in lost.items() if s != f.side)
            _add(row(pid, g.round), g, f.side, league, rule, mine, enemy)
    bye = rulings["campaign.bye"]
    _byes(state, row, league[bye] if bye in league and rule == "win_draw_loss" else 0)
    out.sides = sorted(sides.values(), key=_order)
    out.players = sorted(players.values(), key=_order)
    return out


def _byes(state: CampaignState, row: Callable[[str, int], Row], points: int) -> None:
    """A bye for each force that played no game of a finished round, worth ``points``."""
    for round_no in range(1, state.rounds + 1):
        games = state.games_of(round_no)
        if not games or any(g.status != "played" for g in games):
            continue  # a bye counts when its round is finished
        playing = {pid for g in games for pid in g.players}
        for pid in state.forces:
            if pid not in playing:
                r = row(pid, round_no)
                r.byes += 1
                r.points += points


def _order(r: Row) -> tuple[int, int, int, str]:
    """The standings' order: points, then wins, then losses inflicted less suffered."""
    return (-r.points, -r.won, -(r.inflicted - r.suffered), r.id)
