"""Fires in building hexes (option 18.3) over the tracked game.

GP fire at a unit in a building hex (a gun of 14.5mm or larger, or a launcher, 18.3.2) and
artillery GP fire impacting in one are noted through the Turn, with the largest GP factor at each
hex. In the Adjust Markers Step (18.3: the Adjustment phase, before the markers of 16.3):

- every burning marker placed in an earlier Turn checks its status (18.3.1): it spreads into every
  adjacent building hex, continues, or ends;
- every building hex not on fire that took GP fire this Turn checks for a new fire (18.3.2);
- every combat unit still in a hex whose fire started in an earlier Turn is brewed up or
  eliminated (18.3.3).

The rolls are ``umpire calc building_fire``'s function on the same case. A hex on the ungridded
table is the point of a marker and the hex length round it; the hexes adjacent to a burning hex
are the six one hex length from it. Move orders into a burning hex are refused (18.3.3).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Facts, Resolution
from umpire.core.state import GameState, UnitState
from umpire.rules.mbt.options.facts import ImpactFacts
from umpire.rules.mbt.state import MbtGame
from umpire.turns.common import Applied
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options import state as OS
from umpire.turns.mbt.paths import segment_distance
from umpire.turns.mbt.turn_state import note_resolutions, unit_note

NAME = "building_fires"
_MM = re.compile(r"(\d+(?:\.\d+)?)\s*mm")


def starts_fires(weapon: Any) -> bool:
    """Can point effect GP fire of ``weapon`` start a fire (18.3.2: a gun of 14.5mm or larger;
    launchers can)?"""
    if weapon.kind in ("launcher", "grenade", "mortar", "flamethrower"):
        return True
    if weapon.kind not in ("gun", "mg"):
        return False
    m = _MM.search(weapon.name)
    return m is not None and float(m.group(1)) >= 14.5


def directed(state: GameState, xy: Sequence[float], gp: int, opts: OS.OptionsState | None = None) -> None:
    """Note GP factor ``gp`` directed at the hex at ``xy`` this Turn, if it is a building hex
    (into ``opts`` when the caller holds the options' state, else straight into ``state``)."""
    from umpire.turns.mbt.advanced.table import AdvTable

    if not on(state, NAME) or AdvTable(state).building(xy) is None:
        return
    held = opts or OS.read(state)
    held.fire_gp.append((round(float(xy[0]), 3), round(float(xy[1]), 3), int(gp)))
    if opts is None:
        OS.write(state, held)


def artillery(state: GameState, opts: OS.OptionsState, r: Resolution, target: Sequence[float]) -> None:
    """Note an artillery mission's GP factor at every building hex its SHEAF covers (18.3: fire
    that impacts in the hex), into the Artillery Step's ``opts``."""
    from umpire.rules.mbt.options import hexes

    facts = ImpactFacts.of(r)
    if not on(state, NAME) or not facts.gp:
        return
    scale = float(MbtGame.of(state).scale)
    for h in facts.hexes_affected or []:
        dx, dy = hexes.offset((int(h[0]), int(h[1])), scale)
        directed(state, (target[0] + dx, target[1] + dy), int(facts.gp), opts)


def start(state: GameState, xy: Sequence[float], why: str) -> Resolution | None:
    """A fire started at once in the building hex at ``xy`` (a flamethrower's, 17.4.1.2.1): a
    burning marker placed now, unless the hex burns already; the resolution that says so."""
    from umpire.turns.mbt.advanced.table import AdvTable

    if not on(state, NAME):
        return None
    t = AdvTable(state)
    opts = OS.read(state)
    if t.building(xy) is None or any(t.same_hex((f[0], f[1]), xy) for f in opts.fires):
        return None
    at = (round(float(xy[0]), 3), round(float(xy[1]), 3))
    opts.fires.append((at[0], at[1], state.turn))
    OS.write(state, opts)
    return Resolution(ruleset="mbt", procedure="burning_marker", outcome={"at": list(at)},
                      summary=f"a burning marker is placed at ({at[0]:g}, {at[1]:g}): {why}",
                      facts=Facts(side="umpire"))


def enter_why(state: GameState, u: UnitState, path: Sequence[Sequence[float]]) -> tuple[int, str] | None:
    """The first waypoint of a move whose leg enters a burning hex (18.3.3), and why; None if none."""
    from umpire.turns.mbt.advanced.table import AdvTable

    if not on(state, NAME):
        return None
    fires = OS.read(state).fires
    if not fires:
        return None
    t = AdvTable(state)
    start = t.xy(u)
    r = t.scale / 2 - 1e-9
    prev: Sequence[float] = start
    for i, p in enumerate(path):
        for f in fires:
            at = (f[0], f[1])
            if math.dist(at, start) >= r and segment_distance(at, prev, p) < r:
                return i, (f"({p[0]:g}, {p[1]:g}): the way there enters the burning hex at ({at[0]:g}, {at[1]:g}); "
                           "combat units may not enter a hex with a burning marker (18.3.3)")
        prev = p
    return None


def _roll(state: GameState, dice: Dice, building: str, gp: int | None, at: tuple[float, float],
          purpose: str) -> Resolution:
    from umpire.rules.mbt.options.calc import building_fire

    case: dict[str, Any] = {"building": building, **({"gp": gp} if gp is not None else {})}
    rec = RecordingDice(scoped(dice, "building fire", f"T{state.turn}", "Adjustment", purpose, f"{at[0]:g},{at[1]:g}"))
    r = building_fire(dict(case), rec, odds=False).resolution
    assert r is not None
    r.rolls = rec.take()
    r.facts.case = case
    r.facts.at = list(at)
    r.facts.step = "Adjust Markers"
    r.facts.side = "umpire"
    return r


def adjust(state: GameState, dice: Dice) -> tuple[list[Resolution], list[Any]]:
    """The Adjust Markers Step's fires (18.3.1-18.3.3) on ``state`` (being changed)."""
    from umpire.rules.mbt.options import hexes
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.losses import destroy
    from umpire.turns.mbt.advanced.table import AdvTable

    if not on(state, NAME):
        return [], []
    opts = OS.read(state)
    t = AdvTable(state)
    turn = state.turn
    res: list[Resolution] = []
    notes: list[Any] = []
    burning = list(opts.fires)

    def burns(xy: Sequence[float]) -> bool:
        return any(t.same_hex((f[0], f[1]), xy) for f in burning)

    def place(xy: tuple[float, float], why: str) -> None:
        burning.append((round(xy[0], 3), round(xy[1], 3), turn))
        res.append(Resolution(ruleset="mbt", procedure="burning_marker", outcome={"at": list(xy)},
                              summary=f"a burning marker is placed at ({xy[0]:g}, {xy[1]:g}): {why}",
                              facts=Facts(side="umpire")))

    for f in list(opts.fires):  # 18.3.1: fires placed in an earlier Turn
        at = (f[0], f[1])
        building = t.building(at)
        if f[2] >= turn or building is None:
            continue
        r = _roll(state, dice, building, None, at, "status")
        r.summary = f"fire at ({at[0]:g}, {at[1]:g}), {building}: {r.summary}"
        res.append(r)
        status = r.outcome["status"]
        if status == "end":
            burning.remove(f)
        elif status == "spread":
            for h in hexes.pattern("within", radius=1):
                dx, dy = hexes.offset(h, t.scale)
                xy = (at[0] + dx, at[1] + dy)
                if t.building(xy) is not None and not burns(xy):
                    place(xy, f"the fire at ({at[0]:g}, {at[1]:g}) spreads (18.3.1.1)")
    largest: list[tuple[float, float, int]] = []  # 18.3.2: the largest GP factor at each hex
    for x, y, gp in opts.fire_gp:
        same = next((i for i, g in enumerate(largest) if t.same_hex((g[0], g[1]), (x, y))), None)
        if same is None:
            largest.append((x, y, gp))
        elif gp > largest[same][2]:
            largest[same] = (largest[same][0], largest[same][1], gp)
    for x, y, gp in largest:
        building = t.building((x, y))
        if building is None or burns((x, y)):
            continue
        r = _roll(state, dice, building, gp, (x, y), "new fire")
        r.summary = f"GP {gp} at ({x:g}, {y:g}), {building}: {r.summary}"
        res.append(r)
        if r.outcome["new_fire"]:
            place((x, y), f"GP {gp} fire started it (18.3.2)")
    for f in burning:  # 18.3.3: not vacated by the end of the Turn after the fire started
        if f[2] >= turn:
            continue
        for u in sorted(t.in_hex((f[0], f[1])), key=lambda x: x.id):
            if not U.alive(u):
                continue
            how = "brewed_up" if U.kind(u) == "vehicle" else "eliminated"
            destroy(state, u, how, f"T{turn} Adjustment", notes)
            notes.append(unit_note(u.id, f"{'brews up' if how == 'brewed_up' else 'is eliminated'}: it stayed in the "
                                     f"burning hex at ({f[0]:g}, {f[1]:g}) (18.3.3)", "fire"))
    opts.fires, opts.fire_gp = burning, []
    OS.write(state, opts)
    return res, notes


def adjustment_with_fires(state: GameState, dice: Dice, adjustment: Callable[[GameState], Applied]) -> Applied:
    """The Adjustment phase with the building fires of the Adjust Markers Step first (18.3)."""
    if not on(state, NAME):
        return adjustment(state)
    new = state.copy_for_change()
    res, notes = adjust(new, dice)
    applied = adjustment(new)
    applied.resolutions[:0] = res + note_resolutions(notes)
    return applied
