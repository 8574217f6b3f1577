"""The campaign state: every force with each unit's condition, the schedule with its results.

Plain values, rebuilt by folding the campaign's event log (as a game's state is); the store
keeps a snapshot and ``umpire campaign replay --check`` compares the two. A unit is ``ready``
(in service, with the hits or damage it carries) or ``lost`` (gone for the season, until a
replacement brings it back).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from umpire.campaign.season import Season
from umpire.schema.checked import Checked, Seed


class _Model(Checked):
    """Read back from the campaign file: checked like every input (umpire.schema.checked)."""


class UnitRecord(_Model):
    id: str
    name: str
    kind: str | None = None
    type: str | None = None
    statline: str | None = None
    card: str | None = None
    quality: str = "regular"
    base: tuple[float, float] | None = None
    status: Literal["ready", "lost"] = "ready"
    hits: int = 0
    damage: list[str] = Field(default_factory=list)
    lost_in: str | None = None
    note: str = ""

    @property
    def label(self) -> str:
        return self.type or self.card or self.statline or ""


class ForceRecord(_Model):
    player: str
    player_name: str
    side: str
    id: str
    name: str
    level: str = "battalion"
    doctrine: str | None = None
    hq: str | None = None
    units: list[UnitRecord]
    lost_order: list[str] = Field(default_factory=list)
    # who commanded the force before the player now in command, with the last round each played
    # (umpire campaign replace): [[name, last round], ...]
    earlier: list[tuple[str, int]] = Field(default_factory=list)

    def unit(self, uid: str) -> UnitRecord:
        return next(u for u in self.units if u.id == uid)

    def ready(self) -> list[UnitRecord]:
        return [u for u in self.units if u.status == "ready"]


class SideInfo(_Model):
    id: str
    name: str
    color: str = ""
    hq_rating: int | None = None


class GameResult(_Model):
    winner: str | None
    reason: str
    points: dict[str, int]
    lost: dict[str, list[str]]
    damaged: dict[str, list[str]] = Field(default_factory=dict)
    objectives: dict[str, list[str]] = Field(default_factory=dict)
    turn: int
    ended: str
    events: list[str] = Field(default_factory=list)
    between: list[str] = Field(default_factory=list)
    forfeit: str | None = None  # the side that forfeited the game (it was not played)


class GameRecord(_Model):
    id: str
    round: int
    name: str
    scenario: str
    table: str = ""
    turns: int
    players: list[str]
    status: Literal["scheduled", "set_up", "played"] = "scheduled"
    seed: Seed | None = None
    file: str | None = None
    digest: str | None = None  # of the game's log as imported (umpire.campaign.results.game_digest)
    result: GameResult | None = None


class CampaignState(_Model):
    id: str
    name: str
    ruleset: str
    seed: Seed
    rulings: dict[str, str] = Field(default_factory=dict)
    sides: list[SideInfo]
    forces: dict[str, ForceRecord]
    games: dict[str, GameRecord]
    rounds: int
    # Units in service per force at the start of each round (index 0: round 1), then at the end.
    strength: list[dict[str, int]] = Field(default_factory=list)
    # What the end of each round did (replacements), by round number.
    after_round: dict[int, list[str]] = Field(default_factory=dict)
    extra: dict[str, Any] = Field(default_factory=dict)

    # -- lookups ------------------------------------------------------------------------
    @property
    def round(self) -> int:
        """The round being played: the first with a game not yet imported (rounds + 1 at the end)."""
        todo = [g.round for g in self.games.values() if g.status != "played"]
        return min(todo) if todo else self.rounds + 1

    @property
    def finished(self) -> bool:
        return self.round > self.rounds

    def side_name(self, sid: str) -> str:
        return next((s.name for s in self.sides if s.id == sid), sid)

    def games_of(self, round_no: int) -> list[GameRecord]:
        return [g for g in self.games.values() if g.round == round_no]

    def forces_of(self, side: str) -> list[ForceRecord]:
        return [f for f in self.forces.values() if f.side == side]

    def owner(self, unit_id: str) -> ForceRecord | None:
        for f in self.forces.values():
            if any(u.id == unit_id for u in f.units):
                return f
        return None

    def strength_now(self) -> dict[str, int]:
        return {pid: len(f.ready()) for pid, f in self.forces.items()}

    def copy_for_change(self) -> CampaignState:
        return self.model_copy(deep=True)


def initial_state(season: Season, *, campaign_id: str) -> CampaignState:
    """The campaign before any game: every force at full strength, every game scheduled."""
    forces: dict[str, ForceRecord] = {}
    for p in season.players:
        f = p.force
        forces[p.id] = ForceRecord(
            player=p.id, player_name=p.name or p.id, side=p.side, id=f.id, name=f.name or f.id, level=f.level,
            doctrine=f.doctrine, hq=f.hq,
            units=[UnitRecord(id=u.id, name=u.name or u.id, kind=u.kind, type=u.type, statline=u.statline,
                              card=u.card, quality=u.quality, base=u.base) for u in f.units],
        )
    games = {
        g.id: GameRecord(id=g.id, round=r, name=g.name or g.id, scenario=g.scenario, table=g.table, turns=g.turns,
                         players=list(g.deploy))
        for r, g in season.games()
    }
    state = CampaignState(
        id=campaign_id, name=season.name, ruleset=season.ruleset, seed=season.seed, rulings=dict(season.rulings),
        sides=[SideInfo(id=s.id, name=s.name or s.id, color=s.color, hq_rating=s.hq_rating) for s in season.sides],
        forces=forces, games=games, rounds=len(season.rounds),
    )
    state.strength.append(state.strength_now())
    return state
