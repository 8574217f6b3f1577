"""Keyed dice: in a tracked game, a roll's value is a pure function of the game's seed and the
roll's key.

A key says where a roll happens and what it is for: ``t2/combat_1/fire/a-1-64/t80-1#0`` is the
first roll of turn 2's First Combat Phase made for a-1-64 firing at t80-1. The engine opens every
action with its turn and phase; the turn code names the purpose and the units with
:func:`umpire.core.dice.scoped`; the n-th roll under one scope within one phase gets ``#n`` (the
counts are kept in the state while the phase lasts). A roll's value therefore does not depend on
how many actions, undos or other rolls came before it: the same scenario, seed and inputs give
the same game, and re-resolving an action after a correction gives every roll whose key did not
change the value it had (numpy's ``SeedSequence`` spawn keys and JAX's split keys work the same
way). :func:`umpire.core.dice.keyed_value` turns a key into a die.

Dice given from outside the keyed stream (the umpire's ``--roll`` or ``--dice manual``, or any
other source a caller passes) win over it and are recorded as ``typed``; an action re-resolved
after a correction uses its typed rolls again wherever their key still occurs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from umpire.core.dice import Dice, Roll, keyed_values


@dataclass
class _Session:
    """What every scoped view of one action's dice shares."""

    seed: int
    given: Dice | None
    typed: dict[str, Roll]
    counts: dict[str, int]
    rolls: list[Roll] = field(default_factory=list)


class KeyedDice:
    """The dice of one action of a tracked game (see the module docstring).

    :param seed: the game's seed.
    :param scope: the action's scope (the engine gives ``t<turn>`` and the phase).
    :param given: dice whose values win over the keyed stream for every roll (recorded as typed).
    :param typed: rolls typed in earlier for this action, used again where their key occurs.
    :param counts: how many rolls each scope has had so far in this phase.
    """

    def __init__(
        self,
        seed: int,
        scope: Iterable[str] = (),
        *,
        given: Dice | None = None,
        typed: Iterable[Roll] = (),
        counts: Mapping[str, int] | None = None,
    ) -> None:
        keep = {r.key: r for r in typed if r.typed and r.key}
        self._session = _Session(int(seed), given, keep, dict(counts or {}))
        self.scope = tuple(scope)

    @property
    def rolls(self) -> list[Roll]:
        """Every roll made through this action's dice, in order, each with its key."""
        return self._session.rolls

    @property
    def counts(self) -> dict[str, int]:
        """How many rolls each scope has had (this phase), including this action's."""
        return self._session.counts

    def scoped(self, *parts: str) -> KeyedDice:
        view = object.__new__(KeyedDice)
        view._session = self._session
        view.scope = (*self.scope, *parts)
        return view

    def roll(self, sides: int, count: int = 1, *, why: str) -> tuple[int, ...]:
        s = self._session
        scope = "/".join(self.scope)
        n = s.counts.get(scope, 0)
        s.counts[scope] = n + 1
        key = f"{scope}#{n}"
        earlier = s.typed.get(key)
        if s.given is not None:
            values, typed = tuple(s.given.roll(sides, count, why=why)), True
        elif earlier is not None and earlier.sides == sides and len(earlier.values) == count:
            values, typed = earlier.values, True
        else:
            values, typed = keyed_values(s.seed, key, sides, count), False
        s.rolls.append(Roll(why=why, sides=sides, values=values, key=key, typed=typed))
        return values


def scope_of(key: str) -> tuple[str, int] | None:
    """A roll key split into its scope and its number (``None`` for a key without one).

    >>> scope_of("t1/orders/hq/tf-1-64#2")
    ('t1/orders/hq/tf-1-64', 2)
    """
    scope, sep, n = key.rpartition("#")
    return (scope, int(n)) if sep and n.isdigit() else None


def counted(counts: Mapping[str, int], keys: Iterable[str | None], keep: str) -> dict[str, int]:
    """``counts`` with the rolls keyed ``keys`` counted, keeping only the scopes under ``keep``
    (the phase the game now stands in: a count matters only while its phase lasts).

    >>> counted({"t1/orders/hq/a": 1}, ["t1/orders/hq/a#1", "t1/orders/hq/b#0"], "t1/orders/")
    {'t1/orders/hq/a': 2, 't1/orders/hq/b': 1}
    >>> counted({"t1/orders/hq/a": 1}, [], "t1/movement_1/")
    {}
    """
    out = dict(counts)
    for key in keys:
        split = scope_of(key) if key else None
        if split is not None:
            out[split[0]] = max(out.get(split[0], 0), split[1] + 1)
    return {k: v for k, v in sorted(out.items()) if k.startswith(keep)}
