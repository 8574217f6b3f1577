"""Mines and minefields (17.5): the attack on entering a minefield hex, and the mine plow.

A unit is attacked on entering a hex holding a minefield of a type effective against it
(17.5.2): anti-vehicular mines against vehicles and landed helicopters, anti-personnel mines
against leg and towed units that are not carried; FASCAM and aircraft mines are both. Never
against flying air units, never on exit or turning in place. The MINE EFFECTS TABLE column is
the vehicle's GP defense (17.5.2.1) or leg/towed (17.5.2.2); quickmarching modifies the roll by
-20. A mine plow attacks the minefield with 50 GP factors and no modifiers; an effective result
clears it and the plow is lost on 01-25 (17.5.3.3).
"""

from __future__ import annotations

from typing import Literal

from umpire.core.dice import Dice
from umpire.core.resolution import Cell, Resolution
from umpire.errors import UmpireError
from umpire.rules.mbt.options.charts import chart, in_range, use
from umpire.rules.mbt.options.facts import MineFacts

KINDS = ("hasty", "deliberate", "fascam")
TYPES = ("anti_vehicular", "anti_personnel")
VEHICLES = ("vehicle", "landed_helicopter")
LEGS = ("squad", "half_squad", "team", "towed", "crew")


def effective_against(kind: str, mine_type: str | None, target: str) -> bool:
    """Whether a minefield attacks ``target`` (17.5): FASCAM is both types."""
    if target in ("flying_helicopter", "aircraft", "carried"):
        return False
    types = TYPES if kind == "fascam" else (mine_type,)
    return ("anti_vehicular" in types and target in VEHICLES) or ("anti_personnel" in types and target in LEGS)


def attack(
    *,
    kind: str,
    mine_type: str | None,
    target: str,
    dice: Dice,
    gp_defense: int | None = None,
    quickmarch: bool = False,
) -> Resolution:
    """One minefield attack (17.5.2) on a unit entering the hex."""
    if kind not in KINDS:
        raise UmpireError(f"kind: {kind!r} (allowed: {', '.join(KINDS)})")
    if kind != "fascam" and mine_type not in TYPES:
        raise UmpireError(f"type: {mine_type!r}: a {kind} minefield is {' or '.join(TYPES)} (17.5)")
    estimated: list[str] = []
    t = chart("mines")
    if not effective_against(kind, mine_type, target):
        return Resolution(
            ruleset="mbt",
            procedure="mine",
            outcome={"attacked": False, "result": None},
            summary=f"not attacked: a {kind} {mine_type or 'mixed'} minefield has no effect on a "
            f"{target.replace('_', ' ')}; its location is made known (17.5.2)",
        )
    if target in VEHICLES:
        if gp_defense is None:
            raise UmpireError("gp_defense: a vehicle's GP defense picks the MINE EFFECTS TABLE column (17.5.2.1)")
        col = next((i for i, b in enumerate(t.vehicle_columns) if in_range(gp_defense, b)), len(t.vehicle_columns) - 1)
        cell = t.anti_vehicular[kind][col]
        for k, v in cell.items():
            use(v, f"mine effects {kind} AV GP defense {t.vehicle_columns[col].v} {k} ({v.v})", estimated)
        (roll,) = dice.roll(100, why=f"{kind} anti-vehicular mines")
        hit: Literal["HC", "TK"] | None = next((k for k, v in cell.items() if in_range(roll, v)), None)
        words = {"HC": "hull compartment (HC) hit (17.5.2.1)", "TK": "track (TK) hit (17.5.2.1)"}
        bands = ", ".join(f"{k} {v.v}" for k, v in cell.items())
        return Resolution(
            ruleset="mbt",
            procedure="mine",
            outcome={"attacked": True, "result": hit},
            summary=words[hit] if hit else "no effect (17.5.2.1)",
            cell=Cell(
                table="MINE EFFECTS TABLE",
                row=f"{kind} anti-vehicular",
                column=f"GP defense {t.vehicle_columns[col].v}",
                value=bands,
                rule="17.5.2.1",
            ),
            modified_roll=roll,
            estimated=estimated,
            notes=["bail out attempts for a hull compartment hit use the HF column (17.5.2.1)"] if hit == "HC" else [],
        )
    band = t.anti_personnel[kind]
    use(band, f"mine effects {kind} AP leg/towed ({band.v})", estimated)
    (roll,) = dice.roll(100, why=f"{kind} anti-personnel mines")
    mod = t.quickmarch.v if quickmarch else 0
    modified = roll + mod
    ef = in_range(modified, band) or (modified < 1)
    return Resolution(
        ruleset="mbt",
        procedure="mine",
        outcome={"attacked": True, "result": "EF" if ef else None},
        summary=(
            "effective (EF): a squad is reduced to a suppressed half squad, others eliminated (17.5.2.2)"
            if ef
            else "no effect (17.5.2.2)"
        ),
        cell=Cell(
            table="MINE EFFECTS TABLE",
            row=f"{kind} anti-personnel",
            column="leg/towed",
            value=f"EF {band.v}",
            rule="17.5.2.2",
        ),
        modified_roll=modified,
        estimated=estimated,
        notes=[f"quickmarching: {mod:+d} (17.5.2.2)"] if quickmarch else [],
    )


def defense(kinds: list[str]) -> int:
    """A hex's minefield GP defense: the highest of the kinds in it (17.5.3)."""
    g = chart("mines").gp_defense
    return max(int(g[k].v) for k in kinds)


def plow(*, kinds: list[str], dice: Dice) -> Resolution:
    """A mine plow vehicle entering a minefield hex (17.5.3.3)."""
    from umpire.rules.mbt import gp_fire

    estimated: list[str] = []
    t = chart("mines")
    d = defense(kinds)
    gp = int(t.mine_plow["gp"].v)
    n, s = gp_fire.crt(gp, d, estimated)
    (roll,) = dice.roll(100, why="mine plow attack")
    result = gp_fire.crt_result(roll, n, s)
    notes = [f"GP {gp} against minefield GP defense {d}, no modifiers: {roll} ({result}) (17.5.3.3)"]
    lost = False
    if result == "EF":
        (proll,) = dice.roll(100, why="mine plow destroyed")
        lost = in_range(proll, t.mine_plow["destroyed"])
        notes.append(
            f"plow check {proll}: "
            + ("the plow is destroyed; the vehicle is unaffected" if lost else "the plow survives")
            + " (17.5.3.3)"
        )
    return Resolution(
        ruleset="mbt",
        procedure="mine_plow",
        outcome={"cleared": result == "EF", "plow_destroyed": lost},
        summary=(
            "the minefield is eliminated"
            if result == "EF"
            else "the minefield stands; the plow vehicle passes unharmed"
        )
        + " (17.5.3.3)",
        modified_roll=roll,
        notes=notes,
        estimated=estimated,
        facts=MineFacts(n=n, s=s),
    )
