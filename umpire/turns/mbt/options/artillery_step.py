"""The Artillery Step of a tracked MBT game (19.3): the plots due this Turn impact.

It opens the Fire phase when the scenario plays the artillery option (the rulebook's sequence
with every option is not in its text: ruling ``options.artillery_step``; by default indirect
fire lands before the Direct Fire Step, so the players' direct fire meets its smoke and its
suppressions). Each due plot, in the
initiative order of the sides, is resolved by :func:`umpire.rules.mbt.options.impact.impact` with
the facts the table gives: whether the observer (OVERWATCH orders, 17.1.1.2.3) still sees the
target point, its range and grade, the battery's organization (19.3.1) and every unit about the
point with its GP defense where it stands (14.4.3). A delayed plot waits a Turn (19.3.2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState
from umpire.rules.mbt import data
from umpire.rules.mbt.options.facts import ImpactFacts
from umpire.rules.mbt.state import MbtGame
from umpire.schema.load import validate
from umpire.turns.common import Applied
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options import state as OS
from umpire.turns.mbt.options.command_step import cut_landlines
from umpire.turns.mbt.turn_state import note_resolutions, sides_in_order


def keep_plots(state: GameState, side: str, plots: list[dict[str, Any]]) -> None:
    """Store a side's plots of this Turn (replacing any it wrote before this Turn's orders)."""
    if not plots and not on(state, "artillery"):
        return
    from umpire.rules.mbt.options.artillery import impact_turn

    opts = OS.read(state)
    opts.plots = [p for p in opts.plots if not (p.side == side and p.plotted == state.turn)]
    from umpire.turns.mbt.options.clgp import kept

    opts.plots += [
        OS.Plot(side=side, plotted=state.turn, impact=impact_turn(p["fire_type"], state.turn),
                **(kept(state, p) if isinstance(p["target"], str) else p))
        for p in plots
    ]
    OS.write(state, opts)


def _facts(state: GameState, plot: OS.Plot) -> dict[str, Any]:
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.table import AdvTable
    from umpire.turns.mbt.options.plots import sees_point

    obs = state.units.get(plot.observer or "")
    t = AdvTable(state)
    orders = (MbtGame.of(state).orders or {}).get(plot.side, {})
    observed, rng, facts = False, 0, []
    if obs is not None and U.on_table(obs) and (orders.get(obs.id) or {}).get("order") == "OW":
        observed = sees_point(state, obs, plot.target)[0]
        rng = t.hexes(t.xy(obs), plot.target)
        grade = U.grade(obs)
        facts = [grade] if grade in ("crack", "poor") else []
        if U.suppressed(obs):
            facts.append("suppressed")
    return {"observed": observed, "rng": rng, "observer": facts}


def _targets(state: GameState, plot: OS.Plot) -> list[Any]:
    from umpire.turns.mbt.options.targets import about

    return about(state, plot.target)


def resolve(state: GameState, dice: Dice) -> tuple[list[Resolution], list[Any]]:
    """Resolve this Turn's due plots on ``state`` (being changed); the resolutions and notes."""
    from umpire.rules.mbt.options.calc import impact_of
    from umpire.rules.mbt.options.cases import ArtilleryCase
    from umpire.rules.mbt.options.charts import chart
    from umpire.turns.mbt.advanced.effects import apply_gp
    from umpire.turns.mbt.options.targets import table_effect

    opts = OS.read(state)
    res: list[Resolution] = []
    notes: list[Any] = []
    order = sides_in_order(state)
    due = sorted(
        (p for p in opts.plots if p.status in ("due", "delayed") and p.impact <= state.turn),
        key=lambda p: (order.index(p.side) if p.side in order else 9, p.battery),
    )
    for plot in due:
        b = opts.batteries[plot.battery]
        if b.knocked_out or b.disrupted_until >= state.turn:  # 19.4.2.1, 19.4.2.4
            plot.status = "cancelled"
            why = ("knocked out (19.4.2.4)" if b.knocked_out
                   else f"disrupted through Turn {b.disrupted_until} (19.4.2.1)")
            res.append(Resolution(ruleset="mbt", procedure="artillery", outcome={"delayed": False, "cancelled": True},
                                  summary=f"battery {plot.battery} does not fire: {why}",
                                  facts=ImpactFacts(battery=plot.battery, step="Artillery")))
            continue
        if plot.mission == "CLGP":
            from umpire.turns.mbt.options import clgp

            more, also = clgp.impact(state, plot, b, dice)
            res += more
            notes += also
            if plot.status == "fired":
                res += _counter_battery(state, opts, b, dice)
            continue
        f = _facts(state, plot)
        targets = _targets(state, plot)
        scale = float(MbtGame.of(state).scale)
        case = {
            "nation": b.nation, "size": b.size, "attachment": b.attachment,
            "observer_in_organization": (plot.observer or "") in b.organization, "fire_type": plot.fire_type,
            "sheaf": plot.sheaf, "mission": plot.mission, "observed": f["observed"], "range": f["rng"] * scale,
            "conditions": str(MbtGame.of(state).conditions), "observer": f["observer"],
            "scale": scale, "at": list(plot.target), **({"direction": plot.direction} if plot.direction else {}),
            "targets": [{"name": x.name, "kind": x.kind, "gp_defense": x.gp_defense, "at": list(x.at),
                         "terrain": x.terrain, "orders": x.orders, "turret": "open" if x.open else "buttoned"}
                        for x in targets],
        }
        rec = RecordingDice(scoped(dice, "artillery", plot.battery, f"plotted T{plot.plotted}"))
        r = impact_of(validate(ArtilleryCase, case, f"battery {plot.battery}"), rec)
        r.rolls = rec.take()
        r.facts.case = case  # the umpire calc artillery case of these facts
        r.summary = f"battery {plot.battery} ({plot.mission} at ({plot.target[0]:g}, {plot.target[1]:g})): {r.summary}"
        fx = ImpactFacts.of(r)
        fx.battery = plot.battery
        fx.target_at = list(plot.target)
        fx.step = "Artillery"
        res.append(r)
        if r.outcome.get("delayed"):
            plot.status, plot.impact = "delayed", state.turn + 1
            continue
        plot.status = "fired"
        b.last_impact, b.last_turn = (r.outcome["impact_at"][0], r.outcome["impact_at"][1]), state.turn
        if b.missions and plot.mission in b.missions:
            b.missions[plot.mission] -= 1
        if plot.mission in ("HE", "ICM", "ICMDP"):  # GP area effect fire sinks what floats in its impact hex
            from umpire.turns.mbt.options.amphibious import impact_hex

            impact_hex(state, r.outcome.get("impact_at"), f"T{state.turn} Artillery", notes)
            from umpire.turns.mbt.options.fires import artillery as fires_at

            fires_at(state, opts, r, plot.target)  # 18.3.2
        for hit in ImpactFacts.of(r).targets or []:
            notes += apply_gp(
                state, hit["name"], table_effect(state, hit), f"T{state.turn} Artillery", f"artillery {plot.mission}"
            )
        cut_landlines(state, opts, [hit["name"] for hit in ImpactFacts.of(r).targets or []])  # 21.2.3
        if plot.mission == "FASCAM":
            _fascam(state, opts, plot, r)
        if plot.mission == "SM":
            _smoke(state, plot, r)
        if plot.mission == "IL":
            radius = float(chart("artillery").illumination_radius["artillery"].v)
            scale = float(MbtGame.of(state).scale)
            opts.illuminated.append((*b.last_impact, (radius + 0.5) * scale, state.turn))
        res += _counter_battery(state, opts, b, dice)
    OS.write(state, opts)
    return res, notes


