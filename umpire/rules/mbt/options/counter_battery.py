"""Counter battery (19.4): locate the battery that fired, then roll its effects.

Each capability tries one enemy battery a Turn when enemy artillery impacts (19.4.1). The
COUNTER BATTERY TABLE line of the ranging equipment and conditions gives the location attempt;
a located battery takes the effects roll: disrupted (no fire or new plots for two Turns),
a quarter or half of its remaining missions lost (rounded up), or knocked out (19.4.2). Against
a counter battery capability itself the losses count as disruption and a knock out ends it
(19.4.3).
"""

from __future__ import annotations

import math

from umpire.core.dice import Dice
from umpire.core.resolution import Resolution
from umpire.errors import UmpireError
from umpire.rules.mbt.options.artillery import nation_data
from umpire.rules.mbt.options.charts import chart, in_range, use

EFFECTS = ("disrupted", "quarter_loss", "half_loss", "knocked_out")
NIGHTTIME = ("dusk", "moonlight", "night", "fog", "blowing_snow")


def missions_lost(effect: str, remaining: int) -> int:
    """Fire missions destroyed by a loss result (19.4.2.2-3), fractions rounded up.

    >>> missions_lost("quarter_loss", 5), missions_lost("half_loss", 5), missions_lost("disrupted", 5)
    (2, 3, 0)
    """
    if effect == "quarter_loss":
        return math.ceil(remaining / 4)
    if effect == "half_loss":
        return math.ceil(remaining / 2)
    return 0


def resolve(
    *,
    nation: str,
    equipment: str,
    conditions: str,
    dice: Dice,
    remaining_missions: int = 0,
    against_counter_battery: bool = False,
) -> Resolution:
    """One counter battery attempt by ``nation``'s capability of ``equipment`` (sound, flash,
    radar) against a battery with ``remaining_missions`` (19.4.2, 19.4.3)."""
    estimated: list[str] = []
    table = nation_data(nation).counter_battery
    if equipment not in table:
        raise UmpireError(f"equipment: {equipment!r} (allowed: {', '.join(table)})")
    when = "night" if conditions in NIGHTTIME else "day"
    band = table[equipment][when]
    use(band, f"{nation} counter battery {equipment} {when} ({band.v})", estimated)
    (roll,) = dice.roll(100, why=f"counter battery location ({equipment})")
    notes = [f"location attempt: {roll} against {band.v} ({equipment}, {when}) (19.4.2)"]
    if not in_range(roll, band):
        return Resolution(
            ruleset="mbt",
            procedure="counter_battery",
            outcome={"located": False, "effect": None, "missions_lost": 0},
            summary="not located: the counter battery attempt ends (19.4.2)",
            notes=notes,
            estimated=estimated,
        )
    (eroll,) = dice.roll(100, why="counter battery effects")
    effects = chart("artillery").counter_battery_effects
    effect = next(e for e in EFFECTS if in_range(eroll, effects[e]))
    use(effects[effect], f"counter battery effects {effect} ({effects[effect].v})", estimated)
    lost = missions_lost(effect, remaining_missions)
    if against_counter_battery and effect in ("quarter_loss", "half_loss"):
        effect, lost = "disrupted", 0
        notes.append("against a counter battery capability a loss counts as disruption (19.4.3)")
    turns = chart("artillery").disrupted_turns.v
    words = {
        "disrupted": f"disrupted: no fire or new plots for the next {turns} Turns (19.4.2.1)",
        "quarter_loss": f"a quarter of its remaining fire missions lost: {lost} (19.4.2.2)",
        "half_loss": f"half of its remaining fire missions lost: {lost} (19.4.2.3)",
        "knocked_out": (
            "the counter battery capability is eliminated for the game (19.4.3)"
            if against_counter_battery
            else "knocked out for the rest of the game, no victory points (19.4.2.4)"
        ),
    }
    notes.append(f"effects roll: {eroll}")
    return Resolution(
        ruleset="mbt",
        procedure="counter_battery",
        outcome={"located": True, "effect": effect, "missions_lost": lost},
        summary=f"located; {words[effect]}",
        notes=notes,
        estimated=estimated,
    )
