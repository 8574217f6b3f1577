"""What an Auftragstaktik game keeps of a stand beyond the generic state, typed.

A stand's own state (:class:`AtUnit`, reached as ``AtUnit.of(u)``): how far it has moved in each
Movement Phase of this turn (against its allowance), whether the umpire moved it by hand there
and where it stood when the phase began, and how far it is dug in. The generic state keeps the
rest (its position, hits, status, the inches it moved this turn).
"""

from __future__ import annotations

from pydantic import Field

from umpire.core.state import OwnState
from umpire.rules.auftragstaktik.ratings import Entrenchment

Point = tuple[float, float]


class AtUnit(OwnState):
    """A stand's own state in an Auftragstaktik game."""

    # inches of its allowance spent in the First and Second Movement Phase of this turn
    moved_1: float = 0.0
    moved_2: float = 0.0
    # moved by hand (umpire move) in that phase: the phase's planned move leaves it be
    by_hand_1: bool = False
    by_hand_2: bool = False
    # where it stood when that phase began, if it was moved by hand (ruling movement.integrity_violation)
    from_1: Point | None = None
    from_2: Point | None = None
    # its path moved by hand in the Second Movement Phase, for the templates it crosses (ruling
    # indirect.who_is_attacked)
    path_2: list[Point] = Field(default_factory=list)
    # how far it is dug in (MISCELLANEOUS RULES > Entrenching)
    entrenchment: Entrenchment = "none"

    def moved_in(self, phase: int) -> float:
        """Inches of its allowance spent in Movement Phase ``phase`` (1 or 2) of this turn."""
        return self.moved_1 if phase == 1 else self.moved_2

    def set_moved_in(self, phase: int, inches: float) -> None:
        if phase == 1:
            self.moved_1 = inches
        else:
            self.moved_2 = inches

    def by_hand(self, phase: int) -> bool:
        """Whether the umpire moved it by hand in Movement Phase ``phase``."""
        return self.by_hand_1 if phase == 1 else self.by_hand_2

    def moved_by_hand(self, phase: int, start: Point) -> None:
        """It was moved by hand in Movement Phase ``phase``, from ``start`` (where it stood when
        the phase began, kept from its first such move)."""
        if phase == 1:
            self.by_hand_1, self.from_1 = True, self.from_1 or start
        else:
            self.by_hand_2, self.from_2 = True, self.from_2 or start

    def start_of(self, phase: int) -> Point | None:
        """Where it stood when Movement Phase ``phase`` began, if it was moved by hand there."""
        return self.from_1 if phase == 1 else self.from_2

    def new_turn(self) -> None:
        """A new turn: nothing moved yet."""
        self.moved_1 = self.moved_2 = 0.0
        self.by_hand_1 = self.by_hand_2 = False
        self.from_1 = self.from_2 = None
        self.path_2 = []
