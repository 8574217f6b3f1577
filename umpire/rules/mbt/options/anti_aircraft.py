"""Anti-aircraft fire (20.3) and the special combats against helicopters (20.4).

The hit number is the AA line's cell for the target's speed/altitude matrix (flying
helicopters are always LL, 20.3.4.1), optical or radar (radar is useless at NOE and against a
pop-up attack that neither guides a wire ATGM nor lases, 20.3.4.1.3-4). It is halved, fractions
up, for a suppressed firer and again for CLOSE ASSAULT, OVERRUN, FIRE/MOVE or MOVE orders, and
for a pop-up target (20.3.4.1.2-3). The d100 roll is modified for an evasive aircraft (+20), a
hovering helicopter not popping up (-10) and the firer's grade (crack -10, poor +10); at or under
the hit number is a hit. A radar gun's or missile's hit may be spoofed (20.3.4.1.1). Then the
damage roll plus the weapon's DAM at or under the target's defense value destroys it, else it
is suppressed (20.3.4.2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from umpire.core.dice import Dice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Resolution
from umpire.errors import UmpireError
from umpire.rules.mbt.options.charts import MATRIX, chart, use
from umpire.rules.mbt.options.facts import AirFacts

MOVING_ORDERS = ("CA", "OR", "FM", "M")


@dataclass(frozen=True)
class AaFirer:
    """Who fires at an air unit: its AA line (20.3.1; None in a special combat), radar-directed
    or not (20.3.3.1), suppressed, its orders (20.3.4.1.2) and grade (20.3.4.1.7)."""

    line: Any
    radar: bool = False
    suppressed: bool = False
    orders: str = "F"
    grade: str = "average"


@dataclass(frozen=True)
class AirTarget:
    """The air unit fired at: its speed/altitude ``column`` (flying helicopters LL, 20.3.4.1), its
    defense value (20.3.4.2), at NOE, maneuvering evasively, hovering, popping up (``sight`` or
    ``guiding``, 20.3.4.1.3) and the pods it spoofs a hit with (20.3.4.1.1)."""

    column: str
    defense: int
    noe: bool = False
    evasive: bool = False
    hovering: bool = False
    popup: str | None = None
    spoof_pods: int = 0


def aa_line(card: str, weapon: str) -> Any:
    """The AA line of ``card``'s ``weapon`` (or a ``generic`` one: small arms, Stinger...)."""
    lines = chart("air").aa_lines
    for key in (card, "generic"):
        if key in lines and weapon in lines[key]:
            return lines[key][weapon]
    known = [f"{c} {w}" for c, ws in lines.items() for w in ws]
    raise UmpireError(f"weapon: {card} {weapon!r} has no AA line (known: {', '.join(known)}; 20.3.1)")


def reach(line: Any) -> tuple[int, int]:
    """An AA line's RNG, printed maximum to minimum (20.3.1.1): (maximum, minimum) hexes.

    >>> reach(type("L", (), {"RNG": type("V", (), {"v": "10-1"})()})())
    (10, 1)
    """
    hi, _, lo = str(line.RNG.v).partition("-")
    return int(hi), int(lo or 0)


def hit_number(firer: AaFirer, target: AirTarget, estimated: list[str]) -> tuple[int, list[str], list[str]]:
    """The hit number after halvings, the halvings' notes, and refusals (20.3.2, 20.3.4.1)."""
    line, column, radar, popup, target_noe = firer.line, target.column, firer.radar, target.popup, target.noe
    firer_suppressed, firer_orders = firer.suppressed, firer.orders
    problems: list[str] = []
    notes: list[str] = []
    if line.missile and (target_noe or popup == "sight"):
        if popup == "sight":
            problems.append(
                "anti-aircraft missiles may not be fired at a pop-up attack that neither guides a wire "
                "ATGM nor lases (20.3.4.1.3.1)"
            )
    use_radar = radar
    if radar and (target_noe or popup == "sight"):
        use_radar = False
        notes.append("radar is ineffective against this target: the optical line is used (20.3.4.1.3.1, 20.3.4.1.4)")
    hits = line.RD if use_radar else line.OP
    if hits is None:
        problems.append(
            "this weapon has no " + ("radar" if use_radar else "optical") + " line for this target (20.3.1.2)"
        )
        return 0, notes, problems
    val = hits[MATRIX.index(column)]
    n = int(use(val, f"AA hit number {'RD' if use_radar else 'OP'} {column} ({val.v})", estimated))
    notes.append(f"{'RD' if use_radar else 'OP'} {column}: hit number {n} (20.3.4.1)")
    for why, applies in (
        ("suppressed firer", firer_suppressed),
        (f"{firer_orders} orders", firer_orders in MOVING_ORDERS),
        ("pop-up attack", popup is not None),
    ):
        if applies:
            n = math.ceil(n / 2)
            notes.append(f"halved for the {why}: {n} (20.3.4.1.2-3)")
    return n, notes, problems


