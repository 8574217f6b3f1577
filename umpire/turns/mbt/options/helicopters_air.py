"""The helicopters' Air Phase in a tracked MBT game (20.2, 20.3): after the aircraft's strikes,
before the Artillery Step, in the initiative order of the sides.

Each helicopter unit flies its orders (:mod:`.helicopters`): the move is checked and priced by
the rule ``umpire calc helicopter`` answers; it ends the phase at its new altitude, hovering if it
spent no factors (20.2.2.1.1); a pop-up attack is made, and seen, at low altitude, and the
helicopter is back at NOE after it (20.2.2.1.2). With the anti_aircraft option the enemy's AA
units then fire at it (:mod:`.anti_aircraft`); one not destroyed fires its guns and missiles
(:mod:`.helicopter_fire`) or the rocket it was ordered to (20.2.3.3.1), at a target it sees in its
120 degree arc (20.2.3.1), by the rule ``umpire calc air_drop`` answers. Then every side sights
the enemy helicopters (:func:`sees`), and its briefing shows each at the altitude it saw it.

Sighting (20.2.3.1.1-2, 20.3.3.5): a helicopter at NOE is one height above the highest height of
its hex (landed: on it) and sees and is seen as a ground unit is; at low altitude the AIR
SIGHTING CHART says whether terrain near the ground unit blocks the line. Both ways alike
(20.3.3.5), within the ground unit's sighting range of a vehicle in clear in the light at the
helicopter (13.1.3, 18.1). Helicopters fly in both Air Phases of a Turn (20.2.2): the second
closes the Movement phase (ruling ``options.second_air_phase``), each on its own flight orders (or
hovering). Simplified: sighting and fire judged at the end of the move (not hex by hex along it),
side slips not ordered, turns not counted against the hexes entered (20.2.2.2.1); its guns and
missiles are fired by :mod:`.helicopter_fire`; landings' loads (20.2.2.3) are not played.
"""

from __future__ import annotations

from typing import Any

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState
from umpire.errors import UmpireError
from umpire.rules.mbt import data
from umpire.rules.mbt.options.facts import AirFacts, ImpactFacts
from umpire.rules.mbt.state import MbtGame
from umpire.schema.load import validate
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options import state as OS
from umpire.turns.mbt.options.helicopter_sight import ARC, bearing, flying_altitude, off_arc, sees
from umpire.turns.mbt.turn_state import sides_in_order


def _flight(opts: OS.OptionsState, h: OS.Helicopter, turn: int, air_phase: int = 1) -> OS.Flight:
    f = next((f for f in opts.flights if f.helicopter == h.id and f.turn == turn and f.air_phase == air_phase), None)
    return f or OS.Flight(side=h.side, helicopter=h.id, turn=turn, altitude=h.altitude,  # no orders: it hovers
                          air_phase=air_phase)


def _move(state: GameState, h: OS.Helicopter, f: OS.Flight) -> Resolution:
    """Fly ``h`` as ``f`` orders (20.2.2), by the rule ``calc helicopter`` answers."""
    from umpire.rules.mbt.options.calc import move_of
    from umpire.rules.mbt.options.cases import HelicopterCase
    from umpire.turns.mbt.options.helicopters import case_of, terrain_at

    start = (h.x, h.y)
    end = f.path[-1] if f.path else start
    case = case_of(state, h, f, terrain_at(state, end))
    rulings = data.rulings().select(state.rulings)
    fog, night = rulings["helicopters.fog_altitude"], rulings["helicopters.landing_at_night"]
    try:
        r = move_of(validate(HelicopterCase, case, f"helicopter {h.id}"), fog, where=f"helicopters.{h.id}",
                    landing_at_night=night)
    except UmpireError as exc:  # the table changed since its orders: it hovers where it is
        f = OS.Flight(side=h.side, helicopter=h.id, turn=f.turn, altitude=h.altitude)
        case = case_of(state, h, f, terrain_at(state, start))
        r = move_of(validate(HelicopterCase, case, f"helicopter {h.id}"), fog, landing_at_night=night)
        r.notes.insert(0, f"its orders no longer fit: {exc}; it hovers")
        end = start
    if f.path:
        last = [start, *f.path]
        h.facing = round(bearing(last[-2], last[-1]) if f.facing is None else f.facing % 360, 3)
    elif f.facing is not None:
        h.facing = round(f.facing % 360, 3)  # a hovering helicopter turns freely (20.2.2.2.1)
    h.x, h.y = round(end[0], 3), round(end[1], 3)
    h.altitude = case["end"]
    h.hovering = bool(r.outcome["hovering"])
    h.flown = int(case["hexes"])
    h.popup = f.popup
    alt = "NOE" if h.altitude == "noe" else h.altitude
    where = f"({h.x:g}, {h.y:g})"
    verb = "pops up from NOE at" if h.popup else ("hovers at" if h.hovering else f"flies {case['hexes']} hexes to")
    r.summary = f"{h.id} ({h.name}) {verb} {where}{'' if h.popup else ', ' + alt}: {r.summary}"
    fx = AirFacts.of(r)
    fx.case, fx.side, fx.helicopter, fx.altitude, fx.popup = case, h.side, h.id, h.altitude, h.popup
    fx.at, fx.facing, fx.step = [h.x, h.y], h.facing, "Air Phase"
    return r


