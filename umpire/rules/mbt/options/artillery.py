"""Off-board artillery (19): plots and their checks, delay, the scatter factor, the missions.

A plot (19.2) names the battery, the fire type (planned ``P``, designated ``D``, called ``C``,
continuous ``S``), the target, the SHEAF (tight ``T``, line ``L`` + direction, loose ``L``),
the fire mission and the observer: ``C-1A10-T-HE-3`` (19.2.5). :func:`check_plot` says what a
plot may not do; :func:`delayed` rolls the ARTILLERY DELAY (19.3); :func:`scatter_factor`
reads the card's SCATTER FACTORS (17.1.2.3.1.1); :func:`mission_modifiers` gives the GP
modifiers a mission takes against a target (19.2.4).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from umpire.core.dice import Dice
from umpire.core.modifiers import Modifier
from umpire.errors import UmpireError
from umpire.rules.mbt.options.charts import NationArtillery, chart, in_range, use

FIRE_TYPES = {"P": "planned", "D": "designated", "C": "called", "S": "continuous"}
SHEAFS = ("tight", "line", "loose")
MISSIONS = ("HE", "ICMDP", "ICM", "SM", "FASCAM", "IL", "CLGP")
#: The record sheet's mission codes (19.2.4; IC is ICM or ICMDP, the battery's card says which).
CODES = {"HE": "HE", "IC": "ICM", "SM": "SM", "FM": "FASCAM", "IL": "IL", "CP": "CLGP"}
ATTACHMENTS = ("attached", "organic", "unattached")

_PLOT = re.compile(
    r"^(?P<type>[PDCS])-(?P<hex>[0-9]+[A-Z]+[0-9]+)-(?P<sheaf>T|L[1-6]?)-(?P<mission>[A-Z]{2})-(?P<obs>.+)$"
)


@dataclass(frozen=True)
class Plot:
    """One plot as the rules read it."""

    fire_type: str  # planned | designated | called | continuous
    sheaf: str | None  # tight | line | loose (None for CLGP)
    mission: str
    direction: int | None = None  # a line SHEAF's direction (19.2.3.2)
    target: str | None = None  # the target hex or (CLGP) vehicle
    observer: str | None = None


def read_plot(code: str) -> Plot:
    """A record sheet plot (19.2.5): ``C-1A10-T-HE-3`` is called fire at 1A10, tight SHEAF, HE,
    observer 3; ``L`` is a loose SHEAF and ``L4`` a line SHEAF in direction 4 (19.2.3.3).

    >>> read_plot("C-1A10-T-HE-3")
    Plot(fire_type='called', sheaf='tight', mission='HE', direction=None, target='1A10', observer='3')
    """
    m = _PLOT.match(code.strip().upper())
    if not m:
        raise UmpireError(
            f"plot: {code!r} is not a plot like C-1A10-T-HE-3 (type P/D/C/S, hex, SHEAF T, L or L1-L6, "
            f"mission {', '.join(CODES)}, observer)"
        )
    sheaf = m["sheaf"]
    if m["mission"] not in CODES:
        raise UmpireError(f"plot: mission {m['mission']!r} (allowed: {', '.join(CODES)})")
    return Plot(
        fire_type=FIRE_TYPES[m["type"]],
        sheaf="tight" if sheaf == "T" else "loose" if sheaf == "L" else "line",
        direction=int(sheaf[1]) if len(sheaf) == 2 else None,
        mission=CODES[m["mission"]],
        target=m["hex"],
        observer=m["obs"],
    )


_MORTAR = re.compile(r"^(?P<hex>[0-9]+[A-Z]+[0-9]+)-(?P<ammo>[A-Z]+)-(?P<obs>.+)$")


def read_mortar_plot(code: str) -> tuple[str, str, str]:
    """A mortar's written plot (17.1.1.2.4): target hex, ammunition, observer.

    >>> read_mortar_plot("2HH9-GP-102")
    ('2HH9', 'GP', '102')
    """
    m = _MORTAR.match(code.strip().upper())
    if not m:
        raise UmpireError(f"plot: {code!r} is not a mortar plot like 2HH9-GP-102 (hex, ammunition, observer)")
    return m["hex"], m["ammo"], m["obs"]


def check_plot(plot: Plot, *, nation_missions: list[str], where: str = "plot") -> None:
    """What a plot may not be (19.2.3, 19.2.4): a mission the nation's card lacks, a SHEAF the
    mission cannot use, a line without its direction, a CLGP without a target vehicle.

    :raises UmpireError: naming the field, the value and what is allowed.
    """
    if plot.mission not in MISSIONS:
        raise UmpireError(f"{where}.mission: {plot.mission!r} (allowed: {', '.join(MISSIONS)})")
    if plot.mission not in nation_missions:
        raise UmpireError(
            f"{where}.mission: {plot.mission} is not on this nation's artillery card (it has "
            f"{', '.join(nation_missions)}; 19.2.4)"
        )
    m = chart("artillery").missions[plot.mission]
    if plot.mission == "CLGP":
        if not plot.target:
            raise UmpireError(f"{where}.target: a CLGP mission names its target vehicle (19.2.4.7)")
        return
    if plot.sheaf not in m.sheafs:
        raise UmpireError(
            f"{where}.sheaf: {plot.sheaf!r}: a {plot.mission} mission is fired in a "
            f"{' or '.join(m.sheafs)} SHEAF ({m.src})"
        )
    if plot.sheaf == "line" and plot.direction not in range(1, 7):
        raise UmpireError(f"{where}.direction: a line SHEAF takes a direction 1-6 (19.2.3.2)")
    if plot.fire_type not in FIRE_TYPES.values():
        raise UmpireError(f"{where}.fire_type: {plot.fire_type!r} (allowed: {', '.join(FIRE_TYPES.values())})")


def impact_turn(fire_type: str, plotted: int) -> int:
    """The Turn a plot lands (19.2): designated and called the next Turn, planned and
    continuous the Turn they are plotted for."""
    return plotted + 1 if fire_type in ("designated", "called") else plotted


def delayed(
    nation: str, attachment: str, *, observer_in_organization: bool, dice: Dice, estimated: list[str]
) -> tuple[bool, int | None, str]:
    """The ARTILLERY DELAY (19.3): an attached battery with its own organization's observer is
    always on time (19.3.1); otherwise it is unattached, and an organic or unattached battery
    rolls (19.3.2). Returns (delayed, roll or None, why)."""
    if attachment not in ATTACHMENTS:
        raise UmpireError(f"attachment: {attachment!r} (allowed: {', '.join(ATTACHMENTS)})")
    if attachment == "attached":
        if observer_in_organization:
            return False, None, "attached battery, its own organization's observer: on time (19.3.1)"
        attachment = "unattached"
    band = nation_data(nation).delay[attachment]
    use(band, f"{nation} artillery delay {attachment} ({band.v})", estimated)
    (roll,) = dice.roll(100, why=f"artillery delay ({attachment})")
    late = in_range(roll, band)
    return (
        late,
        roll,
        f"{attachment} battery: {roll} {'within' if late else 'above'} {band.v}: "
        + ("delayed a Turn (19.3.2)" if late else "arrives (19.3.2)"),
    )


def nation_data(nation: str) -> NationArtillery:
    arts = chart("artillery").nations
    if nation not in arts:
        raise UmpireError(f"nation: {nation!r} (allowed: {', '.join(arts)})")
    found: NationArtillery = arts[nation]
    return found


def scatter_factor(nation: str, fire_type: str, *, observed: bool, shift: int = 0, estimated: list[str]) -> int:
    """The SCATTER FACTORS cell (17.1.2.3.1.1): continuous fire reads its line by how far it
    moved from the last impact hex (19.2.1.4.2); unobserved if the observer no longer sees it."""
    key = fire_type
    if fire_type == "continuous":
        if shift > chart("artillery").continuous_shift.v:
            raise UmpireError(
                f"shift: continuous fire moves at most 2 hexes from the last impact (19.2.1.4.2), not {shift}"
            )
        key = ("continue_same", "continue_1st", "continue_2nd")[shift]
    factors = nation_data(nation).scatter_factors
    if key not in factors:
        raise UmpireError(f"fire_type: {fire_type!r} (allowed: {', '.join(FIRE_TYPES.values())})")
    val = factors[key][0 if observed else 1]
    use(val, f"{nation} scatter factor {key} {'observed' if observed else 'unobserved'} ({val.v})", estimated)
    return int(val.v)


def observer_modifiers(nation: str, facts: list[str], estimated: list[str]) -> list[Modifier]:
    """OBSERVER SCATTER MODIFIERS (17.1.2.2.2) for ``facts`` (crack, poor, fire_support_vehicle,
    helicopter, suppressed, moved)."""
    table = nation_data(nation).observer
    out = []
    for f in facts:
        if f not in table:
            raise UmpireError(f"observer: {f!r} (allowed: {', '.join(table)})")
        v = use(table[f], f"{nation} observer scatter modifier {f} ({table[f].v:+d})", estimated)
        out.append(Modifier(name=f"observer {f.replace('_', ' ')}", value=v, rule="17.1.2.2.2"))
    return out


def mission_modifiers(mission: str, target_kind: str, terrain: str) -> tuple[list[Modifier], str | None]:
    """The GP modifiers of a mission against a target (19.2.4), or why it has no effect."""
    m = chart("artillery").missions[mission]
    if terrain in m.none_in:
        return [], f"{mission} has no effect on a target in a {terrain.replace('_', ' ')} hex ({m.src})"
    out = []
    if target_kind == "vehicle" and m.vs_vehicle is not None:
        out.append(Modifier(name=f"{mission} against a vehicle", value=m.vs_vehicle.v, rule=m.src))
    if target_kind != "vehicle" and m.vs_leg_towed is not None:
        out.append(Modifier(name=f"{mission} against a leg or towed unit", value=m.vs_leg_towed.v, rule=m.src))
    return out, None


def sheaf_gp(gp: int, sheaf: str) -> int:
    """A loose SHEAF affects its hexes at half the battery's GP factor (19.2.3.3, fractions up)."""
    return math.ceil(gp / 2) if sheaf == "loose" else gp


def clgp(*, observer_sees: bool, observer_suppressed: bool, dice: Dice) -> tuple[bool, int | None, str]:
    """A Copperhead at one vehicle (19.2.4.7.1): brews it up on 01-90 (01-70 with the observer
    suppressed); misses outright when the observer can no longer see it."""
    if not observer_sees:
        return False, None, "misses: the observer no longer sees the target (19.2.4.7.1)"
    band = chart("artillery").clgp_hit["observer_suppressed" if observer_suppressed else "observer"]
    (roll,) = dice.roll(100, why="CLGP hit")
    hit = in_range(roll, band)
    return (
        hit,
        roll,
        f"{roll} {'within' if hit else 'above'} {band.v}: " + ("brewed up" if hit else "missed") + " (19.2.4.7.1)",
    )


def soviet_planned_needed(missions: int) -> int:
    """How many of a Soviet force's fire missions must be planned before the game (19.5).

    >>> soviet_planned_needed(3), soviet_planned_needed(4), soviet_planned_needed(0)
    (2, 3, 0)
    """
    return math.ceil(missions * 2 / 3)
