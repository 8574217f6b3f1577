"""What Advanced Game fire does to the units on the table (7.4.5.3, 7.4.7, 12.3, 12.5, 14.3.3,
14.4.4.2, 14.8), applied to the state; each call returns the umpire's notes, one per unit it
touched, so a side reads only about its own units.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.rules.mbt import data
from umpire.rules.mbt.ap_tables import TURRET
from umpire.rules.mbt.cards import LegCard
from umpire.rules.mbt.state import Compartment, MbtGame, MbtUnit, Smoke
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.losses import Note, destroy, suppress
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options.hit_marks import leg_losses_due
from umpire.turns.mbt.turn_state import unit_note


@dataclass
class Pending:
    """What a step's fire will do once the step is over."""

    ap: list[tuple[str, Resolution]] = field(default_factory=list)
    gp: list[tuple[str, str, str]] = field(default_factory=list)  # (unit, effect, why)
    smoke: list[Smoke] = field(default_factory=list)
    terrain: list[tuple[str, str]] = field(default_factory=list)  # (marker, destroyed by)

    def apply(self, state: GameState, when: str) -> list[Note]:
        from umpire.turns.mbt.advanced.terrain_fire import destroy as destroy_marker

        notes: list[Note] = []
        for pid, by in self.terrain:
            destroy_marker(state, pid, by, notes)
        for tid, r in self.ap:
            notes += apply_ap(state, tid, r, when)
        for tid, effect, why in self.gp:
            notes += apply_gp(state, tid, effect, when, why)
        m = MbtGame.of(state)
        for s in self.smoke:
            smoke = m.smoke
            smoke[:] = [x for x in smoke if not (x["kind"] in ("on", "off") and abs(x["x"] - s["x"]) < 1e-6
                                                 and abs(x["y"] - s["y"]) < 1e-6)]  # 12.9.3
            smoke.append(s)
        self.ap, self.gp, self.smoke, self.terrain = [], [], [], []
        return notes


def crew_loss(state: GameState, u: UnitState, n: int, why: str, when: str, notes: list[Note]) -> None:
    """Crew losses (14.3.3.1, 14.3.3.4.1, 14.4.4.2.3.2); all the crew lost is a knock-out (14.8)."""
    MbtUnit.of(u).crew_losses = int(MbtUnit.of(u).crew_losses or 0) + n
    notes.append(unit_note(u.id, f"{n} crew loss ({why}); {MbtUnit.of(u).crew_losses} of {U.crew(u)}", "crew_loss"))
    if MbtUnit.of(u).crew_losses >= U.crew(u):
        destroy(state, u, "knocked_out", when, notes)
        notes.append(unit_note(u.id, "its whole crew is lost: knocked out (14.8)", "damage"))


