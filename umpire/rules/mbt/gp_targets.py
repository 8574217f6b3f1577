"""What GP fire needs of its target and firer beyond the table (14.4.1, 14.4.3, 14.7.2.2): the
GP factor of a weapon by the firer's orders, a leg or towed unit's GP defense from its card by
terrain and status, the units a carrier's GP shot also strikes, and an overrun's summed factors.

The quick answer (``umpire calc gp``, ``overrun``) and the tracked turn call these with the same
facts; neither works them out on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from umpire.core.modifiers import Modifier
from umpire.errors import UmpireError
from umpire.rules.mbt import gp_fire, orders
from umpire.rules.mbt.ap_tables import factor_at
from umpire.rules.mbt.cards import LegCard, TowedCard
from umpire.rules.mbt.vehicle_card import Ammo, Weapon

STATUS_WORDS = {"fc": "FC", "nm": "NM", "mv": "MV"}


def gp_factor(card: Any, weapon: Weapon, ammo: Ammo, order: str, rng: int,
              estimated: list[str] | None = None) -> tuple[int, str]:
    """The GP factor of ``weapon`` firing ``ammo`` at ``rng`` hexes: its NM line with FIRE, ATGM
    or OVERWATCH orders, its MV line with FIRE/MOVE or OVERRUN (14.4.1); and the range band.

    :raises UmpireError: if the weapon has no such factor at that range (it cannot fire so).
    """
    line = orders.gp_line(order)
    if ammo.type != "GP":
        raise UmpireError(f"ammo: {ammo.name} is {ammo.type} (AP fire); GP fire uses "
                          f"{', '.join(a.name for a in weapon.ammo if a.type == 'GP') or 'nothing'}")
    try:
        _, val, band = factor_at(card, weapon, ammo, line, rng)
    except UmpireError:
        val, band = None, ""
    if val is None or val.v is None:
        raise UmpireError(f"the {weapon.name} {ammo.name} has no {line.upper()} GP factor at {rng} hexes (14.4.1)")
    if val.estimated and estimated is not None:
        what = f"{card.card} {weapon.name} {ammo.name} {line.upper()} at {band} ({val.v})"
        if what not in estimated:
            estimated.append(what)
    return int(val.v), band


def status(*, full_cover: bool, order: str, moving: bool = False) -> str:
    """A leg or towed target's GP defense line (14.4.3.2.1): ``fc`` in full cover, ``mv`` moving
    (FIRE/MOVE, MOVE or OVERRUN orders, or caught moving), else ``nm``."""
    if full_cover:
        return "fc"
    return "mv" if moving or orders.target_moving(order) else "nm"


def leg_defense(card: LegCard | TowedCard, terrain: Iterable[str], unit_status: str, *, above: bool = False,
                block_or_wreck: bool = False, estimated: list[str] | None = None) -> tuple[int, str]:
    """A leg or towed unit's GP defense (14.4.3.2): its card's value for the terrain of its hex and
    its status; of mixed terrain the highest (14.4.3.2.4); in a ditch the first number when fired on
    from a greater height (``above``), else the second (14.4.3.2.3); +1 with a block or wreck in its
    hex (14.4.3.2.2). Returns the defense and the terrain column that gave it.

    :raises UmpireError: for a terrain the card does not list.
    """
    cols = list(dict.fromkeys(terrain)) or ["clear"]
    unknown_cols = [c for c in cols if c not in card.gp_defense.terrain]
    if unknown_cols:
        raise UmpireError(f"terrain: {unknown_cols[0]!r} has no GP defense on {card.card} "
                          f"(allowed: {', '.join(card.gp_defense.terrain)})")
    candidates = []
    for col in cols:
        v, cell = card.gp_defense.value(col, unit_status, above)
        candidates.append((v, col, cell))
    best, col, cell = max(candidates, key=lambda x: x[0])
    if cell.estimated and estimated is not None:
        estimated.append(f"{card.card} GP defense {col} {unit_status.upper()} ({cell.v})")
    return best + (1 if block_or_wreck else 0), col


@dataclass(frozen=True)
class PassengerHit:
    """One carried unit's share of its carrier's GP shot (14.4.3.2.5)."""

    defense: int
    modified: int
    result: str  # N, S or EF
    effect: str  # a code of :func:`umpire.rules.mbt.gp_fire.effect`


def passengers(gp: int, roll: int, mods: Sequence[Modifier], kinds: Sequence[str], *, full_cover: bool,
               carrier_open: bool, canister: bool = False) -> list[PassengerHit]:
    """14.4.3.2.5: a GP shot at a carrier is used again against each unit it carries, with the same
    roll, unless the carrier is buttoned and gives full cover (FC on its TRANSPORT VALUE line);
    their GP defense is 1, or 3 in an open FC carrier, whatever the terrain, never +1 for a block
    or wreck (14.4.3.2.5.2, 14.4.3.2.5.3). The modifiers of a vehicle target (14.4.2.2) are left
    out. ``kinds``: each passenger's kind (squad, half_squad, team, towed)."""
    if full_cover and not carrier_open:
        return []
    general = sum(m.value for m in mods if not m.rule.startswith("14.4.2.2"))
    defense = 3 if full_cover else 1
    n, s = gp_fire.crt(gp, defense, [])
    out = []
    for kind in kinds:
        result = gp_fire.crt_result(roll + general, n, s)
        code, _ = gp_fire.effect(result, gp_fire.GpTarget(kind=kind, gp_defense=defense), defense,
                                 gp_fire.GpRound(canister=canister))
        out.append(PassengerHit(defense, roll + general, result, code))
    return out


