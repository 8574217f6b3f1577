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
        discharger: true                    # 12.6: smoke dischargers
      sq-3: {order: CA, assault: {target: t72-2}}      # 14.5 close assault (14.6 at a leg unit)
      t72-4: {order: OR, overrun: {target: sq-1}, move: {path: [[30, 14]]}}   # 14.7
      at-1: {order: M, full_cover: true}    # 15.5
      sq-5: {order: M, move: {path: [[41, 20]], up: 1}}   # 15.4.2: one floor up in the building

A unit being carried takes its carrier's orders (15.3.3.1) and is not listed; a unit the file
does not list gets OVERWATCH orders. :func:`check` refuses, one line each, an order a unit cannot
carry out (6.2.3, 12.3.3, 13.3), a full carrier (15.3.1), a move beyond its movement factors.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, field_validator

from umpire.core.state import UnitState
from umpire.errors import UmpireError, unknown
from umpire.rules.mbt import data, orders
from umpire.schema.checked import Checked, Waypoints
from umpire.turns.mbt.advanced import units as U


class _Strict(Checked):
    model_config = ConfigDict(extra="forbid")


class FireSpec(_Strict):
    target: str | None = Field(None, min_length=1)
    at: tuple[float, float] | None = Field(None, description="a point, for smoke ammunition (14.4.5.1)")
    weapon: str | None = None
    ammo: str | None = None
    shots: int | None = Field(None, ge=1, le=5)


class MoveSpec(_Strict):
    path: Waypoints = Field(default_factory=list)
    facing: float | None = None
    reverse: bool = False
    inside: bool | None = Field(None, description="a vehicle goes inside the buildings at the end (15.4.3)")
    up: int | None = Field(None, ge=0, le=20, description="a leg unit's floor in a building at the end (15.4.2)")
    exhaust: bool = False


class LoadSpec(_Strict):
    units: list[str] = Field(min_length=1)
    at: Literal["start", "end"] = "start"


class TargetSpec(_Strict):
    target: str = Field(min_length=1)


class OverwatchSpec(_Strict):
    at: Literal["any", "fired", "moving"] = "any"
    targets: list[str] = Field(default_factory=list)
    max_range: float | None = Field(None, gt=0, description="inches")
    hold: bool = False
    weapon: str | None = None


class AdvUnitOrders(_Strict):
    order: str
    turret: Literal["open", "buttoned"] | None = None
    turret_facing: float | None = None
    pivot: float | None = None
    fire: FireSpec | list[FireSpec] | None = None
    move: MoveSpec | None = None
    load: LoadSpec | None = None
    unload: LoadSpec | None = None
    discharger: bool = False
    full_cover: bool | None = None
    assault: TargetSpec | None = None
    overrun: TargetSpec | None = None
    overwatch: OverwatchSpec | None = None

    @field_validator("order")
    @classmethod
    def _code(cls, value: str) -> str:
        return orders.order_code(value)


class AdvOrdersFile(_Strict):
    side: str
    turn: int | None = None
    units: dict[str, AdvUnitOrders] = Field(default_factory=dict)


def capability(u: UnitState) -> orders.UnitState:
    """What decides the orders a unit may be given (6.2.3, 12.3.3, 13.3)."""
    k = U.kind(u)
    return orders.UnitState(
        kind=k, leg_type=U.leg_kind(u) if k == "leg" else "", can_move=U.can_move(u),
        gun_working=U.gun_working(u), has_missile=U.has_missile(u), suppressed=U.suppressed(u),
        mounted=U.carried(u), doctrine=False, advanced=True,
    )


def _err(at: str, msg: str) -> UmpireError:
    return UmpireError(f"{at}: {msg}")


def default_weapon(u: UnitState, code: str, target: UnitState | None) -> data.Weapon:
    ws = U.weapons(u)
    if code == "ATGM":
        w = next((w for w in ws if w.kind == "atgm"), None)
    else:
        w = next((w for w in ws if w.main and w.ammo), None) or next(
            (w for w in ws if w.kind in ("gun", "small_arms", "launcher", "grenade", "mg") and w.ammo), None)
    if w is None:
        raise UmpireError(f"the {u.id} has no weapon to fire with {code} orders")
    return w


