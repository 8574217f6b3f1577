"""Helicopter orders in a tracked MBT game (20.2): written in the orders file, checked, kept.

A side's orders file takes ``helicopters:``, each of its helicopter units' Air Phase::

    helicopters:
      h1: {altitude: noe, path: [[18, 30]], facing: 90}
      h2: {altitude: noe, popup: true, rocket: tp-3}

``altitude`` is the state it ends the Air Phase in (landed, noe or low; 20.2.2.1; left out: the
one it has); ``path`` the points it flies through (one movement factor a hex, two in reverse,
20.2.2.2, 20.2.2.2.3); ``popup`` a pop-up attack from NOE while hovering (20.2.2.1.2);
``rocket`` the enemy unit it fires one rocket at (20.2.3.3.1); ``guns`` and ``missiles`` its guns
and missiles (20.2.3.2-3, :mod:`.helicopter_fire`); ``second`` its flight in the Turn's
second Air Phase, from where the first leaves it (20.2.2). The move is checked by the rule
``umpire calc helicopter`` answers (:func:`umpire.rules.mbt.options.helicopters.check`): a move
in the wrong altitude state or an impossible change is refused, one line naming the field.
"""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import ConfigDict, Field

from umpire.core.state import GameState
from umpire.errors import UmpireError, unknown
from umpire.rules.mbt import data
from umpire.rules.mbt.state import MbtGame
from umpire.schema.checked import Checked
from umpire.schema.load import validate
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options import state as OS


class MissileSpec(Checked):
    """A missile a helicopter fires (20.2.3.3.2-3)."""

    model_config = ConfigDict(extra="forbid")

    target: str = Field(description="the enemy unit it fires at")
    weapon: str | None = Field(None, description="the missile, e.g. Hellfire, ITOW (default: the first it has left)")
    designator: str | None = Field(None, description="a laser homing missile's painter: a unit or helicopter of its "
                                   "side with a laser designator (20.2.3.3.3; default: its own)")


class FlightSpec(Checked):
    """One helicopter unit's Air Phase as the orders file writes it."""

    model_config = ConfigDict(extra="forbid")

    altitude: Literal["landed", "noe", "low"] | None = Field(
        None, description="landed, noe or low at the end of the Air Phase (20.2.2.1; default: as it is)"
    )
    path: list[tuple[float, float]] = Field(default_factory=list, description="points it flies through, inches")
    facing: float | None = Field(None, description="its facing at the end (degrees; default: as it flies)")
    reverse: bool = Field(False, description="it flies in reverse, 2 movement factors a hex (20.2.2.2.3)")
    popup: bool = Field(False, description="a pop-up attack: from NOE, hovering (20.2.2.1.2)")
    rocket: str | None = Field(None, description="the enemy unit it fires a rocket at (20.2.3.3.1)")
    guns: str | None = Field(None, description="the enemy unit all its guns fire at (20.2.3.2)")
    missiles: list[MissileSpec] = Field(default_factory=list, description="its missiles, instead of a rocket: one "
                                        "wire-guided, or up to two laser homing (20.2.3.3.2-3)")
    second: FlightSpec | None = Field(None, description="its flight in the Turn's second Air Phase, from where the "
                                      "first leaves it (20.2.2: helicopters move in both; default: it hovers)")


def hexes(state: GameState, start: tuple[float, float], path: list[tuple[float, float]]) -> int:
    """Hexes entered along ``path`` from ``start``: its length in hex lengths, fractions up."""
    scale = float(MbtGame.of(state).scale)
    length = sum(math.dist(a, b) for a, b in zip([start, *path], path, strict=False))
    return math.ceil(length / scale - 1e-9)


def case_of(state: GameState, h: OS.Helicopter, f: OS.Flight | FlightSpec, end_terrain: str) -> dict[str, Any]:
    """The ``umpire calc helicopter`` case of a helicopter's Air Phase."""
    return {
        "card": h.card, "start": h.altitude, "end": f.altitude or h.altitude,
        "hexes": hexes(state, (h.x, h.y), list(f.path)), "reverse": f.reverse, "terrain": end_terrain,
        "popup": f.popup, "conditions": str(MbtGame.of(state).conditions),
    }


def terrain_at(state: GameState, xy: tuple[float, float]) -> str:
    """The terrain a helicopter lands in (20.2.2.3.3): clear unless a piece says otherwise."""
    from umpire.turns.mbt.advanced.table import AdvTable

    t = AdvTable(state)
    if t.building(xy):
        return "building"
    found = t.terrain(xy)
    return found[0] if found else "clear"


