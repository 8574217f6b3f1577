"""One side's written plan for an Advanced Game Turn (24.3.2, 13.3), as the umpire types it in::

    side: nato
    units:                                  # in the order they are to move (24.3.2.2)
      m2-1:
        order: M                            # ATGM, CA, F, FM, M, OR, OW (13.3)
        turret: open
        move: {path: [[20, 12]], exhaust: true}       # 15.7: smoke in its wake
        unload: {units: [sq-1, sq-2], at: end}        # 15.3.2: before (start) or after (end) it moves
      m2-2:
        order: F
        fire:                               # a weapon each (14.1.2, 14.1.3); GP or AP by ammunition
          - {target: t72-1, weapon: TOW}
          - {target: sq-9, weapon: 25mm, ammo: HE}
          - {target: sq-9, weapon: Ball, by: sq-4}    # 15.3.3.1, 15.3.4: a squad it carries fires too
          - {terrain: wire-2, weapon: 25mm}  # 14.4.3.3: GP fire at a wire or block marker
        discharger: true                    # 12.6: smoke dischargers
      sq-3: {order: CA, assault: {target: t72-2}}      # 14.5 close assault (14.6 at a leg unit)
      t72-4: {order: OR, overrun: {target: sq-1}, move: {path: [[30, 14]]}}   # 14.7
      at-1: {order: M, full_cover: take}    # 15.5: takes full cover, does nothing else this Movement Step
      at-2: {order: F, full_cover: leave}   # 16.3.3: its marker comes off at this turn's Adjust Markers Step
      sq-5: {order: M, move: {path: [[41, 20]], up: 1}}   # 15.4.2: one floor up in the building
      m2-3: {order: OW, overwatch: {riders: true}}  # 15.3.3.1: its squad fires with it in overwatch

A unit being carried takes its carrier's orders (15.3.3.1) and is not listed; a unit the file
does not list gets OVERWATCH orders; it fires with its carrier where the card NOTES allow, as a
``fire`` entry of the carrier's with ``by:`` naming it (15.3.4: small arms through firing ports of a
buttoned Bradley, BMP or Marder at 2 hexes at most, launchers only from an open or non-full-cover
carrier, missiles and machineguns never). A unit in full cover (15.5) stays in it, doing nothing in
the Movement Step whatever its orders, until ``full_cover: leave`` takes the marker off at the
end of the turn (16.3.3). :func:`check` refuses, one line each, an order a unit cannot carry out
(6.2.3, 12.3.3, 13.3), a full carrier (15.3.1), a move beyond its movement factors, a weapon its
card NOTES do not let it fire there (14.1.3.2, 15.3.4), a long gun turned or moved where 15.6
forbids it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import ConfigDict, Field, field_validator

from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError, unknown
from umpire.rules.mbt import orders
from umpire.rules.mbt.vehicle_card import Weapon
from umpire.schema.checked import Checked, Waypoints
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.options.air_phase import StrikeSpec
from umpire.turns.mbt.options.helicopters import FlightSpec
from umpire.turns.mbt.options.messages import MessageSpec
from umpire.turns.mbt.options.plots import PlotSpec
from umpire.turns.mbt.orders_file import SideOrders

if TYPE_CHECKING:
    from umpire.turns.mbt.advanced.table import AdvTable


class _Strict(Checked):
    model_config = ConfigDict(extra="forbid")


class FireSpec(_Strict):
    target: str | None = Field(None, min_length=1, description="the enemy unit's id")
    at: tuple[float, float] | None = Field(None, description="a point, for smoke ammunition (14.4.5.1)")
    terrain: str | None = Field(None, min_length=1, description="a wire or block marker to destroy (14.4.3.3)")
    by: str | None = Field(None, min_length=1, description="a unit this vehicle carries, firing with it (15.3.3.1)")
    weapon: str | None = Field(None, description="the weapon that fires (default: its main weapon)")
    ammo: str | None = Field(None, description="the ammunition (GP or AP by its type)")
    shots: int | None = Field(None, ge=1, le=5, description="shots fired, where the weapon fires several (14.1.2)")
    pinning: str | None = Field(None, description="normal or area: a leg machinegun team's pinning fire (option "
                                   "17.4.3)")


class MoveSpec(_Strict):
    path: Waypoints = Field(default_factory=list, description="waypoints [x, y] in inches")
    facing: float | None = Field(None, description="its facing at the end, degrees")
    reverse: bool = Field(False, description="it moves in reverse (8.5)")
    inside: bool | None = Field(None, description="a vehicle goes inside the buildings at the end (15.4.3)")
    up: int | None = Field(None, ge=0, le=20, description="a leg unit's floor in a building at the end (15.4.2)")
    exhaust: bool = Field(False, description="a vehicle lays smoke in its wake (15.7)")
    quickmarch: bool = Field(False, description="a leg unit with MOVE orders quickmarches: 3 hexes a squad or half "
                             "squad, 2 a team, then the QUICKMARCH TABLE (option quickmarch, 17.4.2)")


class LoadSpec(_Strict):
    units: list[str] = Field(min_length=1, description="the units taken on or let off")
    at: Literal["start", "end"] = Field("start", description="before it moves (start) or after (end)")


class TargetSpec(_Strict):
    target: str = Field(min_length=1, description="the enemy unit's id")


class OverwatchSpec(_Strict):
    at: Literal["any", "fired", "moving"] = Field("any",
        description="what it fires at: any unit, one that fired, or one moving")
    targets: list[str] = Field(default_factory=list, description="only these enemy units")
    max_range: float | None = Field(None, gt=0, description="inches")
    hold: bool = Field(False, description="it holds its fire")
    weapon: str | None = Field(None, description="the weapon it fires")
    riders: bool = Field(False, description="the units it carries fire with it where their NOTES allow (15.3.4)")


class AdvUnitOrders(_Strict):
    order: str = Field(description="ATGM, CA, F, FM, M, OR or OW (13.3), or the full names")
    turret: Literal["open", "buttoned"] | None = Field(None, description="open or buttoned (9.2.2)")
    turret_facing: float | None = Field(None, description="the turret's facing, degrees (9.2.1)")
    pivot: float | None = Field(None, description="a new facing before it moves (9.1)")
    fire: FireSpec | list[FireSpec] | None = Field(None,
        description="a weapon each: the target (or a point, or a wire or block marker) (14.1.2)")
    move: MoveSpec | None = Field(None, description="the path, and what it does at its end")
    load: LoadSpec | None = Field(None, description="units it takes on board (15.3.2)")
    unload: LoadSpec | None = Field(None, description="units it lets off (15.3.2)")
    discharger: bool = Field(False, description="it fires its smoke dischargers (12.6)")
    full_cover: Literal["take", "leave"] | None = Field(
        None, description="take: a location (FULL COVER) marker this Movement Step (15.5); leave: the marker comes "
                          "off at this turn's Adjust Markers Step (16.3.3)")
    assault: TargetSpec | None = Field(None, description="CA: the unit it assaults (14.5, 14.6)")
    overrun: TargetSpec | None = Field(None, description="OR: the unit it overruns (14.7)")
    overwatch: OverwatchSpec | None = Field(None, description="OW: when and at what it fires (24.3.2.3)")
    smoke: bool = Field(False, description="assault infantry place a smoke (ON) marker in their own hex this "
                        "Movement Step, whatever their orders (option 17.4.1.2)")
    panic: bool = Field(False, description="a panic move this Movement Step for a unit otherwise unable to move "
                        "(option 17.9)")
    bridge: Literal["launch", "recover"] | None = Field(None, description="an AVLB with MOVE orders that stays put "
                                                       "launches or recovers its bridge to its front (option 22)")
    searchlight: Literal["IR", "WL", "off"] | None = Field(None, description="its searchlight turned on (IR or WL) "
        "or off at this Turn's Adjust Markers Step; it stays on until turned off (option 18.1.2)")

    @field_validator("order")
    @classmethod
    def _code(cls, value: str) -> str:
        return orders.NO_ORDER if orders.no_order(value) else orders.order_code(value)

    @field_validator("full_cover", mode="before")
    @classmethod
    def _cover(cls, value: Any) -> Any:
        if value is True:
            return "take"  # the first form of the file: full_cover: true
        if value is False:
            raise ValueError("full_cover: false is not a choice: write full_cover: leave (the marker comes off at "
                             "this turn's Adjust Markers Step, 16.3.3) or take (15.5)")
        return value


class AdvOrdersFile(SideOrders[AdvUnitOrders]):
    """The Advanced Game's plan (24.3.2, 13.3): the Basic Game's orders file, with the options' parts."""

    artillery: list[PlotSpec] = Field(default_factory=list, description="artillery plots (option 19.2)")
    air_strikes: list[StrikeSpec] = Field(default_factory=list, description="air strikes (option 20.1)")
    jamming: int | None = Field(None, description="jamming points spent at the start of the next Turn's Mark Orders "
                                "Step (option 21.2; the umpired orders are written before it, 24.3.2)")
    messages: list[MessageSpec] = Field(default_factory=list, max_length=50,
                                        description="radio messages between the side's players (option 21.3.3.2)")
    helicopters: dict[str, FlightSpec] = Field(default_factory=dict,
                                               description="each helicopter unit's Air Phase (option 20.2)")


