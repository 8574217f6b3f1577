"""What an MBT scenario must hold: data cards, TO&E organisations, setup zones, the Advanced Game's
forces (its scenario model: :mod:`umpire.rules.mbt.scenario_model`)."""

from __future__ import annotations

import math
from typing import Any

from umpire.core.state import TerrainState, UnitState
from umpire.errors import UmpireError
from umpire.rules.mbt.advanced_spec import AdvancedSpec
from umpire.rules.mbt.scenario_model import MbtFormationSpec, MbtScenario, MbtUnitSpec
from umpire.rules.mbt.state import MbtGame, MbtUnit
from umpire.rules.setup import Claim
from umpire.schema.scenario import FormationSpec, Scenario, SideSpec, UnitSpec


class MbtScenarioChecks:
    """The scenario checks of MBT (see :class:`umpire.rules.setup.ScenarioChecks`)."""

    ruleset = "mbt"
    default_kind = "model"

    def expand(self, formation: FormationSpec) -> list[UnitSpec]:
        """A formation's ``toe:`` organisation, expanded into its models."""
        from umpire.rules.mbt.forces import expand

        assert isinstance(formation, MbtFormationSpec)
        if formation.toe is None:
            return []
        return [MbtUnitSpec.model_validate(u)
                for u in expand(formation.id, formation.toe, f"formation {formation.id!r}")]

    def unit_fields(self, spec: UnitSpec) -> dict[str, Any]:
        assert isinstance(spec, MbtUnitSpec)
        return {"type": spec.type, "card": spec.card, "quality": spec.grade or spec.quality,
                "carried_by": spec.carried_by or None}

    def unit_own(self, spec: UnitSpec) -> MbtUnit:
        """A unit spec's Advanced Game facts (12.5, 13.4, 15.4; 17.6)."""
        assert isinstance(spec, MbtUnitSpec)
        return MbtUnit(equipment=spec.equipment or None, doctrine=spec.doctrine, inside=spec.inside,
                       up=int(spec.up), camouflaged=spec.camouflaged, searchlights=list(spec.searchlights))

    def formation_fields(self, spec: FormationSpec) -> dict[str, Any]:
        return {}

    def side_fields(self, spec: SideSpec) -> dict[str, Any]:
        return {}

    def resolve_units(self, scenario: Scenario, units: dict[str, UnitState], specs: dict[str, UnitSpec],
                      problems: list[str], where: str) -> None:
        """A unit names a data ``card``."""
        from umpire.rules.mbt.cards import any_card

        for u in units.values():
            if not u.card:
                problems.append(f"{where}: unit {u.id!r}: give card: (an MBT data card id, e.g. USA-1B)")
                continue
            try:
                u.card = any_card(u.card).card
            except UmpireError as exc:  # said at the unit's card, as a stand's type is
                problems.append(f"{where}: unit {u.id!r}: card: {exc}")

    def own_game(self, scenario: Scenario, units: dict[str, UnitState], terrain: list[TerrainState], claim: Claim,
                 problems: list[str], where: str) -> MbtGame:
        """The ``mbt:`` block, checked (objectives, setup zones, the Advanced Game's forces, the
        matchup): the game's own state as it begins."""
        assert isinstance(scenario, MbtScenario)
        if scenario.mbt is None:
            return MbtGame()
        return MbtGame.model_validate(mbt_block(scenario, units, terrain, problems, where))

    def carry_damage(self, unit: UnitState, damage: str) -> None:
        """A track, gun, hull or turret hit carried over, kept as the Fire phase keeps it
        (:func:`umpire.turns.mbt.fire.apply_damage`)."""
        if damage not in CARRIED_DAMAGE:
            raise UmpireError(f"{damage!r} is not a damage an MBT unit carries (allowed: {', '.join(CARRIED_DAMAGE)})")
        own = MbtUnit.of(unit)
        if damage == "track":
            own.track_hit = True
        elif damage == "gun":
            own.gun_hit = True
        else:
            own.compartment = "hull" if damage == "hull" else "turret"


#: The damage a campaign carries over on an MBT unit.
CARRIED_DAMAGE = ("track", "gun", "hull", "turret")


