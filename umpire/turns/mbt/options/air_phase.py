"""Air strikes in a tracked MBT game (20.1, 20.3): ordered in the orders file, flown in the Air
Phase that opens the Fire phase (before the Artillery Step), or in the second (``air_phase: 2``:
closing the Movement phase, ruling ``options.second_air_phase``); an aircraft flies in one of the
two a Turn (20.1.2.2).

An orders file takes ``air_strikes:``, a list of strikes::

    air_strikes:
      - {aircraft: j1, weapon: cluster_bomb, target: [26, 14], speed: low, altitude: medium, facing: 90}

Each aircraft flies in along ``facing`` (a table bearing; its mapboard direction is the nearest,
1.1) to the target point. Every enemy ground unit with an AA line (20.3.1) that has the point
within its AA range and whose sight of the aircraft the AIR SIGHTING CHART does not block fires
once (20.3.4); a destroyed aircraft drops nothing. Then the aircraft must acquire a unit in the
target hex (20.1.3.1): none in woods, buildings or improved positions without an observer
(20.1.3.1.1.2), none the AIR SIGHTING CHART hides; an acquired target takes the load
(:func:`umpire.rules.mbt.options.air_strike.strike`, the quick answer's ``air_drop``). An iron or
cluster bomb may be dropped as a PGM (``pgm: true``) from ``range`` hexes, in its altitude's band
(20.1.3.4.3: 0-5 low, 6-10 medium, 11-15 high); the load's extra points are the scenario's. Its
``turns`` (the hexes of its run before each 60 degree turn) are checked by its speed (20.1.2.5); it
flies over the target on ``facing``. Simplified:
acquisition is judged at the target hex (not over the aircraft's whole run) and AA fire comes
before the drop; the crash of a destroyed aircraft is not played.
"""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import ConfigDict, Field, NonNegativeInt

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError, unknown
from umpire.rules.mbt import data
from umpire.rules.mbt.options.facts import AirFacts, ImpactFacts
from umpire.rules.mbt.state import MbtGame
from umpire.schema.checked import Checked
from umpire.schema.load import validate
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options import state as OS
from umpire.turns.mbt.options.command_step import cut_landlines
from umpire.turns.mbt.turn_state import sides_in_order


class StrikeSpec(Checked):
    """One air strike as the orders file writes it."""

    model_config = ConfigDict(extra="forbid")

    aircraft: str = Field(description="the aircraft's id in the scenario")
    weapon: str = Field(description="the load dropped (iron_bomb, cluster_bomb, smoke_bomb, mine_canister)")
    target: tuple[float, float] = Field(description="the target point on the table, inches")
    speed: Literal["low", "medium", "high"] = Field("low", description="low, medium or high (20.1.2.4)")
    altitude: Literal["low", "medium", "high"] = Field("low", description="low, medium or high (20.1.2.4)")
    evasive: bool = Field(False, description="evasive maneuvering (20.1.2.4.2)")
    facing: float = Field(90.0, description="the table bearing it flies in on (degrees)")
    pgm: bool = Field(False, description="the load dropped as a PGM: an iron or cluster bomb, +30 to its scatter "
                      "(20.1.3.4.3)")
    range: int | None = Field(None, ge=0, description="a PGM's: the hexes short of the target it is dropped from, "
                              "0-5 at low altitude, 6-10 at medium, 11-15 at high (20.1.3.4.3)")
    turns: list[NonNegativeInt] = Field(default_factory=list, description="the hexes of its run flown before each "
                                        "one-hexside (60 degree) turn, in order: two at low speed, at least 10 hexes "
                                        "apart, one at medium, none at high (20.1.2.5)")
    air_phase: Literal[1, 2] = Field(1, description="the Air Phase it flies in: 1, opening the Fire phase, or 2 "
                                     "(20.1.2.2; where the second sits: ruling options.second_air_phase)")


