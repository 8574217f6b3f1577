"""How a resolution was reached, as a reader may be shown it: a compact modifier table, the dice,
the table cell, the notes.

The umpire sees everything (:func:`for_umpire`). A side sees the explanation of its own actions
only (:func:`for_side`), written from what it knows of the enemy unit acted on: when it knows
the unit in full, every modifier with its rule, but never a detail that tells a hidden quality
of the enemy (its troop quality); below full identity, each modifier by the rule's own words,
the target's size only as the type it has seen ("target size: vehicle"). A side never gets the
resolution's notes or the estimated data values it used (they tell the enemy's ratings and
card); the umpire does.
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.reports.facts import Explanation, Mod
from umpire.reports.words import num

# Modifiers whose detail compares the firer with what a side does not know of the enemy.
HIDDEN_DETAIL = ("troop quality",)
# MBT rules whose modifier names say the target's type; below full identity they are written
# from the size the side has seen.
SIZE_RULES = ("7.4.2.3.2",)


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


def for_side(x: Explanation, level: str, size: str | None = None) -> Shown:
    """``x`` of a side's own action on an enemy unit it knows at ``level`` (``full``, ``type``,
    ``fired``, or ``unseen``; ``full`` too when no enemy unit is acted on)."""
    if level == "full":
        rows = tuple(_row(m, not m.name.startswith(HIDDEN_DETAIL)) for m in x.modifiers)
        return Shown(modifiers=rows, dice=_dice(x), modified_roll=x.modified_roll, cell=_cell(x),
                     rulings=tuple(f"ruling {k} = {v} (not the default)" for k, v in x.rulings))
    told: list[Row] = []
    for m in x.modifiers:
        if m.rule in SIZE_RULES:
            what = f"target size: {size}" if level == "type" and size else "target size"
            told.append(Row(m.signed(), what, m.rule))
        else:
            told.append(_row(m, detail=False))
    return Shown(modifiers=tuple(told), dice=_dice(x), modified_roll=x.modified_roll, cell=_cell(x))


def net(rows: tuple[Row, ...]) -> str:
    """The sum of the die-roll modifiers among ``rows`` (shifts apart)."""
    total = 0
    for r in rows:
        if r.value[:1] in "+-":
            total += int(r.value)
    return f"{total:+d}" if rows else num(0)
