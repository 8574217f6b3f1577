"""Hit variations (option 17.2) over the tracked game.

Turret facing (17.2.1) and the lower front hull (17.2.4) are part of the AP shot itself: the
fire case says ``hit_variations: true`` and gives the hit angle to a turret facing away from
its hull (:func:`umpire.turns.mbt.advanced.cases.fire_case`), and ``calc fire`` rolls them.

What happens to a unit after the fire is checked here, at the end of the phase in which it was
hit ("after all fire at the vehicle is resolved and completed in a single phase or step",
17.2.3), each roll by the rule function calc answers it with:

- **bailing out** (17.2.3): a knocked out or brewed up vehicle's crew and each unit it carried
  roll on the BAIL OUT TABLES (the ``bail_out`` calc procedure), at the hit location with the
  best chance of those that struck it (17.2.3.1.1; GP kills, mines and close assaults read EF KO;
  a top hit TT or HD reads as TF or HF, a ruling of umpire's). A carried unit that bails out
  stands in the wreck's hex, suppressed (ON), faced as its carrier was (17.2.3.2); one that
  does not is eliminated (17.2.3.1.2.2). A crew that bails out is put on the table in the wreck's
  hex as an extra leg unit (``<vehicle>-crew``: a team of its nation's leg card, suppressed, that
  fires the vehicle card's Bailed Crew line at -10 and -10 a crew loss, 17.2.3.2.2; :func:`place_crew`);
  each one surviving the game is worth 10 victory points to its side (scenario format D.2).
- **special leg unit losses** (17.2.2): a squad reduced to a half squad loses each of its
  attached weapons on 01-50 (rocket launchers and anti-aircraft missiles are rounds of
  ammunition and are not checked).

Not played: a crew bailing out of a vehicle that was not knocked out (17.2.3.1.2.1: no damage
and compartment hits abandon the vehicle), optional hull down (17.2.5), radar/missile
destruction (17.2.6), officer losses (17.2.7: the tracked game keeps no officers).
"""

from __future__ import annotations

from typing import Any

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.rules.mbt.state import MbtUnit
from umpire.turns.common import Applied
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options.hit_marks import NAME
from umpire.turns.mbt.turn_state import note_resolutions, unit_note


def _best(hit: str, unit: str, locations: list[str]) -> str:
    """Of the locations that struck the vehicle, the one with the widest bail out range for
    ``unit`` (17.2.3.1.1: it bails out if the roll calls for it at any of them)."""
    from umpire.rules.mbt.options.charts import chart

    t = chart("hits").bail_out
    line = getattr(t, hit)[unit]
    known = [x for x in locations if x in t.locations] or ["EF_KO"]

    def top(loc: str) -> int:
        v = str(line[t.locations.index(loc)].v)
        return 0 if v == "Elim" else int(v.split("-")[-1])

    return max(known, key=lambda x: (top(x), -known.index(x)))


def _attempt(state: GameState, who: UnitState, unit: str, wreck: UnitState, hit: str, locs: list[str],
             dice: Dice) -> Resolution:
    from umpire.rules.mbt.options.calc import bail_out

    case = {"hit": hit, "unit": unit, "location": _best(hit, unit, locs)}
    rec = RecordingDice(scoped(dice, "bail out", wreck.id, who.id, unit))
    res = bail_out(dict(case), rec, odds=False).resolution
    assert res is not None
    res.rolls = rec.take()
    what = f"{wreck.id}'s crew" if unit == "crew" else who.id
    res.summary = f"{what} tries to bail out of the {hit.replace('_', ' ')} {wreck.id} ({case['location']}): " \
                  f"{res.summary}"
    res.facts.unit = who.id
    res.facts.case = case
    return res


