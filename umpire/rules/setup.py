"""The first state of a game, built from a validated scenario with its ruleset's scenario checks.

The scenario file's shape is the schema's (:mod:`umpire.schema.scenario`); what a ruleset
accepts in it (unit types, stat lines, cards, setup rules, TO&E organisations) is the ruleset's,
given here as a :class:`ScenarioChecks` by the ruleset object (:mod:`umpire.registry`). Every
problem found is collected, and all are raised together as one :class:`~umpire.errors.DataError`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from umpire.core.state import (
    CampaignGame,
    FormationState,
    GameState,
    OwnState,
    SideState,
    Table,
    TerrainState,
    UnitState,
)
from umpire.errors import DataError, UmpireError
from umpire.schema.campaign_mark import carry
from umpire.schema.scenario import FormationSpec, Scenario, SideSpec, TerrainSpec, UnitSpec

Claim = Callable[[str, str, str], None]
"""``claim(kind, ident, path)``: an id used by the scenario (a second use of one is a problem)."""


class ScenarioChecks(Protocol):
    """What one ruleset checks and adds when a scenario (of its scenario model) becomes a game."""

    ruleset: str
    default_kind: str  # a unit's kind when the scenario gives none

    def expand(self, formation: FormationSpec) -> list[UnitSpec]:
        """The units a formation's organisation names (none: it lists its own).
        :raises UmpireError: for a bad organisation."""
        ...

    def unit_fields(self, spec: UnitSpec) -> dict[str, Any]:
        """The fields of a unit's state its spec gives in this ruleset (its type, stat line or
        card, quality, orders)."""
        ...

    def unit_own(self, spec: UnitSpec) -> OwnState:
        """A new unit's own state in this ruleset (its model: ``Ruleset.own_models``), with what its
        spec gives."""
        ...

    def formation_fields(self, spec: FormationSpec) -> dict[str, Any]:
        """The fields of a formation's state its spec gives in this ruleset (its doctrine)."""
        ...

    def side_fields(self, spec: SideSpec) -> dict[str, Any]:
        """The fields of a side's state its spec gives in this ruleset (its HQ rating)."""
        ...

    def resolve_units(self, scenario: Scenario, units: dict[str, UnitState], specs: dict[str, UnitSpec],
                      problems: list[str], where: str) -> None:
        """Fill each unit's ratings from the ruleset's data, checking the ones given inline."""
        ...

    def own_game(self, scenario: Scenario, units: dict[str, UnitState], terrain: list[TerrainState], claim: Claim,
                 problems: list[str], where: str) -> OwnState:
        """The ruleset's own state of the game at its start (its model: ``Ruleset.own_models``), from
        its blocks of the scenario, adding what is wrong with them to ``problems``."""
        ...

    def carry_damage(self, unit: UnitState, damage: str) -> None:
        """Put on ``unit`` a damage a campaign carries over from an earlier game (named as the
        ruleset's ``Campaigns.end_of_game`` named it). :raises UmpireError: for one it does not keep."""
        ...


def walk(side: SideSpec, checks: ScenarioChecks, problems: list[str] | None = None,
         where: str = "scenario", path: str = "side") -> list[tuple[FormationSpec | None, str | None, UnitSpec, str]]:
    """Every unit of a side with its formation and its place in the scenario (``path``: the
    side's; a unit of a ``toe:`` is at its formation's), a ``toe:`` expanded by the ruleset (a
    bad one is added to ``problems`` if given, else raised)."""
    out: list[tuple[FormationSpec | None, str | None, UnitSpec, str]] = [
        (None, None, u, f"{path}.units[{i}]") for i, u in enumerate(side.units)]

    def visit(f: FormationSpec, at: str) -> None:
        try:
            expanded = checks.expand(f)
        except UmpireError as exc:
            if problems is None:
                raise
            problems.append(f"{where}: {exc}")
            expanded = []
        for u in expanded:
            out.append((f, f.id, u, at))
        for i, u in enumerate(f.units):
            out.append((f, f.id, u, f"{at}.units[{i}]"))
        for i, child in enumerate(f.formations):
            visit(child, f"{at}.formations[{i}]")

    for i, f in enumerate(side.formations):
        visit(f, f"{path}.formations[{i}]")
    return out


#: How far past a table edge a terrain piece may run, as a share of that side of the table: a
#: wood or a road drawn to run off the edge is fine; a point farther out is a typo (x 300 on a
#: 72" table).
TERRAIN_OVERHANG = 0.1


def off_table(t: TerrainSpec, i: int, table: Table, problems: list[str], where: str) -> None:
    """A terrain piece must lie on the table, or run past an edge by at most
    :data:`TERRAIN_OVERHANG` of that side."""
    dx, dy = table.width * TERRAIN_OVERHANG, table.depth * TERRAIN_OVERHANG
    points = t.polygon if t.polygon is not None else t.line or []
    shape = "polygon" if t.polygon is not None else "line"
    for j, (x, y) in enumerate(points):
        if not (-dx <= x <= table.width + dx and -dy <= y <= table.depth + dy):
            problems.append(
                f"{where}: terrain[{i}].{shape}[{j}]: point ({x:g}, {y:g}) of terrain {t.id!r} is off the table "
                f"(x 0-{table.width:g}, y 0-{table.depth:g}; a piece may run past an edge by "
                f"{TERRAIN_OVERHANG:.0%} of that side: {dx:g}\" left and right, {dy:g}\" near and far)")
            return


