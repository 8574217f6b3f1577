"""The season file: the sides, the players and their forces, and the schedule of games.

A season is YAML, validated here with unknown fields refused (a misspelt field is named with
its path). Each player commands one force (a formation with its units, typed from the
ruleset's data); each round's games name a scenario (its table, terrain and game settings:
its own forces are not used), the players who take part and the box each deploys in.
:func:`umpire.campaign.setup.load_season` also checks what pydantic cannot: ids used once, unit types the ruleset
has, players in one game a round, deployment boxes on the table, objectives that exist.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, field_validator

from umpire.errors import DataError, UmpireError, unknown
from umpire.schema.checked import Base, Checked, Colour, Ident, Seed
from umpire.schema.limits import MAX_SEASON_BYTES, MAX_TABLE
from umpire.schema.scenario import Level, UnitKind

Inches = Annotated[float, Field(ge=0, le=MAX_TABLE)]
Quality = Literal["elite", "veteran", "regular", "recruit", "militia"]


class _Strict(Checked):
    """Unknown fields refused, every number and text checked (umpire.schema.checked)."""


class SideSpec(_Strict):
    id: Ident = Field(description="the side's id")
    name: str | None = Field(None, description="its name on the reports")
    color: Colour = Field("", description="its colour on the map: #rrggbb or a colour word")
    hq_rating: int | None = Field(None, ge=1, le=10, description="Auftragstaktik: the side's HQ rating (ORDERS)")


class UnitSpec(_Strict):
    id: str = Field(min_length=1, max_length=40, description="the stand's id, unique in the season")
    name: str | None = Field(None, description="its name on the reports")
    kind: UnitKind | None = Field(None, description="company, platoon, battery or hq (Auftragstaktik), model (MBT)")
    type: str | None = Field(None, description="Auftragstaktik: a bundled unit; MBT: a leg unit's type")
    statline: str | None = Field(None, description="Auftragstaktik: its own stat line (instead of type)")
    card: str | None = Field(None, description="MBT: its data card id")
    quality: Quality = Field("regular", description="its troop quality")
    base: Base | None = Field(None, description="its base, width by depth in inches")


class ForceSpec(_Strict):
    id: str = Field(min_length=1, max_length=40, description="the force's id (its formation in every game)")
    name: str | None = Field(None, description="its name on the reports")
    level: Level = Field("battalion",
        description="its echelon: platoon, company, battalion, regiment, brigade or division")
    doctrine: Literal["decentralized", "balanced", "centralized"] | None = Field(None,
        description="Auftragstaktik: its command doctrine (either spelling)")
    hq: str | None = Field(None, description="the id of its HQ stand")
    units: list[UnitSpec] = Field(min_length=1, max_length=60, description="its stands")


class PlayerSpec(_Strict):
    id: Ident = Field(description="the player's id (letters, digits, - and _)")
    name: str | None = Field(None, description="the player's name")
    side: str = Field(description="the side they play")
    force: ForceSpec = Field(description="the force they command all season")


class DeploySpec(_Strict):
    box: tuple[Inches, Inches, Inches, Inches] = Field(description="x0, y0, x1, y1 in inches")
    facing: float = Field(0.0, ge=-360, le=720,
        description="the facing the force deploys at, degrees clockwise from the far edge")

    @field_validator("box")
    @classmethod
    def _ordered(cls, v: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = v
        if not (x0 < x1 and y0 < y1):
            raise ValueError("give the box as [x0, y0, x1, y1] with x0 < x1 and y0 < y1")
        return v


class ObjectiveSpec(_Strict):
    terrain: str = Field(min_length=1, description="the id of a terrain piece of the game's scenario")
    points: int = Field(10, ge=0, le=1000, description="victory points for the side controlling it")


class GameSpec(_Strict):
    id: Ident = Field(description="the game's id (letters, digits, - and _)")
    name: str | None = Field(None, description="its name on the reports")
    scenario: str = Field(min_length=1, description="a scenario file (relative to the season) or a bundled name")
    table: str = Field("", description="the club table it is played on")
    turns: int = Field(3, ge=1, le=50, description="turns the game lasts")
    objectives: list[ObjectiveSpec] = Field(default_factory=list,
        description="terrain pieces of the scenario worth victory points")
    deploy: dict[str, DeploySpec] = Field(min_length=2, description="player id -> where the force deploys")


class RoundSpec(_Strict):
    name: str | None = Field(None, description="the round's name")
    games: list[GameSpec] = Field(min_length=1, max_length=20, description="the games played in it")


class Season(_Strict):
    #: What stands in for a part every other check hangs on when it is wrong or missing, so that
    #: ``umpire check`` checks the rest in the same run (its own problem is said):
    #: :func:`umpire.schema.settle.settle`.
    stand_ins: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "name": lambda given: "(a season)",
        "seed": lambda given: 1,
    }

    name: str = Field(min_length=1, max_length=120, description="the season's name")
    ruleset: str = Field(description="the ruleset its games are played under, by name or alias")
    description: str = Field("", description="what the players are told of the campaign")
    seed: Seed = Field(description="the seed every game's dice are keyed to (docs/keyed-dice.md)")
    rulings: dict[str, str] = Field(default_factory=dict,
        description="NAME: CHOICE for each campaign or game ruling read otherwise than by default")
    sides: list[SideSpec] = Field(min_length=2, max_length=2, description="the two sides")
    players: list[PlayerSpec] = Field(min_length=2, max_length=64,
        description="the players, each with the force they command")
    rounds: list[RoundSpec] = Field(min_length=1, max_length=30, description="the schedule: rounds of games, in order")

    @field_validator("ruleset")
    @classmethod
    def _known_ruleset(cls, value: str) -> str:
        from umpire.registry import campaign_rules

        return campaign_rules(value).name

    # -- lookups ------------------------------------------------------------------------
    def player(self, pid: str) -> PlayerSpec:
        return next(p for p in self.players if p.id == pid)

    def side(self, sid: str) -> SideSpec:
        return next(s for s in self.sides if s.id == sid)

    def games(self) -> list[tuple[int, GameSpec]]:
        """Every game with its round number (1-based), in schedule order."""
        return [(r, g) for r, rnd in enumerate(self.rounds, 1) for g in rnd.games]

    def game(self, gid: str) -> tuple[int, GameSpec]:
        for r, g in self.games():
            if g.id == gid:
                return r, g
        raise unknown("game", gid, [g.id for _, g in self.games()])


def structure_problems(season: Season) -> list[str]:
    """What pydantic cannot check: ids used once, sides that exist, one game a round per player."""
    out: list[str] = []
    sides = [s.id for s in season.sides]
    if len(set(sides)) != len(sides):
        out.append(f"sides: the two sides have one id ({sides[0]!r})")
    seen: dict[str, str] = {}

    def claim(kind: str, ident: str, where: str) -> None:
        if ident in seen:
            out.append(f"{where}: {kind} id {ident!r} is used twice (first at {seen[ident]})")
        else:
            seen[ident] = where

    for i, p in enumerate(season.players):
        claim("player", p.id, f"players[{i}].id")
        if p.side not in sides:
            out.append(f"players[{i}].side: {p.side!r} is not a side (allowed: {', '.join(sides)})")
        claim("force", p.force.id, f"players[{i}].force.id")
        ids = [u.id for u in p.force.units]
        for j, u in enumerate(p.force.units):
            claim("unit", u.id, f"players[{i}].force.units[{j}].id")
        if p.force.hq is not None and p.force.hq not in ids:
            out.append(f"players[{i}].force.hq: {p.force.hq!r} is not a unit of the force (units: {', '.join(ids)})")
    players = {p.id: p for p in season.players}
    for side in sides:
        if not any(p.side == side for p in season.players):
            out.append(f"players: no player on side {side!r}")
    for r, rnd in enumerate(season.rounds):
        busy: dict[str, str] = {}
        for g, game in enumerate(rnd.games):
            where = f"rounds[{r}].games[{g}]"
            claim("game", game.id, f"{where}.id")
            for pid in game.deploy:
                if pid not in players:
                    out.append(f"{where}.deploy: {unknown('player', pid, players)}")
                    continue
                if pid in busy:
                    out.append(f"{where}.deploy.{pid}: the player already plays {busy[pid]!r} in round {r + 1} "
                               "(one game a round)")
                busy[pid] = game.id
            there = {players[p].side for p in game.deploy if p in players}
            if there and there != set(sides):
                missing = ", ".join(s for s in sides if s not in there)
                out.append(f"{where}.deploy: no player of side {missing} (each game needs both sides)")
    return out


def read_season(path: Path) -> Season:
    """Read and validate a season file (structure only; see :func:`umpire.campaign.setup.load_season`).

    :raises DataError: naming the file, the field and what is allowed.
    """
    from umpire.schema.load import read_yaml, validate

    path = Path(path)
    data = read_yaml(path, MAX_SEASON_BYTES)
    season = validate(Season, data, str(path))
    problems = structure_problems(season)
    if problems:
        raise DataError("\n".join(f"{path}: {p}" for p in problems))
    return season


def resolve_season(name_or_path: str) -> Path:
    """A season file that exists, or the bundled season of that name (``campaigns/NAME.yaml``).

    :raises UmpireError: naming the bundled seasons.
    """
    from umpire.resources import resource_dir

    path = Path(name_or_path)
    if path.is_file():
        return path
    known = {p.stem: p for p in sorted(resource_dir("campaigns").glob("*.yaml"))}
    key = path.stem if path.suffix in (".yaml", ".yml") else name_or_path
    if key in known:
        return known[key]
    if path.suffix or "/" in name_or_path:
        raise UmpireError(f"--from: no file {name_or_path!r} (bundled seasons: {', '.join(known)})")
    raise unknown("season", name_or_path, known)
