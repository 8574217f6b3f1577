"""The options' part of a tracked MBT game's state (the models: :mod:`umpire.rules.mbt.options.state`),
read and written by the turn.

:func:`read` gives a copy to change and :func:`write` keeps it in a state being changed, so an
option changes the game only when it writes. A game's first read makes it from the scenario's
blocks (its batteries and their planned fire, minefields, aircraft, helicopters...).
"""

from __future__ import annotations

from umpire.core.shared import dup
from umpire.core.state import GameState
from umpire.rules.mbt.options.state import (
    Aircraft,
    Battery,
    CounterBattery,
    Flight,
    Helicopter,
    Message,
    Minefield,
    MissileOrder,
    OptionsState,
    Plot,
    Strike,
)
from umpire.rules.mbt.options_spec import HelicopterSpec
from umpire.rules.mbt.state import MbtGame

__all__ = [
    "Aircraft", "Battery", "CounterBattery", "Flight", "Helicopter", "Message", "Minefield", "MissileOrder",
    "OptionsState", "Plot", "Strike", "burning", "helicopter", "illuminated", "read", "write",
]


def read(state: GameState) -> OptionsState:
    """The options' state, a copy to change; on a game's first read, made from the scenario."""
    g = MbtGame.of(state)
    if g.options_state is not None:
        kept: OptionsState = dup(g.options_state)
        return kept
    return OptionsState(
        plots=[Plot(side=b.side, battery=b.id, fire_type="planned", plotted=0, impact=p.turn,
                    **{k: v for k, v in p.model_dump(mode="json").items() if k != "turn" and v is not None})
               for b in g.batteries for p in b.planned],  # 19.2.1.1
        batteries={
            b.id: Battery(**{k: v for k, v in b.model_dump(mode="json").items() if k in Battery.model_fields})
            for b in g.batteries
        },
        minefields=[Minefield(**f.model_dump(mode="json"), known_to=[f.side]) for f in g.minefields],
        counter_battery=[CounterBattery(**c.model_dump(mode="json")) for c in g.counter_battery],
        aircraft={a.id: Aircraft(**{k: v for k, v in a.model_dump(mode="json").items() if k in Aircraft.model_fields})
                  for a in g.aircraft},
        jamming_left=dict(g.jamming),
        helicopters={h.id: helicopter(h) for h in g.helicopters},
        fires=[(float(x), float(y), 0) for x, y in g.fires],  # burning at the start (18.3)
    )


def write(state: GameState, opts: OptionsState) -> None:
    """Keep ``opts`` (a copy) in a state being changed (``state.copy_for_change()``)."""
    kept: OptionsState = dup(opts)
    MbtGame.of(state).options_state = kept


def illuminated(state: GameState) -> list[tuple[float, float, float, int]]:
    """This game's illuminated areas (x, y, radius in inches, Turn): sighting asks for them at every look."""
    opts = MbtGame.of(state).options_state
    return list(opts.illuminated) if opts is not None else []


def burning(state: GameState) -> list[tuple[float, float]]:
    """This game's burning markers (18.3): sighting asks for them at every look (before the
    options' state is made, the scenario's)."""
    g = MbtGame.of(state)
    fires = g.options_state.fires if g.options_state is not None else [(x, y, 0) for x, y in g.fires]
    return [(float(f[0]), float(f[1])) for f in fires]


def helicopter(h: HelicopterSpec) -> Helicopter:
    """A scenario's helicopter as the game starts: its armament's missiles and rockets (20.2.1).
    Without an armament it carries its integral weapons alone: no missiles, the rockets the
    scenario gives (as a game made before armaments were played)."""
    from umpire.rules.mbt.cards import HelicopterCard, any_card

    card = any_card(h.card)
    carried = card.carried(h.armament) if isinstance(card, HelicopterCard) and h.armament is not None else {}
    missiles = {w.name: carried[w.name] for w in getattr(card, "weapons", []) if w.kind == "atgm" and w.name in carried}
    return Helicopter(
        id=h.id, side=h.side, card=h.card, name=h.name or h.id, x=h.at[0], y=h.at[1], facing=h.facing,
        altitude=h.altitude, rockets=h.rockets or carried.get("rockets", 0), armament=h.armament, missiles=missiles,
    )
