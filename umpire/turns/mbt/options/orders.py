"""What the options add to a side's orders file, checked and kept: artillery plots (19.2), air
strikes (20.1), jamming (21.2, :mod:`.command_step`), radio messages (21.3.3.2, :mod:`.messages`)
and, under command control, what the side's command points allow (21.1).

Command control (21.1.2): a unit's command marker is a "fire" (red dot: ATGM, F, CA) or a
"move" (black dot: FM, M, OR) marker; OVERWATCH is on both, so it keeps whichever the unit has.
A unit whose order this Turn is only on the other marker than the one it had last Turn exchanges
its marker, at one command point of its command organization (two under communications
disruption, 21.2.2). The first Turn's markers are placed freely. A command organization is the
unit's scenario formation (21.1.1, ruling ``command.organization``); its points are the COMMAND
POINTS CHART cell of its active units and lowest grade (21.1.1.1), one less in an NBC environment
(18.4.1). Messages beyond the free ones spend the same points (21.3.3.2.2). Under communications
disruption every use costs two, but a marker exchange by a unit still on its landline (21.2.2,
21.2.3). Orders the points do not cover are refused, one line naming the organization.
"""

from __future__ import annotations

from typing import Any

from umpire.core.state import GameState
from umpire.errors import UmpireError
from umpire.rules.mbt import data
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
    if any(spec.get("smoke") for spec in units.values()):
        from umpire.turns.mbt.options.legs import check_smoke

        check_smoke(state, units, where)  # 17.4.1.2
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
    from umpire.turns.mbt.options import messages
    from umpire.turns.mbt.options.command_step import check_jamming

    jam = check_jamming(payload.get("jamming"), state, side, where)
    if jam is not None:
        out["jamming"] = jam
    sent, extra = messages.check(payload.get("messages") or [], state, side, where)
    if sent:
        out["messages"] = sent
    if on(state, "command_control"):
        disrupted = disrupted_now(state, side)
        for org, ids, swaps, on_line, msgs in spending(state, side, units, extra):
            points, _ = available(state, ids)
            first = f"units.{swaps[0]}.order" if swaps else "messages"
            try:
                left = command.spend(points, len(swaps), disrupted=disrupted, where=f"{where}: {first}",
                                     landline=on_line)
                command.spend(left, msgs, disrupted=disrupted, where=f"{where}: messages", what="extra message")
            except UmpireError as exc:
                what = [f"{', '.join(swaps)} change marker"] if swaps else []
                what += [f"{msgs} message{'s' if msgs != 1 else ''} beyond the free ones (21.3.3.2.2)"] if msgs else []
                raise UmpireError(f"{exc} (organization {org}: {'; '.join(what)})") from None
    return out


def disrupted_now(state: GameState, side: str) -> bool:
    """The side's communications are disrupted this Turn (21.2.2)."""
    return OS.read(state).disrupted.get(side) == state.turn


def spending(state: GameState, side: str, units: dict[str, dict[str, Any]], extra: dict[str, int]
             ) -> list[tuple[str, list[str], list[str], int, int]]:
    """What each command organization of ``side`` spends command points on this Turn (21.1.2,
    21.3.3.2.2): ``(organization, its units, units exchanging their markers, how many of those
    are on landlines (21.2.3), extra messages its personal commanders send)``; only those that spend."""
    from umpire.turns.mbt.options.command_step import on_landline

    opts = OS.read(state)
    have = _markers(opts, state.turn)
    out = []
    for org, ids in organizations(state, side).items():
        swaps = [i for i in ids if i in units and not units[i].get("default") and state.turn > 1
                 and have.get(i) is not None and marker(units[i].get("order"), have.get(i)) != have.get(i)]
        msgs = sum(n for uid, n in extra.items() if uid in ids)
        if swaps or msgs:
            out.append((org, ids, swaps, sum(1 for i in swaps if on_landline(state, opts, i)), msgs))
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
    from umpire.rules.mbt.options.command import cost
    from umpire.turns.mbt.options import messages

    opts = OS.read(state)
    if opts.markers_turn < state.turn:
        opts.markers, opts.markers_turn = dict(opts.markers_next), state.turn
    _, extra = messages.check(checked.get("messages") or [], state, side, "orders")
    spent = []
    disrupted = disrupted_now(state, side)
    for org, ids, swaps, on_line, msgs in spending(state, side, checked["units"], extra):
        points, _ = available(state, ids)
        need = cost(len(swaps), disrupted=disrupted, landline=on_line) + cost(msgs, disrupted=disrupted)
        what = [f"{', '.join(swaps)} change{'s' if len(swaps) == 1 else ''} marker"] if swaps else []
        what += [f"{msgs} extra message{'s' if msgs != 1 else ''}"] if msgs else []
        spent.append(f"{org} {need} of {points} ({'; '.join(what)}{'; disrupted' if disrupted else ''}; 21.1.2)")
    for uid, spec in checked["units"].items():
        m = marker(spec.get("order"), opts.markers.get(uid))
        if m is not None:
            opts.markers_next[uid] = m
    messages.keep(state, opts, side, checked.get("messages") or [])
    if checked.get("jamming"):
        opts.jamming_next[side] = int(checked["jamming"])
    else:
        opts.jamming_next.pop(side, None)
    OS.write(state, opts)
    words = "; command points: " + ", ".join(spent) if spent else ""
    if checked.get("jamming"):
        words += f"; jamming {checked['jamming']} for turn {state.turn + 1} (21.2)"
    if checked.get("messages"):
        words += f"; {len(checked['messages'])} radio message{'s' if len(checked['messages']) != 1 else ''} (21.3.3.2)"
    return words
