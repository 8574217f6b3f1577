"""A vehicle going inside buildings (15.4.3): one roll on the VEHICLE'S INTO BUILDINGS TABLE,
modified by +5 per point of the vehicle's close assault defense, against the building type's
track and main gun lines (forward or back by where the gun points, 15.4.3.2.1).

>>> from umpire.core.dice import ScriptedDice
>>> into_buildings("wooden", 6, "forward", ScriptedDice([15])).outcome["damage"]  # 15.4.3.2.2
['gun']
"""

from __future__ import annotations

from umpire.core.dice import Dice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Resolution
from umpire.errors import UmpireError
from umpire.rules.mbt import data
from umpire.rules.mbt.facts import ShotFacts
from umpire.rules.mbt.provenance import parse_range


def gun_facing(turret: float, heading: float) -> str:
    """Which gun line counts going inside (15.4.3.2.1): ``forward`` if the main gun faces the
    direction of movement or the hexside next to it (within 60 degrees), ``back`` if it faces
    away or next to that (120 degrees or more off), else ``side`` (neither gun line).

    >>> gun_facing(0, 10), gun_facing(180, 0), gun_facing(90, 0)
    ('forward', 'back', 'side')
    """
    from umpire.rules.mbt.arcs import off

    d = off(turret, heading)
    return "back" if d >= 120 - 1e-9 else "forward" if d <= 60 + 1e-9 else "side"


def into_buildings(kind: str, ca_defense: int, gun: str, dice: Dice) -> Resolution:
    """Damage from moving inside ``kind`` buildings; ``gun``: forward, back or side (a gun
    pointing to the side uses neither gun line).

    :raises UmpireError: for an unknown building type or gun direction.
    """
    chart = data.chart("buildings")
    if kind not in chart.types:
        raise UmpireError(f"building: {kind!r} (allowed: {', '.join(chart.types)})")
    if gun not in ("forward", "back", "side"):
        raise UmpireError(f"gun: {gun!r} (allowed: forward, back, side)")
    est: list[str] = []
    per = chart.per_ca_defense
    mod = Modifier(name=f"close assault defense {ca_defense} x {per.v}", value=per.v * ca_defense, rule="15.4.3.1")
    (roll,) = dice.roll(100, why=f"into {kind} buildings")
    total = roll + mod.value
    damage = []
    lines = [("TK", "track")] + ([(f"GN_{gun}", "gun")] if gun != "side" else [])
    for key, what in lines:
        cell = chart.types[kind][key]
        lo, hi = parse_range(cell.v)
        if cell.estimated:
            est.append(f"INTO BUILDINGS {kind} {key} ({cell.v})")
        if lo <= total <= hi:
            damage.append(what)
    words = " and ".join({"track": "a track hit", "gun": "a main gun hit"}[d] for d in damage) or "no damage"
    return Resolution(ruleset="mbt", procedure="into_buildings", outcome={"damage": damage},
                      summary=f"{words} (modified roll {total}; 15.4.3)", modifiers=[mod], modified_roll=total,
                      estimated=est, facts=ShotFacts(building=kind, gun=gun))
