"""Exact odds by walking every branch of the dice.

A procedure is a function of a :class:`~umpire.core.dice.Dice`. :func:`distribution` runs it
once per possible sequence of rolls (a depth-first walk of the chance tree, as OpenSpiel lists
chance outcomes) and adds up the probability of each outcome key. It works for any dice method a
procedure uses (1d10, 2d6-2, d100...) without the procedure knowing it is being enumerated.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TypeVar

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


class _BranchDice:
    """Follows a fixed prefix of choices, then takes the first face and notes the branching."""

    def __init__(self, prefix: list[int]) -> None:
        self.prefix = prefix
        self.path: list[int] = []
        self.sizes: list[int] = []

    def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
        out = []
        for _ in range(count):
            i = len(self.path)
            value = self.prefix[i] if i < len(self.prefix) else 1
            self.path.append(value)
            self.sizes.append(sides)
            out.append(value)
        return tuple(out)


def distribution(
    procedure: Callable[[_BranchDice], T], key: Callable[[T], K], *, limit: int = 200_000
) -> dict[K, Fraction]:
    """Return ``{key(result): probability}`` over every possible roll sequence.

    :raises ValueError: if more than ``limit`` branches would be walked.
    """
    out: dict[K, Fraction] = {}
    stack: list[list[int]] = [[]]
    walked = 0
    while stack:
        prefix = stack.pop()
        dice = _BranchDice(prefix)
        result = procedure(dice)
        walked += 1
        if walked > limit:
            raise ValueError(f"too many dice branches (> {limit}) to list the odds exactly")
        p = Fraction(1)
        for sides in dice.sizes:
            p /= sides
        k = key(result)
        out[k] = out.get(k, Fraction(0)) + p
        # Open the siblings of every roll this run made beyond its fixed prefix.
        for i in range(len(prefix), len(dice.path)):
            for face in range(2, dice.sizes[i] + 1):
                stack.append(dice.path[:i] + [face])
    return out