def second_phase(state: GameState) -> str:
    """Where the Turn's second Air Phase sits (ruling ``options.second_air_phase``): after_movement,
    before_movement, or one_phase (no second Air Phase)."""
    return str(data.rulings().select(state.rulings)["options.second_air_phase"])


def refuse_second(state: GameState, at: str) -> None:
    """:raises UmpireError: when the game plays one Air Phase a Turn."""
    if second_phase(state) == "one_phase":
        raise UmpireError(f"{at}: this game has one Air Phase a Turn (ruling options.second_air_phase one_phase, "
                          "24.3.3; allowed: the first Air Phase only)")


def check(raw: list[dict[str, Any]], state: GameState, side: str, where: str) -> list[dict[str, Any]]:
    """Check a side's strikes (20.1.1, 20.1.2); returns them as checked.

    :raises UmpireError: one line naming the strike, the field and what is allowed.
    """
    from umpire.rules.mbt.options import air, air_strike

    if not raw:
        return []
    if not on(state, "aircraft"):
        raise UmpireError(
            f"{where}: air_strikes: strikes need the aircraft option (add aircraft to the scenario's mbt.options)"
        )
    opts = OS.read(state)
    out = []
    used: set[str] = set()
    for i, item in enumerate(raw):
        at = f"{where}: air_strikes[{i}]"
        s = validate(StrikeSpec, item, at)
        if s.air_phase == 2:
            refuse_second(state, f"{at}.air_phase")
        a = opts.aircraft.get(s.aircraft)
        if a is None or a.side != side:
            own = {k: v for k, v in opts.aircraft.items() if v.side == side}
            raise UmpireError(f"{at}.aircraft: {unknown(f'aircraft of side {side}', s.aircraft, own)}")
        if a.destroyed:
            raise UmpireError(f"{at}.aircraft: {s.aircraft} was shot down (20.3.4.2)")
        if s.aircraft in used:
            raise UmpireError(f"{at}.aircraft: {s.aircraft} flies in one of the two Air Phases of a Turn, not both "
                              "(20.1.2.2)")
        used.add(s.aircraft)
        if a.loads.get(s.weapon, 0) <= 0:
            left = ", ".join(f"{k} {v}" for k, v in a.loads.items() if v > 0) or "none"
            raise UmpireError(f"{at}.weapon: {s.aircraft} has no {s.weapon} load left (left: {left}; 20.1.1)")
        sortie = air_strike.Sortie(a.type, s.weapon, s.speed, s.altitude, pgm=s.pgm, rng=s.range)
        air_strike.check(sortie, _conditions(state), where=at)
        if why := air.turn_problem(s.speed, s.turns):
            raise UmpireError(f"{at}.{why}")
        x, y = s.target
        if not (0 <= x <= state.table.width and 0 <= y <= state.table.depth):
            raise UmpireError(
                f"{at}.target: ({x:g}, {y:g}) is off the table (allowed: x 0-{state.table.width:g}, "
                f"y 0-{state.table.depth:g})"
            )
        out.append(s.model_dump(mode="json"))
    return out


def keep(state: GameState, side: str, strikes: list[dict[str, Any]]) -> None:
    if not strikes and not on(state, "aircraft"):
        return
    opts = OS.read(state)
    opts.strikes = [s for s in opts.strikes if not (s.side == side and s.turn == state.turn)]
    opts.strikes += [OS.Strike(side=side, turn=state.turn, **s) for s in strikes]
    OS.write(state, opts)


def _conditions(state: GameState) -> str:
    return str(MbtGame.of(state).conditions)


def _obstacles(state: GameState, xy: tuple[float, float], facing: float) -> list[tuple[int, int]]:
    """Terrain heights about ``xy`` toward the aircraft: (hexes from the point, top height)."""
    from umpire.turns.mbt.advanced.table import AdvTable

    t = AdvTable(state)
    out = []
    back = math.radians(facing + 180)
    for d in range(1, 7):
        p = (xy[0] + d * t.scale * math.sin(back), xy[1] + d * t.scale * math.cos(back))
        tops = [t.top(piece) for piece in t.pieces_at(p)]
        out.append((d, max([t.elevation(p), *tops])))
    return out