def apply_ap(state: GameState, tid: str, res: Resolution, when: str) -> list[Note]:
    """An AP shot's hits, in order (7.4.5.3, 7.4.7, 14.3.3)."""
    u = state.units[tid]
    notes: list[Note] = []
    done = 0
    for hit in res.outcome.get("results", []):
        dmg = hit.get("damage")
        loc = hit.get("location", "")
        if dmg == "no_damage" and not hit.get("penetrated", True):
            if loc in ("TT", "HD") and U.hatch(u) == "open":
                crew_loss(state, u, 1, "a hit on the top of an open vehicle, 14.3.3.4.1", when, notes)
            if loc in ("TT", "HF", "HR"):
                lost = [w.name for w in U.weapons(u) if w.kind == "mg" and (w.mount or "").startswith(loc)]
                if lost:
                    MbtUnit.of(u).lost_weapons = sorted({*MbtUnit.of(u).lost_weapons, *lost})
                    notes.append(unit_note(u.id, f"{', '.join(lost)} destroyed (14.3.3.4.2)", "damage"))
            continue
        if dmg in ("miss", "no_damage", None):
            continue
        done += 1
        if hit.get("penetrated") and on(state, "nbc"):
            MbtUnit.of(u).penetrated = True  # its NBC system no longer protects it (18.4.2)
        if dmg == "track":
            MbtUnit.of(u).track_hit = True
            notes.append(unit_note(u.id, "track hit: may not move or pivot (7.4.5.3.1)", "damage"))
        elif dmg == "gun":
            MbtUnit.of(u).gun_hit = True
            notes.append(unit_note(u.id, "main gun hit: may not fire it (7.4.5.3.2)", "damage"))
        elif dmg == "compartment":
            from umpire.turns.mbt.options.amphibious import sinks

            where: Compartment = "turret" if loc in TURRET else "hull"
            if where == "hull" and sinks(state, u, "a hull compartment hit", when, notes):
                break
            if MbtUnit.of(u).compartment:
                dmg = "knocked_out"
            else:
                MbtUnit.of(u).compartment = where
                notes.append(unit_note(u.id, f"{where} compartment hit (7.4.7.2)", "damage"))
                suppress(u, "compartment hit, 14.3.3.1", notes)
                for p in U.passengers(state, u):
                    suppress(p, f"its carrier {u.id} took a compartment hit, 14.3.3.1", notes)
                crew_loss(state, u, 1, "compartment hit, 14.3.3.1", when, notes)
        if dmg in ("knocked_out", "brewed_up"):
            destroy(state, u, dmg, when, notes, locations=tuple(
                str(h.get("location", "")) for h in res.outcome["results"] if h.get("damage") not in ("miss", None)))
            break
    u.hits += done
    if done:
        from umpire.turns.mbt.advanced.shots import note_acq

        note_acq(state, "acq", str(res.facts.firer), tid)
    return notes


def apply_gp(state: GameState, tid: str, effect: str, when: str, why: str = "GP fire") -> list[Note]:
    """A GP result's effect (14.4.4.2): suppression, a crew loss, a knock-out by explosive
    power, a squad reduced to a half squad (12.5) or a unit eliminated."""
    u = state.units[tid]
    notes: list[Note] = []
    if not U.alive(u):
        return notes
    if effect == "temp_sup":
        if not U.suppressed(u):
            MbtUnit.of(u).temp_sup = True
            notes.append(unit_note(u.id, "temporarily suppressed: its missile fire is modified (12.3.5)", "temp_sup"))
    elif effect == "suppressed":
        suppress(u, f"{why}, 14.4.4.2.2", notes)
    elif effect == "crew_loss":
        suppress(u, f"{why}, 14.4.4.2.3.2", notes)
        crew_loss(state, u, 1, f"{why}, 14.4.4.2.3.2", when, notes)
    elif effect in ("knocked_out", "brewed_up"):
        destroy(state, u, effect, when, notes)
    elif effect == "half":
        reduce(u, notes, data.rulings().select(state.rulings)["advanced.half_squad_weapons"],
               leg_losses_due(state))
        suppress(u, f"{why}, 14.4.4.2.3.4", notes)
    elif effect == "eliminated":
        destroy(state, u, "eliminated", when, notes, wreck=False)
    return notes


def reduce(u: UnitState, notes: list[Note], ruling: str = "keep",
           checked_for_loss: Callable[[UnitState, list[str]], None] | None = None) -> None:
    """A squad becomes its half squad (12.5); ruling ``advanced.half_squad_weapons`` says whether
    it keeps its attached weapons (default: it does) or loses its missiles."""
    card = U.card_of(u)
    assert isinstance(card, LegCard)
    t = card.type(u.type or "")
    if t.half is None:
        return
    MbtUnit.of(u).reduced_from = t.name
    u.type = t.half
    lost = [n for n, a in U.attached_of(u).items() if a.weapon.kind in ("atgm", "aam")] if ruling == "lose_missiles" \
        else []
    if lost:
        MbtUnit.of(u).lost_weapons = sorted({*MbtUnit.of(u).lost_weapons, *lost})
    notes.append(unit_note(u.id, f"reduced to a half squad ({t.half}; 12.5)" + (f", losing its {', '.join(lost)}"
                                                                            if lost else ""), "damage"))
    if checked_for_loss is not None:
        checked_for_loss(u, lost)
