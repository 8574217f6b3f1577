"""Entrenching (MISCELLANEOUS RULES > Entrenching; rulings ``entrench.level_names``,
``entrench.vehicles``).

Hasty is automatic for personnel stands after one turn in place. Deliberate needs 8 or more on
the die at the start of an Orders Phase (Veteran and Elite 7, Recruit and Militia 9); Prepared
needs one more. The die is not modified (ruling ``hq_roll.out_of_range``).
"""

from __future__ import annotations

from typing import Literal

from umpire.core.dice import Dice, RecordingDice
from umpire.core.resolution import Cell, Resolution
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik import crt
from umpire.rules.auftragstaktik.data import RULESET, tables
from umpire.rules.auftragstaktik.support_tables import Entrench

StandType = Literal["troop", "apc", "mbt", "mbt_t64", "other_vehicle"]


def entrench(
    level: str,
    quality: str,
    dice: Dice,
    rulings: Rulings,
    *,
    stationary: bool = True,
    stand: StandType = "troop",
    engineer: bool = False,
    with_infantry: bool = False,
) -> Resolution:
    """Try to improve a stand's entrenchment by one level. Outcome: ``success``, ``level``.

    :raises UmpireError: for a stand that may not entrench (moving, or a vehicle without the
        help the rules require).
    """
    t = tables()
    e = t.misc.entrench
    _check_may_dig(level, stand, e, stationary=stationary, engineer=engineer, with_infantry=with_infantry)
    if level == "none":
        return Resolution(
            ruleset=RULESET,
            procedure="entrench",
            outcome={"success": True, "level": "hasty"},
            summary="hasty entrenchment: automatic after one turn in place",
            notes=[f"{e.source}"],
            rulings=rulings.differences(),
        )
    target_level = "deliberate" if level == "hasty" else "prepared"
    need = e.deliberate[quality] + (e.prepared_extra if target_level == "prepared" else 0)
    rec = RecordingDice(dice)
    natural = crt.roll(rec, t, rulings, f"entrenching roll to {target_level}")
    ok = natural >= need
    return Resolution(
        ruleset=RULESET,
        procedure="entrench",
        outcome={"success": ok, "level": target_level if ok else level, "needed": need},
        summary=f"{'success' if ok else 'failure'}: rolled "
        f"{natural}, needed {need}+ for {target_level}",
        rolls=rec.rolls,
        modified_roll=natural,
        rulings=rulings.differences(),
        cell=Cell(table="Entrenching", row=quality, column=target_level, value=need, rule=e.source),
    )


def _check_may_dig(level: str, stand: StandType, e: Entrench, *, stationary: bool, engineer: bool,
                   with_infantry: bool) -> None:
    """Refuse a dig the rules forbid: an unknown or the highest level, a moving stand, a vehicle
    without the help it needs (ruling entrench.vehicles)."""
    if level not in e.levels:
        raise UmpireError(f"level: unknown entrenchment {level!r} (allowed: {', '.join(e.levels)})")
    if not stationary:
        raise UmpireError(f"stationary: only stationary stands may entrench ({e.source})")
    if level == "prepared":
        raise UmpireError(
            "level: prepared is the highest level a stand can dig (Fortified "
            "is placed by the scenario; ruling entrench.level_names)"
        )
    blocked = (
        stand == "other_vehicle"
        or (stand == "apc" and not with_infantry)
        or (stand == "mbt" and not engineer)
        or (stand == "mbt_t64" and level != "none" and not engineer)
    )
    if blocked:
        raise UmpireError(
            f"stand: a {stand} may not improve its entrenchment without "
            f"{'its infantry' if stand == 'apc' else 'engineer assistance'} "
            f"({e.source}; ruling entrench.vehicles)"
        )
