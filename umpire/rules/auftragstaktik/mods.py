"""Small modifier builders shared by the procedures: range increments, troop quality, size,
hit effects. Each returns :class:`~umpire.core.modifiers.Modifier` objects citing their heading,
or nothing when the modifier is zero (a resolution lists only what moved the roll)."""

from __future__ import annotations

import math

from umpire.core.modifiers import Modifier
from umpire.core.rulings import Rulings
from umpire.rules.auftragstaktik.data import Tables
from umpire.rules.auftragstaktik.ratings import QUALITY_LEVEL


def increments(distance: float, per_in: float, beyond_in: float, rulings: Rulings) -> int:
    """Number of ``per_in`` steps beyond the first ``beyond_in`` inches (ruling
    ``range.increment_rounding``: complete steps by default, started steps as the switch).

    >>> from umpire.rules.auftragstaktik.data import rulings
    >>> r = rulings()
    >>> increments(6, 2, 2, r), increments(7, 2, 2, r), increments(2, 2, 2, r)
    (2, 2, 0)
    """
    excess = distance - beyond_in
    if excess <= 0:
        return 0
    if rulings["range.increment_rounding"] == "started":
        return math.ceil(excess / per_in - 1e-9)
    return math.floor(excess / per_in + 1e-9)


def mod(name: str, value: int, rule: str, detail: str = "", kind: str = "drm") -> list[Modifier]:
    """A one-item list, or an empty one when ``value`` is 0."""
    if value == 0:
        return []
    return [Modifier(name=name, value=value, rule=rule, kind=kind, detail=detail)]


def tq_difference(
    shooter_q: str, target_q: str, per_level: int, rule: str, name: str = "troop quality"
) -> list[Modifier]:
    """+per_level for each step the target is below the shooter, - for each step above."""
    diff = QUALITY_LEVEL[shooter_q] - QUALITY_LEVEL[target_q]
    return mod(name, per_level * diff, rule, f"{shooter_q} vs {target_q}")


def size_mods(
    t: Tables, shooter_size: str | None, target_size: str | None, rule: str | None = None
) -> list[Modifier]:
    rows = t.common.sizes.rows
    rule = rule or t.common.sizes.source
    out: list[Modifier] = []
    if shooter_size is not None:
        out += mod("shooter size", rows[shooter_size].shooter, rule, rows[shooter_size].name)
    if target_size is not None:
        out += mod("target size", rows[target_size].target, rule, rows[target_size].name)
    return out


def hit_effects(t: Tables, hits: int, who: str = "firer") -> list[Modifier]:
    """The -2 / -6 of a damaged firer (totals, ruling hits.effects_cumulative)."""
    drm = t.common.hit_effects.drm.get(min(hits, 2), 0)
    return mod(
        f"{who} hits", drm, t.common.hit_effects.source, f"{hits} hit{'s' if hits != 1 else ''}"
    )
