"""Entrenching over the tracked game (MISCELLANEOUS RULES > Entrenching; rulings
``entrench.vehicles``, ``entrench.level_names``).

A stand ordered to entrench (``entrench: true`` in the orders file) rolls when the Orders Phase is
resolved, with the rules core's :func:`~umpire.rules.auftragstaktik.entrench.entrench`: Hasty to
Deliberate, Deliberate to Prepared. It must have stayed put the whole previous turn (at the first
Orders Phase every stand counts as having stayed put: it was set up there) and stays put this turn.
Hasty comes by itself at the End Phase to personnel stands that did not move. An IFV or APC digs
while touching its own infantry; an MBT only with an engineer stand touching it (``engineer:
STAND``).
"""

from __future__ import annotations

from umpire.core.dice import Dice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.errors import DiceError, UmpireError
from umpire.rules.auftragstaktik.data import tables
from umpire.rules.auftragstaktik.state import AtUnit
from umpire.turns.auftragstaktik import tracked as tr

_LATER_SOVIET = ("T-64", "T-72", "T-80", "T-90")


def _role(u: UnitState) -> str:
    from umpire.rules.auftragstaktik.library import find_unit

    try:
        return str(find_unit(u.type or "").role)
    except UmpireError:
        return "tank" if tr.is_afv(u) and tr.unit_ratings(u).gun is not None else ""


def _touching(state: GameState, u: UnitState, pred) -> list[UnitState]:  # type: ignore[no-untyped-def]
    from umpire.turns.auftragstaktik.sightlines import distance

    touch = tables().turn.close_combat.touching_in
    return [
        x
        for x in state.units.values()
        if x.side == u.side and x.id != u.id and tr.alive(x) and pred(x) and distance(state, u, x) <= touch + 1e-9
    ]


def stand_type(state: GameState, u: UnitState) -> tuple[str, bool, bool]:
    """(the rules core's stand type, with its infantry, with an engineer) for ``u``."""
    if tr.is_troop(u):
        return "troop", False, False
    role = _role(u)
    with_inf = bool(_touching(state, u, tr.is_troop))
    engineer = bool(_touching(state, u, lambda x: _role(x) == "engineer" or "engineer" in (x.type or "").lower()))
    if role == "tank":
        later = tr.is_soviet(u.type or "") and any(k in (u.type or "") for k in _LATER_SOVIET)
        return ("mbt_t64" if later else "mbt"), with_inf, engineer
    if role in ("ifv", "apc"):
        return "apc", with_inf, engineer
    return "other_vehicle", with_inf, engineer


def level_of(u: UnitState) -> str:
    return AtUnit.of(u).entrenchment


def check_entrench(state: GameState, u: UnitState, engineer: str | None, field: str) -> None:
    """Refuse an entrenching order the rules forbid (the roll itself comes in the Orders Phase)."""
    from umpire.rules.auftragstaktik.entrench import entrench

    level = level_of(u)
    if level == "none":
        raise UmpireError(
            f"{field}: {u.id} has no entrenchment yet: Hasty comes by itself after a turn in place, then it may roll "
            "(allowed: stands with Hasty or Deliberate entrenchment; MISCELLANEOUS RULES > Entrenching)"
        )
    if level in ("prepared", "fortified"):
        raise UmpireError(f"{field}: {u.id} is already {level.capitalize()} (the highest level a stand can dig)")
    if engineer is not None:
        e = state.units.get(engineer)
        if e is None or e.side != u.side:
            raise UmpireError(f"{field}: engineer {engineer!r} is not a stand of {tr.side_name(state, u.side)}")
    kind, inf, eng = stand_type(state, u)

    class _NoDice:
        def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
            return (1,) * count

    entrench(level, u.quality, _NoDice(), tr.rulings_of(state), stand=kind, engineer=eng, with_infantry=inf)  # type: ignore[arg-type]


def resolve_entrenching(state: GameState, dice: Dice) -> tuple[list[Resolution], list[str]]:
    """The entrenching rolls of the Orders Phase, on ``state`` (a copy being changed)."""
    from umpire.rules.auftragstaktik.entrench import entrench

    ext = tr.book(state)
    stayed = ext.stationary
    results: list[Resolution] = []
    lines: list[str] = []
    for uid, plan in sorted(ext.plan.items()):
        if not plan.get("entrench"):
            continue
        u = state.units[uid]
        if not tr.alive(u):
            continue
        if stayed is not None and state.turn > 1 and uid not in stayed:
            lines.append(f"{uid} may not entrench: it moved last turn (ruling entrench.vehicles)")
            continue
        kind, inf, eng = stand_type(state, u)
        try:
            res = entrench(
                level_of(u),
                u.quality,
                scoped(dice, "entrench", u.id),
                tr.rulings_of(state),
                stand=kind,  # type: ignore[arg-type]
                engineer=eng,
                with_infantry=inf,
            )
        except DiceError:
            raise  # dice not given or impossible: the whole action fails, nothing is written
        except UmpireError as exc:
            lines.append(f"{uid} may not entrench: {str(exc).split(': ', 1)[-1]}")
            continue
        res.facts.unit = uid
        res.summary = f"{uid} entrenching: {res.summary}"
        results.append(res)
        if res.outcome.get("success"):
            AtUnit.of(u).entrenchment = res.outcome["level"]
            lines.append(f"{uid} digs in: {res.outcome['level'].capitalize()}")
        else:
            lines.append(f"{uid} fails to dig in further ({level_of(u).capitalize()})")
    return results, lines
