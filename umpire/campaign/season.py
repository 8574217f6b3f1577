"""The season file: the sides, the players and their forces, and the schedule of games.

A season is YAML, validated here with unknown fields refused (a misspelt field is named with
its path). Each player commands one force (a formation with its units, typed from the
ruleset's data); each round's games name a scenario (its table, terrain and game settings:
its own forces are not used), the players who take part and the box each deploys in.
:func:`load_season` also checks what pydantic cannot: ids used once, unit types the ruleset
has, players in one game a round, deployment boxes on the table, objectives that exist.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, field_validator

from umpire.errors import DataError, UmpireError
from umpire.schema.checked import Base, Checked, Colour, Ident, Seed
from umpire.schema.limits import MAX_TABLE

Inches = Annotated[float, Field(ge=0, le=MAX_TABLE)]
Quality = Literal["elite", "veteran", "regular", "recruit", "militia"]
MAX_SEASON_BYTES = 1_000_000


class _Strict(Checked):
    """Unknown fields refused, every number and text checked (umpire.schema.checked)."""


class SideSpec(_Strict):
    id: Ident
    name: str | None = None
    color: Colour = ""
    hq_rating: int | None = Field(None, ge=1, le=10)


class UnitSpec(_Strict):
    id: str = Field(min_length=1, max_length=40)
    name: str | None = None
    kind: str | None = None
    type: str | None = None
    statline: str | None = None
    card: str | None = None
    quality: Quality = "regular"
    base: Base | None = None


class ForceSpec(_Strict):
    id: str = Field(min_length=1, max_length=40)
    name: str | None = None
    level: str = "battalion"
    doctrine: Literal["decentralized", "balanced", "centralized"] | None = None
    hq: str | None = None
    units: list[UnitSpec] = Field(min_length=1, max_length=60)


class PlayerSpec(_Strict):
    id: Ident
    name: str | None = None
    side: str
    force: ForceSpec


class DeploySpec(_Strict):
    box: tuple[Inches, Inches, Inches, Inches] = Field(description="x0, y0, x1, y1 in inches")
    facing: float = Field(0.0, ge=-360, le=720)

    @field_validator("box")
    @classmethod
    def _ordered(cls, v: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = v
        if not (x0 < x1 and y0 < y1):
            raise ValueError("give the box as [x0, y0, x1, y1] with x0 < x1 and y0 < y1")
        return v


class ObjectiveSpec(_Strict):
    terrain: str = Field(min_length=1)
    points: int = Field(10, ge=0, le=1000)


class GameSpec(_Strict):
    id: Ident
    name: str | None = None
    scenario: str = Field(min_length=1, description="a scenario file (relative to the season) or a bundled name")
    table: str = ""
    turns: int = Field(3, ge=1, le=50)
    objectives: list[ObjectiveSpec] = Field(default_factory=list)
    deploy: dict[str, DeploySpec] = Field(min_length=2, description="player id -> where the force deploys")


class RoundSpec(_Strict):
    name: str | None = None
    games: list[GameSpec] = Field(min_length=1, max_length=20)


class Season(_Strict):
    name: str = Field(min_length=1, max_length=120)
    ruleset: str
    description: str = ""
    seed: Seed
    rulings: dict[str, str] = Field(default_factory=dict)
    sides: list[SideSpec] = Field(min_length=2, max_length=2)
    players: list[PlayerSpec] = Field(min_length=2, max_length=64)
    rounds: list[RoundSpec] = Field(min_length=1, max_length=30)

    @field_validator("ruleset")
    @classmethod
    def _known_ruleset(cls, value: str) -> str:
        from umpire.registry import find_ruleset

        return find_ruleset(value).name

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
        from umpire.errors import unknown

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
            out.append(f"{where}: {kind} id {ident!r} is used twice (also at {seen[ident]})")
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
                    from umpire.errors import unknown

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
    """Read and validate a season file (structure only; see :func:`load_season`).

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
    from umpire.errors import unknown
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


def load_season(path: Path) -> tuple[Season, dict[str, object]]:
    """Read a season and check it against its ruleset: unit types, rulings, every game's setup.

    Returns the season and the scenarios of its games as stored data (``{game id: scenario
    JSON}``), so the campaign file holds everything it needs.

    :raises DataError: one line per problem, each naming the field and what is allowed.
    """
    from umpire.campaign.rulings import campaign_book

    path = Path(path)
    season = read_season(path)
    where = str(path)
    problems: list[str] = []
    try:
        campaign_book(season.ruleset).select(season.rulings)
    except UmpireError as exc:
        problems.append(f"{where}: rulings: {exc}")
    problems += _unit_problems(season, where)
    scenarios: dict[str, object] = {}
    if not problems:
        from umpire.campaign.setup import check_game, load_base

        for r, game in season.games():
            gwhere = f"{where}: rounds[{r - 1}] game {game.id!r}"
            try:
                base = load_base(game.scenario, path.parent, gwhere)
                scenarios[game.id] = base.model_dump(mode="json")
                check_game(season, game, base, gwhere)
            except UmpireError as exc:
                problems.append(str(exc))
    if problems:
        raise DataError("\n".join(problems))
    return season, scenarios


def _unit_problems(season: Season, where: str) -> list[str]:
    """Every unit's type (Auftragstaktik: a bundled type or a stat line; MBT: a data card)."""
    out = []
    for i, p in enumerate(season.players):
        for j, u in enumerate(p.force.units):
            field = f"{where}: players[{i}].force.units[{j}]"
            try:
                if season.ruleset == "auftragstaktik":
                    from umpire.rules.auftragstaktik.library import find_unit
                    from umpire.rules.auftragstaktik.statline import parse_statline

                    if u.statline:
                        parse_statline(u.statline, u.name or u.id, where=f"{field}.statline")
                    elif u.type:
                        find_unit(u.type, field=f"{field}.type")
                    else:
                        raise UmpireError(f"{field}: give type: (a unit of the bundled data) or statline:")
                elif season.ruleset == "mbt":
                    from umpire.rules.mbt.data import card

                    if not u.card:
                        raise UmpireError(f"{field}: give card: (an MBT data card id, e.g. USA-1B)")
                    try:
                        card(u.card)
                    except UmpireError as exc:
                        raise UmpireError(f"{field}.card: {exc}") from None
            except UmpireError as exc:
                msg = str(exc)
                out.append(msg if msg.startswith(field) else f"{field}: {msg}")
    return out