def capability(u: UnitState, state: GameState | None = None) -> orders.UnitState:
    """What decides the orders a unit may be given (6.2.3, 12.3.3, 13.3); given the game's
    ``state``, its options too (a special forces unit's move while suppressed, 17.4.1.3.2)."""
    from umpire.turns.mbt.options.legs import moves_suppressed

    k = U.kind(u)
    return orders.UnitState(
        kind=k, leg_type=U.leg_kind(u) if k == "leg" else "", can_move=U.can_move(u),
        gun_working=U.gun_working(u), has_missile=U.has_missile(u), suppressed=U.suppressed(u),
        mounted=U.carried(u), doctrine=False, advanced=True,
        special_forces=state is not None and moves_suppressed(state, u),
    )


def err(at: str, msg: str | Exception) -> UmpireError:
    return UmpireError(f"{at}: {msg}")


def default_weapon(u: UnitState, code: str, target: UnitState | None) -> Weapon:
    ws = U.weapons(u)
    if code == "ATGM":
        w = next((w for w in ws if w.kind == "atgm"), None)
    else:
        w = next((w for w in ws if w.main and w.ammo), None) or next(
            (w for w in ws if w.kind in ("gun", "small_arms", "launcher", "grenade", "mg") and w.ammo), None)
    if w is None:
        raise UmpireError(f"the {u.id} has no weapon to fire with {code} orders")
    return w