def _rocket(state: GameState, h: OS.Helicopter, f: OS.Flight, dice: Dice) -> tuple[list[Resolution], list[Any]]:
    """Its rocket at the enemy unit ordered (20.2.3.3.1), if it sees it in its arc (20.2.3.1)."""
    from umpire.rules.mbt.options.air_strike import rocket_reach
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.table import AdvTable
    from umpire.turns.mbt.options.air_phase import drop

    t = AdvTable(state)
    target = state.units.get(f.rocket or "")
    why = ""
    if target is None or not U.on_table(target):
        why = "its target is out of action"
    elif (rng := t.hexes((h.x, h.y), t.xy(target))) > rocket_reach():
        why = f"its target is {rng} hexes off, beyond a rocket's {rocket_reach()} (20.1.3.4.1)"
    elif off_arc(h.facing, (h.x, h.y), t.xy(target)) > ARC + 1e-9:
        why = "its target is outside its 120 degree arc (20.2.3.1)"
    else:
        ok, reason = sees(state, t, target, h)
        why = "" if ok else f"it cannot see its target: {reason} (20.2.3)"
    if why:
        return [Resolution(ruleset="mbt", procedure="helicopter_fire", outcome={"fired": False},
                           summary=f"{h.id} ({h.name}) holds its rocket: {why}",
                           facts=AirFacts(side=h.side, helicopter=h.id, step="Air Phase"))], []
    assert target is not None
    from umpire.rules.mbt.options import hexes

    xy = t.xy(target)
    case: dict[str, Any] = {
        "aircraft": h.card, "weapon": "rocket", "speed": "low", "altitude": "low",
        "conditions": str(MbtGame.of(state).conditions),
        "facing": hexes.direction_of(h.facing), "range": max(1, t.hexes((h.x, h.y), xy)),
    }
    h.rockets -= 1
    return drop(state, case, xy, scoped(dice, "helicopter", h.id), f"{h.id} ({h.name}) fires a rocket at {target.id}",
                "helicopter rocket", ImpactFacts(helicopter=h.id, side=h.side))


def sightings(state: GameState) -> list[Resolution]:
    """Every side's sighting of the enemy helicopters now: what its briefing shows (24.2.2)."""
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.table import AdvTable

    opts = OS.read(state)
    t = AdvTable(state)
    out = []
    for side in state.side_ids():
        own = [u for u in state.units_of(side) if U.on_table(u)]
        seen: list[dict[str, Any]] = []
        said = []
        for h in sorted(opts.helicopters.values(), key=lambda x: x.id):
            if h.side == side or h.destroyed:
                continue
            by = [g.id for g in own if sees(state, t, g, h)[0]]  # who saw it: each player's briefing (21.3)
            if by:
                seen.append({"helicopter": h.id, "type": _type(h), "altitude": flying_altitude(h),
                             "at": [h.x, h.y], "facing": h.facing, "hovering": h.hovering, "by": by})
                said.append(f"{h.id}: {_type(h)} at ({h.x:g}, {h.y:g}), {_alt(flying_altitude(h))}")
        words = ", ".join(said)
        out.append(Resolution(ruleset="mbt", procedure="helicopter_sighting", outcome={"seen": len(seen)},
                              summary=f"{side} sees helicopters: {words or 'none'} (20.2.3.1, 20.3.3)",
                              facts=AirFacts(side=side, helicopters=seen, step="Air Phase")))
    return out


def _type(h: OS.Helicopter) -> str:
    from umpire.rules.mbt.cards import any_card

    return f"helicopter ({any_card(h.card).name})"


def _alt(altitude: str) -> str:
    return {"noe": "at NOE", "low": "at low altitude", "landed": "landed"}[altitude]


def resolve(state: GameState, dice: Dice, fired: list[Resolution], air_phase: int = 1
            ) -> tuple[list[Resolution], list[Any]]:
    """This Turn's first or second helicopter Air Phase, on ``state`` (being changed), after the
    strikes ``fired``."""
    from umpire.turns.mbt.options import anti_aircraft

    opts = OS.read(state)
    order = sides_in_order(state)
    res: list[Resolution] = []
    notes: list[Any] = []
    used = {str(r.facts.unit) for r in fired if r.procedure == "aa"}  # once an Air Phase (20.3.4)
    for h in sorted((x for x in opts.helicopters.values() if not x.destroyed),
                    key=lambda x: (order.index(x.side) if x.side in order else 9, x.id)):
        f = _flight(opts, h, state.turn, air_phase)
        start = (h.x, h.y)
        res.append(_move(state, h, f))
        if on(state, "anti_aircraft") and h.altitude != "landed":
            OS.write(state, opts)
            fired_at, crashed = anti_aircraft.at_helicopter(state, h, used, dice)
            res, notes = res + fired_at, notes + crashed
        if not h.destroyed and (f.guns or f.missiles):  # its guns and one other armament (20.2.3)
            from umpire.turns.mbt.options import helicopter_fire

            OS.write(state, opts)
            fired, hits = helicopter_fire.fire(state, h, f, start, dice)
            res, notes = res + fired, notes + hits
        if not h.destroyed and f.rocket:
            OS.write(state, opts)
            fired, hits = _rocket(state, h, f, dice)
            res, notes = res + fired, notes + hits
        if h.popup:
            h.altitude, h.popup = "noe", False  # back at NOE after the attack (20.2.2.1.2)
    opts.flights = [f for f in opts.flights
                    if f.turn > state.turn or (f.turn == state.turn and f.air_phase > air_phase)]
    OS.write(state, opts)
    return res + sightings(state), notes

