"""The standings: by side and by player, from the results of the games played.

A side plays every game; a player the games they took part in. Won, drawn and lost follow the
game's winner; points follow ruling ``campaign.points`` (league points for a win, a draw and a
loss, or the points scored in the game). Losses suffered are the units lost in the game (before
any recovery); losses inflicted are the enemy's: a game's result belongs to every player of the
side, so a player's inflicted losses are those of the enemy in the games they played.
"""

from __future__ import annotations

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
    then losses inflicted less suffered)."""
    book = campaign_book(state.ruleset)
    rule = book.select(state.rulings)["campaign.points"]
    p = book.numbers.points
    league = {"win": p.win, "draw": p.draw, "loss": p.loss}
    out = Standings(rule=rule, scheduled=len(state.games))
    sides = {s.id: Row(s.id, s.name, s.id) for s in state.sides}
    players = {pid: Row(pid, f.player_name, f.side) for pid, f in state.forces.items()}
    for g in state.games.values():
        if g.status != "played" or g.result is None:
            continue
        out.played += 1
        lost = {s: len(v) for s, v in g.result.lost.items()}
        for sid, row in sides.items():
            enemy = sum(n for s, n in lost.items() if s != sid)
            _add(row, g, sid, league, rule, lost.get(sid, 0), enemy)
        for pid in g.players:
            f = state.forces[pid]
            own = {u.id for u in f.units}
            mine = sum(1 for uid in g.result.lost.get(f.side, []) if uid in own)
            enemy = sum(n for s, n in lost.items() if s != f.side)
            _add(players[pid], g, f.side, league, rule, mine, enemy)

    def order(r: Row) -> tuple[int, int, int, str]:
        return (-r.points, -r.won, -(r.inflicted - r.suffered), r.id)

    out.sides = sorted(sides.values(), key=order)
    out.players = sorted(players.values(), key=order)
    return out