def resolve(firer: AaFirer, target: AirTarget, dice: Dice, *, hit_number_given: int | None = None) -> Resolution:
    """One AA (or air-to-air, 20.4.2.3: ``hit_number_given``) fire at an air unit."""
    line, radar, defense, spoof_pods = firer.line, firer.radar, target.defense, target.spoof_pods
    estimated: list[str] = []
    if hit_number_given is None:
        n, notes, problems = hit_number(firer, target, estimated)
        if problems:
            raise UmpireError(problems[0])
    else:
        n, notes = hit_number_given, [f"hit number {hit_number_given}: the firer's GP factor, no modifiers (20.4)"]
    mods: list[Modifier] = []
    if hit_number_given is None:
        am = chart("air").aa_modifiers
        if target.evasive:
            mods.append(Modifier(name="target evasive maneuvering", value=am["evasive"].v, rule="20.3.4.1.5"))
        if target.hovering and target.popup is None:
            mods.append(Modifier(name="target hovering", value=am["hovering"].v, rule="20.3.4.1.6"))
        if firer.grade in ("crack", "poor"):
            mods.append(Modifier(name=f"{firer.grade} firer", value=am[firer.grade].v, rule="20.3.4.1.7"))
    (roll,) = dice.roll(100, why="AA hit")
    modified = roll + sum(m.value for m in mods)
    outcome: dict[str, Any] = {"hit": modified <= n, "spoofed": False, "destroyed": False, "suppressed": False}
    if not outcome["hit"]:
        return Resolution(
            ruleset="mbt",
            procedure="aa",
            outcome=outcome,
            summary=f"missed: {modified} over {n}",
            modifiers=mods,
            modified_roll=modified,
            notes=notes,
            estimated=estimated,
            facts=AirFacts(hit_number=n),
        )
    cm = str(line.CM.v) if line is not None else "--"
    if spoof_pods and cm != "--" and (radar or (line is not None and line.missile)):
        for k in range(spoof_pods):
            (s,) = dice.roll(100, why=f"spoof attempt {k + 1}")
            if s <= int(cm):
                outcome["spoofed"] = True
                notes.append(f"spoofed: {s} at or under CM {cm} (20.3.4.1.1)")
                return Resolution(
                    ruleset="mbt",
                    procedure="aa",
                    outcome=outcome,
                    summary="hit, but spoofed: no effect (20.3.4.1.1)",
                    modifiers=mods,
                    modified_roll=modified,
                    notes=notes,
                    estimated=estimated,
                    facts=AirFacts(hit_number=n),
                )
            notes.append(f"spoof attempt {s} over CM {cm}")
    dam = int(line.DAM.v) if line is not None else 0
    (d,) = dice.roll(100, why="AA damage")
    destroyed = d + dam <= defense
    outcome.update(destroyed=destroyed, suppressed=not destroyed)
    notes.append(f"damage {d} {dam:+d} = {d + dam} against defense {defense} (20.3.4.2)")
    return Resolution(
        ruleset="mbt",
        procedure="aa",
        outcome=outcome,
        summary=("hit: destroyed, it crashes (20.3.4.2)" if destroyed else "hit: suppressed (ON) (20.3.4.2)"),
        modifiers=mods,
        modified_roll=modified,
        notes=notes,
        estimated=estimated,
        facts=AirFacts(hit_number=n),
    )


def crash_hexes(*, hovering: bool, landed: bool, dice: Dice) -> int | None:
    """How many hexes forward a destroyed air unit crashes (20.3.4.2.1): none when landed
    (it does not crash), 0 when hovering, else one die."""
    if landed:
        return None
    if hovering:
        return 0
    (n,) = dice.roll(10, why="crash hexes")
    return n


def helicopter_defense(card: str) -> int:
    """A helicopter card's defense value (20.3.4.2)."""
    d = chart("air").helicopter_defense
    if card not in d:
        raise UmpireError(f"card: {card!r} is not a helicopter card (known: {', '.join(d)})")
    return int(d[card].v)