def default_ammo(w: data.Weapon, target: UnitState | None) -> str:
    """AP ammunition at a vehicle (KE first), GP at anything else (14.1.1.2)."""
    vehicle = target is not None and U.kind(target) == "vehicle"
    for kind in (("KE", "CE", "GP") if vehicle else ("GP",)):
        for a in w.ammo:
            if a.type == kind:
                return a.name
    raise UmpireError(f"the {w.name} has no ammunition for that target (allowed: {', '.join(a.name for a in w.ammo)})")


def _fire(at: str, u: UnitState, code: str, specs: list[dict[str, Any]], enemies: dict[str, UnitState]
          ) -> list[dict[str, Any]]:
    if code not in ("F", "FM", "ATGM"):
        raise _err(f"{at}.fire", f"fire needs F, FM or ATGM orders (the order is {code}; OW units fire as their "
                   "overwatch instructions say, CA and OR units as they attack)")
    out = []
    for i, f in enumerate(specs):
        where = f"{at}.fire[{i}]" if len(specs) > 1 else f"{at}.fire"
        target = enemies.get(f.get("target") or "")
        if f.get("target") and target is None:
            raise _err(f"{where}.target", unknown("enemy unit", f["target"], enemies))
        try:
            w = next(x for x in U.weapons(u) if x.name.lower() == f["weapon"].lower()) if f.get("weapon") else \
                default_weapon(u, code, target)
        except StopIteration:
            raise _err(f"{where}.weapon", unknown(f"weapon of {u.id} that it still has", f["weapon"],
                                                  [x.name for x in U.weapons(u)])) from None
        except UmpireError as exc:
            raise _err(where, str(exc)) from None
        if w.kind in ("aam", "designator", "flamethrower", "mortar"):
            raise _err(f"{where}.weapon", f"the {w.name} does not fire at a ground unit here "
                       "(anti-aircraft, designators, flamethrowers and mortars are Optional Rules 17, 19, 20)")
        try:
            orders.check_can_fire(code, w.kind)
        except UmpireError as exc:
            raise _err(f"{where}.order", str(exc)) from None
        if f.get("at") is not None:
            if not w.smoke_ammo or code not in ("F", "FM"):
                raise _err(f"{where}.at", f"only a weapon with smoke ammunition fires at a point, with F or FM "
                           f"orders (14.4.5); the {w.name} {'has none' if not w.smoke_ammo else 'needs F or FM'}")
            out.append({"at": list(f["at"]), "weapon": w.name, "ammo": "Smoke"})
            continue
        if target is None:
            raise _err(f"{where}.target", "give the target unit (24.3.2.1)")
        ammo = f.get("ammo")
        if ammo and ammo.lower() == "canister":
            if not w.canister or code not in ("F", "FM"):
                raise _err(f"{where}.ammo", f"the {w.name} fires no canister (14.4.5)")
            gp_ammo = next((a.name for a in w.ammo if a.type == "GP"), None)
            out.append({"target": target.id, "weapon": w.name, "ammo": gp_ammo, "canister": True})
            continue
        try:
            a = w.find_ammo(ammo) if ammo else w.find_ammo(default_ammo(w, target))
        except UmpireError as exc:
            raise _err(f"{where}.ammo", str(exc)) from None
        if a.type != "GP" and U.kind(target) != "vehicle":
            raise _err(f"{where}.ammo", f"AP fire only at vehicles (14.1.1.2); {target.id} is a {U.kind(target)} "
                       f"unit (allowed: {', '.join(x.name for x in w.ammo if x.type == 'GP') or 'none'})")
        spec = {"target": target.id, "weapon": w.name, "ammo": a.name}
        if f.get("shots"):
            spec["shots"] = int(f["shots"])
        out.append(spec)
    return out
