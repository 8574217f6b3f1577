"""Keyed dice for the campaign's own rolls (recovery, repair) and its games' seeds: the game's
keyed generator (:func:`umpire.core.dice.keyed_value`) over the campaign's seed.

A roll's key names the round, the force, the unit and the purpose (``round 1 smith a-1-64
recovery``); its value is a pure function of the campaign's seed and that key, made exactly as a
tracked game makes its rolls (BLAKE2b keyed by the seed, ``docs/keyed-dice.md``), so one
mechanism serves both and any roll can be checked by hand. Importing the games of a round in any
order rolls the same numbers, and adding a roll never shifts another. The key is the roll's
``why``, and every roll is kept in the campaign's log like a game's dice.
"""

from __future__ import annotations

from umpire.core.dice import keyed_value, keyed_values


def keyed_int(seed: int, key: str, low: int, high: int) -> int:
    """A number from ``low`` to ``high`` for ``key``, always the same for the same seed and key:
    ``low - 1`` plus a die of ``high - low + 1`` faces keyed ``key``.

    >>> keyed_int(7, "a", 1, 10) == keyed_int(7, "a", 1, 10)
    True
    """
    return low - 1 + keyed_value(seed, key, high - low + 1)


class KeyedDice:
    """Dice whose every roll is keyed by its ``why`` (see the module docstring): die ``i`` of a
    roll is ``keyed_value(seed, f"{why}/{i}", sides)``."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
        return keyed_values(self.seed, why, sides, count)