def _bail_out(state: GameState, v: UnitState, dice: Dice, notes: list[Any]) -> list[Resolution]:
    from umpire.turns.mbt.advanced.losses import suppress

    due = MbtUnit.of(v).bail_out
    assert due is not None
    MbtUnit.of(v).bail_out = None
    hit, locs = due.hit, list(due.locations)
    res = [_attempt(state, v, "crew", v, hit, locs, dice)]
    if res[0].outcome["bails_out"]:
        crew = place_crew(state, v)
        MbtUnit.of(v).crew_bailed = True
        MbtUnit.of(v).crew = crew.id if crew is not None else None
        if crew is None:
            notes.append(unit_note(v.id, "its crew bails out and is saved (17.2.3.2.2; its card gives no Bailed Crew "
                               "line to fire with)", "bail_out"))
        else:
            notes.append(unit_note(crew.id, f"{v.id}'s crew bails out into its hex: a team that fires the card's "
                               f"Bailed Crew line (17.2.3.2.2)", "bail_out"))
            suppress(crew, "bailed out, 17.2.3.2", notes)
    riders = sorted((p for p in state.units.values() if MbtUnit.of(p).bail_from == v.id), key=lambda p: p.id)
    for p in riders:
        from umpire.turns.mbt.advanced import units as U

        MbtUnit.of(p).bail_from = None
        r = _attempt(state, p, "towed" if U.kind(p) == "towed" else "leg", v, hit, locs, dice)
        res.append(r)
        if not r.outcome["bails_out"]:
            notes.append(unit_note(p.id, f"does not bail out of the {v.id}: eliminated (17.2.3.1.2.2)", "damage"))
            continue
        p.status = "ok"
        p.destroyed = p.carried_by = MbtUnit.of(p).knocked_out_in = None
        p.x, p.y, p.facing = v.x, v.y, v.facing
        notes.append(unit_note(p.id, f"bails out of the {v.id} into its hex (17.2.3.2)", "bail_out"))
        suppress(p, "bailed out, 17.2.3.2", notes)
    return res


LEG_CARDS = {"USA": "USA-7B", "FRG": "FRG-4B", "USSR": "USSR-11B"}  # each nation's leg card (TO&E)


def place_crew(state: GameState, v: UnitState) -> UnitState | None:
    """A vehicle's bailed out crew put on the table in its hex (17.2.3.2.2): an extra leg unit, a
    team of its nation's leg card (17.2.3.2.2.2: "otherwise the same as team leg units") that fires
    the vehicle card's Bailed Crew line, keeps its grade and crew losses (17.2.3.2.2.3), never
    goes back into a vehicle (17.2.3.2.2.1); None when the card gives no Bailed Crew line."""
    from umpire.rules.mbt.cards import any_card

    card = any_card(v.card or "")
    leg = LEG_CARDS.get(getattr(card, "nation", ""))
    if getattr(card, "bailed_crew", None) is None or leg is None:
        return None
    cid = f"{v.id}-crew"
    while cid in state.units:
        cid += "'"
    crew = v.model_copy(deep=True, update={
        "id": cid, "name": f"{v.name} crew", "card": leg, "type": "Team", "status": "ok", "hits": 0,
        "orders": None, "spotted_by": [], "ident": {}, "moved": 0.0, "carried_by": None, "destroyed": None,
        "own": MbtUnit(bailed_crew=v.card, crew_losses=MbtUnit.of(v).crew_losses),
    })
    state.units[cid] = crew
    return crew


def _leg_losses(state: GameState, u: UnitState, dice: Dice, notes: list[Any]) -> list[Resolution]:
    from umpire.rules.mbt.options.calc import leg_loss

    out = []
    items, MbtUnit.of(u).leg_loss = MbtUnit.of(u).leg_loss, []
    for item in items:
        rec = RecordingDice(scoped(dice, "leg loss", u.id, item))
        r = leg_loss({"item": item}, rec, odds=False).resolution
        assert r is not None
        r.rolls = rec.take()
        r.summary = f"{u.id}, a half squad now: {r.summary}"
        r.facts.unit = u.id
        r.facts.weapon = item
        r.facts.case = {"item": item}
        out.append(r)
        if r.outcome["lost"]:
            MbtUnit.of(u).lost_weapons = sorted({*MbtUnit.of(u).lost_weapons, item})
            notes.append(unit_note(u.id, f"its {item} is lost with the men who carried it (17.2.2)", "damage"))
    return out


def after_hits(applied: Applied, dice: Dice) -> Applied:
    """The bail out attempts and leg unit losses of the units hit in the phase just resolved."""
    from umpire.turns.mbt.advanced.sighting import update
    from umpire.turns.mbt.advanced.table import AdvTable

    state = applied.state
    if not on(state, NAME):
        return applied
    res: list[Resolution] = []
    notes: list[Any] = []
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if MbtUnit.of(u).bail_out:
            res += _bail_out(state, u, dice, notes)
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if MbtUnit.of(u).leg_loss and u.status == "eliminated":
            MbtUnit.of(u).leg_loss = []
        elif MbtUnit.of(u).leg_loss:
            res += _leg_losses(state, u, dice, notes)
    if res:
        applied.resolutions += res + note_resolutions(notes) + update(state, AdvTable(state))
    return applied
