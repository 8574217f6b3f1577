"""The card NOTES that limit a unit on the tracked table: riders firing from their carrier
(15.3.3.1, 15.3.4), leg units up in a building (14.1.3.2), and long main guns on paths, in woods
and in buildings (15.6). The rules are :mod:`umpire.rules.mbt.weapon_limits`; here they meet the
table.

Rulings for the ungridded table: a road is "in the hex" of a model when the road's line passes
within half a hex length of its centre; a move "follows" a road or path over a stretch that runs
along it for more than half a hex length (as the road rate, 8.5.2); a rider faces as its carrier
(15.3.2.6 keeps it with the vehicle).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.geometry.arcs import bearing
from umpire.geometry.movement import path_terrain
from umpire.rules.mbt import firers, weapon_limits
from umpire.rules.mbt.cards import LegCard
from umpire.rules.mbt.state import MbtUnit, turret_facing
from umpire.rules.mbt.vehicle_card import Card, Weapon
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.table import BUILDINGS, WOODS, AdvTable
from umpire.turns.mbt.paths import FOLLOW, flagged_runs, segment_distance

COVER = {*WOODS, *BUILDINGS}


def carrier_of(state: GameState, u: UnitState) -> UnitState | None:
    return state.units.get(str(u.carried_by or ""))


def rider_fire(state: GameState, p: UnitState, w: Weapon, hatch: str | None = None) -> tuple[str, int | None]:
    """May carried unit ``p`` fire ``w`` from its carrier now (15.3.4)? ``hatch``: the carrier's
    turret as the orders will set it (else as it is). Returns ``(why not, most hexes)``."""
    carrier = carrier_of(state, p)
    if carrier is None:
        return "", None
    ccard = U.card_of(carrier)
    assert isinstance(ccard, Card)
    return firers.rider_limits(U.card_of(p), w, ccard, (hatch or U.hatch(carrier)) == "open")


def upper_floor(t: AdvTable, u: UnitState, w: Weapon) -> str:
    """14.1.3.2 for leg unit ``u`` where it stands."""
    card = U.card_of(u)
    if not isinstance(card, LegCard):
        return ""
    item = next((a for a in U.attached_of(u).values() if a.weapon.name == w.name), None)
    return weapon_limits.upper_floor_fire(
        up=int(MbtUnit.of(u).up or 0), in_building=t.building(t.xy(u)) is not None, attached=item is not None,
        upper_floors=bool(item and item.upper_floors), weapon=w.name)


def weapon_why(state: GameState, t: AdvTable, u: UnitState, w: Weapon, hatch: str | None = None
               ) -> tuple[str, int | None]:
    """Every NOTE limit on ``u`` firing ``w`` now: ``(why not, most hexes)``."""
    if U.carried(u):
        return rider_fire(state, u, w, hatch)
    return upper_floor(t, u, w), None


def restricted(u: UnitState) -> bool:
    card = U.card_of(u)
    return isinstance(card, Card) and card.notes.path_restrictions


def road_in_hex(t: AdvTable, xy: Sequence[float]) -> bool:
    r = t.scale / 2 + 1e-9
    for piece in t.state.terrain:
        if t._types.get(piece.id) != "road" or not piece.line or piece.id in t._removed:
            continue
        if any(segment_distance(xy, a, b) <= r for a, b in zip(piece.line, piece.line[1:], strict=False)):
            return True
    return False


def turret_turn_why(t: AdvTable, u: UnitState, new: float) -> str:
    """15.6.3, 15.6.4 for turning ``u``'s turret to ``new`` where it stands."""
    old = turret_facing(u)
    if not restricted(u) or abs(((new - old + 180) % 360) - 180) <= 1e-6:
        return ""
    xy = t.xy(u)
    cover = any(k in COVER for k in t.types_at(xy))
    return weapon_limits.turret_turn(restricted=True, in_cover=cover, road_in_hex=road_in_hex(t, xy),
                                     inside_building=bool(MbtUnit.of(u).inside) and t.building(xy) is not None)


def move_why(t: AdvTable, u: UnitState, path: Sequence[Sequence[float]], reverse: bool, turret: float) -> str:
    """15.6.1, 15.6.2 along a vehicle's move, its turret at bearing ``turret`` throughout."""
    if not restricted(u) or not path:
        return ""

    pts = [t.xy(u), *[(float(p[0]), float(p[1])) for p in path]]
    for a, b in zip(pts, pts[1:], strict=False):
        if math.dist(a, b) <= 1e-9:
            continue
        way = (bearing(a, b) + (180 if reverse else 0)) % 360
        if weapon_limits.square(turret, way):
            continue
        route = path_terrain([a, b], t.index).stretches
        cover = [any(t._types.get(i) in COVER for i in s.areas if i not in t._removed) for s in route]
        light = [any(t._types.get(i) == "light_woods" for i in s.areas if i not in t._removed) for s in route]
        road = flagged_runs(route, [any(t._types.get(i) == "road" for i in s.along) for s in route])
        trail = flagged_runs(route, [any(t._types.get(i) == "path" for i in s.along) for s in route])
        for k in range(len(route)):
            follows_path = trail[k] > FOLLOW * t.scale
            near = cover[k] or (k > 0 and cover[k - 1]) or (k + 1 < len(route) and cover[k + 1])
            why = weapon_limits.path_move(
                restricted=True, turret_square=False, enters_light_woods=light[k],
                follows_road=road[k] > FOLLOW * t.scale, path_to_or_from_cover=follows_path and near)
            if why:
                return why
    return ""


def riders_with(state: GameState, t: AdvTable, u: UnitState, ins: dict[str, Any], entry: dict[str, Any],
                at: tuple[float, float] | None = None, moving: bool = False) -> list[dict[str, Any]]:
    """With ``riders: true`` in its overwatch instructions, the units ``u`` carries fire with it
    at its target (15.3.3.1): their small arms and launchers, where the NOTES let them (15.3.4)
    and the target is in reach."""
    from umpire.turns.mbt.advanced import shots as S
    target = state.units.get(str(entry.get("target") or ""))
    if not ins.get("riders") or target is None:
        return []
    out = []
    for p in U.passengers(state, u):
        for w in U.weapons(p):
            if w.kind not in ("small_arms", "launcher"):
                continue
            why, most = rider_fire(state, p, w)
            try:
                ammo = U.default_ammo(w, target)
            except UmpireError:
                continue
            chk = S.can_fire(t, p, target, w, ammo, at=at, moving=moving)
            if not why and chk.legal and (most is None or chk.range <= most):
                out.append({"target": target.id, "weapon": w.name, "ammo": ammo, "by": p.id})
    return out
