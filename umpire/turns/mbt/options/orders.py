"""What the options add to a side's orders file, checked and kept: artillery plots (19.2) and,
under command control, what the side's command points allow (21.1).

Command control (21.1.2): a unit's command marker is a "fire" (red dot: ATGM, F, CA) or a
"move" (black dot: FM, M, OR) marker; OVERWATCH is on both, so it keeps whichever the unit has.
A unit whose order this Turn is only on the other marker than the one it had last Turn exchanges
its marker, at one command point of its command organization (two under communications
disruption, 21.2.2). The first Turn's markers are placed freely. A command organization is the
unit's scenario formation (21.1.1, ruling ``command.organization``); its points are the COMMAND
POINTS CHART cell of its active units and lowest grade (21.1.1.1), one less in an NBC environment
(18.4.1). Orders the points do not cover are refused, one line naming the organization.
"""

from __future__ import annotations

from typing import Any

from umpire.core.state import GameState
from umpire.errors import UmpireError
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options import state as OS

FIRE_MARKER = ("ATGM", "F", "CA")
MOVE_MARKER = ("FM", "M", "OR")


def marker(order: str | None, current: str | None) -> str | None:
    """The marker an order needs: ``fire``, ``move``, or the current one for OVERWATCH.

    >>> marker("F", None), marker("M", "fire"), marker("OW", "move"), marker("OW", None)
    ('fire', 'move', 'move', None)
    """
    if order in FIRE_MARKER:
        return "fire"
    if order in MOVE_MARKER:
        return "move"
    return current


def organizations(state: GameState, side: str) -> dict[str, list[str]]:
    """The side's command organizations: its formations, a unit with none its own (ruling
    ``command.organization``: or the whole side)."""
    from umpire.rules.mbt import data
    from umpire.turns.mbt.advanced import units as U

    whole = data.rulings().select(state.rulings)["command.organization"] == "side"
    out: dict[str, list[str]] = {}
    for u in sorted(state.units_of(side), key=lambda x: x.id):
        if U.alive(u):
            out.setdefault(side if whole else (u.formation or u.id), []).append(u.id)
    return out


def available(state: GameState, org: list[str]) -> tuple[int, list[str]]:
    """An organization's command points this Turn (21.1.1) and the estimates behind them."""
    from umpire.rules.mbt.options import command
    from umpire.turns.mbt.advanced import units as U

    units = [state.units[i] for i in org]
    active = [u for u in units if U.on_table(u) and U.kind(u) != "helicopter"]  # 21.1.1.1.2-3
    grades = [U.grade(u) for u in active] or ["average"]
    lowest = min(grades, key=("poor", "average", "crack").index)
    p = command.points(len(active), lowest, nbc=on(state, "nbc"))
    return p.total, p.estimated


def check(
    payload: dict[str, Any], state: GameState, side: str, units: dict[str, dict[str, Any]], where: str
) -> dict[str, Any]:
    """The options' parts of a side's orders, checked (the handler checks them again).

    :raises UmpireError: one line naming the field and what is allowed.
    """
    from umpire.rules.mbt.options import command
    from umpire.turns.mbt.options import plots

    out: dict[str, Any] = {}
    if on(state, "weapon_limits"):
        from umpire.turns.mbt.options.weapon_limits import check_orders

        check_orders(state, units, where)  # no rounds left (17.3.2.2)
    if any(spec.get("panic") for spec in units.values()):
        from umpire.turns.mbt.options.panic import check_orders as check_panic

        check_panic(state, units, where)  # 17.9
    if any(spec.get("bridge") for spec in units.values()):
        from umpire.turns.mbt.options.avlb import check_orders as check_bridges

        check_bridges(state, units, where)  # 22
    if payload.get("artillery"):
        out["artillery"] = plots.check(payload["artillery"], state, side, units, where)
    if payload.get("air_strikes"):
        from umpire.turns.mbt.options import air_phase

        out["air_strikes"] = air_phase.check(payload["air_strikes"], state, side, where)
    if payload.get("helicopters"):
        from umpire.turns.mbt.options import helicopters

        out["helicopters"] = helicopters.check(payload["helicopters"], state, side, where)
    if on(state, "command_control") and state.turn > 1:
        opts = OS.read(state)
        have = _markers(opts, state.turn)
        for org, ids in organizations(state, side).items():
            swaps = [
                i
                for i in ids
                if i in units
                and not units[i].get("default")
                and have.get(i) is not None
                and marker(units[i].get("order"), have.get(i)) != have.get(i)
            ]
            if not swaps:
                continue
            points, _ = available(state, ids)
            try:
                command.spend(points, len(swaps), disrupted=False, where=f"{where}: units.{swaps[0]}.order")
            except UmpireError as exc:
                raise UmpireError(f"{exc} (organization {org}: {', '.join(swaps)} change marker)") from None
    return out


def _markers(opts: OS.OptionsState, turn: int) -> dict[str, str]:
    """The markers the units had at the start of ``turn``."""
    return dict(opts.markers_next if opts.markers_turn < turn else opts.markers)


def keep(state: GameState, checked: dict[str, Any]) -> str:
    """Store what the options take from a side's checked orders in a state being changed; the
    words the orders' summary adds (the command points spent)."""
    from umpire.turns.mbt.options.artillery_step import keep_plots

    side = checked["side"]
    keep_plots(state, side, checked.get("artillery") or [])
    from umpire.turns.mbt.options import air_phase

    air_phase.keep(state, side, checked.get("air_strikes") or [])
    from umpire.turns.mbt.options import helicopters

    helicopters.keep(state, side, checked.get("helicopters") or {})
    if not on(state, "command_control"):
        return ""
    opts = OS.read(state)
    if opts.markers_turn < state.turn:
        opts.markers, opts.markers_turn = dict(opts.markers_next), state.turn
    spent = []
    for org, ids in organizations(state, side).items():
        swaps = [i for i in ids if i in checked["units"] and state.turn > 1 and opts.markers.get(i) is not None
                 and marker(checked["units"][i].get("order"), opts.markers[i]) != opts.markers[i]]
        if swaps:
            points, _ = available(state, ids)
            spent.append(f"{org} {len(swaps)} of {points} ({', '.join(swaps)} change{'s' if len(swaps) == 1 else ''} "
                         "marker; 21.1.2)")
    for uid, spec in checked["units"].items():
        m = marker(spec.get("order"), opts.markers.get(uid))
        if m is not None:
            opts.markers_next[uid] = m
    OS.write(state, opts)
    return "; command points: " + ", ".join(spent) if spent else ""
