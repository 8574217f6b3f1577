"""How a resolution was reached, as a reader may be shown it: a compact modifier table, the dice,
the table cell, the notes.

The umpire sees everything (:func:`for_umpire`). A side sees the explanation of its own actions
only (:func:`for_side`), each modifier, die and cell a fact about a subject, shown as far as
the side's knowledge of that subject goes:

- a modifier whose presence or value tells what the side cannot know of the enemy, whatever it
  has seen (Auftragstaktik: the enemy's troop quality, whether it had spotted the firer, its HQ
  rating, its C3 level: the ruleset's ``Telling.enemy_facts``) is never shown, and the sums it enters (the
  modified roll, the row of the table cell) are withheld from every explanation of that kind,
  so their absence tells nothing either;
- below full identity (in a ruleset of identification levels, MBT 24.2.2), the target's size
  class is named by the type the side saw ("target size: vehicle") without its value, the sums
  are withheld, the hit number and the card's defence are taken out of the dice' purposes, and
  the dice that tell a penetration (hit location, damage) are not shown; each other modifier is
  shown by its rule's own words;
- ruling ``report.hidden_dice`` says whether such a dice line is shown without those values
  (``withhold``, the default) or not at all (``omit``).

A side never gets the resolution's notes or the estimated data values it used (they tell the
enemy's ratings and card); the umpire does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from umpire.registry import Telling
from umpire.reports.facts import Explanation, Mod
from umpire.reports.words import num

# MBT rules whose modifier names say the target's type; below full identity they are written
# from the size the side has seen, without their value.
SIZE_RULES = ("7.4.2.3.2",)
# The parts of an MBT die's purpose that sum or name the target's card (below full identity).
HIDDEN_PURPOSE = (re.compile(r" \(hit number -?\d+\)"), re.compile(r" vs defense -?\d+"))
PENETRATION = ("hit location", "damage")
WITHHELD = "modified roll and table row withheld (they sum what your side does not know of the enemy)"


@dataclass(frozen=True)
class Row:
    value: str
    what: str
    rule: str


@dataclass(frozen=True)
class Shown:
    """An explanation as a reader sees it (strings only)."""

    modifiers: tuple[Row, ...] = ()
    dice: tuple[str, ...] = ()
    modified_roll: int | None = None
    cell: str | None = None
    notes: tuple[str, ...] = ()
    estimated: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    withheld: str | None = None  # what a side is not shown of it, and why

    def __bool__(self) -> bool:
        return bool(self.modifiers or self.dice or self.cell or self.notes or self.estimated or self.rulings
                    or self.modified_roll is not None)


def _dice(x: Explanation) -> tuple[str, ...]:
    return tuple(f"d{d.sides}: {', '.join(map(str, d.values))} ({d.why})" for d in x.dice)


def _cell(x: Explanation) -> str | None:
    c = x.cell
    if c is None:
        return None
    return f"{c.table}: row {c.row}, column {c.column} gives {c.value}" + (f" [{c.rule}]" if c.rule else "")


def _row(m: Mod, detail: bool = True) -> Row:
    what = m.name + (f" ({m.detail})" if detail and m.detail else "")
    return Row(m.signed(), what, m.rule)


def for_umpire(x: Explanation) -> Shown:
    return Shown(
        modifiers=tuple(_row(m) for m in x.modifiers), dice=_dice(x), modified_roll=x.modified_roll, cell=_cell(x),
        notes=x.notes, estimated=x.estimated,
        rulings=tuple(f"ruling {k} = {v} (not the default)" for k, v in x.rulings),
    )


def for_side(x: Explanation, level: str, size: str | None = None, *, telling: Telling | None = None, kind: str = "",
             dice: str = "withhold") -> Shown:
    """``x`` of a side's own action (a fact of ``kind``) on an enemy unit it knows at ``level``
    (``full``, ``type``, ``fired``, or ``unseen``; ``full`` too when no enemy unit is acted on);
    ``telling`` is how the game's ruleset tells it (what the enemy's modifiers hide, whether
    identification levels withhold more); ``dice`` is ruling ``report.hidden_dice``."""
    t = telling or Telling()
    hidden = t.enemy_facts.get(kind, ())
    below = t.levels and level != "full"  # below full identity (MBT 24.2.2)
    withheld = bool(hidden) or below
    told: list[Row] = []
    for m in x.modifiers:
        if hidden and m.name.startswith(hidden):
            continue
        if level == "full":
            told.append(_row(m))
        elif m.rule in SIZE_RULES:
            told.append(Row("?", f"target size: {size}" if level == "type" and size else "target size", m.rule))
        else:
            told.append(_row(m, detail=False))
    rolls = x.dice
    if below:
        rolls = tuple(d for d in rolls if not d.why.startswith(PENETRATION))
    shown = _dice(Explanation(dice=rolls))
    if withheld:
        for pat in HIDDEN_PURPOSE:
            shown = tuple(pat.sub("", d) for d in shown)
    cell = _cell(x)
    if withheld and x.cell is not None:
        c = x.cell
        cell = f"{c.table}: column {c.column} gives {c.value}" + (f" [{c.rule}]" if c.rule else "")
        if t.levels:
            cell = None
    if withheld and dice == "omit":
        shown, cell = (), None
    return Shown(modifiers=tuple(told), dice=shown, modified_roll=None if withheld else x.modified_roll, cell=cell,
                 rulings=tuple(f"ruling {k} = {v} (not the default)" for k, v in x.rulings) if level == "full" else (),
                 withheld=WITHHELD if withheld and dice != "omit" and (x.modified_roll is not None or x.cell) else None)


def net(rows: tuple[Row, ...]) -> str:
    """The sum of the die-roll modifiers among ``rows`` (shifts apart)."""
    total = 0
    for r in rows:
        if r.value[:1] in "+-":
            total += int(r.value)
    return f"{total:+d}" if rows else num(0)
