"""Support fire in the First Combat Phase over the tracked table: indirect fire, counter-battery, airstrikes.

Counter-battery fire (``counter_battery: BATTERY``) attacks one enemy battery that fired indirect
this phase, after the indirect fire (ruling ``cb.timing``: ``before`` resolves it first), with the
sides' C3 levels from the scenario (ruling ``cb.c3_level``); it attacks the battery alone (ruling
``cb.template``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.facts import AtFireFacts, AtHoldFacts
from umpire.rules.auftragstaktik.hits import effects
from umpire.rules.auftragstaktik.indirect import CounterBattery
from umpire.text import num
from umpire.turns.auftragstaktik import tracked as tr
from umpire.turns.auftragstaktik.air import air_defence, airstrike, c3_levels, check_air, flights
from umpire.turns.auftragstaktik.firing import land
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


def counter_battery(state: GameState, u: UnitState, m: dict[str, Any], dice: Dice) -> tuple[UnitState, Resolution]:
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
    fx = AtFireFacts.of(res)
    fx.firer = u.id
    fx.target = t.id
    fx.weapon = "counter-battery"
    fx.range = round(rng, 2)
    fx.template = template_view([t.x, t.y], template_size(u), float(t.facing),
                                                f"{u.id} counter-battery")
    res.summary = f"{u.id} counter-battery fire on {t.id}: {res.summary}"
    return t, res


def _land_all(state: GameState, hits: Sequence[tuple[UnitState | None, UnitState, Resolution]]) -> list[str]:
    """Apply hits together; ``firer`` None for aircraft (no fire mark)."""
    lines = []
    for firer, target, res in hits:
        if firer is None:
            lines.append(f"{AtFireFacts.of(res).flight} -> {target.id}: {land_no_firer(state, target, res)}")
        else:
            lines.append(f"{firer.id} -> {target.id}: {land(state, firer, target, res, 1)}")
        res.facts.line = lines[-1]
    return lines


@dataclass
class _Support:
    """One First Combat Phase's support fire on ``state`` (a copy being changed): its missions, its
    flights, and what it has said so far."""

    state: GameState
    dice: Dice
    missions: list[tuple[str, dict[str, Any]]]
    results: list[Resolution] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.state.turn}.1"

    def held(self, uid: str, why: str, target: str | None = None, what: str = "holds fire",
             about: str = "target") -> None:
        """A battery holds fire: the umpire's line, and a record its own side reads (why too,
        unless it is about a target the side has not spotted; ``about="firer"``: the battery's own
        state, ``"order"``: why the side's own order cannot be carried out, which its side always
        reads)."""
        state = self.state
        self.lines.append(f"{uid} {what}: {why}")
        t = state.units.get(target or "")
        seen = t is not None and t.side != state.units[uid].side and state.units[uid].side in t.spotted_by
        self.results.append(record(state.ruleset, "hold_fire", AtHoldFacts(
            unit=uid, target=target if seen else None, why=why, line=self.lines[-1], about=about,
            target_hidden=t is not None and not seen)))

    def ready(self, uid: str) -> UnitState | None:
        """The battery, if it may fire this phase (else None, its line said)."""
        state, ext = self.state, tr.book(self.state)
        u = state.units.get(uid)
        if u is None or not tr.alive(u) or ext.indirect_fired.get(uid) == self.label:
            return None
        able = effects(u.hits).may_fire
        if not able or ext.battalion_status.get(getattr(tr.battalion_of(state, u), "id", "")) == "routed":
            self.held(uid, f"{u.hits} hits" if not able else "its battalion is Routed", about="firer")
            return None
        return u

    def plain(self) -> None:
        """The planned indirect fire missions (not counter-battery)."""
        state, done = self.state, tr.book(self.state).indirect_fired
        landed = []
        for uid, m in self.missions:
            if m.get("counter_battery") is not None or (u := self.ready(uid)) is None:
                continue
            try:
                check_icm(state, u, m, f"{uid}.indirect")
                check_aim(state, u, m, f"{uid}.indirect")
            except UmpireError as exc:
                self.held(uid, str(exc).split(": ", 1)[-1], m.get("target"))
                continue
            pairs, tpl = fire_mission(state, u, m, self.dice)
            lay(state, u, m, tpl)
            spend_icm(state, u, m)
            done[uid] = self.label
            self.lines.append(
                f"{uid} fires indirect at ({num(tpl['at'][0])}, {num(tpl['at'][1])}): "
                f"{len(pairs)} stand{'s' if len(pairs) != 1 else ''} under the template"
            )
            for t, res in pairs:
                self.results.append(res)
                landed.append((u, t, res))
        self.lines.extend(_land_all(state, landed))

    def counter_batteries(self, declared: set[str] | None) -> None:
        """The counter-battery missions, against the batteries that fired this phase (``declared``
        None) or those declared to fire (ruling cb.timing ``before``)."""
        state, done = self.state, tr.book(self.state).indirect_fired
        landed = []
        for uid, m in self.missions:
            if m.get("counter_battery") is None or (u := self.ready(uid)) is None:
                continue
            if not self.may_counter(uid, u, m, declared):
                continue
            t, res = counter_battery(state, u, m, self.dice)
            spend_icm(state, u, m)
            done[uid] = self.label
            self.results.append(res)
            landed.append((u, t, res))
        self.lines.extend(_land_all(state, landed))

    def may_counter(self, uid: str, u: UnitState, m: dict[str, Any], declared: set[str] | None) -> bool:
        """Whether battery ``u`` may carry out its counter-battery mission ``m`` (else its line said)."""
        state = self.state
        t = state.units.get(m["counter_battery"])
        fired = (
            tr.book(state).indirect_fired.get(t.id) == self.label
            if t is not None and declared is None
            else m["counter_battery"] in (declared or ())
        )
        # the side's own note: the battery by name only where the side has spotted it (ruling cb.locating)
        named = m["counter_battery"] if t is not None and u.side in t.spotted_by else "its target battery"
        cb_target = m["counter_battery"]
        if t is None or not tr.alive(t) or not fired:
            self.held(uid, f"{named} did not fire this phase", cb_target, "holds counter-battery fire", about="order")
            return False
        try:
            check_range(state, u, (t.x, t.y), f"{uid}")  # type: ignore[arg-type]
        except UmpireError:
            self.held(uid, f"{named} is beyond its indirect range", cb_target, "holds counter-battery fire",
                      about="order")
            return False
        try:
            check_icm(state, u, m, uid)
        except UmpireError as exc:
            self.held(uid, str(exc).split(": ", 1)[-1], cb_target, "holds counter-battery fire")
            return False
        return True

    def strikes(self, air: list[tuple[str, dict[str, Any]]]) -> None:
        """The planned airstrikes: each flight past the enemy's air defence, then its strike."""
        state, ext = self.state, tr.book(self.state)
        landed = []
        sorties = ext.sorties
        for fid, a in air:
            side = a["side"]
            try:
                check_air(state, side, fid, a, f"air.{fid}", now=True)
            except UmpireError:
                self.lines.append(f"{fid} aborts: its target is not a spotted enemy stand (ruling air.targeting)")
                continue
            ad, hit = air_defence(state, side, fid, a, self.dice)
            self.results += ad
            sorties[fid] = sorties.get(fid, 0) + 1
            if hit:
                self.lines.append(self.turned_back(fid, a, hit))
                continue
            t, res = airstrike(state, side, fid, a, self.dice)
            self.results.append(res)
            landed.append((None, t, res))
        self.lines.extend(_land_all(state, landed))

    def turned_back(self, fid: str, a: dict[str, Any], hit: int) -> str:
        """A flight the air defence hit: shot down, or hit and aborting (ruling air.defense_effect)."""
        state, ext = self.state, tr.book(self.state)
        f = flights(state, a["side"])[fid]
        name = f.get("name") or fid
        if hit >= 2 or tr.rulings_of(state)["air.defense_effect"] == "lost":
            ext.sorties[fid] = max(ext.sorties[fid], int(f.get("sorties", 1)))
            ext.flights_lost[fid] = state.turn
            return (
                f"{name} is shot down before it strikes ({hit} hit{'s' if hit != 1 else ''}; "
                "ruling air.defense_effect)"
            )
        return f"{name} is hit and aborts its strike on {a['target']} (ruling air.defense_effect)"


def resolve_support(state: GameState, dice: Dice) -> tuple[list[Resolution], list[str]]:
    """The First Combat Phase's planned indirect fire, counter-battery and airstrikes, on ``state``
    (a copy being changed)."""
    ext = tr.book(state)
    missions = [(uid, p["indirect"]) for uid, p in sorted(ext.plan.items()) if p.get("indirect")]
    air = sorted((ext.air_plan or {}).items())
    if not missions and not air:
        return [], []
    run = _Support(state, dice, missions)
    if tr.rulings_of(state)["cb.timing"] == "before":
        # counter-battery first, against the batteries declared to fire (ruling cb.timing)
        run.counter_batteries({uid for uid, m in missions if m.get("counter_battery") is None})
        run.plain()
    else:
        run.plain()
        run.counter_batteries(None)
    run.strikes(air)
    return run.results, run.lines