def initial_state(scenario: Scenario, checks: ScenarioChecks, *, seed: int, where: str = "scenario") -> GameState:
    """The state at the start of a game: terrain, sides, formations and units placed.

    :raises DataError: for duplicate ids, positions off the table, bad terrain, unknown types.
    """
    problems: list[str] = []
    state = build_state(scenario, checks, seed=seed, where=where, problems=problems)
    if problems:
        raise DataError("\n".join(problems))
    return state


def _terrain(scenario: Scenario, table: Table, claim: Claim, problems: list[str],
             where: str) -> list[TerrainState]:
    """The scenario's terrain, each piece's id claimed and a piece off the table a problem."""
    terrain = []
    for i, t in enumerate(scenario.terrain):
        claim("terrain", t.id, f"terrain[{i}]")
        off_table(t, i, table, problems, where)
        terrain.append(TerrainState(id=t.id, type=t.type, name=t.name, polygon=t.polygon, line=t.line, height=t.height))
    return terrain


def _formations(side: SideSpec, si: int, checks: ScenarioChecks, claim: Claim) -> list[FormationState]:
    """The formations of ``side`` (the ``si``-th), each after its parent, each id claimed."""
    out: list[FormationState] = []

    def add(f: FormationSpec, parent: str | None, path: str) -> None:
        claim("formation", f.id, path)
        out.append(FormationState(
            id=f.id, name=f.name or f.id, side=side.id, level=f.level, parent=parent, hq=f.hq,
            **checks.formation_fields(f),
        ))
        for ci, child in enumerate(f.formations):
            add(child, f.id, f"{path}.formations[{ci}]")

    for fi, f in enumerate(side.formations):
        add(f, None, f"sides[{si}].formations[{fi}]")
    return out


def _position(u: UnitSpec, table: Table, where: str, problems: list[str]) -> tuple[float | None, float | None]:
    """Where a unit starts: at its point, or where its edges put it (nowhere: off the table until
    it enters); a place off the table a problem."""
    x = y = None
    if u.at is not None:
        x, y = u.at
    elif u.edges is not None:
        x, y = u.edges.point(table)
    if x is not None and y is not None and not (0 <= x <= table.width and 0 <= y <= table.depth):
        problems.append(
            f"{where}: position ({x:g}, {y:g}) is off the table "
            f"(x 0-{table.width:g}, y 0-{table.depth:g})"
        )
    return x, y


def build_state(scenario: Scenario, checks: ScenarioChecks, *, seed: int, where: str,
                problems: list[str]) -> GameState:
    """:func:`initial_state`, adding every problem to ``problems`` instead of raising (for
    ``umpire check``: the state is built as far as it can be, so later checks run on it too)."""
    from umpire.schema.bases import default_base

    table = Table(width=scenario.table.width, depth=scenario.table.depth)
    seen_ids: dict[str, str] = {}

    def claim(kind: str, ident: str, path: str) -> None:
        """The id of the part at ``path`` (its place in the file), said at the second use."""
        if ident in seen_ids:
            problems.append(f"{where}: {path}.id: {kind} id {ident!r} is used twice (first at {seen_ids[ident]})")
        else:
            seen_ids[ident] = path

    terrain = _terrain(scenario, table, claim, problems, where)

    sides: list[SideState] = []
    formations: list[FormationState] = []
    units: dict[str, UnitState] = {}
    specs: dict[str, UnitSpec] = {}
    for si, side in enumerate(scenario.sides):
        claim("side", side.id, f"sides[{si}]")
        sides.append(SideState(id=side.id, name=side.name or side.id, color=side.color, **checks.side_fields(side)))
        formations += _formations(side, si, checks, claim)
        for _f, formation_id, u, place in walk(side, checks, problems, where, f"sides[{si}]"):
            # a unit is named by its id, placed by the file at its id's first use: one used
            # twice is named by its place
            path = f"sides[{si}] unit {u.id!r}" if u.id not in seen_ids else place
            claim("unit", u.id, place)
            x, y = _position(u, table, f"{where}: {path}", problems)
            kind = u.kind or checks.default_kind
            units[u.id] = UnitState(
                id=u.id, name=u.name or u.id, side=side.id, formation=formation_id, kind=kind, x=x, y=y,
                facing=u.facing % 360, base=u.base or default_base(scenario.ruleset, kind), **checks.unit_fields(u),
                own=checks.unit_own(u),
            )
            specs[u.id] = u
    checks.resolve_units(scenario, units, specs, problems, where)
    problems += [f"{where}: formation {fs.id!r}: hq {fs.hq!r} is not a unit of the scenario"
                 for fs in formations if fs.hq is not None and fs.hq not in units]
    own = checks.own_game(scenario, units, terrain, claim, problems, where)
    campaign = None
    if scenario.campaign is not None:

        carry(units, scenario.campaign, checks.carry_damage, problems, where)
        campaign = CampaignGame(**scenario.campaign.header())
    return GameState(
        name=scenario.name, ruleset=scenario.ruleset, table=table, seed=seed,
        rulings=dict(scenario.rulings), terrain=terrain, sides=sides, formations=formations,
        units=units, campaign=campaign, own=own,
    )
