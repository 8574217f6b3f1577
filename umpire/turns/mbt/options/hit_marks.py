"""What option 17.2's hits mark on a unit for the end of the phase, when it is played: a knocked
out or brewed up vehicle's bail out attempts (17.2.3), a reduced squad's attached weapons to
check for loss (17.2.2). The fire's effects mark them as they apply a hit; the option's own module
(:mod:`.hit_variations`) rolls them at the end of the phase.
"""

from __future__ import annotations

from collections.abc import Callable

from umpire.core.state import GameState, UnitState
from umpire.rules.mbt.state import BailOut, MbtUnit
from umpire.turns.mbt.options import on

NAME = "hit_variations"
TOP = {"TT": "TF", "HD": "HF"}  # a top hit read as the front column of its compartment (ruling)
ROUNDS = ("launcher", "aam")  # attached weapons counted as rounds of ammunition (17.2.2)


def bail_out_due(state: GameState, u: UnitState, how: str, locations: tuple[str, ...]) -> bool:
    """Mark vehicle ``u`` (just destroyed ``how``) for bail out attempts at the end of the phase
    when the option is played; returns whether it was."""
    from umpire.turns.mbt.advanced import units as U

    if not on(state, NAME) or how not in ("knocked_out", "brewed_up") or U.kind(u) != "vehicle" \
            or MbtUnit.of(u).sunk:  # no bail out from a sinking vehicle (17.7.3)
        return False
    MbtUnit.of(u).bail_out = BailOut(hit=how, locations=[TOP.get(x, x) for x in locations] or ["EF_KO"])
    return True


def leg_losses_due(state: GameState) -> Callable[[UnitState, list[str]], None] | None:
    """What :func:`umpire.turns.mbt.advanced.effects.reduce` calls on a squad it reduced, when
    the option is played: its attached weapons to check for loss at the end of the phase."""
    from umpire.turns.mbt.advanced import units as U

    if not on(state, NAME):
        return None

    def due(u: UnitState, lost: list[str]) -> None:
        items = [n for n, a in U.attached_of(u).items() if a.weapon.kind not in ROUNDS and n not in lost]
        if items:
            MbtUnit.of(u).leg_loss = sorted({*MbtUnit.of(u).leg_loss, *items})

    return due
