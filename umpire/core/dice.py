"""Dice, injected everywhere and recorded.

Every rules procedure takes a :class:`Dice` and calls ``dice.roll(sides, count, why=...)``.
There is no module-level generator anywhere in umpire.

- :class:`SeededDice` owns a private ``random.Random(seed)``;
- :class:`ScriptedDice` plays back fixed values (tests, replay of the log);
- :class:`GivenDice` plays back the values the umpire gave for one action (``--roll``, a case's
  ``dice:``), every one of which must be used;
- :class:`ManualDice` asks a callback (the CLI prompts the umpire, who rolls real dice);
- :class:`RecordingDice` wraps any of them and keeps every :class:`Roll`.

A d10 reads 1-10: the 0 face counts as 10 (Auftragstaktik ruling ``dice.d10_zero``).
A d100 reads 1-100 and is made of two d10 as MBT 4.2 says: tens die then units die, each
face 0-9, with "00" read as 100 (see :func:`read_d100`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from umpire.errors import DiceError


@dataclass(frozen=True)
class Roll:
    """One call to :meth:`Dice.roll`: what it was for and what came up."""

    why: str
    sides: int
    values: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.values)

    def as_dict(self) -> dict[str, object]:
        return {"why": self.why, "sides": self.sides, "values": list(self.values)}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Roll:
        values = data["values"]
        assert isinstance(values, list)
        return cls(why=str(data["why"]), sides=int(str(data["sides"])), values=tuple(values))


class Dice(Protocol):
    """A source of die rolls."""

    def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
        """Roll ``count`` dice of ``sides`` faces, each read 1..sides."""
        ...


def check_value(value: int, sides: int, why: str) -> int:
    """Return ``value`` if a die of ``sides`` faces can show it, else raise :class:`DiceError`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
        raise DiceError(f"die value {value!r} for {why!r} is impossible on a d{sides} (allowed: 1-{sides})")
    return value


def read_d100(tens: int, units: int) -> int:
    """Read two d10 faces (0-9 each; a 10 is read as the 0 face) as MBT 4.2 does: "00" = 100.

    >>> read_d100(2, 5), read_d100(0, 7), read_d100(0, 0), read_d100(10, 10)
    (25, 7, 100, 100)
    """
    value = (tens % 10) * 10 + units % 10
    return 100 if value == 0 else value


class SeededDice:
    """Pseudo-random dice from a private generator; the same seed gives the same rolls."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
        if sides == 100:
            # Two d10, tens and units, exactly as read at the table (MBT 4.2).
            return tuple(
                read_d100(self._random.randint(0, 9), self._random.randint(0, 9))
                for _ in range(count)
            )
        return tuple(self._random.randint(1, sides) for _ in range(count))


class ScriptedDice:
    """Fixed values played back in order; fails loudly when they run out or cannot occur.

    With ``zero_face`` (values typed by the umpire) a 0 for a d10 or a d100 is the die's 0
    face, read as 10 or 100 (A01; MBT 4.2 "00"), as the manual prompt reads it.

    >>> ScriptedDice([0, 0], zero_face=True).roll(10, 2, why="x")
    (10, 10)
    """

    def __init__(self, values: Iterable[int], *, zero_face: bool = False) -> None:
        self._values = list(values)
        self._next = 0
        self._zero_face = zero_face

    @property
    def remaining(self) -> int:
        return len(self._values) - self._next

    def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
        if self.remaining < count:
            raise DiceError(
                f"scripted dice ran out at {why!r}: needed {count} d{sides}, "
                f"{self.remaining} left (give more values with --roll or dice:)"
            )
        out = tuple(
            check_value(sides if self._zero_face and v == 0 and sides in (10, 100) else v, sides, why)
            for v in self._values[self._next : self._next + count]
        )
        self._next += count
        return out


class GivenDice(ScriptedDice):
    """The values the umpire gave for one action: a value no die uses is a mistake, not noise.

    >>> d = GivenDice([4, 6]); d.roll(10, why="HQ roll")
    (4,)
    >>> d.check_all_used("--roll")
    Traceback (most recent call last):
    ...
    umpire.errors.DiceError: --roll: 2 values given but only 1 used (d10 for 'HQ roll'); give one value per die rolled
    """

    def __init__(self, values: Iterable[int]) -> None:
        super().__init__(values, zero_face=True)  # typed in: a d10's or d100's 0 face is 10, 100
        self.used: list[str] = []

    def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
        out = super().roll(sides, count, why=why)
        label = f"{count}d{sides}" if count > 1 else f"d{sides}"
        self.used.append(f"{label} for {why!r}")
        return out

    def check_all_used(self, option: str) -> None:
        """:raises DiceError: if a value was given that no die used."""
        if not self.remaining:
            return
        given, used = len(self._values), self._next
        what = "; ".join(self.used[:4]) + ("; ..." if len(self.used) > 4 else "")
        rolled = f" ({what})" if what else " (this action rolls no dice)"
        raise DiceError(
            f"{option}: {given} value{'s' if given != 1 else ''} given but only {used} used{rolled}; "
            "give one value per die rolled"
        )


class ManualDice:
    """Dice the umpire rolls by hand: ``ask(sides, count, why)`` returns the values read."""

    def __init__(self, ask: Callable[[int, int, str], Sequence[int]]) -> None:
        self._ask = ask

    def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
        values = tuple(self._ask(sides, count, why))
        if len(values) != count:
            raise DiceError(f"expected {count} value(s) for {why!r}, got {len(values)}")
        return tuple(check_value(v, sides, why) for v in values)


@dataclass
class RecordingDice:
    """Wraps any dice and keeps every roll made through it."""

    inner: Dice
    rolls: list[Roll] = field(default_factory=list)

    def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
        values = self.inner.roll(sides, count, why=why)
        self.rolls.append(Roll(why=why, sides=sides, values=tuple(values)))
        return values

    def take(self) -> list[Roll]:
        """Return the rolls recorded so far and start a fresh record."""
        out, self.rolls = self.rolls, []
        return out