def fire_entries(at: str, u: UnitState, code: str, specs: list[dict[str, Any]], enemies: dict[str, UnitState],
          state: GameState, t: AdvTable, hatch: str) -> list[dict[str, Any]]:
    from umpire.turns.mbt.advanced.limits import weapon_why
    from umpire.turns.mbt.advanced.terrain_fire import check_spec

    if code not in ("F", "FM", "ATGM"):
        raise err(f"{at}.fire", f"fire needs F, FM or ATGM orders (the order is {code}; OW units fire as their "
                   "overwatch instructions say, CA and OR units as they attack)")
    out = []
    for i, f in enumerate(specs):
        where = f"{at}.fire[{i}]" if len(specs) > 1 else f"{at}.fire"
        shooter = u
        if f.get("by") is not None:
            riders = U.passengers(state, u)
            shooter = next((p for p in riders if p.id == f["by"]), None)  # type: ignore[assignment]
            if shooter is None:
                raise err(f"{where}.by", unknown(f"unit carried by {u.id}", f["by"], [p.id for p in riders]))
            if f.get("at") is not None:
                raise err(f"{where}.by", "smoke is fired by the vehicle's own weapons (14.4.5.1)")
        target = enemies.get(f.get("target") or "")
        if f.get("target") and target is None:
            raise err(f"{where}.target", unknown("enemy unit", f["target"], enemies))
        if sum(f.get(k) is not None for k in ("target", "at", "terrain")) > 1:
            raise err(where, "give one of target (a unit), at (smoke at a point) or terrain (a marker)")
        try:
            w = next(x for x in U.weapons(shooter) if x.name.lower() == f["weapon"].lower()) if f.get("weapon") \
                else default_weapon(shooter, code, target)
        except StopIteration:
            raise err(f"{where}.weapon", unknown(f"weapon of {shooter.id} that it still has", f["weapon"],
                                                  [x.name for x in U.weapons(shooter)])) from None
        except UmpireError as exc:
            raise err(where, str(exc)) from None
        if w.kind in ("aam", "designator", "flamethrower", "mortar"):
            raise err(f"{where}.weapon", f"the {w.name} does not fire at a ground unit here "
                       "(anti-aircraft, designators, flamethrowers and mortars are Optional Rules 17, 19, 20)")
        try:
            orders.check_can_fire(code, w.kind)
        except UmpireError as exc:
            raise err(f"{where}.order", str(exc)) from None
        why, _ = weapon_why(state, t, shooter, w, hatch if shooter is not u else None)
        if why:
            raise err(f"{where}.weapon", why)
        by = {"by": shooter.id} if shooter is not u else {}
        if f.get("terrain") is not None:
            if code not in ("F", "FM"):
                raise err(f"{where}.terrain", f"fire at terrain needs F or FM orders (the order is {code})")
            out.append(check_spec(state, where, w, f["terrain"]) | by)
            continue
        if f.get("at") is not None:
            if not w.smoke_ammo or code not in ("F", "FM"):
                raise err(f"{where}.at", f"only a weapon with smoke ammunition fires at a point, with F or FM "
                           f"orders (14.4.5); the {w.name} {'has none' if not w.smoke_ammo else 'needs F or FM'}")
            out.append({"at": list(f["at"]), "weapon": w.name, "ammo": "Smoke"})
            continue
        if target is None:
            raise err(f"{where}.target", "give the target unit (24.3.2.1)")
        ammo = f.get("ammo")
        if ammo and ammo.lower() == "canister":
            if not w.canister or code not in ("F", "FM"):
                raise err(f"{where}.ammo", f"the {w.name} fires no canister (14.4.5)")
            gp_ammo = next((a.name for a in w.ammo if a.type == "GP"), None)
            out.append({"target": target.id, "weapon": w.name, "ammo": gp_ammo, "canister": True} | by)
            continue
        try:
            a = w.find_ammo(ammo) if ammo else w.find_ammo(U.default_ammo(w, target))
        except UmpireError as exc:
            raise err(f"{where}.ammo", str(exc)) from None
        if a.type != "GP" and U.kind(target) != "vehicle":
            raise err(f"{where}.ammo", f"AP fire only at vehicles (14.1.1.2); {target.id} is a {U.kind(target)} "
                       f"unit (allowed: {', '.join(x.name for x in w.ammo if x.type == 'GP') or 'none'})")
        spec: dict[str, Any] = {"target": target.id, "weapon": w.name, "ammo": a.name} | by
        if f.get("pinning") is not None:
            from umpire.turns.mbt.options.legs import check_pinning

            spec["pinning"] = check_pinning(state, f"{where}.pinning", f["pinning"], shooter, w, target, code, a.type)
        if f.get("shots"):
            if a.type == "GP":
                from umpire.turns.mbt.options.weapon_limits import check_gp_shots

                check_gp_shots(state, f"{where}.shots", int(f["shots"]), w)
            spec["shots"] = int(f["shots"])
        out.append(spec)
    return out
