"""Command control (21): command points, radio jamming, radio messages.

At the start of each Mark Orders Step every command organization counts its active ground
units (a doctrine unit is one; carried passengers, air units, abandoned vehicles, bailed crews
and off-board batteries are not counted) and reads the COMMAND POINTS CHART by that count and its
lowest grade (21.1.1.1). A CO in a NATO company, battery or troop HQ, or any XO, adds one bonus
point; a battalion or squadron CO two (21.1.1.2). One point exchanges one unit's command marker
between fire and move (21.1.2), two under communications disruption (21.2.2); points do not
carry over (21.1.2.3); an NBC environment costs each organization one (18.4.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.core.dice import Dice
from umpire.core.resolution import Cell, Resolution
from umpire.errors import UmpireError
from umpire.rules.mbt.options.charts import chart, in_range

GRADES = ("poor", "average", "crack")


@dataclass(frozen=True)
class Points:
    total: int
    basic: int
    bonus: int
    cell: Cell
    estimated: list[str]


def points(active: int, grade: str, *, company_officers: int = 0, battalion_cos: int = 0, nbc: bool = False) -> Points:
    """An organization's command points this Turn (21.1.1, 18.4.1)."""
    if grade not in GRADES:
        raise UmpireError(f"grade: {grade!r} (allowed: {', '.join(GRADES)})")
    if active < 0:
        raise UmpireError(f"active: {active}: a count of active units is 0 or more")
    t = chart("command")
    rows = t.command_points.rows
    tops = sorted(rows)
    top = next((x for x in tops if active <= x), tops[-1])
    cellv = rows[top][GRADES.index(grade)]
    basic = int(cellv.v) if active else 0
    bonus = company_officers * int(t.bonus["company_co_or_xo"].v) + battalion_cos * int(t.bonus["battalion_co"].v)
    total = max(0, basic + bonus - (int(t.nbc_loss.v) if nbc else 0))
    lo = max((x for x in tops if x < top), default=0)
    cell = Cell(
        table="COMMAND POINTS CHART",
        row=f"{lo + 1}-{top}" if top != tops[-1] else f"{lo + 1}+",
        column=grade,
        value=basic,
        rule="21.1.1.1",
    )
    return Points(
        total, basic, bonus, cell, [f"command points {cell.row} {grade} ({cellv.v})"] if cellv.estimated else []
    )


def cost(exchanges: int, *, disrupted: bool) -> int:
    """Points ``exchanges`` marker swaps cost (21.1.2; 21.2.2 doubles it)."""
    return exchanges * (int(chart("command").disrupted_cost.v) if disrupted else 1)


def spend(available: int, exchanges: int, *, disrupted: bool, where: str = "command_points") -> int:
    """What is left after ``exchanges`` swaps.

    :raises UmpireError: when the organization has not the points.
    """
    need = cost(exchanges, disrupted=disrupted)
    if need > available:
        raise UmpireError(
            f"{where}: {exchanges} exchange{'s' if exchanges != 1 else ''} of command markers cost {need} command "
            f"point{'s' if need != 1 else ''}{' (disrupted: 2 each, 21.2.2)' if disrupted else ''}; "
            f"the organization has {available} (21.1.2)"
        )
    return available - need


def jamming(points_spent: int, side: str, dice: Dice) -> Resolution:
    """A radio jamming attempt (21.2.1): disrupts the enemy's communications on the roll."""
    t = chart("command").jamming
    cap = int(t.max_per_turn.v)
    if not 1 <= points_spent <= cap:
        raise UmpireError(f"points: {points_spent}: one to {cap} jamming points a Turn (21.2)")
    key = "USSR" if side == "USSR" else "NATO"
    band = getattr(t, key)[points_spent]
    (roll,) = dice.roll(100, why=f"radio jamming ({points_spent})")
    hit = in_range(roll, band)
    return Resolution(
        ruleset="mbt",
        procedure="jamming",
        outcome={"disrupted": hit},
        summary=(
            "communications disruption: the enemy pays 2 command points for 1 (21.2.2)" if hit else "no result (21.2.1)"
        ),
        cell=Cell(table="RADIO JAMMING TABLE", row=points_spent, column=key, value=band.v, rule="21.2.1"),
        modified_roll=roll,
        estimated=[f"radio jamming {key} {points_spent} ({band.v})"] if band.estimated else [],
    )


def message(words: int, dice: Dice, *, enemy_can_intercept: bool = True) -> Resolution:
    """One radio message on the Turn it is due (21.3.3.2.3-4): longer than 20 words it may be
    intercepted (the enemy overall commander rolls at least 4 higher on one die); then the
    receiver's die: 1-7 received, 8-9 delayed a Turn, 10 lost."""
    m = chart("command").messages
    notes = []
    intercepted = False
    if words > int(m["coded_words"].v) and enemy_can_intercept:
        (own, enemy) = dice.roll(10, 2, why="interception: sender's side, enemy side")
        intercepted = enemy - own >= int(m["intercept_margin"].v)
        notes.append(
            f"in the clear ({words} words): sender {own}, enemy {enemy}: "
            + ("intercepted, the enemy reads it" if intercepted else "not intercepted")
            + " (21.3.3.2.3)"
        )
    else:
        notes.append(
            f"{words} words: in code, secure (21.3.3.2.3)"
            if words <= int(m["coded_words"].v)
            else "in the clear, but the enemy cannot intercept (21.3.3.2.3)"
        )
    (r,) = dice.roll(10, why="message receipt")
    fate = "received" if in_range(r, m["received"]) else "delayed" if in_range(r, m["delayed"]) else "lost"
    words_for = {"received": "received and read", "delayed": "delayed to the next Turn", "lost": "lost or garbled"}
    return Resolution(
        ruleset="mbt",
        procedure="message",
        outcome={"fate": fate, "intercepted": intercepted},
        summary=f"{words_for[fate]} ({r}, 21.3.3.2.4)",
        notes=notes,
        modified_roll=r,
    )