def _aa(state: GameState, strike: OS.Strike, a: OS.Aircraft, dice: Dice, used: set[str]
        ) -> tuple[list[Resolution], bool]:
    """Every enemy AA unit able to fire at the aircraft over the target, and not ``used`` yet
    this Air Phase, fires once (20.3.4)."""
    from umpire.rules.mbt.options import air
    from umpire.rules.mbt.options import anti_aircraft as AA
    from umpire.rules.mbt.options.air_strike import defense, estimated_defense
    from umpire.rules.mbt.options.charts import chart
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.table import AdvTable

    t = AdvTable(state)
    lines = chart("air").aa_lines
    orders = MbtGame.of(state).orders or {}
    column = air.matrix(strike.speed, strike.altitude)
    res: list[Resolution] = []
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if u.side == strike.side or u.id in used or not U.on_table(u) or u.card not in lines:
            continue
        for weapon, line in lines[u.card].items():
            far, close = AA.reach(line)
            if not close <= t.hexes(t.xy(u), strike.target) <= far:
                continue
            blocked, _ = air.sight_blocked(strike.altitude, _obstacles(state, t.xy(u), strike.facing), [])
            if blocked:
                continue
            order = str(((orders.get(u.side) or {}).get(u.id) or {}).get("order") or "OW")
            rec = RecordingDice(scoped(dice, "aa", u.id, a.id))
            firer = AA.AaFirer(line, radar=line.RD is not None, suppressed=U.suppressed(u), orders=order,
                               grade=U.grade(u))
            r = AA.resolve(firer, AA.AirTarget(column, defense(a.type), evasive=strike.evasive), rec)
            r.rolls = rec.take()
            r.estimated += estimated_defense(a.type)
            r.summary = f"{u.id} fires {weapon} at {a.id} ({a.type}): {r.summary}"
            fx = AirFacts.of(r)  # not "firer": no shot at a unit
            fx.unit, fx.weapon, fx.aircraft, fx.aircraft_side, fx.side = u.id, weapon, a.id, a.side, u.side
            fx.step = "Air Phase"
            res.append(r)
            used.add(u.id)
            if r.outcome["destroyed"]:
                return res, True
            break  # a unit fires once an Air Phase (20.3.4)
    return res, False


def _targets(state: GameState, xy: tuple[float, float]) -> list[Any]:
    from umpire.turns.mbt.options.targets import about

    return about(state, xy)


def _acquired(state: GameState, strike: OS.Strike) -> tuple[UnitState | None, str]:
    """The enemy unit in the target hex the aircraft acquires (20.1.3.1), or why none."""
    from umpire.rules.mbt.options import air
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.table import AdvTable

    t = AdvTable(state)
    near = [
        u
        for u in state.units.values()
        if u.side != strike.side and U.on_table(u) and math.dist(t.xy(u), strike.target) <= t.scale / 2 + 1e-9
    ]
    if not near:
        return None, "no enemy unit in the target hex to acquire (20.1.3)"
    u = min(near, key=lambda x: (math.dist(t.xy(x), strike.target), x.id))
    cover = {"woods", "heavy_woods", "light_woods", "building", "improved_position"} & set(t.terrain(t.xy(u)))
    if cover or t.building(t.xy(u)):
        return None, "its target is in woods, buildings or an improved position: it needs an observer (20.1.3.1.1.2)"
    blocked, why = air.sight_blocked(strike.altitude, _obstacles(state, t.xy(u), strike.facing), [])
    if blocked:
        return None, f"it cannot acquire its target: {why}"
    return u, ""