def summed(weapons: Iterable[tuple[Any, Weapon]], order: str) -> tuple[int, list[str]]:
    """GP factors at 1 hex added together, each weapon's by ``order``'s line (14.4.1) from its
    unit's card; a weapon with no GP factor there adds nothing. The total and its parts in words."""
    total, parts = 0, []
    for card, w in weapons:
        ammo = next((a for a in w.ammo if a.type == "GP"), None)
        if ammo is None:
            continue
        try:
            v, _ = gp_factor(card, w, ammo, order, 1)
        except UmpireError:
            continue
        total += v
        parts.append(f"{w.name} {v}")
    return total, parts


def overrun_gp(card: Any, weapons: Iterable[Weapon],
               riders: Iterable[tuple[Any, Weapon]] = ()) -> tuple[int, list[str]]:
    """The overrun fire's GP factor (14.7.2.2.1): "The moving GP factors of all useable vehicle
    guns are added together", at a range of 1 hex; with the moving GP factors of the leg units it
    carries that can fire, and of their attached weapons that may be fired while transported
    (15.3.4): ``riders`` are (rider's card, weapon) pairs already found useable. Returns the total
    and its parts in words.

    :raises UmpireError: if nothing adds a factor (14.7.1.1: no vehicle gun, no overrun).
    """
    total, parts = summed([*((card, w) for w in weapons if w.kind in ("gun", "mg", "grenade")), *riders], "OR")
    if not total:
        raise UmpireError("no useable vehicle gun with a moving GP factor at 1 hex: it may not overrun (14.7.1.1)")
    return total, parts


def overrun_defence_gp(card: Any, weapons: Iterable[Weapon], *, just_unloaded: bool = False) -> tuple[int, list[str]]:
    """The overrun defensive fire's GP factor (14.7.2.1.1): all useable non-moving gun (including
    launchers) GP factors at 1 hex added together; the attached weapons of a unit just unloaded
    are not useable, its own small arms are (14.7.2.1.1.2). At least 1."""
    total, parts = summed([(card, w) for w in weapons if not just_unloaded or w.kind == "small_arms"], "OW")
    return max(total, 1), parts


def assault_gp(card: Any, weapons: Iterable[Weapon]) -> tuple[int, list[str]]:
    """A close assault's attack GP (14.5.2): the leg unit's moving GP factors at 1 hex, its small
    arms with its attached rocket launchers, added together; and the parts in words."""
    return summed([(card, w) for w in weapons if w.kind in ("small_arms", "launcher")], "FM")
