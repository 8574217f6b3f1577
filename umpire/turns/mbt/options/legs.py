"""Leg unit variations (option ``leg_variations``, 17.4 less quickmarch) in the tracked game.

- Squad plus (17.4.1.1): a squad (or the half squad it becomes) whose equipment names
  ``Squad Plus`` fires GP at +10: the gp case's ``firer.squad_plus``.
- Squad plus 5 and assault infantry 10 in hand-to-hand (17.4.1.1-2, signs by their rulings), and
  assault infantry's ``smoke: true``, a smoke (ON) marker in their own hex (17.4.1.2).
- Machinegun pinning fire (17.4.3): a fire entry's ``pinning: normal`` by a leg machinegun team
  with FIRE or OVERWATCH orders at a leg or towed unit: +10, an effective result treated as
  suppressed (the gp case's ``firer.pinning``, checked when the orders are given by the same rule);
  ``pinning: area`` adds the GP defenses of the leg and towed units in the target's hex, no +10,
  and the one result goes against them all (17.4.3.2).
- Special forces (17.4.1.3): a crack squad whose equipment names ``Special Forces`` fires GP with
  the Game Card's modifier (the gp case's ``firer.special_forces``), close assaults and fights hand
  to hand with theirs (``special_forces``), quickmarches on the QUICKMARCH TABLE's special forces
  line; it may move one hex with MOVE orders while suppressed, out of full cover (17.4.1.3.2), and
  repel down into an adjacent hex across up to 4 heights, its whole move (17.4.1.3.2.1). The
  modifiers are the Game Card's: estimated values in the charts an owner replaces.
- Flamethrowers (17.4.1.2): hand-to-hand -20 attacking, the defender's modifier defending; used
  against units in a building hex one starts a fire there at once where building fires are played
  (17.4.1.2.1), in close assault too.
- Hasty entrenchments (17.4.4): an unsuppressed squad or half squad with a FULL COVER marker and
  OVERWATCH orders at the Adjust Markers Step counts a Turn in its hex; at its third there (not
  necessarily consecutive) a hasty entrenchment marker is placed, one a hex at most, for the rest
  of the scenario. GP fire at a leg unit in a hex with one is at -10 (the gp case's
  ``target.entrenched``) for the first 8 leg stacking points there (17.4.4.2; ruling
  ``entrenchment.who_is_in``).

The rules are :func:`umpire.rules.mbt.options.limits.leg_gp`, what ``umpire calc gp`` runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError
from umpire.rules.mbt.state import Entrenching, MbtGame, MbtUnit
from umpire.schema.load import validate
from umpire.turns.common import Applied
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.table import AdvTable
from umpire.turns.mbt.options import on
from umpire.turns.mbt.turn_state import mbt, note_resolutions, plan, unit_note

NAME = "leg_variations"


def gp_fields(state: GameState, t: AdvTable, u: UnitState, target: UnitState, pinning: str | None
              ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """What option 17.4 adds to one shot's gp case: (firer fields, target fields, case fields)."""
    if not on(state, NAME):
        return {}, {}, {}
    f: dict[str, Any] = {}
    if "Squad Plus" in U.elite(u):
        f["squad_plus"] = True
    if special_forces(state, u):
        f["special_forces"] = True
    if pinning:
        f["pinning"] = pinning
    tg = {"entrenched": True} if entrenched(state, t, target) else {}
    return f, tg, {"leg_variations": True}


def hand_to_hand_fields(state: GameState, attacker: UnitState, defender: UnitState) -> dict[str, Any]:
    """What option 17.4.1 adds to a hand-to-hand case: the attacker's and defender's elite status,
    a squad plus's 5 or assault infantry's 10 (17.4.1.1-2, the signs by their rulings), special
    forces' Game Card modifiers (17.4.1.3.2), flamethrowers (17.4.1.2) and the building hex an
    attacking one sets on fire (17.4.1.2.1)."""
    if not on(state, NAME):
        return {}
    words = {"Squad Plus": "squad_plus", "Assault": "assault_infantry"}
    out: dict[str, Any] = {}
    for who, u in (("attacker", attacker), ("defender", defender)):
        got = [words[e] for e in U.elite(u) if e in words]
        if got:
            out[f"{who}_elite"] = got[0]
        if "Special Forces" in U.elite(u):
            out[f"{who}_special_forces"] = True
        if has_flamethrower(u):
            out[f"{who}_flamethrower"] = True
    if out.get("attacker_flamethrower"):
        out |= flame_fields(state, AdvTable(state), defender)
    return out


def special_forces(state: GameState, u: UnitState) -> bool:
    """A special forces unit under the option (17.4.1.3): its equipment names them."""
    return on(state, NAME) and U.kind(u) == "leg" and "Special Forces" in U.elite(u)


def moves_suppressed(state: GameState, u: UnitState) -> bool:
    """A special forces unit moves one hex with MOVE orders even while suppressed, unless it has a
    FULL COVER marker (17.4.1.3.2)."""
    return special_forces(state, u) and not MbtUnit.of(u).full_cover


def repel_why(state: GameState, u: UnitState, start: int, end: int) -> str:
    """Why ``u`` may not cross more than two heights into an adjacent hex (15.1.2), or empty when it
    repels down across up to four, its whole move (17.4.1.3.2.1: special forces with MOVE orders,
    not suppressed)."""
    if not special_forces(state, u):
        return "a leg unit crosses at most two heights (15.1.2; special forces repel down up to four, option 17.4)"
    if U.suppressed(u):
        return "a suppressed special forces unit does not repel (17.4.1.3.2)"
    if end > start:
        return f"special forces repel down, not up: {start} to {end} heights (17.4.1.3.2.1)"
    if start - end > 4:
        return f"special forces repel down across up to 4 heights (17.4.1.3.2.1; this is {start - end})"
    return ""


def close_assault_fields(state: GameState, t: AdvTable, u: UnitState, target: UnitState) -> dict[str, Any]:
    """What the options add to a close assault case: special forces' modifier (17.4.1.3.2, under
    this option) and the building hex a flamethrower sets on fire (17.4.1.2.1, with building fires)."""
    out: dict[str, Any] = {}
    if special_forces(state, u):
        out["special_forces"] = True
    if has_flamethrower(u):
        out |= flame_fields(state, t, target)
    return out


def has_flamethrower(u: UnitState) -> bool:
    return "Flamethrower" in {w.name for w in U.weapons(u)}


def flame_fields(state: GameState, t: AdvTable, target: UnitState) -> dict[str, Any]:
    """The building hex a flamethrower is used against, where fires are played (17.4.1.2.1, 18.3)."""
    if not on(state, "building_fires"):
        return {}
    building = t.building(t.xy(target))
    return {"building": building} if building is not None else {}


def flame_fire(state: GameState, r: Any, target: UnitState) -> list[Any]:
    """The fire a flamethrower started in the target's building hex (17.4.1.2.1): its burning
    marker placed at once, with the resolution that says so."""
    from umpire.turns.mbt.options import fires

    if not r.outcome.get("fire"):
        return []
    xy = AdvTable(state).xy(target)
    placed = fires.start(state, xy, "a flamethrower started a fire in the building hex (17.4.1.2.1)")
    return [placed] if placed is not None else []


def check_smoke(state: GameState, units: dict[str, dict[str, Any]], where: str) -> None:
    """A unit's ``smoke: true`` (17.4.1.2): assault infantry only, under the option.

    :raises UmpireError: naming the unit's ``smoke`` and what is allowed.
    """
    for uid, spec in units.items():
        if not spec.get("smoke"):
            continue
        at = f"{where}: units.{uid}.smoke"
        if not on(state, NAME):
            raise UmpireError(f"{at}: true: smoke in its own hex is assault infantry's, option 17.4.1.2 (add "
                              "leg_variations to the scenario's mbt.options)")
        if "Assault" not in U.elite(state.units[uid]):
            raise UmpireError(f"{at}: true: only assault infantry place smoke in their own hex (17.4.1.2; allowed: a "
                              "leg unit whose equipment names Assault)")


def assault_smoke(state: GameState) -> list[Any]:
    """The smoke (ON) markers assault infantry place in their own hexes (17.4.1.2), where each stands
    at the end of its side's Movement Step, on ``state`` (being changed): the notes."""
    m = mbt(state)
    notes: list[Any] = []
    for side in state.side_ids():
        for uid, spec in plan(m, side):
            u = state.units[uid]
            if not spec.get("smoke") or not U.on_table(u) or not U.alive(u):
                continue
            assert u.x is not None and u.y is not None, "a unit on the table has a position"
            m.smoke.append({"x": u.x, "y": u.y, "kind": "on", "by": uid, "turn": state.turn})
            notes.append(unit_note(uid, "places a smoke (ON) marker in its own hex (17.4.1.2)", "smoke", sep=" "))
    return notes


def check_pinning(state: GameState, where: str, value: Any, u: UnitState, w: Any, target: UnitState, code: str,
                  ammo_type: str) -> str:
    """A fire entry's ``pinning`` (17.4.3), checked when the orders are given by calc's rule.

    :raises UmpireError: naming ``where``, the value and what is allowed.
    """
    from umpire.rules.mbt.options.limits import check_pinning_fire

    if not on(state, NAME):
        raise UmpireError(f"{where}: {value}: pinning fire needs the leg_variations option (17.4.3)")
    if value not in ("normal", "area"):
        raise UmpireError(f"{where}: {value!r} (allowed: normal, area)")
    if ammo_type != "GP":
        raise UmpireError(f"{where}: {value}: pinning fire is GP point effect fire (17.4.3)")
    try:
        check_pinning_fire(value, U.leg_kind(u) if U.kind(u) == "leg" else U.kind(u), w.kind,
                           U.leg_kind(target) if U.kind(target) == "leg" else U.kind(target), code)
    except UmpireError as exc:
        raise UmpireError(f"{where}: {str(exc).removeprefix('firer.pinning: ')}") from None
    return str(value)


def area_targets(state: GameState, t: AdvTable, target: UnitState) -> list[UnitState]:
    """The units area pinning fire at ``target`` hits (17.4.3.2): it and every leg and towed unit of
    its side in its hex, by id."""
    b = t.xy(target)
    return sorted((x for x in state.units.values() if x.side == target.side and U.on_table(x) and U.alive(x)
                   and U.kind(x) in ("leg", "towed") and not x.carried_by and t.same_hex(t.xy(x), b)),
                  key=lambda x: x.id)


def area_defense(state: GameState, t: AdvTable, u: UnitState, target: UnitState,
                 case_of: Callable[[UnitState], dict[str, Any]]) -> int:
    """The summed GP defense of area pinning fire's targets (17.4.3.2), each as calc gp works it out
    from its own case (``case_of``)."""
    from umpire.rules.mbt.calc_fire import gp_target
    from umpire.rules.mbt.calc_helpers import in_hexes
    from umpire.rules.mbt.cases import GpCase

    total = 0
    for x in area_targets(state, t, target):
        c = validate(GpCase, {k: v for k, v in case_of(x).items() if k != "procedure"}, "gp")
        total += gp_target(c, in_hexes(c.range, c.scale, t.rulings), [])[1]
    return total


def markers(state: GameState) -> list[list[float]]:
    """The hasty entrenchment markers on the table (17.4.4.1), where they were placed."""
    return list(MbtGame.of(state).entrenchments or [])


def entrenched(state: GameState, t: AdvTable, target: UnitState) -> bool:
    """``target`` is "in" a hasty entrenchment (17.4.4.2): a leg unit in a hex with a marker, among
    the first 8 leg stacking points there in the order of ruling ``entrenchment.who_is_in``."""
    if U.kind(target) != "leg":
        return False
    b = t.xy(target)
    if not any(t.same_hex(m, b) for m in markers(state)):
        return False
    from umpire.rules.mbt.options.charts import chart

    room = int(chart("hits").hasty_entrenchment["capacity"].v)
    diggers_first = t.rulings["entrenchment.who_is_in"] == "diggers_first"
    there = sorted((x for x in state.units.values() if U.on_table(x) and U.alive(x) and U.kind(x) == "leg"
                    and t.same_hex(t.xy(x), b)),
                   key=lambda x: (-_dug(x) if diggers_first else 0, x.id))
    for x in there:
        room -= U.stacking(x)
        if x.id == target.id:
            return room >= 0
    return False


def _dug(u: UnitState) -> int:
    """The Turns ``u`` has dug towards a hasty entrenchment so far."""
    done = MbtUnit.of(u).entrenching
    return done.turns if done is not None else 0


def adjust(state: GameState, orders_of: dict[str, str]) -> list[Any]:
    """The Adjust Markers Step's entrenching (17.4.4.1) on ``state`` (being changed): the notes
    (each about its unit, for its side alone). ``orders_of``: each unit's order this Turn."""
    from umpire.rules.mbt.options.charts import chart

    t = AdvTable(state)
    need = int(chart("hits").hasty_entrenchment["turns"].v)
    m = MbtGame.of(state)
    notes: list[Any] = []
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if (not U.on_table(u) or not U.alive(u) or U.kind(u) != "leg" or U.leg_kind(u) not in ("squad", "half_squad")
                or U.suppressed(u) or not MbtUnit.of(u).full_cover or orders_of.get(u.id) != "OW"):
            continue
        b = t.xy(u)
        if any(t.same_hex(x, b) for x in markers(state)):
            continue  # 17.4.4.1: never more than one a hex
        done = MbtUnit.of(u).entrenching
        turns = done.turns + 1 if done is not None and t.same_hex(done.at, b) else 1
        MbtUnit.of(u).entrenching = Entrenching(at=(round(b[0], 3), round(b[1], 3)), turns=turns)
        if turns >= need:
            m.entrenchments = [*markers(state), [round(b[0], 3), round(b[1], 3)]]
            notes.append(unit_note(u.id, f"completes a hasty entrenchment in its hex after {turns} Turns in full cover "
                               "with OVERWATCH orders: the marker is placed (17.4.4.1)", "entrenchment", sep=" "))
        else:
            notes.append(unit_note(u.id, f"digs in, Turn {turns} of {need} towards a hasty entrenchment (17.4.4.1)",
                               "entrenching", sep=" ", turns=turns))
    return notes


def with_entrenchments(adjustment: Callable[[GameState], Applied]) -> Callable[[GameState], Applied]:
    """The Adjustment phase with the entrenching of the Adjust Markers Step first (17.4.4.1),
    while the Turn's suppression and full cover markers still stand."""
    def run(state: GameState) -> Applied:
        if not on(state, NAME):
            return adjustment(state)
        new = state.copy_for_change()
        m = mbt(new)
        orders_of = {uid: str(spec.get("order") or "") for side in new.side_ids() for uid, spec in plan(m, side)}
        notes = adjust(new, orders_of)
        applied = adjustment(new)
        applied.resolutions[:0] = note_resolutions(notes)
        return applied

    return run
