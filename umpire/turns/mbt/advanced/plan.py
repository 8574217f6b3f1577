"""Checking an Advanced Game plan against the table (6.2.3, 12.3.3, 13.3, 13.4.3, 15.1-15.5):
:func:`read_orders` reads a file, :func:`check` a payload (the handler runs it again, live and
on replay). Every refusal is one line naming the file, the unit, the field and what is allowed.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from umpire.core.state import GameState, UnitState
from umpire.errors import UmpireError, shown, unknown
from umpire.geometry.movement import path_terrain
from umpire.rules.mbt import arcs as mbt_arcs
from umpire.rules.mbt import orders, smoke
from umpire.rules.mbt.cards import LegCard, TowedCard
from umpire.rules.mbt.options import require
from umpire.rules.mbt.state import MbtGame, MbtUnit, turret_facing
from umpire.schema.load import read_yaml, validate
from umpire.schema.reader import source_name
from umpire.turns.mbt.advanced import units as U
from umpire.turns.mbt.advanced.limits import move_why, turret_turn_why
from umpire.turns.mbt.advanced.orders import AdvOrdersFile, capability, err, fire_entries
from umpire.turns.mbt.advanced.table import AdvTable
from umpire.turns.mbt.orders_file import phase_problem
from umpire.turns.readers import Readers, side_words, told


def read_orders(path: Path, state: GameState, readers: Readers | None = None) -> dict[str, Any]:
    """Read and check one side's Advanced Game orders file: the ``mbt.orders`` payload
    (``readers``: the side's knowledge, when read as the side's, :mod:`umpire.turns.readers`)."""
    where = shown(path)
    data, reader = side_words(read_yaml(Path(path)), state, where, readers)
    try:
        model = validate(AdvOrdersFile, data, where)
        return check(payload_of(model, source_name(path)), state, where)
    except UmpireError as exc:
        raise told(exc, reader) from None


def payload_of(model: AdvOrdersFile, file: str) -> dict[str, Any]:
    """The ``mbt.orders`` payload of a validated plan, before it is checked against the game."""
    payload: dict[str, Any] = {
        "side": model.side, "turn": model.turn, "file": file,
        "units": {uid: u.model_dump(mode="json", exclude_none=True, exclude_defaults=True) | {"order": u.order}
                  for uid, u in model.units.items()},
        "sequence": list(model.units)}
    if model.artillery:  # the options' parts of the plan (19.2, 20.1)
        payload["artillery"] = [p.model_dump(mode="json", exclude_none=True) for p in model.artillery]
    if model.air_strikes:
        payload["air_strikes"] = [p.model_dump(mode="json", exclude_none=True) for p in model.air_strikes]
    if model.jamming is not None:  # command control (21.2, 21.3)
        payload["jamming"] = model.jamming
    if model.messages:
        payload["messages"] = [m.model_dump(mode="json", by_alias=True) for m in model.messages]
    if model.helicopters:
        payload["helicopters"] = {k: f.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
                                  for k, f in model.helicopters.items()}
    return payload


def check_move(t: AdvTable, u: UnitState, code: str, spec: dict[str, Any], at: str) -> None:
    """The move's cost against the unit's movement (8.2-8.4, 12.3.3, 15.1, 15.2, 15.4); fills in
    ``cost`` and ``allowance`` (inches)."""
    mv = spec["move"]
    path = [tuple(p) for p in mv.get("path") or []]
    start = t.xy(u)
    k = U.kind(u)
    length = sum(math.dist(a, b) for a, b in zip([start, *path], path, strict=False))
    for i, (x, y) in enumerate(path):
        if not (0 <= x <= t.state.table.width and 0 <= y <= t.state.table.depth):
            adv = MbtGame.of(t.state).advanced
            if i != len(path) - 1 or adv is None or not adv.exits.get(u.side):
                raise err(f"{at}.move.path[{i}]", f"({x:g}, {y:g}) is off the table (allowed: x 0-"
                           f"{t.state.table.width:g}, y 0-{t.state.table.depth:g})")
    if k == "vehicle":
        if mv.get("up"):
            raise err(f"{at}.move.up", "only leg units go up in buildings (15.4.1.2)")
        turret = spec.get("turret_facing")
        why = move_why(t, u, path, bool(mv.get("reverse")), turret_facing(u)
                       if turret is None else float(turret))
        if why:
            raise err(f"{at}.move", why)
        card = U.card_of(u)
        load = max((_load_cost(t.state.units[x]) for key in ("load", "unload") if spec.get(key)
                    for x in spec[key]["units"]), default=0)
        wire = wire_crossed(t, start, path)
        if wire and not card.tracked:  # type: ignore[union-attr]
            raise err(f"{at}.move", f"a wheeled vehicle may not enter wire ({wire}; 12.4.6)")
        case = t.move_case(u, code, path, bool(mv.get("reverse")), mv.get("facing"), suppressed=U.suppressed(u),
                           load_unload=load, inside=bool(mv.get("inside")), wire=len(wire))
        mc = t.move_cost(case)
        if not mc.legal:
            rests = f"; this rests on estimated values: {', '.join(mc.estimated)}" if mc.estimated else ""
            raise err(f"{at}.move", f"the unit cannot make this move with {code} orders: {mc.why} (8.2, 8.4, "
                       f"15.3.2, 23.3.2.1){rests}")
        mv["cost"], mv["allowance"], mv["estimated"] = round(mc.spent, 3), round(mc.allowance, 3), mc.estimated
        mv["case"] = {"procedure": "move", **case}
        return
    from umpire.turns.mbt.options import legs as LV

    if U.suppressed(u) and not LV.moves_suppressed(t.state, u):
        raise err(f"{at}.move", "a suppressed leg or towed unit may not move (12.3.3)")
    if k == "towed":
        card = U.card_of(u)
        assert isinstance(card, TowedCard)
        if not U.can_move(u):
            raise err(f"{at}.move", f"the {card.name} is 'towed': it moves only when carried (15.2.1)")
        way = mbt_arcs.off(math.degrees(math.atan2(path[-1][0] - start[0], path[-1][1] - start[1])) % 360, u.facing)
        if len(path) != 1 or length > t.scale + 1e-9 or not (way < 1 or way > 179):
            raise err(f"{at}.move", "a 'towed (1)' gun moves one hex straight to its front or rear (15.2.1)")
        _leg_move(t, u, code, mv, length, 0)
        return
    ups = abs(int(mv.get("up") or 0) - int(MbtUnit.of(u).up or 0))
    if ups and (t.building(path[-1] if path else start) is None):
        raise err(f"{at}.move.up", "floors are only in building hexes (15.4.1.1)")
    heights = {t.elevation(p) for p in [start, *path]}
    if len(heights) > 1 and length > t.scale + 1e-9:
        raise err(f"{at}.move", "a leg unit that changes height enters only one new hex (15.1.2)")
    if U.suppressed(u) and (length > t.scale + 1e-9 or mv.get("quickmarch")):
        raise err(f"{at}.move", "a suppressed special forces unit moves one hex, with no repelling nor quickmarch "
                   "(17.4.1.3.2)")
    if max(heights) - min(heights) > 2:
        why = LV.repel_why(t.state, u, t.elevation(start), t.elevation(path[-1]) if path else t.elevation(start))
        if why:
            raise err(f"{at}.move", why)
        mv["repel"] = True  # 17.4.1.3.2.1: its entire movement factor
    if wire_crossed(t, start, path):
        raise err(f"{at}.move", "leg units may not enter wire (15.1.4)")
    if mv.get("quickmarch"):

        try:
            require(list(MbtGame.of(t.state).options or []), "quickmarch", "a quickmarch")
            mc = _leg_move(t, u, code, mv, length, ups)
        except UmpireError as exc:
            raise err(f"{at}.move.quickmarch", str(exc).removeprefix("quickmarch: ")) from None
    else:
        mc = _leg_move(t, u, code, mv, length, ups)
    if not mc.legal:
        raise err(f"{at}.move", mc.why)


def _leg_move(t: AdvTable, u: UnitState, code: str, mv: dict[str, Any], length: float, floors: int) -> Any:
    """A leg or towed unit's move priced by ``calc move``'s function (15.1.1, 15.2.1, 15.4.1.1,
    18.1.1); its cost, allowance and case go into the plan."""
    case = {"ruleset": "mbt", "game": "advanced", "scale": t.scale, "card": u.card, "type": u.type, "orders": code,
            "conditions": t.conditions, "route": [{"terrain": "clear", "inches": round(length, 9)}], "floors": floors,
            "rulings": dict(t.state.rulings), **({"quickmarch": True} if mv.get("quickmarch") else {})}
    if mv.get("quickmarch") and "nbc" in (MbtGame.of(t.state).options or ()):
        case["nbc"] = True  # no quickmarch in an NBC environment (18.4.3)
    mc = t.move_cost(case)
    mv["cost"], mv["allowance"], mv["estimated"] = round(mc.spent, 3), round(mc.allowance, 3), []
    mv["case"] = {"procedure": "move", **case}
    return mc


def _load_cost(p: UnitState) -> int:
    card = U.card_of(p)
    if isinstance(card, LegCard):
        return int(card.type(p.type or "").load.v)
    assert isinstance(card, TowedCard)
    return int(card.load.v)


def wire_crossed(t: AdvTable, start: tuple[float, float], path: list[tuple[float, float]]) -> list[str]:
    if not path:
        return []

    hit = set()
    for s in path_terrain([start, *path], t.index).stretches:
        hit |= {a for a in s.areas if t._types.get(a) == "wire" and a not in t._removed}
    return sorted(hit)


def check(payload: dict[str, Any], state: GameState, where: str = "orders") -> dict[str, Any]:
    """Check a payload against the state; returns it complete.

    :raises UmpireError: one line, naming the unit, the field and what is allowed.
    """
    if (wrong := phase_problem(state, where)) is not None:
        raise UmpireError(wrong)
    side = payload.get("side")
    if side not in state.side_ids():
        raise UmpireError(f"{where}: side: {unknown('side', side, state.side_ids())}")
    if payload.get("turn") is not None and payload["turn"] != state.turn:
        raise UmpireError(f"{where}: turn: {payload['turn']} is not the current turn (allowed: {state.turn})")
    own = {u.id: u for u in state.units_of(side) if U.alive(u)}
    enemies = {u.id: u for u in state.units.values() if u.side != side and u.status != "off_table"}
    t = AdvTable(state)
    units: dict[str, dict[str, Any]] = {}
    loads: dict[str, int] = {}
    for uid, raw in (payload.get("units") or {}).items():
        at = f"{where}: units.{uid}"
        if uid not in own:
            if uid in state.units and state.units[uid].side == side:
                gone = state.units[uid]
                why = "has left the table" if gone.status == "off_table" else "is destroyed" if gone.placed else \
                    f"is not on the table yet (umpire place {uid} X Y)"
                raise UmpireError(f"{at}: unit {uid!r} {why} and takes no orders")
            raise UmpireError(f"{at}: {unknown(f'unit of side {side}', uid, own)}")
        u = own[uid]
        spec = dict(raw)
        if U.carried(u):
            raise err(at, f"carried by {u.carried_by}: it has its carrier's orders (15.3.3.1); give the "
                       f"carrier unload: {{units: [{uid}]}}")
        try:
            code = orders.check_order(spec["order"], capability(u, state))
        except UmpireError as exc:
            raise err(f"{at}.order", str(exc)) from None
        if code == orders.NO_ORDER:
            continue  # as if left out: the unit carries no order this turn
        hatch = spec.get("turret") or U.hatch(u)
        if spec.get("fire") is not None:
            specs = spec["fire"] if isinstance(spec["fire"], list) else [spec["fire"]]
            spec["fire"] = fire_entries(at, u, code, specs, enemies, state, t, hatch)
        elif code == "ATGM":
            raise err(f"{at}.fire", "ATGM orders need a target (24.3.2.1): give fire: {target: ID}")
        if spec.get("assault") is not None:
            if code != "CA":
                raise err(f"{at}.assault", f"a close assault needs CA orders (the order is {code}; 14.5)")
            tgt = enemies.get(spec["assault"]["target"])
            if tgt is None:
                raise err(f"{at}.assault.target", unknown("enemy unit", spec["assault"]["target"], enemies))
            if U.kind(tgt) != "vehicle" and U.leg_kind(u) == "team":
                raise err(f"{at}.assault", "only squads and half squads fight hand-to-hand (14.6)")
        elif code == "CA":
            raise err(f"{at}.assault", "CA orders need a target (24.3.2.1): give assault: {target: ID}")
        if spec.get("overrun") is not None:
            tgt = enemies.get(spec["overrun"]["target"])
            if code != "OR":
                raise err(f"{at}.overrun", f"an overrun needs OR orders (the order is {code}; 14.7)")
            if tgt is None or U.kind(tgt) == "vehicle":
                raise err(f"{at}.overrun.target", "an overrun attacks a dismounted leg or towed unit (14.7.1)")
        elif code == "OR":
            raise err(f"{at}.overrun", "OR orders need the leg or towed unit to attack: give overrun: {target: ID}")
        _full_cover(at, u, code, spec)
        for key in ("load", "unload"):
            if spec.get(key) is None:
                continue
            if U.kind(u) != "vehicle" or code not in ("M", "FM"):
                raise err(f"{at}.{key}", "a vehicle with M or FM orders loads and unloads (13.3, 15.3.2)")
            _, _, fc = U.transport(u)
            hatch = spec.get("turret") or U.hatch(u)
            if fc and hatch != "open":
                raise err(f"{at}.{key}", "a full-cover carrier must be open to load or unload (15.3.2.3)")
            for pid in spec[key]["units"]:
                p = state.units.get(pid)
                if p is None or p.side != side:
                    raise err(f"{at}.{key}.units", unknown(f"unit of side {side}", pid, own))
                if key == "unload":
                    if p.carried_by != uid:
                        raise err(f"{at}.unload.units", f"{pid} is not carried by {uid}")
                    if U.suppressed(p):
                        raise err(f"{at}.unload.units", f"{pid} is suppressed and may not unload (12.3.3)")
                    continue
                if U.kind(p) == "vehicle" or U.carried(p) or U.suppressed(p):
                    raise err(f"{at}.load.units", f"{pid} cannot be loaded: only a dismounted, unsuppressed leg or "
                               "towed unit (12.3.3, 15.3)")
                if MbtUnit.of(p).full_cover:
                    raise err(f"{at}.load.units", f"{pid} is in full cover and does nothing in the Movement Step "
                               "until its marker comes off at an Adjust Markers Step (15.5, 16.3.3)")
                psp = (payload.get("units") or {}).get(pid) or {}
                if orders.order_code(psp.get("order", "OW")) != "M" or psp.get("move"):
                    raise err(f"{at}.load.units", f"{pid} must have M orders and not move to be loaded (15.3.2.3)")
                cap, what, _ = U.transport(u)
                need = U.stacking(p)
                letter = "L" if U.kind(p) == "leg" else "T"
                loads[uid] = loads.get(uid, 0) + need
                free = U.room(state, u) + sum(U.stacking(state.units[x]) for x in (spec.get("unload") or {}).get(
                    "units", []))
                if letter not in what or loads[uid] > free:
                    tv = U.card_of(u).target.transport.v  # type: ignore[union-attr]
                    raise err(f"{at}.load.units", f"{pid} does not fit: the {U.card_of(u).name} carries {tv} "
                               f"(transport value, 15.3.1) and has {max(free, 0)} stacking points free for "
                               f"{loads[uid]}")
        if spec.get("move") is not None:
            if code not in ("M", "FM", "OR"):
                raise err(f"{at}.move", f"only M, FM and OR orders move (the order is {code})")
            from umpire.turns.mbt.options.fires import enter_why
            from umpire.turns.mbt.options.weight_limits import bridge_why

            way = (spec.get("move") or {}).get("path") or []
            barred = enter_why(state, u, way) or bridge_why(state, u, way)  # 18.3.3, 17.8.1
            if barred:
                raise err(f"{at}.move.path[{barred[0]}]", barred[1])
            from umpire.turns.mbt.options.supplies import fuel_why

            dry = fuel_why(state, u) if way or (spec.get("move") or {}).get("exhaust") else ""
            if dry:
                raise err(f"{at}.move", f"{dry}: it may not move nor make exhaust smoke")
            check_move(t, u, code, spec, at)
        if spec.get("searchlight") is not None:
            from umpire.turns.mbt.options.searchlights import check as searchlight_check

            searchlight_check(state, u, str(spec["searchlight"]), f"{at}.searchlight")
        if spec.get("discharger"):
            why = smoke.discharger(smoke.makers(U.card_of(u)), used=bool(MbtUnit.of(u).ds_used),
                                   turret_hit=MbtUnit.of(u).compartment == "turret")
            if why:
                raise err(f"{at}.discharger", why)
        if (spec.get("move") or {}).get("exhaust"):
            from umpire.turns.mbt.options.amphibious import exhaust_why

            why = smoke.exhaust(smoke.makers(U.card_of(u)), used=int(MbtUnit.of(u).ex_used or 0),
                                hull_hit=MbtUnit.of(u).compartment == "hull") or exhaust_why(state, u)
            if why:
                raise err(f"{at}.move.exhaust", why)
        if spec.get("turret_facing") is not None:
            spec["turret_facing"] = float(spec["turret_facing"]) % 360
            why = turret_turn_why(t, u, spec["turret_facing"])
            if why:
                raise err(f"{at}.turret_facing", f"{spec['turret_facing']:g}: {why}; leave it at "
                           f"{turret_facing(u):g}")
        if spec.get("pivot") is not None:
            if U.kind(u) == "vehicle" and not MbtUnit.of(u).may_pivot:
                raise err(f"{at}.pivot", "only a vehicle that had unused M, FM or OR orders last turn may pivot (9.1)")
            if U.kind(u) != "vehicle" and (U.suppressed(u) or U.carried(u)):
                raise err(f"{at}.pivot", "a suppressed or carried leg or towed unit may not pivot (12.3.3.2, 16.1)")
            spec["pivot"] = float(spec["pivot"]) % 360
        units[uid] = spec
    _doctrine(state, units, where)
    for uid, u in own.items():
        if uid not in units and not U.carried(u):
            allowed = orders.allowed_orders(capability(u, state))
            units[uid] = {"order": "OW" if "OW" in allowed else (allowed[0] if allowed else None), "default": True}
    written = [x for x in (payload.get("sequence") or []) if x in units]
    from umpire.turns.mbt.options import orders as options

    out = {"side": side, "turn": state.turn, "file": payload.get("file", ""), "units": units,
           "sequence": written + [x for x in units if x not in written]}
    out.update(options.check(payload, state, side, units, where))  # plots (19.2), command points (21.1)
    return out


def _full_cover(at: str, u: UnitState, code: str, spec: dict[str, Any]) -> None:
    """15.5: a leg or towed unit with MOVE orders takes full cover and does nothing else in the
    Movement Step; one in full cover may have any orders but does nothing in a Movement Step
    until its marker comes off at an Adjust Markers Step (16.3.3: ``full_cover: leave``)."""
    cover = spec.get("full_cover")
    if cover == "take":
        if U.kind(u) == "vehicle" or code != "M":
            raise err(f"{at}.full_cover", "full cover is taken by a leg or towed unit with M orders (15.5)")
        if MbtUnit.of(u).full_cover:
            raise err(f"{at}.full_cover", "it is in full cover already (15.5; allowed: leave)")
    elif cover == "leave" and not MbtUnit.of(u).full_cover:
        raise err(f"{at}.full_cover", "it is not in full cover (allowed: take, with M orders; 15.5)")
    if cover == "take" or MbtUnit.of(u).full_cover:
        busy = [k for k in ("move", "load", "unload") if spec.get(k)]
        if busy and cover == "take":
            raise err(f"{at}.{busy[0]}", "a unit taking full cover does nothing else in the Movement Step (15.5)")
        if busy:
            raise err(f"{at}.{busy[0]}", "it is in full cover and does nothing in a Movement Step (15.5) until "
                       "its marker comes off at an Adjust Markers Step: write full_cover: leave this turn and move "
                       "next turn (16.3.3)")


def _doctrine(state: GameState, units: dict[str, dict[str, Any]], where: str) -> None:
    """13.4.3: the units of a doctrine organisation of one type do everything together: one
    order, one target."""
    groups: dict[tuple[str | None, str | None], list[str]] = {}
    for uid in units:
        u = state.units[uid]
        if MbtUnit.of(u).doctrine:
            groups.setdefault((u.formation, u.card), []).append(uid)
    for ids in groups.values():
        orders_ = {units[i]["order"] for i in ids}
        targets = {tuple(sorted(f.get("target") or "" for f in units[i].get("fire") or [])) for i in ids}
        if len(orders_) > 1 or len(targets) > 1:
            raise UmpireError(f"{where}: units.{ids[0]}: doctrine units of one organisation act together (13.4.3): "
                              f"{', '.join(ids)} need one order and one target")
