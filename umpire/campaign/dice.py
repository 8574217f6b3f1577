"""Keyed dice for the campaign's own rolls (recovery, repair): each roll a pure function of the
campaign's seed and what it is for.

A roll's key names the round, the force, the unit and the purpose (``round 1 smith a-1-64
recovery``); its value comes from ``random.Random`` seeded with a SHA-256 hash of the seed and
the key. So importing the games of a round in any order rolls the same numbers, and adding a
roll never shifts another. The key is the roll's ``why``, and every roll is kept in the
campaign's log like a game's dice.
"""

from __future__ import annotations

import hashlib
import random


def _generator(seed: int, key: str) -> random.Random:
    digest = hashlib.sha256(f"{seed}\x1f{key}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def keyed_int(seed: int, key: str, low: int, high: int) -> int:
    """A number from ``low`` to ``high`` for ``key``, always the same for the same seed and key.

    >>> keyed_int(7, "a", 1, 10) == keyed_int(7, "a", 1, 10)
    True
    """
    return _generator(seed, key).randint(low, high)


class KeyedDice:
    """Dice whose every roll is keyed by its ``why`` (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
        rng = _generator(self.seed, why)
        return tuple(rng.randint(1, sides) for _ in range(count))
