"""Where area effect fire lands (17.1.2): the scatter modifiers, the scatter table, the diagram.

The AREA EFFECT SCATTER MODIFIERS CHART gives a modifier by conditions and the range from the
sighting unit to the target hex (17.1.2.2.1); the observer's or firer's card adds its own
(17.1.2.2.2). Both dice are rolled and modified; the AREA EFFECT SCATTER TABLE cell of the
weapon's scatter factor says H (on target) or how many hexes it scatters (17.1.2.3.1.2). The
SCATTER DIAGRAM then gives the direction from another roll (17.1.2.3.2), except for air weapons,
which scatter the way the aircraft faces (20.1.3.3.1.2, 20.1.3.4.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.core.dice import Dice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Cell, Resolution
from umpire.errors import UmpireError
from umpire.rules.mbt.options import hexes
from umpire.rules.mbt.options.charts import chart, in_range, use
from umpire.rules.mbt.options.facts import ImpactFacts
from umpire.rules.mbt.provenance import CONDITIONS


def chart_conditions(conditions: str) -> str:
    """The chart column of the conditions: Fog and Blowing Snow read as Night (as sighting does)."""
    c = conditions.strip().lower().replace(" ", "_")
    if c in ("fog", "blowing_snow"):
        return "night"
    if c not in CONDITIONS:
        raise UmpireError(f"conditions: {conditions!r} (allowed: {', '.join(CONDITIONS)}, fog, blowing_snow)")
    return c


def modifier(conditions: str, rng: int, estimated: list[str]) -> Modifier:
    """The AREA EFFECT SCATTER MODIFIERS CHART modifier (17.1.2.2.1) at ``rng`` hexes."""
    mods = chart("scatter").modifiers
    cond = chart_conditions(conditions)
    for value, band in zip(mods.rows, getattr(mods, cond), strict=True):
        if in_range(rng, band):
            use(band, f"scatter modifier {cond} {band.v} ({value:+d})", estimated)
            return Modifier(name=f"{cond}, {rng} hexes from the sighting unit", value=value, rule="17.1.2.2.1")
    raise UmpireError(f"range: {rng} hexes is beyond the AREA EFFECT SCATTER MODIFIERS CHART")


def hexes_scattered(factor: int, modified: int, estimated: list[str]) -> tuple[int, Cell]:
    """The AREA EFFECT SCATTER TABLE (17.1.2.3.1.2): 0 for H, else the hexes scattered."""
    table = chart("scatter").table
    if factor not in table.factors:
        raise UmpireError(f"scatter factor: {factor} (allowed: {', '.join(map(str, table.factors))})")
    col = table.factors.index(factor)
    tops = sorted(table.rows)
    top = next((t for t in tops if modified <= t), tops[-1])
    cell = table.rows[top][col]
    use(cell, f"scatter table SF {factor} roll to {top} ({cell.v})", estimated)
    lo = max((t for t in tops if t < top), default=None)
    row = f"{lo + 1}..{top}" if lo is not None else f"..{top}"
    return (0 if cell.v == "H" else int(cell.v)), Cell(
        table="AREA EFFECT SCATTER TABLE", row=row, column=factor, value=cell.v, rule="17.1.2.3.1.2"
    )


def direction(roll: int, estimated: list[str]) -> int:
    """The SCATTER DIAGRAM direction of a d100 roll (17.1.2.3.2)."""
    for d, band in chart("scatter").diagram.items():
        if in_range(roll, band):
            use(band, f"scatter diagram direction {d} {band.v}", estimated)
            return int(d)
    raise AssertionError("the diagram covers 1-100")  # checked when the chart is loaded


@dataclass
class Landing:
    """Where the fire landed: hexes scattered (0: on target), the direction, the axial hex."""

    hexes: int
    direction: int | None
    impact: tuple[int, int]


def land(
    *,
    factor: int,
    mods: list[Modifier],
    dice: Dice,
    estimated: list[str],
    facing: int | None = None,
    why: str = "scatter",
) -> tuple[Landing, Resolution]:
    """Roll the scatter (17.1.2.3): both dice plus ``mods`` on the scatter table, then the
    diagram (or ``facing``, an aircraft's direction 1-6) for the direction."""
    net = sum(m.value for m in mods)
    (roll,) = dice.roll(100, why=f"{why}: scatter table (SF {factor})")
    modified = roll + net
    n, cell = hexes_scattered(factor, modified, estimated)
    d: int | None = None
    notes: list[str] = []
    if n:
        if facing is not None:
            d = facing
            notes.append(f"scatters the way the aircraft faces, direction {d} (20.1.3.3.1.2)")
        else:
            (droll,) = dice.roll(100, why=f"{why}: scatter diagram")
            d = direction(droll, estimated)
            notes.append(f"scatter diagram: {droll} is direction {d} (17.1.2.3.2)")
    impact = hexes.step((0, 0), d, n) if d is not None else (0, 0)
    landing = Landing(n, d, impact)
    summary = "on target (H)" if not n else f"scatters {n} hex{'es' if n != 1 else ''} in direction {d}"
    res = Resolution(
        ruleset="mbt",
        procedure="scatter",
        outcome={"on_target": not n, "hexes": n, "direction": d},
        summary=summary,
        modifiers=mods,
        cell=cell,
        modified_roll=modified,
        notes=notes,
        estimated=estimated,
        facts=ImpactFacts(scatter_factor=factor, net_modifier=net, impact_hex=list(impact)),
    )
    return landing, res