def drop(state: GameState, case: dict[str, Any], xy: tuple[float, float], dice: Dice, what: str, why: str,
         who: ImpactFacts | None = None) -> tuple[list[Resolution], list[Any]]:
    """An air unit's load on the point ``xy`` (a strike's bomb, a helicopter's rocket): the
    ``calc air_drop`` case of ``case`` with the units about ``xy``, resolved, and its GP results
    applied; the resolution and the notes; ``who`` says whose load it was."""
    from umpire.rules.mbt.options.calc import drop_of
    from umpire.rules.mbt.options.cases import AirDropCase
    from umpire.turns.mbt.advanced.effects import apply_gp
    from umpire.turns.mbt.options.targets import table_effect

    case = {
        **case,
        "scale": float(MbtGame.of(state).scale),
        "at": list(xy),
        "targets": [
            {"name": x.name, "kind": x.kind, "gp_defense": x.gp_defense, "at": list(x.at), "orders": x.orders,
             "turret": "open" if x.open else "buttoned"}
            for x in _targets(state, xy)
        ],
    }
    rec = RecordingDice(dice)
    r = drop_of(validate(AirDropCase, case, what), rec)
    r.rolls = rec.take()
    facts = ImpactFacts.of(r)
    facts.case, facts.step = case, "Air Phase"
    if who is not None:
        facts.update(who)
    r.summary = f"{what}: {r.summary}"
    notes: list[Any] = []
    for hit in facts.targets or []:
        notes += apply_gp(state, hit["name"], table_effect(state, hit), f"T{state.turn} Air Phase", why)
    return [r], notes


def resolve(state: GameState, dice: Dice, air_phase: int = 1) -> tuple[list[Resolution], list[Any]]:
    """This Turn's strikes of its first or second Air Phase, on ``state`` (being changed)."""
    from umpire.rules.mbt.options import hexes

    opts = OS.read(state)
    order = sides_in_order(state)
    res: list[Resolution] = []
    notes: list[Any] = []
    used: set[str] = set()  # a ground unit fires AA once an Air Phase (20.3.4)
    for s in sorted(
        (x for x in opts.strikes if x.turn == state.turn and x.status == "due" and x.air_phase == air_phase),
        key=lambda x: (order.index(x.side) if x.side in order else 9, x.aircraft),
    ):
        s.status = "flown"
        a = opts.aircraft[s.aircraft]
        fired, down = _aa(state, s, a, dice, used)
        res += fired
        if down:
            a.destroyed = True
            continue
        target, why = _acquired(state, s)
        if target is None:
            res.append(
                Resolution(
                    ruleset="mbt",
                    procedure="air_strike",
                    outcome={"acquired": False},
                    summary=f"{a.id} ({a.type}) flies over ({s.target[0]:g}, {s.target[1]:g}): {why}",
                    facts=ImpactFacts(aircraft=a.id, side=s.side, at=list(s.target), step="Air Phase"),
                )
            )
            continue
        case = {
            "aircraft": a.type,
            "weapon": s.weapon,
            "speed": s.speed,
            "altitude": s.altitude,
            "evasive": s.evasive,
            "conditions": _conditions(state),
            "facing": hexes.direction_of(s.facing),
            **({"pgm": True, "range": s.range} if s.pgm else {}),
        }
        what = f"{a.id} ({a.type}) drops {s.weapon.replace('_', ' ')}{' (PGM)' if s.pgm else ''} on {target.id}"
        dropped, hit = drop(state, case, s.target, scoped(dice, "air", a.id), what,
                            f"air strike ({s.weapon.replace('_', ' ')})",
                            ImpactFacts(aircraft=a.id, aircraft_side=a.side))  # whose it is: its holder reads of it
        res += dropped
        notes += hit
        a.loads[s.weapon] -= 1
        cut_landlines(state, opts, [t["name"] for t in ImpactFacts.of(dropped[0]).targets or []])  # 21.2.3
    OS.write(state, opts)
    return res, notes
