"""A side's entries of an Auftragstaktik orders file, for a players' page (:mod:`umpire.turns.entries`):
each battalion (order changes need its HQ roll, ORDERS) and each stand that may take orders, with
its order now and its movement allowance under it (MOVEMENT)."""

from __future__ import annotations

from umpire.core.state import GameState
from umpire.rules.auftragstaktik.ratings import ORDERS
from umpire.turns.auftragstaktik import tracked as tr
from umpire.turns.entries import MORE, NOTE, Entry, Field, points_field

ORDER_CHOICES = (("", "keep its order"), *((k, f"{k}: {v}") for k, v in ORDERS.items()))
ISSUERS = (("", "its battalion HQ"), ("brigade", "brigade"), ("division", "division"))


def entries(state: GameState, side: str) -> list[Entry]:
    from umpire.text import num
    from umpire.turns.auftragstaktik.moving import phase_allowance

    out = []
    for f in state.formations:
        if f.side == side and f.level in ("battalion", "regiment"):
            bn = (Field("order", "choice", "order", ORDER_CHOICES), Field("direction", "heading", "direction"),
                  Field("issued_by", "choice", "issued by", ISSUERS), NOTE)
            why = (f"{f.level}: a change of order needs its HQ roll",)
            out.append(Entry(f"battalions.{f.id}", f.id, f.name, why, bn))
    for u in state.units_of(side):
        if not tr.alive(u):
            continue
        order = u.orders or "NO"
        first, second = (phase_allowance(state, u, p, order).maximum for p in (1, 2))
        facts = (f"{u.type or u.statline or u.kind}, {order} orders, at ({num(float(u.x))}, {num(float(u.y))}) "  # type: ignore[arg-type]
                 f"facing {num(u.facing)}",
                 f'{order}: up to {num(first)}" first, {num(second)}" second movement phase')
        fields = (Field("order", "choice", "order", ORDER_CHOICES), Field("direction", "heading", "direction (arrow)"),
                  points_field("first", "first movement waypoints"),
                  points_field("second", "second movement waypoints"),
                  Field("facing", "heading", "facing at the end"), Field("fire", "targets", "fire at, in order"),
                  Field("override", "flag", "ask leave to break unit integrity"), NOTE, MORE)
        out.append(Entry(f"units.{u.id}", u.id, u.name, facts, fields, (float(u.x), float(u.y)), True))  # type: ignore[arg-type]
    return out
