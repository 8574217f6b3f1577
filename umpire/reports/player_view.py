"""One player's knowledge under the multi-player rules (MBT 21.3): what that player's own units
saw, plus the radio messages that reached him (24.4.2).

A player's briefing is composed as a side's is (:func:`umpire.reports.model.compose`), from a
chronicle of the same events walked for that player (:meth:`Chronicle.narrowed`) through a
:class:`PlayerLens`: the player's units are his own; his side's other units are no more his than
the enemy's, known to him only as his own units' facts show them; a Sighting Step gives him what
his own units saw of the enemy (the turn records it per player, ``by_player``), a shot what the
unit of his that fired or was fired at saw; his part of the side's written orders is his own
units' lines; a message is his when it reached him, or (the enemy's, intercepted) when he is the
overall commander who read it (21.3.3.2.3). A side's helicopters answer to its overall commander
(their moves, rockets and the fire they come under are his), a battery or an aircraft to the
player who holds it (the scenario's ``player``, else the overall commander): its plots, its fire
and the fire it comes under are his alone, unless it struck another player's units; each player
reads the enemy helicopters his own units saw. Nothing is taken out of the side's text: the side's
knowledge is never read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from umpire.reports.facts import Fact

if TYPE_CHECKING:
    from umpire.core.state import GameState

OTHERS = "{side}:others"  # whose the side's units commanded by its other players are, for this reader


@dataclass(frozen=True)
class PlayerLens:
    side: str
    player: str
    units: frozenset[str]
    #: what the side's other players hold (their units, batteries, aircraft, helicopters)
    others: frozenset[str] = frozenset()

    def owner(self, uid: str, side: str) -> str:
        if side != self.side or uid in self.units:
            return side
        return OTHERS.format(side=side)

    def mine(self, f: Fact) -> bool:
        return any(u in self.units for u in f.units())

    def facts(self, facts: list[Fact]) -> list[Fact]:
        out = []
        for f in facts:
            g = self._fact(f)
            if g is not None:
                out.append(g)
        return out

    def _held_orders(self, d: Mapping[str, object]) -> dict[str, object]:
        """The parts of the side's orders for what he holds: his helicopters' flights, his
        batteries' plots, his aircraft's strikes (no other player's)."""
        out: dict[str, object] = {}
        flights, plots, strikes = d.get("helicopters"), d.get("artillery"), d.get("air_strikes")
        if isinstance(flights, Mapping):
            out["helicopters"] = {h: x for h, x in flights.items() if h in self.units}
        if isinstance(plots, list):
            out["artillery"] = [x for x in plots if not isinstance(x, Mapping) or x.get("battery") not in self.others]
        if isinstance(strikes, list):
            out["air_strikes"] = [x for x in strikes
                                  if not isinstance(x, Mapping) or x.get("aircraft") not in self.others]
        return out

    def _fact(self, f: Fact) -> Fact | None:
        d = f.data
        held = next((d[k] for k in ("battery", "aircraft") if isinstance(d.get(k), str)), None)
        if held in self.others and f.kind != "orders" and not self.mine(f):
            return None  # another player's battery or aircraft: his to read of, unless it struck this one's units
        if f.kind == "sighting":
            if f.side != self.side:
                return f
            mine = (d.get("by_player") or {}).get(self.player) or []
            return replace(f, data={k: v for k, v in d.items() if k != "by_player"} | {"sighted": mine})
        if f.kind == "orders":
            if f.side != self.side:
                return f
            units = d.get("units") or {}
            return replace(f, data={k: v for k, v in d.items() if k not in ("messages", "jamming")}
                           | {"units": {u: x for u, x in units.items() if u in self.units},
                              "sequence": [u for u in d.get("sequence") or () if u in self.units]}
                           | self._held_orders(d))
        if f.kind == "message":
            if f.side == self.side and d.get("player") == self.player:
                return f
            if d.get("intercepted_by") == self.side and d.get("reader") == self.player:
                return f
            return None
        if f.kind == "notes":
            return None  # the side's own records, not any one player's
        if f.kind == "helicopter_sighting" and f.side == self.side:  # what his own units saw of them
            return replace(f, data={**d, "helicopters": [x for x in d.get("helicopters") or ()
                                                         if set(x.get("by") or ()) & self.units]})
        if f.kind in ("helicopter", "air_drop") and f.side == self.side and d.get("helicopter"):
            return f if d["helicopter"] in self.units else None  # his helicopter's move, rocket or crash
        if f.kind == "helicopter_aa":
            if f.side == self.side:
                return f if self.mine(f) else None  # his unit fired
            if d.get("helicopter_side") == self.side:
                return f if d.get("helicopter") in self.units else None  # his helicopter came under fire
        if f.kind in ("close_combat", "overrun") and not self.mine(f):
            return None  # base contact shows each unit to the other: not to a player not there
        if isinstance(d.get("sighted"), list):
            kept = [x for x in d["sighted"] if not isinstance(x, Mapping) or x.get("by") != self.side
                    or self.mine(f)]
            return replace(f, data={**d, "sighted": kept})
        return f


def players(state: GameState) -> dict[str, dict[str, tuple[str, ...]]]:
    """Side -> player -> the units he commands, where the game has several players a side (the
    ruleset says: MBT's multi-player rules, 21.3.1)."""
    from umpire.errors import UmpireError
    from umpire.registry import game_rules

    try:
        return game_rules(state.ruleset).players(state)
    except UmpireError:  # a report of a game of no known ruleset still renders
        return {}
