"""An MBT Advanced Game scenario's own rules and the checks its forces get when a game is made.

The ``mbt: advanced:`` block holds what Scenario Format A-D gives a scenario beyond the table
and the forces: where units may leave the table (B), points for units exited and the
defender's bonus (Scenario Two), a relief force entering later (Scenario Four), the support the
Advanced Game does not put on the table (off-board artillery, helicopters: options 19, 20), and
which optional rules the matchup asks for. Victory points for losses caused (D.1) need nothing
here: they come from the cards.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from umpire.core.state import UnitState
from umpire.errors import UmpireError
from umpire.schema.checked import Checked

Edge = Literal["left", "right", "near", "far"]


class _Strict(Checked):
    model_config = ConfigDict(extra="forbid")


class ExitPoints(_Strict):
    """Victory points for each unit a side exits off an edge (Scenario Two D)."""

    side: str
    edge: Edge
    points: int | Literal["average"] = Field("average", description="per unit, or its TO&E average value")
    cards: list[str] = Field(default_factory=list, description="only units of these cards count (empty: all)")
    no_exit_bonus: int = Field(0, ge=0, description="to the other side if none of them exits")


class ReliefSpec(_Strict):
    """Units that enter the table later (Scenario Four C)."""

    side: str
    formations: list[str] = Field(min_length=1)
    from_turn: int = Field(ge=1)
    edge: Edge


class AdvancedSpec(_Strict):
    rulebook: str = Field("", description='the rulebook scenario and matchup, e.g. "Scenario One, matchup 1"')
    exits: dict[str, Edge] = Field(default_factory=dict, description="per side: the one edge it may leave by")
    exit_points: list[ExitPoints] = Field(default_factory=list)
    relief: ReliefSpec | None = None
    support: dict[str, list[str]] = Field(default_factory=dict,
                                          description="per side: off-table support (options 19, 20), not played")
    options: list[str] = Field(default_factory=list, description="optional rules the matchup names, not played")
    ground: Literal["normal", "snow", "mud"] = "normal"
    terrain_gp_defense: dict[Literal["block", "wire"], Annotated[int, Field(ge=1, le=99)]] = Field(
        default_factory=dict, description="the GP defense of block and wire markers, where the scenario gives it "
                                          "(14.4.3.3.1; else the STANDARD TERRAIN VALUES CHART)")
    notes: list[str] = Field(default_factory=list)


def unit_notes(u: Any) -> dict[str, Any]:
    """A unit spec's Advanced Game facts as the state keeps them in ``notes``."""
    out: dict[str, Any] = {}
    for key in ("equipment", "carried_by"):
        if getattr(u, key, None):
            out[key] = getattr(u, key)
    for key in ("doctrine", "inside"):
        if getattr(u, key, False):
            out[key] = True
    if getattr(u, "up", 0):
        out["up"] = int(u.up)
    return out


def check_units(units: dict[str, UnitState], problems: list[str], where: str) -> None:
    """Every unit's card, leg type, equipment and carrier fit together (12.5, 14.1.3, 15.3.1)."""
    from umpire.rules.mbt import cards
    from umpire.schema.mbt_forces import capacity, equipment_items

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
            for item in equipment_items(u.notes.get("equipment")):
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
        carrier_id = u.notes.get("carried_by")
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
        cap, what, _ = capacity(ccard.target.transport.v)  # type: ignore[union-attr]
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
