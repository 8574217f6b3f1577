"""Hit variations (17.2): turret facing, leg unit losses, bailing out, the lower front hull,
optional hull down, crew loss = officer loss.

Each is one roll on a Game Card table or a number the text gives; each function returns what
happened and why, the roll included.
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.core.dice import Dice
from umpire.errors import UmpireError
from umpire.rules.mbt.options.charts import chart, in_range, use

ANGLES = ("front", "front_side", "rear_side", "rear")
HITS = ("no_damage", "compartment", "knocked_out", "brewed_up")


@dataclass
class Roll:
    """A one-roll answer: the result, the roll, the band or cell it fell in, the notes."""

    result: str | bool
    roll: int | None
    band: str
    summary: str
    estimated: list[str]


def turret_facing(angle: str, dice: Dice) -> Roll:
    """The actual turret location of a TF/TS/TR hit on a turret facing away from the hull
    (17.2.1): the d100 on the line of the hit angle to the turret."""
    if angle not in ANGLES:
        raise UmpireError(f"angle: {angle!r} (allowed: {', '.join(ANGLES)})")
    est: list[str] = []
    line = chart("hits").turret_facing[angle]
    (roll,) = dice.roll(100, why="turret facing")
    loc, band = next((k, v) for k, v in line.items() if in_range(roll, v))
    use(band, f"turret facing {angle} {loc} {band.v}", est)
    return Roll(loc, roll, str(band.v), f"hit location {loc}: use the {loc} armor basis (17.2.1.3)", est)


def bail_out(hit: str, unit: str, location: str, dice: Dice) -> Roll:
    """One bail out attempt (17.2.3.1): ``hit`` the damage (no_damage, compartment, knocked_out,
    brewed_up), ``unit`` crew, leg or towed, ``location`` the hit location (EF_KO for a GP kill).
    For no damage or compartment hits only the crew rolls (17.2.3.1.2.1)."""
    t = chart("hits").bail_out
    if hit not in HITS:
        raise UmpireError(f"hit: {hit!r} (allowed: {', '.join(HITS)})")
    if location not in t.locations:
        raise UmpireError(f"location: {location!r} (allowed: {', '.join(t.locations)})")
    line = getattr(t, hit)
    if unit not in line:
        if hit in ("no_damage", "compartment"):
            raise UmpireError(
                f"unit: {unit!r}: for {hit.replace('_', ' ')} hits only the crew rolls; its passengers "
                "follow the crew (17.2.3.1.2.1)"
            )
        raise UmpireError(f"unit: {unit!r} (allowed: {', '.join(line)})")
    cell = line[unit][t.locations.index(location)]
    est: list[str] = []
    use(cell, f"bail out {hit} {unit} {location} ({cell.v})", est)
    fail = "stays aboard (17.2.3.1.2.1)" if hit in ("no_damage", "compartment") else "eliminated (17.2.3.1.2.2)"
    if cell.v == "Elim":
        return Roll(False, None, "Elim", f"no chance: {fail}", est)
    (roll,) = dice.roll(100, why=f"bail out ({unit})")
    out = in_range(roll, cell)
    return Roll(out, roll, str(cell.v), "bails out, suppressed (ON) (17.2.3.2)" if out else fail, est)


def lower_hull(elevation: str, dice: Dice) -> Roll:
    """An HF* hit (17.2.4.1): on the elevation's roll the HF armor basis counts half, rounded up."""
    t = chart("hits").lower_hull
    if elevation not in t:
        raise UmpireError(f"elevation: {elevation!r} (allowed: {', '.join(t)})")
    band = t[elevation]
    (roll,) = dice.roll(100, why="lower front hull")
    thin = in_range(roll, band)
    return Roll(
        thin,
        roll,
        str(band.v),
        "thin lower hull: HF armor basis halved, fractions up (17.2.4.1)"
        if thin
        else "the HF armor basis as listed (17.2.4.1)",
        [],
    )


def optional_hull_down(vehicles: int, terrain: str, dice: Dice) -> Roll:
    """An attempt by 1-4 vehicles spending all their movement in a hex (17.2.5)."""
    t = chart("hits").hull_down
    if vehicles not in (1, 2, 3, 4):
        raise UmpireError(f"vehicles: {vehicles}: one to four vehicles make an attempt (17.2.5)")
    if terrain not in t["terrains"]:
        raise UmpireError(f"terrain: {terrain!r} (allowed: {', '.join(t['terrains'])})")
    band = t[vehicles][t["terrains"].index(terrain)]
    (roll,) = dice.roll(100, why="optional hull down")
    ok = in_range(roll, str(band))
    return Roll(
        ok,
        roll,
        str(band),
        "hull down against shots from any angle or height (17.2.5.2)"
        if ok
        else "no hull down position found (17.2.5.2)",
        [f"hull down table {vehicles} {terrain} ({band})"],
    )


def officer_loss(dice: Dice) -> Roll:
    """A crew loss in a crew with an officer is the officer on one die 1-3 (17.2.7)."""
    band = chart("hits").officer_loss
    (roll,) = dice.roll(10, why="crew loss = officer loss")
    lost = in_range(roll, band)
    return Roll(
        lost, roll, str(band.v), "the officer is the loss (17.2.7)" if lost else "the officer survives (17.2.7)", []
    )


def leg_loss(dice: Dice) -> Roll:
    """An attached weapon or officer of a squad reduced to a half squad is lost on 01-50 (17.2.2)."""
    band = chart("hits").leg_losses
    (roll,) = dice.roll(100, why="special leg unit loss")
    lost = in_range(roll, band)
    return Roll(lost, roll, str(band.v), "lost (17.2.2)" if lost else "kept (17.2.2)", [])
