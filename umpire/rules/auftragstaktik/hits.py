"""Hit effects and recovery (COMBAT > Hit Effects).

1 hit: -2 on the stand's to-hit rolls; 2 hits: -6 (totals, ruling ``hits.effects_cumulative``);
3 hits: may not fire; 4 hits: eliminated. Every stand loses 1 hit at the end of the Orders
Phase (ruling ``hits.recovery_timing``). Troop stands in close terrain are eliminated only when
the 4th or later hit comes from close combat (ruling ``hits.close_terrain_overflow``).
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.rules.auftragstaktik.data import Tables, tables


@dataclass(frozen=True)
class HitState:
    hits: int
    to_hit_drm: int
    may_fire: bool
    eliminated: bool


def effects(hits: int, t: Tables | None = None) -> HitState:
    """What ``hits`` hits do to a stand."""
    he = (t or tables()).common.hit_effects
    return HitState(
        hits=hits,
        to_hit_drm=he.drm.get(min(hits, 2), 0),
        may_fire=hits < he.may_not_fire_from,
        eliminated=hits >= he.eliminated_at,
    )


def apply_hits(
    current: int,
    new: int,
    *,
    troop_in_close_terrain: bool = False,
    by_close_combat: bool = False,
    t: Tables | None = None,
) -> tuple[int, bool]:
    """Add ``new`` hits: (total hits, eliminated)."""
    he = (t or tables()).common.hit_effects
    total = current + new
    eliminated = total >= he.eliminated_at
    if eliminated and troop_in_close_terrain and not by_close_combat:
        eliminated = False
    return total, eliminated


def recover(hits: int, t: Tables | None = None) -> int:
    """Hits after the end-of-Orders-Phase recovery (never below 0)."""
    return max(0, hits - (t or tables()).common.hit_effects.recovery_per_orders_phase)
