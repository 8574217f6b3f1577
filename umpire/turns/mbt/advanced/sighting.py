"""The Sighting Step of the Advanced Game (11.2.1, 13.1, 13.2) in the umpired game (24.2).

Who sees whom, at what identification level (24.2.2), for every pair; a leg or towed unit in a
carrier is seen only with it, and only if the carrier is open or gives no full cover (15.3.3.3):
carried infantry is not seen until it dismounts or its carrier is identified so. Each side's
resolution lists what it saw then (``sighted``), for its briefing.
"""

from __future__ import annotations

from typing import Any

from umpire.core.resolution import Resolution
from umpire.core.state import GameState, UnitState
from umpire.rules.mbt.facts import SightingFacts
from umpire.rules.mbt.sighting import identification, sighting_limit
from umpire.turns.mbt.advanced import shots as S
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.table import AdvTable
from umpire.turns.mbt.turn_state import mark_sighting

LEVELS = {"full": 3, "type": 2, "fired": 1}


def _r(v: float) -> float:
    return round(float(v), 3)


def levels(state: GameState, t: AdvTable, side: str, cases: dict[str, dict[str, Any]] | None = None,
           among: tuple[str, ...] | None = None) -> tuple[dict[str, str], list[str], list[str]]:
    """``{enemy unit: level}`` for ``side`` now (``among``: as these of its units see them), and
    the estimates and rulings that decided it; with ``cases``, the ``sight`` case of the pair that
    gave each unit its level."""
    from umpire.turns.mbt.advanced.cases import sight_case

    own = [u for u in state.units_of(side) if U.on_table(u) and (among is None or u.id in among)]
    out: dict[str, str] = {}
    by: dict[str, UnitState] = {}
    est: list[str] = []
    ruled: list[str] = []
    enemies = [e for e in state.units.values() if e.side != side and U.on_table(e)]
    for e in enemies:
        best: str | None = None
        b = t.xy(e)
        for v in own:
            a = t.xy(v)
            rng = t.hexes(a, b)
            base = S.base_range(t, v, e, b, est, ruled)
            limit = sighting_limit(base.v, S.marker(e))  # type: ignore[arg-type]
            if limit is not None and rng > limit:
                continue
            level = identification(rng, base.v, S.marker(e))  # type: ignore[arg-type]
            if level is None or (best is not None and LEVELS[level] <= LEVELS[best]):
                continue
            chk = S.sees(t, v, e)
            est += [x for x in chk.estimated if x not in est]
            if chk.legal:
                best = level
                by[e.id] = v
                if best == "full":
                    break
        if best is not None:
            out[e.id] = best
            if cases is not None:
                cases[e.id] = sight_case(state, t, by[e.id], e)
    for p in state.units.values():
        carrier = state.units.get(str(p.carried_by or ""))
        if p.side == side or carrier is None or not U.alive(p) or carrier.id not in out:
            continue
        _, _, fc = U.transport(carrier)
        if out[carrier.id] == "full" and (not fc or U.hatch(carrier) == "open"):
            out[p.id] = "full"
    return out, est, ruled


def update(state: GameState, t: AdvTable) -> list[Resolution]:
    """Set ``spotted_by`` and ``notes["ident"]`` for every unit; one resolution per side (under
    the multi-player rules, with what each player's own units see: ``by_player``, 21.3.1)."""
    from umpire.turns.mbt.options.messages import commands

    players = commands(state)
    out = []
    for side in state.side_ids():
        cases: dict[str, dict[str, Any]] = {}
        seen, est, ruled = levels(state, t, side, cases)
        said: list[str] = []
        sighted: list[dict[str, Any]] = []
        for e in state.units.values():
            if e.side == side or not e.placed:
                continue
            if U.alive(e):
                best = seen.get(e.id)
            elif e.status == "off_table":
                best = None
            else:  # a wreck (or an eliminated unit) stays known at the level it had
                best = (e.ident or {}).get(side)
            if mark_sighting(e, side, best):
                said.append(f"{e.id} ({best})")
                sighted.append({"by": side, "unit": e.id, "level": best, "at": [_r(e.x), _r(e.y)],  # type: ignore[arg-type]
                                "facing": _r(e.facing)})
        facts = SightingFacts(side=side, sighted=sighted,
                              cases={x["unit"]: cases[x["unit"]] for x in sighted if x["unit"] in cases})
        if side in players:
            by_player = {}
            for pid, among in players[side].items():  # the same pairs, only this player's units looking
                mine = levels(state, t, side, among=among)[0]
                by_player[pid] = [{**x, "level": mine[x["unit"]]} for x in sighted if x["unit"] in mine]
            facts.by_player = by_player
        out.append(Resolution(
            ruleset="mbt", procedure="sighting", outcome={"seen": len(said)},
            summary=f"{side} sees: {', '.join(said) if said else 'no enemy unit'} (13.1, 24.2.2)",
            estimated=est, ruled=ruled, facts=facts,
        ))
    return out
