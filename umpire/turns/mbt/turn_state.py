"""The MBT turn's shared state: the game's MBT book, written plans, side order, umpire notes, sighting, objectives."""

from __future__ import annotations

from typing import Any

from umpire.core.resolution import Facts, Resolution
from umpire.core.state import GameState, UnitState
from umpire.geometry.movement import path_terrain
from umpire.rules.mbt.facts import NoteFacts
from umpire.rules.mbt.sighting import identification
from umpire.rules.mbt.state import MbtGame
from umpire.turns.mbt import fire as F
from umpire.turns.mbt.table import Table

LEVELS = {"full": 3, "type": 2, "fired": 1}


def mbt(state: GameState) -> MbtGame:
    """The MBT game's own state (its scenario's block and the turn's bookkeeping)."""
    return MbtGame.of(state)


def plan(m: MbtGame, side: str) -> list[tuple[str, dict[str, Any]]]:
    """A side's written orders in the order its units are to move (24.3.2.2): the order the
    plan listed them in, kept apart because the stored state keeps its mappings sorted."""
    units = m.orders.get(side, {})
    seq = [u for u in m.sequence.get(side, []) if u in units]
    return [(uid, units[uid]) for uid in seq + sorted(u for u in units if u not in seq)]


def sides_in_order(state: GameState) -> list[str]:
    first = mbt(state).initiative
    sides = state.side_ids()
    return [first, *[s for s in sides if s != first]] if first in sides else sides


def table_coord(v: float | None) -> float:
    """A coordinate of a unit on the table, rounded for the record."""
    assert v is not None, "a unit on the table has a position"
    return round(float(v), 3)


# -- sighting ------------------------------------------------------------------------------
def see_every_pair(state: GameState, table: Table) -> None:
    """Every line of sight between opposing models at once (the phase asks them one by one)."""
    live = [u for u in state.units.values() if F.alive(u)]
    table.see_all([(table.xy(v), table.xy(e)) for v in live for e in live if e.side != v.side])


def update_sighting(state: GameState, table: Table) -> list[Resolution]:
    """Who sees whom (6.1) and at what identification level (24.2.2), for every pair; sets
    ``spotted_by`` and ``ident``. One resolution per side, for its briefing; its
    ``sighted`` lists what the side saw at that moment: ``{"by", "unit", "level", "at"}``
    (a wreck stays known at the level it had when it was destroyed)."""
    out = []
    see_every_pair(state, table)
    for side in state.side_ids():
        own = [u for u in state.units_of(side) if F.alive(u)]
        seen: list[str] = []
        sighted: list[dict[str, Any]] = []
        est: list[str] = []
        ruled: list[str] = []
        for e in state.units.values():
            if e.side == side or not e.placed:
                continue
            best: str | None = None
            if F.alive(e):
                for v in own:
                    chk = F.sees(table, v, e)
                    est += [x for x in chk.estimated if x not in est]
                    ruled += [x for x in chk.ruled if x not in ruled]
                    base = table.chart_range(F.hatch(v), table.xy(e)).v
                    if not table.los(table.xy(v), table.xy(e)):
                        continue
                    level = identification(chk.range, base, F.marker(e))  # type: ignore[arg-type]
                    if level is not None and (best is None or LEVELS[level] > LEVELS[best]):
                        best = level
            elif e.status != "off_table":  # 8.7: a unit gone off the table is not seen
                best = e.ident.get(side)
            if mark_sighting(e, side, best):
                seen.append(f"{e.id} ({best})")
                sighted.append({"by": side, "unit": e.id, "level": best, "at": [table_coord(e.x), table_coord(e.y)],
                                "facing": table_coord(e.facing)})
        out.append(Resolution(
            ruleset="mbt", procedure="sighting",
            outcome={"seen": len(seen)},
            summary=f"{side} sees: {', '.join(seen) if seen else 'no enemy unit'} (6.1, 24.2.2)",
            estimated=est, ruled=ruled, facts=Facts(side=side, sighted=sighted),
        ))
    return out


def mark_sighting(e: UnitState, side: str, best: str | None) -> bool:
    """Record that ``side`` sees ``e`` at identification level ``best`` (None: not at all) in
    its ``spotted_by`` and ``ident``; True if it is seen."""
    ident = dict(e.ident)
    if best is None:
        ident.pop(side, None)
        if side in e.spotted_by:
            e.spotted_by.remove(side)
    else:
        ident[side] = best
        if side not in e.spotted_by:
            e.spotted_by.append(side)
            e.spotted_by.sort()
    e.ident = dict(sorted(ident.items()))
    return best is not None


# -- 3. Fire ----------------------------------------------------------------------------------
def enemies_of(state: GameState, side: str) -> list[UnitState]:
    return [u for u in state.units.values() if u.side != side and F.alive(u)]


def unit_note(unit: str, text: str, kind: str = "note", sep: str = ": ", **fields: Any) -> dict[str, Any]:
    """An umpire's note about ``unit`` (its side may read it): ``text`` says it in words after the
    unit's id (joined by ``sep``); ``kind`` and ``fields`` say it as data (a fire transferred:
    ``to``)."""
    return {"unit": unit, "text": text, "kind": kind, "sep": sep, **fields}


def note_resolutions(notes: list[Any]) -> list[Resolution]:
    """Umpire's notes (fire transferred, damage taken, moves stopped), one resolution each,
    naming the unit they are about so each side's briefing keeps only its own. A note given as
    plain text (not :func:`unit_note`) is for the umpire alone."""
    out = []
    for n in notes:
        if isinstance(n, dict):
            out.append(Resolution(ruleset="mbt", procedure="umpire note", outcome={},
                                  summary=f"{n['unit']}{n['sep']}{n['text']}", facts=NoteFacts(**n)))
        else:
            out.append(Resolution(ruleset="mbt", procedure="umpire note", outcome={}, summary=n,
                                  facts=Facts(side="umpire")))
    return out


def claim_objectives(state: GameState, table: Table, units: list[UnitState],
                      path: list[tuple[float, float]] | None = None) -> None:
    """4.8: the last side to occupy or pass through an objective controls it."""
    objectives = [o.terrain for o in mbt(state).objectives]
    if not objectives:
        return
    control = mbt(state).control

    for u in units:
        pts = path or [table.xy(u)]
        hit: set[str] = set(table.index.features_at(pts[0]))
        if len(pts) > 1:
            for s in path_terrain(pts, table.index).stretches:
                hit.update(s.areas)
        for oid in objectives:
            if oid in hit:
                control[oid] = u.side
