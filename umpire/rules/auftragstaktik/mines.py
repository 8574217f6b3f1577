"""Mines (MISCELLANEOUS RULES > Mines; ruling ``mines.rolls_per_crossing``).

A stand crossing a minefield rolls on the 0 column of the CRT: Militia 2R, Recruit 1R, Regular
none, Veteran 1L, Elite 2L; troop stands on Cautious Advance (= DA) -2. AFVs are affected only
by AT minefields, troop stands only by AP minefields, soft vehicles by both.
"""

from __future__ import annotations

from typing import Literal

from umpire.core.dice import Dice, RecordingDice
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.rules.auftragstaktik import crt
from umpire.rules.auftragstaktik.data import RULESET, tables
from umpire.rules.auftragstaktik.hits import apply_hits
from umpire.rules.auftragstaktik.mods import mod
from umpire.rules.auftragstaktik.ratings import Stand


def cross_minefield(
    stand: Stand, minefield: Literal["AP", "AT"], dice: Dice, rulings: Rulings
) -> Resolution:
    """One stand crossing one minefield. Outcome: ``hits``, ``affected``."""
    t = tables()
    m = t.misc.mines
    cat = stand.fire_category()
    cat = "afv" if cat == "afv" else "troop" if cat == "troop" else "soft"
    if minefield not in m.affects[cat]:
        return Resolution(
            ruleset=RULESET,
            procedure="mines",
            outcome={"hits": 0, "affected": False},
            summary=f"no effect: {cat} stands are not affected by {minefield} minefields",
            notes=[m.source],
            rulings=rulings.differences(),
        )
    shifts = mod(
        "troop quality", m.quality_shift[stand.quality], m.source, stand.quality, kind="shift"
    )
    mods = []
    if cat == "troop" and stand.orders == "DA":
        mods = mod(
            "troops on Cautious Advance (DA)",
            m.troops_cautious,
            m.source,
            "ruling orders.undefined_names",
        )
    pick = crt.pick_column(t, rulings, "AT", fixed=m.column, shift=sum(s.value for s in shifts))
    rec = RecordingDice(dice)
    natural = crt.roll(rec, t, rulings, f"{minefield} minefield")
    modified = natural + sum(x.value for x in mods)
    hits, cell = crt.lookup(pick.index, modified, t, rulings, "AT")
    total, eliminated = apply_hits(stand.hits, hits, t=t)
    return Resolution(
        ruleset=RULESET,
        procedure="mines",
        outcome={"hits": hits, "affected": True, "total_hits": total, "eliminated": eliminated},
        summary=f"{hits} hit{'s' if hits != 1 else ''} "
        f"({crt.roll_words(natural, modified, cell.column)})",
        modifiers=mods,
        shifts=shifts,
        column=cell.column,
        cell=cell,
        rolls=rec.rolls,
        modified_roll=modified,
        rulings=rulings.differences(),
        notes=pick.notes,
    )
