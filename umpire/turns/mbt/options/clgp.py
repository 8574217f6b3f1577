"""CLGP fire missions, the laser-designated Copperhead (19.2.4.7), over the tracked game.

An orders file plots one as ``{battery: A, mission: CLGP, target: t72-1, observer: fist}``: the
target is an enemy vehicle, not a point, and no SHEAF is given. Its observer has OVERWATCH orders
(17.1.1.2.3) and a laser designator ("D" sight) that sees the vehicle within the designator's
arc. It is called fire and lands the next Turn in the Artillery Step, subject to the battery's
delay (19.3). Then the observer must still see the vehicle and bear its designator on it, else
the round misses (19.2.4.7.1); each vehicle in the target's hex, not inside a building, is
rolled for by the ``clgp`` calc procedure (01-90 brews it up, 01-70 with the observer
suppressed), the target first (19.2.4.7.2). Leg and towed units are never hit.
"""

from __future__ import annotations

from typing import Any

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError, unknown
from umpire.geometry.arcs import bearing
from umpire.rules.mbt import arcs
from umpire.rules.mbt.options.facts import ImpactFacts
from umpire.rules.mbt.state import MbtGame, MbtUnit, turret_facing
from umpire.turns.mbt.options import state as OS


def designates(state: GameState, obs: UnitState, target: UnitState) -> str:
    """Why ``obs`` cannot bear a laser designator on ``target`` now; empty when it can."""
    from umpire.turns.mbt.advanced import shots as S
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.table import AdvTable

    sights = [w for w in U.weapons(obs) if "D" in w.sight_letters()]
    if not sights:
        return f"{obs.id} has no laser designator (D sight; 19.2.4.7)"
    t = AdvTable(state)
    seen = S.sees(t, obs, target)
    if not seen.legal:
        return f"{obs.id} does not see {target.id}: {seen.why}"
    way = bearing(t.xy(obs), t.xy(target))
    if not any(arcs.in_arc(str(w.trn.v), way, obs.facing, turret_facing(obs))
               for w in sights):
        return f"{target.id} is outside the arc of {obs.id}'s {sights[0].name} ({sights[0].trn.v}; 19.2.4.7)"
    return ""


def check(state: GameState, side: str, raw_target: Any, observer: UnitState, at: str) -> None:
    """The CLGP plot's own checks: its target an enemy vehicle its observer designates.

    :raises UmpireError: naming the field and what is allowed.
    """
    from umpire.turns.mbt.advanced import units as U

    enemies = {u.id: u for u in state.units.values() if u.side != side and U.on_table(u) and U.kind(u) == "vehicle"}
    target = enemies.get(str(raw_target)) if isinstance(raw_target, str) else None
    if target is None:
        raise UmpireError(f"{at}.target: a CLGP mission is fired at an enemy vehicle, named by its id (19.2.4.7): "
                          f"{unknown('enemy vehicle on the table', raw_target, enemies)}")
    why = designates(state, observer, target)
    if why:
        raise UmpireError(f"{at}.observer: {why}")


def kept(state: GameState, plot: dict[str, Any]) -> dict[str, Any]:
    """A checked CLGP plot as the state keeps it: its vehicle, and where it stood as plotted."""
    u = state.units[str(plot["target"])]
    return {**plot, "target": (float(u.x or 0.0), float(u.y or 0.0)), "target_unit": u.id}


def impact(state: GameState, plot: OS.Plot, b: OS.Battery, dice: Dice) -> tuple[list[Resolution], list[Any]]:
    """The due CLGP plot lands (or is delayed, 19.3.2): a roll for each vehicle in its target's hex."""
    from umpire.rules.mbt.options import artillery as A
    from umpire.rules.mbt.options.calc import clgp
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.losses import destroy
    from umpire.turns.mbt.advanced.table import AdvTable

    est: list[str] = []
    rec = RecordingDice(scoped(dice, "artillery", plot.battery, f"plotted T{plot.plotted}"))
    late, roll, why = A.delayed(b.nation, b.attachment, observer_in_organization=(plot.observer or "") in
                                b.organization, dice=rec, estimated=est)
    head = f"battery {plot.battery} (CLGP at {plot.target_unit})"
    out = [Resolution(ruleset="mbt", procedure="artillery", outcome={"delayed": late, "mission": "CLGP"},
                      summary=f"{head}: {why}", rolls=rec.take(), estimated=est,
                      facts=ImpactFacts(battery=plot.battery, target_at=list(plot.target), step="Artillery"))]
    if late:
        plot.status, plot.impact = "delayed", state.turn + 1
        return out, []
    plot.status = "fired"
    if b.missions and "CLGP" in b.missions:
        b.missions["CLGP"] -= 1
    target = state.units.get(plot.target_unit or "")
    obs = state.units.get(plot.observer or "")
    t = AdvTable(state)
    if target is None or not U.on_table(target):
        out[0].summary += "; its target is gone: the round is wasted"
        out[0].outcome["impact_at"] = list(plot.target)
        return out, []
    orders = (MbtGame.of(state).orders or {}).get(plot.side, {})
    sees = obs is not None and U.on_table(obs) and (orders.get(obs.id) or {}).get("order") == "OW" \
        and not designates(state, obs, target)
    case = {"observer_sees": sees, "observer_suppressed": bool(obs is not None and U.suppressed(obs))}
    hex_ = [target, *sorted((u for u in t.in_hex(t.xy(target)) if u.id != target.id and U.kind(u) == "vehicle"),
                            key=lambda u: u.id)]
    notes: list[Any] = []
    for v in hex_:
        if MbtUnit.of(v).inside and t.building(t.xy(v)) is not None:
            continue  # 19.2.4.7.2: not vehicles inside buildings
        rv = RecordingDice(scoped(dice, "clgp", plot.battery, v.id))
        r = clgp(dict(case), rv, odds=False).resolution
        assert r is not None
        r.rolls = rv.take()
        r.summary = f"a Copperhead at {v.id}: {r.summary}"
        fx = ImpactFacts.of(r)
        fx.unit = v.id
        fx.battery = plot.battery
        fx.case = dict(case)
        fx.step = "Artillery"
        out.append(r)
        out[0].outcome.setdefault("results", {})[v.id] = "brewed up" if r.outcome["brewed_up"] else "missed"
        if r.outcome["brewed_up"]:
            destroy(state, v, "brewed_up", f"T{state.turn} Artillery", notes)
    b.last_impact, b.last_turn = (float(target.x or 0.0), float(target.y or 0.0)), state.turn
    out[0].outcome["impact_at"] = [round(b.last_impact[0], 3), round(b.last_impact[1], 3)]
    return out, notes
