"""Artillery plots in a side's orders file (19.2) and their checks.

An orders file takes ``artillery:``, a list of plots::

    artillery:
      - {battery: A, target: [30, 22], sheaf: tight, mission: HE, observer: c1}

Called fire (the default) needs an observer of the side with OVERWATCH orders this Turn that
sees the target point and a sighted enemy unit in that hex (17.1.1.2.3, 19.2.1.3); it lands
next Turn. Continuous fire (``fire_type: continuous``) keeps up last Turn's fire from the
battery, on its impact hex or up to two hexes from it, seen by the observer, and lands this
Turn (19.2.1.4). Planned and designated fire are plotted before the game, not in play.
"""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import ConfigDict, Field

from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError, unknown
from umpire.rules.mbt import sighting
from umpire.rules.mbt.state import MbtGame
from umpire.schema.checked import Checked
from umpire.schema.load import validate
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options import state as OS


class PlotSpec(Checked):
    """One plot as the orders file writes it."""

    model_config = ConfigDict(extra="forbid")

    battery: str = Field(description="the battery's id (its artillery marker letter)")
    fire_type: Literal["called", "continuous"] = Field(
        "called", description="planned, designated, called or continuous (19.2.1)"
    )
    target: tuple[float, float] | str = Field(description="the target point on the table, inches; a CLGP "
                                              "mission's target vehicle, by its id (19.2.4.7)")
    sheaf: Literal["tight", "line", "loose"] = Field("tight", description="tight, line or loose (19.2.3)")
    direction: int | None = Field(None, ge=1, le=6, description="a line SHEAF's mapboard direction (19.2.3.2)")
    mission: Literal["HE", "ICMDP", "ICM", "SM", "FASCAM", "IL", "CLGP"] = Field(
        "HE", description="HE, ICMDP, ICM, SM, FASCAM, IL or CLGP (19.2.4)"
    )
    observer: str = Field(description="the observer unit (19.2.5)")


def sees_point(state: GameState, observer: UnitState, xy: tuple[float, float]) -> tuple[bool, str]:
    """Whether ``observer`` sees the hex about ``xy`` (an empty hex is sighted as a vehicle in
    clear, 13.1.3): within its sighting range and with the line of sight clear (13.2)."""
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.table import AdvTable

    t = AdvTable(state)
    a = t.xy(observer)
    rng = t.hexes(a, xy)
    from umpire.turns.mbt.options.night import conditions_at

    base = sighting.chart_range(
        conditions_at(state, t.conditions, xy), U.hatch(observer), "clear", "vehicle", t.rulings
    )
    if rng > base.v:
        return False, f"{rng} hexes is beyond its sighting range of {base.v} (13.1.3)"
    los = t.los_adv(a, xy, t.unit_height(observer, a), t.elevation(xy))
    if los.blocked:
        return False, "its line of sight is blocked: " + (los.reasons[-1] if los.reasons else "terrain") + " (13.2.1)"
    return True, ""


