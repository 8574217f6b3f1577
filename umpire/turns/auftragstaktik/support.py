"""Support fire in the First Combat Phase over the tracked table: indirect fire, counter-battery, airstrikes.

Counter-battery fire (``counter_battery: BATTERY``) attacks one enemy battery that fired indirect
this phase, after the indirect fire (ruling ``cb.timing``: ``before`` resolves it first), with the
sides' C3 levels from the scenario (ruling ``cb.c3_level``); it attacks the battery alone (ruling
``cb.template``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.hits import effects
from umpire.text import num
from umpire.turns.auftragstaktik import tracked as tr
from umpire.turns.auftragstaktik.air import air_defence, airstrike, c3_levels, check_air, flights
from umpire.turns.auftragstaktik.indirect import (
    battery_fire,
    check_aim,
    check_icm,
    check_range,
    fire_mission,
    indirect_range,
    indirect_rating,
    land_no_firer,
    lay,
    range_to,
    spend_icm,
    template_size,
    template_view,
)
from umpire.turns.facts import record

# --- who may fire, and how far ------------------------------------------------------------------


# --- resolving ------------------------------------------------------------------------------------


def counter_battery(state: GameState, u: UnitState, m: dict[str, Any], dice: Dice) -> tuple[UnitState, Resolution]:
    from umpire.rules.auftragstaktik.indirect import CounterBattery

    t = state.units[m["counter_battery"]]
    c3 = c3_levels(state)
    mine, theirs = indirect_rating(u), indirect_rating(t)
    t_range, u_range = indirect_range(t) or 0.0, indirect_range(u) or 0.0
    cb = CounterBattery(
        firer_c3=c3.get(u.side, 3),
        target_c3=c3.get(t.side, 3),
        target_sp=tr.unit_ratings(t).default_kind() == "vehicle",
        target_mrl=theirs.mrl is not None,
        firer_icm=bool(m.get("icm")),
        firer_mrl=mine.mrl is not None,
        target_outranges=t_range > u_range,
    )
    rng = round(range_to(state, u, (t.x, t.y)), 3)  # type: ignore[arg-type]
    res = battery_fire(state, u, tr.stand(state, t, moved=False, spotted=True),
                       scoped(dice, "counter-battery", u.id, t.id), m, rng, cb)
    res.extra.update({"firer": u.id, "target": t.id, "weapon": "counter-battery", "range": round(rng, 2),
                      "template": template_view([t.x, t.y], template_size(u), float(t.facing),
                                                f"{u.id} counter-battery")})
    res.summary = f"{u.id} counter-battery fire on {t.id}: {res.summary}"
    return t, res


def _land_all(state: GameState, hits: Sequence[tuple[UnitState | None, UnitState, Resolution]]) -> list[str]:
    """Apply hits together; ``firer`` None for aircraft (no fire mark)."""
    from umpire.turns.auftragstaktik.firing import land

    lines = []
    for firer, target, res in hits:
        if firer is None:
            lines.append(f"{res.extra.get('flight')} -> {target.id}: {land_no_firer(state, target, res)}")
        else:
            lines.append(f"{firer.id} -> {target.id}: {land(state, firer, target, res, 1)}")
        res.extra["line"] = lines[-1]
    return lines


def resolve_support(state: GameState, dice: Dice) -> tuple[list[Resolution], list[str]]:
    """The First Combat Phase's planned indirect fire, counter-battery and airstrikes, on ``state``
    (a copy being changed)."""
    ext = tr.book(state)
    missions = [(uid, p["indirect"]) for uid, p in sorted(ext.plan.items()) if p.get("indirect")]
    air = sorted((ext.air_plan or {}).items())
    if not missions and not air:
        return [], []
    results: list[Resolution] = []
    lines: list[str] = []
    done = ext.indirect_fired
    label = f"{state.turn}.1"

    def held(uid: str, why: str, target: str | None = None, what: str = "holds fire", about: str = "target") -> None:
        """A battery holds fire: the umpire's line, and a record its own side reads (why too,
        unless it is about a target the side has not spotted; ``about="firer"``: the battery's own
        state, ``"order"``: why the side's own order cannot be carried out, which its side always
        reads)."""
        lines.append(f"{uid} {what}: {why}")
        t = state.units.get(target or "")
        seen = t is not None and t.side != state.units[uid].side and state.units[uid].side in t.spotted_by
        results.append(record(state.ruleset, "hold_fire", unit=uid, target=target if seen else None, why=why,
                              line=lines[-1], about=about, target_hidden=t is not None and not seen))

    def ready(uid: str) -> UnitState | None:
        u = state.units.get(uid)
        if u is None or not tr.alive(u) or done.get(uid) == label:
            return None
        able = effects(u.hits).may_fire
        if not able or ext.battalion_status.get(getattr(tr.battalion_of(state, u), "id", "")) == "routed":
            held(uid, f"{u.hits} hits" if not able else "its battalion is Routed", about="firer")
            return None
        return u

    def plain() -> None:
        landed = []
        for uid, m in missions:
            if m.get("counter_battery") is not None or (u := ready(uid)) is None:
                continue
            try:
                check_icm(state, u, m, f"{uid}.indirect")
                check_aim(state, u, m, f"{uid}.indirect")
            except UmpireError as exc:
                held(uid, str(exc).split(": ", 1)[-1], m.get("target"))
                continue
            pairs, tpl = fire_mission(state, u, m, dice)
            lay(state, u, m, tpl)
            spend_icm(state, u, m)
            done[uid] = label
            lines.append(
                f"{uid} fires indirect at ({num(tpl['at'][0])}, {num(tpl['at'][1])}): "
                f"{len(pairs)} stand{'s' if len(pairs) != 1 else ''} under the template"
            )
            for t, res in pairs:
                results.append(res)
                landed.append((u, t, res))
        lines.extend(_land_all(state, landed))

    def cb(declared: set[str] | None) -> None:
        landed = []
        for uid, m in missions:
            if m.get("counter_battery") is None or (u := ready(uid)) is None:
                continue
            t = state.units.get(m["counter_battery"])
            fired = (
                done.get(t.id) == label
                if t is not None and declared is None
                else m["counter_battery"] in (declared or ())
            )
            # the side's own note: the battery by name only where the side has spotted it (ruling cb.locating)
            named = m["counter_battery"] if t is not None and u.side in t.spotted_by else "its target battery"
            cb_target = m["counter_battery"]
            if t is None or not tr.alive(t) or not fired:
                held(uid, f"{named} did not fire this phase", cb_target, "holds counter-battery fire", about="order")
                continue
            try:
                check_range(state, u, (t.x, t.y), f"{uid}")  # type: ignore[arg-type]
            except UmpireError:
                held(uid, f"{named} is beyond its indirect range", cb_target, "holds counter-battery fire",
                     about="order")
                continue
            try:
                check_icm(state, u, m, uid)
            except UmpireError as exc:
                held(uid, str(exc).split(": ", 1)[-1], cb_target, "holds counter-battery fire")
                continue
            t, res = counter_battery(state, u, m, dice)
            spend_icm(state, u, m)
            done[uid] = label
            results.append(res)
            landed.append((u, t, res))
        lines.extend(_land_all(state, landed))

    if tr.rulings_of(state)["cb.timing"] == "before":
        # counter-battery first, against the batteries declared to fire (ruling cb.timing)
        cb({uid for uid, m in missions if m.get("counter_battery") is None})
        plain()
    else:
        plain()
        cb(None)
    landed = []
    sorties = ext.sorties
    for fid, a in air:
        side = a["side"]
        try:
            check_air(state, side, fid, a, f"air.{fid}", now=True)
        except UmpireError:
            lines.append(f"{fid} aborts: its target is not a spotted enemy stand (ruling air.targeting)")
            continue
        ad, hit = air_defence(state, side, fid, a, dice)
        results += ad
        sorties[fid] = sorties.get(fid, 0) + 1
        if hit:
            f = flights(state, side)[fid]
            name = f.get("name") or fid
            if hit >= 2 or tr.rulings_of(state)["air.defense_effect"] == "lost":
                sorties[fid] = max(sorties[fid], int(f.get("sorties", 1)))
                ext.flights_lost[fid] = state.turn
                lines.append(
                    f"{name} is shot down before it strikes ({hit} hit{'s' if hit != 1 else ''}; "
                    "ruling air.defense_effect)"
                )
            else:
                lines.append(f"{name} is hit and aborts its strike on {a['target']} (ruling air.defense_effect)")
            continue
        t, res = airstrike(state, side, fid, a, dice)
        results.append(res)
        landed.append((None, t, res))
    lines.extend(_land_all(state, landed))
    return results, lines
