"""The units about a point as area fire sees them (17.1.3): each one's offset from the point, its
kind and its GP defense where it stands (14.4.3), and the effect the table applies for each one's
result, for artillery and air loads alike."""

from __future__ import annotations

import math
from typing import Any

from umpire.core.state import GameState


def about(state: GameState, xy: tuple[float, float], reach_hexes: float = 16) -> list[Any]:
    """Every unit on the table within ``reach_hexes`` of ``xy`` (the widest scatter the table
    has, 13 hexes, and a loose SHEAF's two rings), as :class:`~umpire.rules.mbt.options.impact.Target`."""
    from umpire.rules.mbt import cards, firers, gp_targets
    from umpire.rules.mbt.options.impact import Target
    from umpire.turns.mbt.advanced import units as U
    from umpire.turns.mbt.advanced.cases import gp_target
    from umpire.turns.mbt.advanced.table import AdvTable

    t = AdvTable(state)
    out = []
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if not U.on_table(u) or math.dist(t.xy(u), xy) > reach_hexes * t.scale:
            continue
        facts = gp_target(state, t, u, u, t.xy(u), False)  # fire from above is read as level (ruled below)
        card = cards.any_card(u.card or "")
        kind = firers.kind_of(card, u.type)  # type: ignore[arg-type]
        if isinstance(card, cards.LegCard | cards.TowedCard):
            status = gp_targets.status(full_cover=bool(facts.get("full_cover")), order=str(facts.get("orders")))
            defense, _ = gp_targets.leg_defense(card, facts.get("terrain") or ["clear"], status,
                                                block_or_wreck=bool(facts.get("block_or_wreck")))
        else:
            defense = int(card.target.gp_defense.v)  # type: ignore[union-attr]
        cols = set(facts.get("terrain") or [])
        terrain = "building" if "building" in cols else "improved_position" if "improved_position" in cols else \
            "clear"
        out.append(Target(name=u.id, kind=kind, gp_defense=defense, open=facts.get("turret") == "open",
                          orders=str(facts.get("orders") or "OW"), terrain=terrain,
                          at=(t.xy(u)[0] - xy[0], t.xy(u)[1] - xy[1])))
    return out


def table_effect(state: GameState, hit: dict[str, Any]) -> str:
    """The effect the table applies for a unit's GP result (14.4.4.2), as the rules coded it."""
    return str(hit.get("effect") or "none")