def check(raw: dict[str, Any], state: GameState, side: str, where: str) -> dict[str, dict[str, Any]]:
    """Check a side's helicopter orders; returns them as checked.

    :raises UmpireError: one line naming the helicopter, the field and what is allowed.
    """
    if not raw:
        return {}
    if not on(state, "helicopters"):
        raise UmpireError(f"{where}: helicopters: helicopter orders need the helicopters option "
                          "(add helicopters to the scenario's mbt.options)")
    opts = OS.read(state)
    own = {k: v for k, v in opts.helicopters.items() if v.side == side and not v.destroyed}
    out = {}
    for hid, item in raw.items():
        at = f"{where}: helicopters.{hid}"
        h = own.get(hid)
        if h is None:
            if hid in opts.helicopters and opts.helicopters[hid].side == side:
                raise UmpireError(f"{at}: {hid} was destroyed (20.3.4.2)")
            raise UmpireError(f"{at}: {unknown(f'helicopter of side {side}', hid, own)}")
        f = validate(FlightSpec, item, at)
        first = _flight(state, h, f, side, at)
        if f.second is not None:
            from umpire.turns.mbt.options.air_phase import refuse_second

            refuse_second(state, f"{at}.second")
            if f.second.second is not None:
                raise UmpireError(f"{at}.second.second: a Turn has two Air Phases (20.0; allowed: second once)")
            end = f.path[-1] if f.path else (h.x, h.y)
            left = dict(h.missiles)  # what the first flight's missiles leave (20.2.1)
            for m in f.missiles:
                name = m.weapon or next((w for w, n in left.items() if n > 0), "")
                if left.get(name, 0) > 0:
                    left[name] -= 1
            after = h.model_copy(update={"x": end[0], "y": end[1], "altitude": first["altitude"],
                                         "rockets": h.rockets - (1 if f.rocket else 0), "missiles": left})
            first["second"] = _flight(state, after, f.second, side, f"{at}.second")
        out[hid] = first
    return out


def _flight(state: GameState, h: OS.Helicopter, f: FlightSpec, side: str, at: str) -> dict[str, Any]:
    """One Air Phase's flight of ``h`` from where it is, checked; as kept."""
    from umpire.rules.mbt.options.calc import move_of
    from umpire.rules.mbt.options.cases import HelicopterCase

    hid = h.id
    for i, (x, y) in enumerate(f.path):
        if not (0 <= x <= state.table.width and 0 <= y <= state.table.depth):
            raise UmpireError(f"{at}.path[{i}]: ({x:g}, {y:g}) is off the table (allowed: x 0-"
                              f"{state.table.width:g}, y 0-{state.table.depth:g})")
    end = f.path[-1] if f.path else (h.x, h.y)
    case = case_of(state, h, f, terrain_at(state, end))
    rulings = data.rulings().select(state.rulings)
    move_of(validate(HelicopterCase, case, at), rulings["helicopters.fog_altitude"], where=at,
            landing_at_night=rulings["helicopters.landing_at_night"])
    if f.popup and case["end"] != "noe":
        raise UmpireError(f"{at}.altitude: {case['end']}: after a pop-up attack it is back at NOE "
                          "(allowed: noe; 20.2.2.1.2)")
    if f.rocket is not None:
        if h.rockets <= 0:
            raise UmpireError(f"{at}.rocket: {hid} has no rockets left (20.2.1)")
        if case["end"] == "landed" or (case["start"] == "landed"):
            raise UmpireError(f"{at}.rocket: rockets may not be fired by landed helicopters (allowed: at noe or "
                              "low; 20.2.3.3.1)")
        target = state.units.get(f.rocket)
        if target is None or target.side == side:
            enemy = [u.id for u in state.units.values() if u.side != side]
            raise UmpireError(f"{at}.rocket: {unknown('enemy unit', f.rocket, enemy)}")
    from umpire.turns.mbt.options import helicopter_fire

    helicopter_fire.check(state, h, f, case["start"], case["end"], side, at)
    kept = f.model_dump(mode="json", exclude_none=True, exclude_defaults=True) | {"altitude": case["end"]}
    kept.pop("second", None)
    return kept




def keep(state: GameState, side: str, flights: dict[str, dict[str, Any]]) -> None:
    """Store a side's helicopter orders of this Turn (replacing any it wrote before)."""
    if not on(state, "helicopters"):
        return
    opts = OS.read(state)
    opts.flights = [f for f in opts.flights if not (f.side == side and f.turn == state.turn)]
    for hid, f in flights.items():
        second = f.get("second")
        opts.flights.append(OS.Flight(side=side, helicopter=hid, turn=state.turn,
                                      **{k: v for k, v in f.items() if k != "second"}))
        if second:
            opts.flights.append(OS.Flight(side=side, helicopter=hid, turn=state.turn, air_phase=2, **second))
    OS.write(state, opts)