def mbt_block(
    scenario: MbtScenario, units: dict[str, UnitState], terrain: list[TerrainState], problems: list[str], where: str
) -> dict[str, Any]:
    """The ``mbt:`` block, checked, as plain values (the game's own state begins with them)."""
    spec = scenario.mbt
    assert spec is not None
    ids = {t.id for t in terrain}
    for i, o in enumerate(spec.objectives):
        if o.terrain not in ids:
            problems.append(f"{where}: mbt.objectives[{i}].terrain: {o.terrain!r} is not a terrain id "
                            f"(known: {', '.join(sorted(ids)) or 'none'})")
    setup_zones(scenario, units, problems, where)
    _fires(scenario, problems, where)
    if spec.game == "advanced":
        check_units(units, problems, where)
        check_relief(spec.advanced, units, [s.id for s in scenario.sides], problems, where)
    elif spec.advanced is not None:
        problems.append(f"{where}: mbt.advanced: only an Advanced Game scenario (game: advanced) takes it")
    from umpire.rules.mbt.options.scenario import check as check_options

    check_options(spec, units, [s.id for s in scenario.sides], (scenario.table.width, scenario.table.depth),
                  problems, where)
    if spec.matchup is not None and spec.game == "basic":
        from umpire.rules.mbt.basic_game import check_matchup

        cards: dict[str, list[str]] = {s.id: [] for s in scenario.sides}
        for u in units.values():
            cards[u.side].append(u.card or "")
        try:
            check_matchup(spec.matchup, cards)
        except UmpireError as exc:
            problems.append(f"{where}: mbt.matchup: {exc}")
    block = spec.model_dump(mode="json")
    # a battery's or an aircraft's player is kept only when the scenario names one, so the block
    # of a game begun before players held them is the one its replay builds
    for held in (*block["batteries"], *block["aircraft"]):
        if held.get("player") is None:
            held.pop("player", None)
    # so are variable ammunition and fuel (option 17.3), only when the scenario asks for them
    for key, default in (("ammunition", "maximum"), ("fuel", False)):
        if block.get(key) == default:
            block.pop(key, None)
    return block


def setup_zones(scenario: MbtScenario, units: dict[str, UnitState], problems: list[str], where: str) -> None:
    """2.5 as converted (23.3.2.1): each model's centre within ``depth`` hex lengths of its
    side's edge (the partial hexes along the edge count), and one combat unit per hex: no
    two models of a side with centres nearer than half a hex length (4.3, see
    :data:`umpire.rules.mbt.basic_game.STACK_HEXES`)."""
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
        placed = [(u, u.x, u.y) for u in units.values() if u.side == sid and u.x is not None and u.y is not None
                  and 0 <= u.x <= w and 0 <= u.y <= d]
        for u, x, y in placed:
            off = {"left": x, "right": w - x, "near": y, "far": d - y}[zone.edge]
            if off > limit + 1e-9:
                problems.append(
                    f"{where}: unit {u.id!r}: at ({u.x:g}, {u.y:g}) it is {off:g}\" from the {zone.edge} edge; "
                    f"{sid} sets up within {limit:g}\" of it ({zone.depth:g} hexes, 2.5)")
        for i, (a, ax, ay) in enumerate(placed if spec.game == "basic" else []):  # 12.2: none in the Advanced Game
            for b, bx, by in placed[i + 1:]:
                gap = math.dist((ax, ay), (bx, by))
                if gap < STACK_HEXES * spec.scale - 1e-9:
                    problems.append(
                        f"{where}: units {a.id!r} and {b.id!r}: {gap:.2g}\" apart, in one hex (2.5: one combat "
                        f"unit per hex; centres at least {STACK_HEXES * spec.scale:g}\" apart)")