def check(
    raw: list[dict[str, Any]], state: GameState, side: str, units: dict[str, dict[str, Any]], where: str
) -> list[dict[str, Any]]:
    """Check a side's plots against the state and its orders this Turn (``units``: the checked
    unit orders); returns them as checked (the handler checks them again, live and on replay).

    :raises UmpireError: one line naming the plot, the field and what is allowed.
    """
    from umpire.rules.mbt.options import artillery as A
    from umpire.rules.mbt.options.charts import chart
    from umpire.rules.mbt.options.impact import battery_card
    from umpire.turns.mbt.advanced import units as U

    if not raw:
        return []
    if not on(state, "artillery"):
        raise UmpireError(
            f"{where}: artillery: plots need the artillery option (add artillery to the scenario's mbt.options)"
        )
    opts = OS.read(state)
    out: list[dict[str, Any]] = []
    used: set[str] = set()
    for i, item in enumerate(raw):
        at = f"{where}: artillery[{i}]"
        p = validate(PlotSpec, item, at)
        b = opts.batteries.get(p.battery)
        own = {k: v for k, v in opts.batteries.items() if v.side == side}
        if b is None or b.side != side:
            raise UmpireError(f"{at}.battery: {unknown(f'battery of side {side}', p.battery, own)}")
        if p.battery in used:
            raise UmpireError(f"{at}.battery: {p.battery} is plotted twice this Turn (one plot a battery a Turn)")
        used.add(p.battery)
        if b.knocked_out:
            raise UmpireError(f"{at}.battery: {p.battery} was knocked out by counter battery fire (19.4.2.4)")
        if b.disrupted_until >= state.turn:
            raise UmpireError(
                f"{at}.battery: {p.battery} is disrupted and may plot no fire through Turn "
                f"{b.disrupted_until} (19.4.2.1)"
            )
        A.check_plot(
            A.Plot(p.fire_type, p.sheaf, p.mission, p.direction, p.target if isinstance(p.target, str) else None,
                   p.observer),
            nation_missions=list(battery_card(b.nation).missions),
            where=at,
        )
        lands = A.impact_turn(p.fire_type, state.turn)
        if any(q.battery == p.battery and q.fire_type == "planned" and q.status == "due" and q.impact == lands
               for q in opts.plots):
            raise UmpireError(f"{at}.battery: {p.battery} fires planned fire on Turn {lands}; other fire may not "
                              "interfere with its planned plots (19.2.1.1.3)")
        if b.missions and b.missions.get(p.mission, 0) <= 0:
            left = ", ".join(f"{k} {v}" for k, v in b.missions.items() if v > 0) or "none"
            raise UmpireError(f"{at}.mission: battery {p.battery} has no {p.mission} fire missions left (left: {left})")
        if p.mission != "CLGP" and isinstance(p.target, str):
            raise UmpireError(f"{at}.target: {p.target!r}: a {p.mission} mission is fired at a point [x, y] "
                              "(only CLGP names a vehicle, 19.2.4.7)")
        obs = state.units.get(p.observer)
        if p.mission == "CLGP":
            from umpire.turns.mbt.options import clgp

            if obs is None or obs.side != side or not U.on_table(obs):
                mine = {u.id: u for u in state.units_of(side) if U.on_table(u)}
                raise UmpireError(f"{at}.observer: {unknown(f'unit of side {side} on the table', p.observer, mine)}")
            if (units.get(p.observer) or {}).get("order") != "OW":
                raise UmpireError(f"{at}.observer: {p.observer} needs OVERWATCH orders this Turn to observe "
                                  "(17.1.1.2.3)")
            if p.fire_type != "called":
                raise UmpireError(f"{at}.fire_type: a CLGP mission is called fire at a vehicle the observer sees "
                                  "(19.2.4.7; allowed: called)")
            clgp.check(state, side, p.target, obs, at)
            out.append(p.model_dump(mode="json", exclude_none=True))
            continue
        point = p.target
        assert not isinstance(point, str)  # only a CLGP plot names a vehicle, checked above
        x, y = point
        if not (0 <= x <= state.table.width and 0 <= y <= state.table.depth):
            raise UmpireError(
                f"{at}.target: ({x:g}, {y:g}) is off the table (allowed: x 0-{state.table.width:g}, "
                f"y 0-{state.table.depth:g})"
            )
        if obs is None or obs.side != side or not U.on_table(obs):
            mine = {u.id: u for u in state.units_of(side) if U.on_table(u)}
            raise UmpireError(f"{at}.observer: {unknown(f'unit of side {side} on the table', p.observer, mine)}")
        if (units.get(p.observer) or {}).get("order") != "OW":
            raise UmpireError(f"{at}.observer: {p.observer} needs OVERWATCH orders this Turn to observe (17.1.1.2.3)")
        ok, why = sees_point(state, obs, point)
        if not ok:
            raise UmpireError(
                f"{at}.target: out of the observer's sight: {p.observer} does not see ({x:g}, {y:g}): {why}"
            )
        if p.fire_type == "called":
            _sighted_target(state, side, point, at)
        else:
            if b.last_impact is None or b.last_turn != state.turn - 1:
                raise UmpireError(
                    f"{at}.fire_type: continuous fire keeps up fire that landed last Turn; battery "
                    f"{p.battery} fired none then (19.2.1.4)"
                )
            shift = math.dist(b.last_impact, point) / _scale(state)
            if shift > chart("artillery").continuous_shift.v + 0.5:
                raise UmpireError(
                    f"{at}.target: continuous fire moves at most 2 hexes from the last impact hex "
                    f"({shift:.1f} hexes away; 19.2.1.4.2)"
                )
        out.append(p.model_dump(mode="json", exclude_none=True))
    return out


def _scale(state: GameState) -> float:
    return float(MbtGame.of(state).scale)


def _sighted_target(state: GameState, side: str, xy: tuple[float, float], at: str) -> None:
    """19.2.1.3: called fire needs a sighted enemy unit in the target hex."""
    from umpire.turns.mbt.advanced import units as U

    half = _scale(state) / 2
    for u in state.units.values():
        if u.side != side and U.on_table(u) and math.dist((u.x or 0.0, u.y or 0.0), xy) <= half + 1e-9:
            if side in u.spotted_by or _seen(state, side, u):
                return
    raise UmpireError(f"{at}.target: called fire needs a sighted enemy unit in the target hex (19.2.1.3)")


def _seen(state: GameState, side: str, u: UnitState) -> bool:
    from umpire.turns.mbt.advanced import shots as S
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.table import AdvTable

    t = AdvTable(state)
    return any(S.sees(t, o, u).legal for o in state.units_of(side) if U.on_table(o))
