"""A side's entries of an MBT orders file, for a players' page (:mod:`umpire.turns.entries`): each
of its units still in the game with the orders it may be given now (6.2.3; 13.3 in the Advanced
Game) and the fields of its written plan (24.3.2): the move's waypoints, the fire target, the
turret, overwatch instructions; the Advanced Game's further instructions written as YAML."""

from __future__ import annotations

from umpire.core.state import GameState
from umpire.rules.mbt import data, orders
from umpire.rules.mbt.state import MbtUnit
from umpire.turns.entries import MORE, Entry, Field, points_field
from umpire.turns.mbt.games import is_advanced
from umpire.turns.mbt.orders_file import unit_capability


def allowed(state: GameState, uid: str) -> list[str]:
    """The orders unit ``uid`` may be given now (its own damage decides, 6.2.3)."""
    u = state.units[uid]
    if is_advanced(state):
        from umpire.turns.mbt.advanced.orders import capability

        return orders.allowed_orders(capability(u, state))

    return orders.allowed_orders(unit_capability(u, data.card(u.card or "")))


def ammo(state: GameState, uid: str) -> list[str]:
    """The ammunition unit ``uid``'s weapons fire (its own card's)."""
    u = state.units[uid]
    if is_advanced(state):
        from umpire.turns.mbt.advanced import units as U

        weapons = U.weapons(u)
    else:
        weapons = data.card(u.card or "").weapons
    return list(dict.fromkeys(a.name for w in weapons for a in w.ammo))


def entries(state: GameState, side: str) -> list[Entry]:
    out = []
    for u in state.units_of(side):
        if not u.placed or u.status in ("eliminated", "off_table"):
            continue
        codes = allowed(state, u.id)
        turret = MbtUnit.of(u).turret_facing
        facts = (f"{u.card or u.kind}, at ({u.x:g}, {u.y:g}) facing {u.facing:g}"
                 + (f", turret {float(turret):g}" if turret is not None else ""),
                 "orders allowed now: " + (", ".join(codes) or "none"))
        fields: list[Field] = [
            Field("order", "choice", "order", tuple((c, f"{c}: {orders.NAMES[c].capitalize()}") for c in codes)),
            points_field("move.path", "move: waypoints"), Field("move.facing", "heading", "move: facing at the end"),
            Field("move.reverse", "flag", "move: in reverse"),
            Field("fire.target", "target", "fire at"),
            Field("fire.ammo", "choice", "fire: ammunition",
                  (("", "the rules' choice"), *((a, a) for a in ammo(state, u.id)))),
            Field("turret", "choice", "turret", (("", "as it is"), ("open", "open"), ("buttoned", "buttoned"))),
            Field("turret_facing", "heading", "turret facing"),
            Field("overwatch.at", "choice", "overwatch: fire at",
                  (("", "any target"), ("moving", "a unit that moves"), ("fired", "a unit that fires"))),
            Field("overwatch.targets", "targets", "overwatch: only these targets"),
            Field("overwatch.max_range", "number", "overwatch: at most this range (inches)"),
        ]
        if MbtUnit.of(u).may_pivot:
            fields.insert(1, Field("pivot", "heading", "pivot to (9.1)"))
        if is_advanced(state):
            fields.append(MORE)
        out.append(Entry(f"units.{u.id}", u.id, u.name, facts, tuple(fields), (float(u.x), float(u.y)), True))  # type: ignore[arg-type]
    if is_advanced(state):
        from umpire.turns.mbt.options.entries import entries as option_entries

        out += option_entries(state, side)  # the options' parts of the file: flights, plots, strikes, messages
    return out


def move_costs(payload: dict[str, object], state: GameState) -> dict[str, list[str]]:
    """What each move of a checked ``mbt.orders`` payload costs of its allowance (the reader puts
    both in the payload: 8.2, 23.3.2.1)."""
    out: dict[str, list[str]] = {}
    units = payload.get("units")
    for uid, spec in (units.items() if isinstance(units, dict) else ()):
        mv = spec.get("move") if isinstance(spec, dict) else None
        if isinstance(mv, dict) and "cost" in mv:
            out[uid] = [f'move: {float(mv["cost"]):g}" of {float(mv["allowance"]):g}" allowance ({spec.get("order")})']
    return out