def _counter_battery(state: GameState, opts: OS.OptionsState, fired: OS.Battery, dice: Dice) -> list[Resolution]:
    """19.4.1: when a battery's fire impacts, each enemy counter battery capability that has
    not yet tried this Turn tries to locate it (announced for the umpire's side at once)."""
    from umpire.rules.mbt.options import counter_battery as cb

    out = []
    for i, c in enumerate(opts.counter_battery):
        if c.side == fired.side or c.knocked_out or c.used_turn == state.turn:
            continue
        c.used_turn = state.turn
        left = sum(fired.missions.values())
        rec = RecordingDice(scoped(dice, "counter_battery", str(i), fired.id))
        r = cb.resolve(nation=c.nation, equipment=c.equipment, dice=rec, remaining_missions=left,
                       conditions=str(MbtGame.of(state).conditions))
        r.rolls = rec.take()
        fx = ImpactFacts.of(r)
        fx.battery = fired.id
        fx.side = c.side
        fx.case = {"nation": c.nation, "equipment": c.equipment,
                                                             "conditions": MbtGame.of(state).conditions,
                                                             "remaining_missions": left}
        r.summary = f"counter battery ({c.side}, {c.equipment}) against battery {fired.id}: {r.summary}"
        effect = r.outcome["effect"]
        if effect == "disrupted":
            fired.disrupted_until = state.turn + int(chart_value("disrupted_turns"))
        elif effect == "knocked_out":
            fired.knocked_out = True
        for _ in range(int(r.outcome["missions_lost"])):  # the controlling player's choice: its most plentiful
            top = max(fired.missions, key=lambda k: (fired.missions[k], k))
            fired.missions[top] -= 1
        out.append(r)
    return out


def chart_value(name: str) -> Any:
    from umpire.rules.mbt.options.charts import chart

    return getattr(chart("artillery"), name).v