def check_units(units: dict[str, UnitState], problems: list[str], where: str) -> None:
    """Every unit's card, leg type, equipment and carrier fit together (12.5, 14.1.3, 15.3.1)."""
    from umpire.rules.mbt import cards
    from umpire.rules.mbt.forces import capacity, equipment_items

    loads: dict[str, int] = {}
    for u in units.values():
        try:
            card = cards.any_card(u.card or "")
        except UmpireError:
            continue  # reported by the card check
        if card.kind in ("helicopter", "artillery"):
            problems.append(f"{where}: unit {u.id!r}: {card.card} ({card.name}) is a {card.kind} card: the Advanced "
                            "Game does not put it on the table (10.0); list it under mbt.advanced.support")
            continue
        if isinstance(card, cards.LegCard):
            try:
                leg = card.type(u.type or "")
            except UmpireError as exc:
                problems.append(f"{where}: unit {u.id!r}: type: {exc}")
                continue
            for item in equipment_items(MbtUnit.of(u).equipment):
                if item in ("Assault", "Squad Plus", "Special Forces"):
                    continue
                try:
                    card.attached_weapon(item)
                except UmpireError as exc:
                    problems.append(f"{where}: unit {u.id!r}: equipment: {exc}")
            need = leg.stacking.v
        elif isinstance(card, cards.TowedCard):
            need = card.stacking.v
        else:
            need = 0
        carrier_id = u.carried_by
        if carrier_id is None:
            continue
        carrier = units.get(carrier_id)
        if carrier is None or carrier.side != u.side:
            problems.append(f"{where}: unit {u.id!r}: carried_by: {carrier_id!r} is not a unit of its side")
            continue
        try:
            ccard = cards.any_card(carrier.card or "")
        except UmpireError:
            continue
        if ccard.kind != "vehicle" or need == 0:
            problems.append(f"{where}: unit {u.id!r}: carried_by: only a leg or towed unit rides, and only in a "
                            f"vehicle ({carrier_id} is {ccard.kind})")
            continue
        cap, what, _ = capacity(ccard.target.transport.v)
        letter = "L" if isinstance(card, cards.LegCard) else "T"
        loads[carrier_id] = loads.get(carrier_id, 0) + need
        if letter not in what or loads[carrier_id] > cap:
            problems.append(f"{where}: unit {u.id!r}: carried_by: {carrier_id} ({ccard.name}, transport value "
                            f"{ccard.target.transport.v or 'none'}) has no room for it (15.3.1)")
            continue
        u.x, u.y, u.facing = carrier.x, carrier.y, carrier.facing


def check_relief(adv: AdvancedSpec | None, units: dict[str, UnitState], sides: list[str], problems: list[str],
                 where: str) -> None:
    """A relief force (Scenario Four C) is a side's formations that start off the table."""
    relief = adv.relief if adv is not None else None
    if relief is None:
        return
    at = f"{where}: mbt.advanced.relief"
    if relief.side not in sides:
        problems.append(f"{at}.side: {relief.side!r} is not a side of the scenario (allowed: {', '.join(sides)})")
        return
    known = sorted({str(u.formation) for u in units.values() if u.side == relief.side and u.formation})
    for f in relief.formations:
        if f not in known:
            problems.append(f"{at}.formations: {f!r} is not a formation of {relief.side} (allowed: "
                            f"{', '.join(known) or 'none'})")
    for u in units.values():
        if u.formation in relief.formations and u.side == relief.side and u.placed:
            problems.append(f"{at}: unit {u.id!r} stands on the table at the start: a relief force enters later, "
                            "placed by the umpire on its edge (leave out its at:)")


BUILDING_TYPES = ("wooden_buildings", "brick_buildings", "stone_buildings", "town")  # as the Advanced table reads them


def _fires(scenario: MbtScenario, problems: list[str], where: str) -> None:
    """Burning markers at the start stand in buildings (18.3)."""
    assert scenario.mbt is not None
    blocks = [t.polygon for t in scenario.terrain if t.type in BUILDING_TYPES and t.polygon]
    for i, (x, y) in enumerate(scenario.mbt.fires):
        if not any(_inside((x, y), b) for b in blocks):
            problems.append(f"{where}: mbt.fires[{i}]: ({x:g}, {y:g}) is not in a building (allowed: a point in a "
                            f"terrain piece of type {', '.join(BUILDING_TYPES)}; 18.3)")


def _inside(p: tuple[float, float], ring: Any) -> bool:
    """Is ``p`` inside the polygon ``ring`` (even-odd rule; the scenario check runs without shapely)?"""
    x, y = p
    hit = False
    pts = [(float(a), float(b)) for a, b in ring]
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit
