"""The turn sequence (TURN SEQUENCE): resolve the current phase and move on; say where the turn
stands.

- Orders: refused until every side with stands on the table has entered its orders; then hits
  recover (ruling ``hits.recovery_timing``: at the end of the Orders Phase by default).
- First and Second Movement: the planned moves in the order of movement, Routed stands falling
  back and surrendering, unit integrity, then spotting for every pair of opposing stands
  (ruling ``spotting.timing``).
- First and Second Combat: the planned fire.
- Reaction: delayed orders due now; battalion HQs may have changed orders (``umpire turn orders``).
- Morale, Close Combat (ruling ``close_combat.timing`` may put close combat before morale).
- End: bookkeeping (ruling ``turn.end_phase``): movement and fire marks cleared, hasty
  entrenchment for stands that stayed put, delayed orders due, the turn advances.
"""

from __future__ import annotations

from typing import Any

from umpire.core.dice import Dice
from umpire.core.resolution import Resolution
from umpire.core.shared import held_units
from umpire.core.state import GameState
from umpire.errors import UmpireError
from umpire.rules.auftragstaktik.hits import recover
from umpire.rules.auftragstaktik.state import AtUnit
from umpire.turns import TurnView
from umpire.turns.auftragstaktik import tracked as tr


def sequence(state: GameState) -> list[str]:
    """The phase ids in this game's order (ruling close_combat.timing)."""
    ids = tr.phase_ids()
    if tr.rulings_of(state)["close_combat.timing"] == "end_of_combat_2":
        ids.remove("close_combat")
        ids.insert(ids.index("morale"), "close_combat")
    return ids


def missing_orders(state: GameState) -> list[str]:
    ext = tr.read_book(state)
    out = []
    for s in state.sides:
        if not any(tr.alive(u) for u in state.units_of(s.id)):
            continue
        e = ext.entered.get(s.id)
        if e is None or e.get("turn") != state.turn:
            out.append(s.id)
    return out


def _recover(state: GameState, when: str) -> list[str]:
    choice = tr.rulings_of(state)["hits.recovery_timing"]
    ext = tr.book(state)
    if (choice == "end_phase") != (when == "end"):
        return []
    spared = set(ext.attacked_last) if choice == "not_attacked_only" else set()
    n = 0
    for uid, u in list(held_units(state.units)):  # read as held: only the stands that recover are copied
        if tr.alive(u) and u.hits > 0 and u.id not in spared:
            u = state.units[uid]
            u.hits = recover(u.hits)
            n += 1
    return (
        [f"{n} stand{'s' if n != 1 else ''} recover 1 hit (COMBAT > Hit Effects; ruling hits.recovery_timing)"]
        if n
        else []
    )


def _end_of_turn(state: GameState) -> list[str]:
    from umpire.turns.auftragstaktik.ordering import apply_pending

    ext = tr.book(state)
    lines = _recover(state, "end")
    dug = 0
    stayed: list[str] = []
    for u in state.units.values():
        if not tr.alive(u):
            continue
        own = AtUnit.of(u)
        still = tr.moved_this_turn(u) == 0 and not u.moved
        if still and tr.is_troop(u) and own.entrenchment == "none":
            own.entrenchment = "hasty"  # MISCELLANEOUS RULES > Entrenching; ruling entrench.vehicles
            dug += 1
        if not still:
            own.entrenchment = "none"  # a stand that moves leaves its holes behind
        if still:
            stayed.append(u.id)
        u.moved = 0.0
        own.new_turn()
    if dug:
        lines.append(f"{dug} troop stand{'s' if dug != 1 else ''} that stayed put entrench (hasty)")
    keep = f"{state.turn}.2"
    ext.new_turn(keep, stayed)
    state.turn += 1
    state.phase = "orders"
    lines += apply_pending(state, "orders")
    lines.append(f"turn {state.turn} begins: Orders Phase")
    return lines


def resolve(
    state: GameState, dice: Dice, *, allow_integrity_break: bool = False
) -> tuple[GameState, str, list[Resolution], list[str]]:
    """Resolve the current phase of ``state``; (new state, phase resolved, resolutions, lines).

    :raises UmpireError: when orders are missing for the Orders Phase, or movement breaks unit
        integrity and ``allow_integrity_break`` is not given (ruling movement.integrity_violation).
    """
    # each phase's procedures are imported when it is resolved: ``status`` and the quick answers
    # read the turn (``view``) without them
    from umpire.turns.auftragstaktik import firing, morale_cc, moving

    phase = tr.current_phase(state)
    if phase == "orders":
        missing = missing_orders(state)
        if missing:
            names = ", ".join(f"{s} ({tr.side_name(state, s)})" for s in missing)
            raise UmpireError(
                f"phase next: orders missing for {names}: enter them with umpire turn orders FILE "
                "before the Orders Phase can be resolved"
            )
    new = state.copy_for_change()
    tr.book(new)
    results: list[Resolution] = []
    lines: list[str] = []
    if phase == "orders":
        from umpire.turns.auftragstaktik.digging import resolve_entrenching

        results, lines = resolve_entrenching(new, dice)
        lines += _recover(new, "orders")
    elif phase in moving.MOVEMENT_PHASES:
        results, lines = _movement(state, new, moving.MOVEMENT_PHASES[phase], dice, allow_integrity_break)
    elif phase in firing.COMBAT_PHASES:
        results, lines = _combat(new, phase, dice)
    elif phase == "reaction":
        from umpire.turns.auftragstaktik.ordering import apply_pending

        lines += apply_pending(new, "reaction") or ["no orders changed in the Reaction Phase"]
    elif phase == "morale":
        results, lines = morale_cc.resolve_morale(new, dice)
    elif phase == "close_combat":
        results, lines = morale_cc.resolve_close_combat(new, dice)
    if phase == "end":
        lines += _end_of_turn(new)
    else:
        seq = sequence(new)
        new.phase = seq[seq.index(phase) + 1]
    return new, phase, results, lines


def _movement(
    state: GameState, new: GameState, n: int, dice: Dice, allow_integrity_break: bool
) -> tuple[list[Resolution], list[str]]:
    """Movement phase ``n`` on ``new`` (``state`` as it began): the planned moves, Routed stands
    surrendering, unit integrity, then spotting."""
    from umpire.turns.auftragstaktik import moving, sighting  # (as in resolve)
    from umpire.turns.auftragstaktik.movement_end import check_integrity, surrenders

    before = _at_phase_start(state, n)
    results, lines = moving.resolve_movement(new, n, dice)
    lines += surrenders(new)
    lines += check_integrity(before, new, n, allow_integrity_break)
    lines += sighting.spot_all(new, n, out=results)
    return results, lines


def _combat(new: GameState, phase: str, dice: Dice) -> tuple[list[Resolution], list[str]]:
    """A combat phase on ``new``: the support fire (the first phase's), then the planned fire."""
    from umpire.turns.auftragstaktik import firing  # (as in resolve)

    results: list[Resolution] = []
    lines: list[str] = []
    if phase == "combat_1":
        from umpire.turns.auftragstaktik.support import resolve_support

        results, lines = resolve_support(new, dice)
    r, ln = firing.resolve_fire_phase(new, firing.COMBAT_PHASES[phase], dice)
    results += r
    lines += ln
    if not lines:
        lines.append("no planned fire")
    return results, lines


def view(state: GameState) -> TurnView:
    """Where the turn stands and what the umpire must enter next."""
    from umpire.turns.auftragstaktik.moving import MOVEMENT_PHASES

    phase = tr.current_phase(state)
    ext = tr.read_book(state)
    seq = sequence(state)
    lines = [f"Turn {state.turn}, {tr.phase_name(phase)}"]
    waiting: list[str] = []
    if phase == "orders":
        waiting = missing_orders(state)
        for s in state.sides:
            e = ext.entered.get(s.id)
            got = f"entered ({e['file']})" if e and e.get("turn") == state.turn else "missing"
            lines.append(f"orders of {s.name}: {got}")
        step = (
            ("umpire turn orders FILE  (orders of " + ", ".join(waiting) + ")")
            if waiting
            else "umpire phase next  (resolves the Orders Phase)"
        )
    else:
        step = f"umpire phase next  (resolves the {tr.phase_name(phase)})"
        if phase in MOVEMENT_PHASES:
            n = MOVEMENT_PHASES[phase]
            planned = sum(
                1 for u, p in ext.plan.items() if p.get(f"move{n}") and not AtUnit.of(state.units[u]).by_hand(n)
            )
            lines.append(
                f"{planned} planned move{'s' if planned != 1 else ''}; umpire move UNIT X Y moves a stand by hand"
            )
        elif phase.startswith("combat"):
            firers = sum(1 for p in ext.plan.values() if p.get("fire"))
            lines.append(
                f"{firers} stand{'s' if firers != 1 else ''} with fire orders; umpire fire FIRER TARGET fires by hand"
            )
        elif phase == "reaction":
            lines.append("battalion HQs may change orders: umpire turn orders FILE, or umpire order UNIT ORDER")
        elif phase == "morale":
            from umpire.turns.auftragstaktik.morale_cc import who_checks

            due = who_checks(state)
            lines.append("battalions to check: " + (", ".join(due) or "none") + "; umpire morale BATTALION checks one")
    for bid, st in sorted(ext.battalion_status.items()):
        lines.append(f"{bid} is {st.capitalize()}")
    return TurnView(turn=state.turn, phase=phase, phases=seq, next_step=step, waiting_for=waiting, lines=lines)


def summary(phase: str, lines: list[str], results: list[Resolution]) -> str:
    head = f"{tr.phase_name(phase)} resolved"
    body = [ln for ln in lines if not ln.startswith("warning")]
    warn = [ln for ln in lines if ln.startswith("warning")]
    text = head + (": " + "; ".join(body) if body else "")
    if warn:
        text += "; " + "; ".join(warn)
    return text


def _at_phase_start(state: GameState, phase: int) -> GameState:
    """``state`` with the stands moved by hand this phase back where the phase found them."""
    back = {u.id: start for u in state.units.values() if (start := AtUnit.of(u).start_of(phase))}
    if not back:
        return state
    old = state.copy_for_change()
    for uid, (x, y) in back.items():
        old.units[uid].x, old.units[uid].y = x, y
    return old


def payload_info(payload: dict[str, Any]) -> bool:
    """Whether the umpire lets movement break unit integrity (``allow_integrity_break``)."""
    extra = sorted(k for k in payload if k != "allow_integrity_break")
    if extra:
        raise UmpireError(f"phase next takes no input but --allow-integrity-break (got {', '.join(extra)})")
    return bool(payload.get("allow_integrity_break"))
