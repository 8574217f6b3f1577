"""Dice, injected everywhere and recorded.

Every rules procedure takes a :class:`Dice` and calls ``dice.roll(sides, count, why=...)``.
There is no module-level generator anywhere in umpire.

- :class:`SeededDice` owns a private ``random.Random(seed)``;
- :class:`ScriptedDice` plays back fixed values (tests, replay of the log);
- :class:`GivenDice` plays back the values the umpire gave for one action (``--roll``, a case's
  ``dice:``), every one of which must be used;
- :class:`ManualDice` asks a callback (the CLI prompts the umpire, who rolls real dice);
- :class:`RecordingDice` wraps any of them and keeps every :class:`Roll`;
- :class:`~umpire.core.keyed.KeyedDice` rolls a tracked game's dice as a pure function of the
  game's seed and each roll's key (:func:`keyed_value`); the turn code names what a roll is for
  with :func:`scoped`.

A d10 reads 1-10: the 0 face counts as 10 (Auftragstaktik ruling ``dice.d10_zero``).
A d100 reads 1-100 and is made of two d10 as MBT 4.2 says: tens die then units die, each
face 0-9, with "00" read as 100 (see :func:`read_d100`).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from umpire.errors import DiceError


@dataclass(frozen=True)
class Roll:
    """One call to :meth:`Dice.roll`: what it was for and what came up; in a tracked game also
    its ``key`` (where and what for, see :mod:`umpire.core.keyed`) and whether its values were
    ``typed`` (given by the umpire, or by anything but the keyed stream) rather than keyed."""

    why: str
    sides: int
    values: tuple[int, ...]
    key: str | None = None
    typed: bool | None = None

    @property
    def total(self) -> int:
        return sum(self.values)

    def as_dict(self) -> dict[str, object]:
        return {"why": self.why, "sides": self.sides, "values": list(self.values)}


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


SEED_BYTES = 8


def keyed_value(seed: int, key: str, sides: int) -> int:
    """One die of ``sides`` faces (1..sides) as a pure function of ``seed`` and ``key``.

    The key's UTF-8 text, prefixed by an attempt number, is hashed with BLAKE2b (8-byte digest,
    keyed by the seed as 8 signed big-endian bytes, personalisation ``umpire-dice``); the
    digest read as an unsigned big-endian integer is kept if it falls below the largest multiple
    of ``sides`` under 2**64 (else the next attempt is hashed), and the die shows that number
    modulo ``sides``, plus 1. Every face is therefore exactly equally likely, and any key can be
    checked by hand (``docs/keyed-dice.md``).

    >>> keyed_value(4711, "t1/Initiative/initiative/nato#0/0", 10)
    5
    """
    if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1:
        raise DiceError(f"a die of {sides!r} sides cannot be rolled (allowed: 1 side or more)")
    secret = int(seed).to_bytes(SEED_BYTES, "big", signed=True)
    limit = (1 << 64) // sides * sides
    attempt = 0
    while True:
        digest = hashlib.blake2b(
            f"{attempt}:{key}".encode(), digest_size=8, key=secret, person=b"umpire-dice"
        ).digest()
        value = int.from_bytes(digest, "big")
        if value < limit:
            return value % sides + 1
        attempt += 1


def keyed_values(seed: int, key: str, sides: int, count: int = 1) -> tuple[int, ...]:
    """``count`` dice of the roll keyed ``key``: die ``i`` is ``keyed_value(seed, f"{key}/{i}", sides)``."""
    return tuple(keyed_value(seed, f"{key}/{i}", sides) for i in range(count))


def scoped(dice: Dice, *parts: object) -> Dice:
    """``dice`` with the rolls made through it keyed under ``parts`` as well (what they are for
    and the units involved, e.g. ``scoped(dice, "fire", firer.id, target.id)``). Dice that keep no
    keys (a script in a test, the values of a replay) come back unchanged.

    >>> d = ScriptedDice([3]); scoped(d, "morale", "1-tb") is d
    True
    """
    scope = getattr(dice, "scoped", None)
    return scope(*(str(p) for p in parts)) if callable(scope) else dice


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

    def scoped(self, *parts: str) -> RecordingDice:
        """The same record, rolling through ``scoped(inner, *parts)`` (see :func:`scoped`)."""
        return _Scoped(scoped(self.inner, *parts), self)


class _Scoped(RecordingDice):
    """A scoped view of a :class:`RecordingDice`: its rolls go into the parent's record."""

    _parent: RecordingDice

    def __init__(self, inner: Dice, parent: RecordingDice) -> None:
        super().__init__(inner)
        root: RecordingDice = parent
        while isinstance(root, _Scoped):
            root = root._parent
        self._parent = root

    def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
        values = self.inner.roll(sides, count, why=why)
        self._parent.rolls.append(Roll(why=why, sides=sides, values=tuple(values)))
        return values

    def take(self) -> list[Roll]:
        return self._parent.take()
