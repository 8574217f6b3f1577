"""The scenario file: the table, its terrain, the sides and their orders of battle.

A scenario is YAML, validated here with unknown fields rejected, then turned into the first
:class:`~umpire.core.state.GameState` of a game by :func:`initial_state`. Positions are inches
from the umpire's near-left corner (``at: [x, y]``), or distances from two table edges
(``edges: {top: 23, right: 13}``, MBT 23.3.2.3). Organisation is written as it is on paper:
formations nested in formations, units inside the formation they belong to.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import ConfigDict, Field, field_validator, model_validator

from umpire.core.state import (
    FormationState,
    GameState,
    SideState,
    Table,
    TerrainState,
    UnitState,
)
from umpire.errors import DataError
from umpire.schema.campaign_mark import CampaignMark
from umpire.schema.checked import Base, Checked, Seed, TableInches, Vertices
from umpire.schema.mbt_forces import ToeSpec
from umpire.schema.mbt_setup import AdvancedSpec

Point = tuple[float, float]
Quality = Literal["elite", "veteran", "regular", "recruit", "militia"]


class _Strict(Checked):
    model_config = ConfigDict(extra="forbid")


class TableSpec(_Strict):
    width: TableInches = Field(description="inches, left to right")
    depth: TableInches = Field(description="inches, near edge to far edge")


class TerrainSpec(_Strict):
    id: str = Field(min_length=1)
    type: str
    name: str = ""
    polygon: Vertices | None = None
    line: Vertices | None = None
    height: float = Field(0.0, ge=0)

    @model_validator(mode="after")
    def _one_shape(self) -> TerrainSpec:
        if (self.polygon is None) == (self.line is None):
            raise ValueError("give exactly one of polygon (an area) or line (a road, stream...)")
        if self.polygon is not None and len(self.polygon) < 3:
            raise ValueError(f"a polygon needs at least 3 points (got {len(self.polygon)})")
        if self.line is not None and len(self.line) < 2:
            raise ValueError(f"a line needs at least 2 points (got {len(self.line)})")
        return self


class Edges(_Strict):
    top: float | None = Field(None, ge=0)
    bottom: float | None = Field(None, ge=0)
    left: float | None = Field(None, ge=0)
    right: float | None = Field(None, ge=0)

    @model_validator(mode="after")
    def _two_edges(self) -> Edges:
        if (self.top is None) == (self.bottom is None) or (self.left is None) == (self.right is None):
            raise ValueError("give one of top/bottom and one of left/right, e.g. {top: 23, right: 13}")
        return self

    def point(self, table: TableSpec | Table) -> Point:
        y = table.depth - self.top if self.top is not None else float(self.bottom or 0.0)
        x = table.width - self.right if self.right is not None else float(self.left or 0.0)
        return (x, y)


class UnitSpec(_Strict):
    id: str = Field(min_length=1)
    name: str | None = None
    kind: str | None = None
    type: str | None = None
    statline: str | None = None
    card: str | None = None
    quality: Quality = "regular"
    at: Point | None = None
    edges: Edges | None = None
    facing: float = 0.0
    base: Base | None = None
    orders: str | None = None
    # MBT Advanced Game (12.5, 12.7, 13.4, 15.3, 15.4.5): grade, attached weapons, doctrine,
    # carried at the start by a vehicle of its side, inside buildings or on an upper floor.
    grade: Literal["crack", "average", "poor"] | None = None
    equipment: str | None = None
    doctrine: bool = False
    carried_by: str | None = None
    inside: bool = False
    up: int = Field(0, ge=0, le=20)

    @model_validator(mode="after")
    def _one_position(self) -> UnitSpec:
        if self.at is not None and self.edges is not None:
            raise ValueError("give at: [x, y] or edges: {...}, not both")
        return self


class FormationSpec(_Strict):
    id: str = Field(min_length=1)
    name: str | None = None
    level: str = "battalion"
    hq: str | None = None
    doctrine: Literal["decentralized", "balanced", "centralized"] | None = None
    formations: list[FormationSpec] = Field(default_factory=list)
    units: list[UnitSpec] = Field(default_factory=list)
    toe: ToeSpec | None = Field(None, description="MBT: a TO&E organisation and variant, expanded into its models")


class AirSpec(_Strict):
    """A flight of aircraft a side may call on (Auftragstaktik MISCELLANEOUS RULES > Airstrikes)."""

    id: str = Field(min_length=1)
    name: str | None = None
    ordnance_tons: float = Field(gt=0, description="ordnance per aircraft, tons (RATING UNITS > Indirect)")
    statline: str | None = Field(None, description="for strafing: the aircraft's AT and HW ratings")
    quality: Quality = "regular"
    sorties: int = Field(1, ge=1, description="strikes it may fly in the game")


class SideSpec(_Strict):
    id: str = Field(min_length=1)
    name: str | None = None
    color: str = ""
    hq_rating: int | None = None
    c3: int | None = Field(None, ge=1, le=5, description="C3 level for counter-battery fire (1-5)")
    icm: Literal["one_per_stand", "unlimited"] | None = Field(
        None, description="ICM missions per artillery stand a game (unlimited: US forces of the late 1980s)"
    )
    air: list[AirSpec] = Field(default_factory=list)
    formations: list[FormationSpec] = Field(default_factory=list)
    units: list[UnitSpec] = Field(default_factory=list)


class ObjectiveSpec(_Strict):
    terrain: str = Field(min_length=1, description="id of the terrain piece that is the objective")
    points: int = Field(10, ge=0, description="victory points for the side controlling it")


class SetupZoneSpec(_Strict):
    edge: Literal["left", "right", "near", "far"] = Field(
        description="the table edge the side sets up along (mapboard side 1 or 4, 2.4)")
    depth: float = Field(4, gt=0, description="hexes from that edge (2.5: 4)")


class MbtSpec(_Strict):
    """How an MBT scenario is played (the Basic Game scenario of 2.0-9.4 by default)."""

    game: Literal["basic", "advanced"] = "basic"
    matchup: str | None = None
    turns: int = Field(10, ge=1)
    scale: float = Field(1.0, gt=0, description="inches per hex (23.3.2.1)")
    conditions: Literal["day", "dusk", "moonlight", "night"] = "day"
    objectives: list[ObjectiveSpec] = Field(default_factory=list)
    win_margin: int = Field(30, ge=0)
    setup: dict[str, SetupZoneSpec] = Field(
        default_factory=dict, description="per side: its setup zone (2.4, 2.5), checked when the game is created")
    advanced: AdvancedSpec | None = Field(None, description="the Advanced Game scenario's own rules (Scenario Format)")


class Scenario(_Strict):
    name: str
    ruleset: str
    description: str = ""
    table: TableSpec
    seed: Seed | None = None
    rulings: dict[str, str] = Field(default_factory=dict)
    terrain: list[TerrainSpec] = Field(default_factory=list)
    sides: list[SideSpec] = Field(min_length=2)
    mbt: MbtSpec | None = None
    weather: Literal["clear", "mud", "deep snow"] = Field("clear", description="Auftragstaktik weather effects")
    night: bool | list[int] = Field(False, description="Auftragstaktik: every turn at night, or these turns")
    campaign: CampaignMark | None = Field(None, description="set by umpire campaign next: the slot, carried losses")

    @field_validator("ruleset")
    @classmethod
    def _known_ruleset(cls, value: str) -> str:
        from umpire.rules import find_ruleset

        return find_ruleset(value).name


def _walk(side: SideSpec) -> list[tuple[FormationSpec | None, str | None, UnitSpec]]:
    out: list[tuple[FormationSpec | None, str | None, UnitSpec]] = [(None, None, u) for u in side.units]

    def visit(f: FormationSpec) -> None:
        if f.toe is not None:
            from umpire.schema.mbt_forces import expand

            for u in expand(f.id, f.toe, f"formation {f.id!r}"):
                out.append((f, f.id, UnitSpec.model_validate(u)))
        for u in f.units:
            out.append((f, f.id, u))
        for child in f.formations:
            visit(child)

    for f in side.formations:
        visit(f)
    return out


def initial_state(scenario: Scenario, *, seed: int, where: str = "scenario") -> GameState:
    """The state at the start of a game: terrain, sides, formations and units placed.

    :raises DataError: for duplicate ids, positions off the table, bad terrain, unknown types.
    """
    from umpire.schema.bases import default_base

    problems: list[str] = []
    table = Table(width=scenario.table.width, depth=scenario.table.depth)
    seen_ids: dict[str, str] = {}

    def claim(kind: str, ident: str, path: str) -> None:
        if ident in seen_ids:
            problems.append(f"{where}: {path}.id: {kind} id {ident!r} is used twice (also at {seen_ids[ident]})")
        else:
            seen_ids[ident] = path

    terrain = []
    for i, t in enumerate(scenario.terrain):
        claim("terrain", t.id, f"terrain[{i}]")
        terrain.append(TerrainState(id=t.id, type=t.type, name=t.name, polygon=t.polygon, line=t.line, height=t.height))

    sides: list[SideState] = []
    formations: list[FormationState] = []
    units: dict[str, UnitState] = {}
    for si, side in enumerate(scenario.sides):
        claim("side", side.id, f"sides[{si}]")
        sides.append(SideState(id=side.id, name=side.name or side.id, color=side.color, hq_rating=side.hq_rating))

        def add_formation(f: FormationSpec, parent: str | None, path: str, side_id: str = side.id) -> None:
            claim("formation", f.id, path)
            formations.append(FormationState(
                id=f.id, name=f.name or f.id, side=side_id, level=f.level, parent=parent,
                hq=f.hq, doctrine=f.doctrine,
            ))
            for ci, child in enumerate(f.formations):
                add_formation(child, f.id, f"{path}.formations[{ci}]")

        for fi, f in enumerate(side.formations):
            add_formation(f, None, f"sides[{si}].formations[{fi}]")
        for ui, (_f, formation_id, u) in enumerate(_walk(side)):
            path = f"sides[{si}] unit {u.id!r}"
            claim("unit", u.id, path)
            x = y = None
            if u.at is not None:
                x, y = u.at
            elif u.edges is not None:
                x, y = u.edges.point(table)
            if x is not None and y is not None and not (0 <= x <= table.width and 0 <= y <= table.depth):
                problems.append(
                    f"{where}: {path}: position ({x:g}, {y:g}) is off the table "
                    f"(x 0-{table.width:g}, y 0-{table.depth:g})"
                )
            kind = u.kind or ("model" if scenario.ruleset == "mbt" else "company")
            units[u.id] = UnitState(
                id=u.id, name=u.name or u.id, side=side.id, formation=formation_id, kind=kind,
                type=u.type, statline=u.statline, card=u.card, quality=u.grade or u.quality, x=x, y=y,
                facing=u.facing % 360, base=u.base or default_base(scenario.ruleset, kind),
                orders=u.orders,
            )
            if scenario.ruleset == "mbt":
                from umpire.schema.mbt_setup import unit_notes

                units[u.id].notes.update(unit_notes(u))
            del ui
    _resolve_unit_types(scenario.ruleset, units, problems, where)
    if scenario.ruleset == "auftragstaktik":
        given = {u.id: u for _f, _fid, u in (x for side in scenario.sides for x in _walk(side))}
        for u in units.values():
            spec = given[u.id]
            if spec.base is None and u.statline:
                u.base = stand_base(spec.kind, u.statline, u.type)
    for f in formations:
        if f.hq is not None and f.hq not in units:
            problems.append(f"{where}: formation {f.id!r}: hq {f.hq!r} is not a unit of the scenario")
    extra: dict[str, Any] = {}
    support = {
        side.id: {
            k: v
            for k, v in (
                ("c3", side.c3),
                ("icm", side.icm),
                ("air", [a.model_dump(exclude_none=True) for a in side.air]),
            )
            if v
        }
        for side in scenario.sides
        if side.c3 is not None or side.air or side.icm is not None
    }
    if support:
        if scenario.ruleset != "auftragstaktik":
            problems.append(
                f"{where}: sides: c3:, icm: and air: are Auftragstaktik fields (ruleset is {scenario.ruleset})"
            )
        for side in scenario.sides:
            for i, a in enumerate(side.air):
                claim("flight", a.id, f"sides.{side.id}.air[{i}]")
                if a.statline:
                    try:
                        from umpire.rules.auftragstaktik.statline import parse_statline

                        parse_statline(a.statline, f"sides.{side.id}.air[{i}].statline")
                    except Exception as exc:  # noqa: BLE001 - reported as a scenario problem
                        problems.append(f"{where}: {exc}")
        extra["support"] = support
    if scenario.weather != "clear":
        extra["weather"] = scenario.weather
    if scenario.night:
        extra["night"] = scenario.night
    if (scenario.weather != "clear" or scenario.night) and scenario.ruleset != "auftragstaktik":
        problems.append(f"{where}: weather: and night: are Auftragstaktik fields (ruleset is {scenario.ruleset})")
    if scenario.mbt is not None:
        extra["mbt"] = _mbt_setup(scenario, units, terrain, problems, where)
    if scenario.campaign is not None:
        from umpire.schema.campaign_mark import carry

        carry(units, scenario.campaign, problems, where)
        extra["campaign"] = scenario.campaign.header()
    if problems:
        raise DataError("\n".join(problems))
    return GameState(
        name=scenario.name, ruleset=scenario.ruleset, table=table, seed=seed,
        rulings=dict(scenario.rulings), terrain=terrain, sides=sides, formations=formations,
        units=units, extra=extra,
    )


def _mbt_setup(
    scenario: Scenario, units: dict[str, UnitState], terrain: list[TerrainState], problems: list[str], where: str
) -> dict[str, Any]:
    """The ``mbt:`` block as the turn sequence keeps it in ``state.extra["mbt"]``."""
    from umpire.errors import UmpireError

    spec = scenario.mbt
    assert spec is not None
    if scenario.ruleset != "mbt":
        problems.append(f"{where}: mbt: only an MBT scenario takes an mbt: block (ruleset is {scenario.ruleset})")
    ids = {t.id for t in terrain}
    for i, o in enumerate(spec.objectives):
        if o.terrain not in ids:
            problems.append(f"{where}: mbt.objectives[{i}].terrain: {o.terrain!r} is not a terrain id "
                            f"(known: {', '.join(sorted(ids)) or 'none'})")
    _mbt_setup_zones(scenario, units, problems, where)
    if spec.game == "advanced":
        from umpire.schema.mbt_setup import check_relief, check_units

        check_units(units, problems, where)
        check_relief(spec.advanced, units, [s.id for s in scenario.sides], problems, where)
    elif spec.advanced is not None:
        problems.append(f"{where}: mbt.advanced: only an Advanced Game scenario (game: advanced) takes it")
    if spec.matchup is not None and spec.game == "basic":
        from umpire.rules.mbt.basic_game import check_matchup

        cards: dict[str, list[str]] = {s.id: [] for s in scenario.sides}
        for u in units.values():
            cards[u.side].append(u.card or "")
        try:
            check_matchup(spec.matchup, cards)
        except UmpireError as exc:
            problems.append(f"{where}: mbt.matchup: {exc}")
    return spec.model_dump(mode="json")


def _mbt_setup_zones(scenario: Scenario, units: dict[str, UnitState], problems: list[str], where: str) -> None:
    """2.5 as converted (23.3.2.1): each model's centre within ``depth`` hex lengths of its
    side's edge (the partial hexes along the edge count), and one combat unit per hex: no
    two models of a side with centres nearer than half a hex length (4.3, see
    :data:`umpire.rules.mbt.basic_game.STACK_HEXES`)."""
    import math

    from umpire.rules.mbt.basic_game import STACK_HEXES

    spec = scenario.mbt
    assert spec is not None
    sides = {s.id for s in scenario.sides}
    for sid in spec.setup:
        if sid not in sides:
            problems.append(f"{where}: mbt.setup.{sid}: not a side (allowed: {', '.join(sorted(sides))})")
    w, d = scenario.table.width, scenario.table.depth
    for sid, zone in spec.setup.items():
        limit = zone.depth * spec.scale
        # a unit off the table is reported once, as off the table, not again as outside its zone
        placed = [u for u in units.values() if u.side == sid and u.x is not None and u.y is not None
                  and 0 <= u.x <= w and 0 <= u.y <= d]
        for u in placed:
            off = {"left": u.x, "right": w - u.x, "near": u.y, "far": d - u.y}[zone.edge]  # type: ignore[operator]
            if off > limit + 1e-9:
                problems.append(
                    f"{where}: unit {u.id!r}: at ({u.x:g}, {u.y:g}) it is {off:g}\" from the {zone.edge} edge; "
                    f"{sid} sets up within {limit:g}\" of it ({zone.depth:g} hexes, 2.5)")
        for i, a in enumerate(placed if spec.game == "basic" else []):  # 12.2: no limit in the Advanced Game
            for b in placed[i + 1:]:
                gap = math.dist((a.x, a.y), (b.x, b.y))  # type: ignore[arg-type]
                if gap < STACK_HEXES * spec.scale - 1e-9:
                    problems.append(
                        f"{where}: units {a.id!r} and {b.id!r}: {gap:.2g}\" apart, in one hex (2.5: one combat "
                        f"unit per hex; centres at least {STACK_HEXES * spec.scale:g}\" apart)")


def stand_base(kind: str | None, statline: str, type_name: str | None) -> tuple[float, float]:
    """An Auftragstaktik stand's base when the scenario gives none (BASING: 1.5 x 1 companies,
    1 x 1 platoons; MISCELLANEOUS RULES > Headquarters Stands: "In all cases they are
    represented as a medium company"). Without a kind (or for a battery) the stat line's size
    decides: a platoon-sized code (sp, mp, lp; sb, mb are platoon-sized batteries) is a platoon."""
    from umpire.errors import UmpireError
    from umpire.rules.auftragstaktik.ratings import BATTERY
    from umpire.rules.auftragstaktik.statline import parse_statline
    from umpire.schema.bases import default_base

    role = ""
    if type_name:
        from umpire.rules.auftragstaktik.library import find_unit

        try:
            role = find_unit(type_name).role
        except UmpireError:
            role = ""
    if kind == "hq" or role == "hq":
        return default_base("auftragstaktik", "hq")
    if kind in (None, "battery"):
        size = parse_statline(statline, "").sizes[0]
        size = BATTERY.get(size, size)
        return default_base("auftragstaktik", "platoon" if size in ("sp", "mp", "lp") else "company")
    return default_base("auftragstaktik", kind)


def _resolve_unit_types(ruleset: str, units: dict[str, UnitState], problems: list[str], where: str) -> None:
    """Fill each unit's ratings from the ruleset's data, and check the ones given inline.

    Auftragstaktik: a unit names a bundled ``type`` (its stat line is taken from the data) or
    gives its own ``statline``, which must parse. MBT: a unit names a data ``card``.
    """
    from umpire.errors import UmpireError

    for u in units.values():
        try:
            if ruleset == "auftragstaktik":
                from umpire.rules.auftragstaktik.library import find_unit
                from umpire.rules.auftragstaktik.statline import parse_statline

                if u.statline:
                    parse_statline(u.statline, u.name, where=f"unit {u.id!r}: statline")
                elif u.type:
                    u.statline = find_unit(u.type, field=f"unit {u.id!r}: type").statline
                else:
                    raise UmpireError(
                        f"unit {u.id!r}: give type: (a unit of the bundled data) or statline:"
                    )
            elif ruleset == "mbt":
                from umpire.rules.mbt.cards import any_card

                if not u.card:
                    raise UmpireError(f"unit {u.id!r}: give card: (an MBT data card id, e.g. USA-1B)")
                u.card = any_card(u.card).card
        except UmpireError as exc:
            problems.append(f"{where}: {exc}")


def load_scenario(path: Path) -> Scenario:
    """Read and validate a scenario file (errors name the file, the field path and the value)."""
    from umpire.schema.limits import MAX_SCENARIO_BYTES
    from umpire.schema.load import load_model

    return load_model(Scenario, path, max_bytes=MAX_SCENARIO_BYTES)


def scenario_from_data(data: Any, where: str) -> Scenario:
    from umpire.schema.load import validate

    return validate(Scenario, data, where)