def _fascam(state: GameState, opts: OS.OptionsState, plot: OS.Plot, r: Resolution) -> None:
    from umpire.rules.mbt.options import hexes

    scale = float(MbtGame.of(state).scale)
    for h in ImpactFacts.of(r).hexes_affected or []:
        dx, dy = hexes.offset((h[0], h[1]), scale)
        opts.minefields.append(
            OS.Minefield(
                side=plot.side,
                at=(round(plot.target[0] + dx, 3), round(plot.target[1] + dy, 3)),
                kind="fascam",
                known_to=list(state.side_ids()),
            )
        )


def _smoke(state: GameState, plot: OS.Plot, r: Resolution) -> None:
    from umpire.rules.mbt.options import hexes

    m = MbtGame.of(state)
    scale = float(m.scale)
    for h in ImpactFacts.of(r).hexes_affected or []:
        dx, dy = hexes.offset((h[0], h[1]), scale)
        m.smoke.append(
            {
                "x": round(plot.target[0] + dx, 3),
                "y": round(plot.target[1] + dy, 3),
                "kind": "on",
                "by": f"battery {plot.battery}",
                "turn": state.turn,
            }
        )


def fire_with_artillery(state: GameState, dice: Dice, fire_phase: Callable[[GameState, Dice], Applied]) -> Applied:
    """The Fire phase (``fire_phase``) with the options' steps: the Air Phase opens it (the
    strikes, then the helicopters, 20.1, 20.2.2), and the Artillery Step comes before the Direct
    Fire Step or after the Overwatch Fire Step (ruling ``options.artillery_step``)."""
    if not any(on(state, o) for o in ("artillery", "aircraft", "helicopters")):
        return fire_phase(state, dice)
    new = state.copy_for_change()
    res, notes = _air_phase(new, dice)
    if data.rulings().select(state.rulings)["options.artillery_step"] == "after_direct_fire":
        done = fire_phase(new, dice)
        more, also = _artillery_step(done.state, dice)
        done.resolutions = res + note_resolutions(notes) + done.resolutions + more + note_resolutions(also)
        done.summary = done.summary.replace("Overwatch Fire", "Overwatch Fire, Artillery Step", 1)
        return done
    more, also = _artillery_step(new, dice)
    res, notes = res + more, notes + also
    done = fire_phase(new, dice)
    done.resolutions = res + note_resolutions(notes) + done.resolutions
    done.summary = done.summary.replace("Fire phase resolved (", "Fire phase resolved (Artillery Step, ", 1)
    return done


def _air_phase(state: GameState, dice: Dice, number: int = 1) -> tuple[list[Resolution], list[Any]]:
    """An Air Phase, the first or the second of the Turn: the strikes (20.1), then the helicopters
    (20.2.2), on ``state`` (being changed). The second's dice are keyed apart from the first's."""
    res: list[Resolution] = []
    notes: list[Any] = []
    if number == 2:
        dice = scoped(dice, "second Air Phase")
    if on(state, "aircraft"):
        from umpire.turns.mbt.options import air_phase

        res, notes = air_phase.resolve(state, dice, number)
        more, also = _special_combats(state, res, dice)
        res, notes = res + more, notes + also
    if on(state, "helicopters"):
        from umpire.turns.mbt.options import helicopters_air

        more, also = helicopters_air.resolve(state, dice, res, number)
        res, notes = res + more, notes + also
    if number == 2:
        for r in res:
            r.facts.step = "second Air Phase"
    return res, notes


def movement_with_air(state: GameState, dice: Dice, movement: Any) -> Applied:
    """The Movement phase with the Turn's second Air Phase (20.0, 20.1.2.2, 20.2.2): after the moves
    by default, before them by ruling ``options.second_air_phase``."""
    from umpire.turns.mbt.options.air_phase import second_phase

    where = second_phase(state)
    if where == "one_phase" or not any(on(state, o) for o in ("aircraft", "helicopters")):
        applied: Applied = movement(state, dice)
        return applied
    if where == "before_movement":
        new = state.copy_for_change()
        res, notes = _air_phase(new, dice, 2)
        done: Applied = movement(new, dice)
        done.resolutions = res + note_resolutions(notes) + done.resolutions
        return done
    done = movement(state, dice)
    res, notes = _air_phase(done.state, dice, 2)
    done.resolutions += res + note_resolutions(notes)
    done.summary += "; the second Air Phase (20.0)"
    return done


def _artillery_step(state: GameState, dice: Dice) -> tuple[list[Resolution], list[Any]]:
    res, notes = resolve(state, dice)
    more, also = _special_combats(state, res, dice)
    return res + more, notes + also


def _special_combats(state: GameState, fired: list[Resolution], dice: Dice) -> tuple[list[Resolution], list[Any]]:
    """Impacts of ``fired`` on helicopters at NOE or landed (20.4.1.1), with anti_aircraft."""
    if not on(state, "anti_aircraft"):
        return [], []
    from umpire.turns.mbt.options.anti_aircraft import special_combats

    return special_combats(state, fired, dice)
