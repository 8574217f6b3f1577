"""Rulings: ambiguous rules made explicit, named, and switchable.

A ruleset's ``rulings.yaml`` lists every :class:`Ruling` (name, default, choices, rule reference,
reason). A game, or a calc case, runs under a :class:`Rulings` selection: the defaults plus any
overrides such as ``{"fire.flank_rear_shift_direction": "literal"}``. Code asks
``rulings["crt.clamp"]`` and branches only on choices the ruling declares, so a data file can
never switch on behaviour the code does not know.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict, model_validator

from umpire.errors import UmpireError, unknown


class Ruling(BaseModel):
    """One named ruling."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    id: str = ""
    rule: str
    default: str
    choices: dict[str, str]
    reason: str = ""

    @model_validator(mode="after")
    def _default_is_a_choice(self) -> Ruling:
        if self.default not in self.choices:
            raise ValueError(f"default {self.default!r} is not one of the choices {sorted(self.choices)}")
        return self


class RulingBook(BaseModel):
    """All the rulings of one ruleset."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ruleset: str
    source: str = ""
    rulings: list[Ruling]

    @model_validator(mode="after")
    def _unique(self) -> RulingBook:
        names = [r.name for r in self.rulings]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ValueError(f"ruling names appear twice: {dupes}")
        return self

    def by_name(self) -> dict[str, Ruling]:
        return {r.name: r for r in self.rulings}

    def defaults(self) -> Rulings:
        return Rulings(self, {})

    def select(self, overrides: Mapping[str, str] | None = None) -> Rulings:
        """The rulings in force: defaults with ``overrides`` applied.

        :raises UmpireError: for an unknown ruling name or a choice the ruling does not offer.
        """
        known = self.by_name()
        chosen: dict[str, str] = {}
        for name, choice in (overrides or {}).items():
            if name not in known:
                raise unknown("ruling", name, known)
            ruling = known[name]
            if str(choice) not in ruling.choices:
                raise UmpireError(
                    f"ruling {name}: unknown choice {choice!r} "
                    f"(allowed: {', '.join(sorted(ruling.choices))})"
                )
            chosen[name] = str(choice)
        return Rulings(self, chosen)


class Rulings:
    """The rulings in force for one game or one calculation."""

    def __init__(self, book: RulingBook, overrides: Mapping[str, str]) -> None:
        self.book = book
        self._known = book.by_name()
        self._overrides = dict(overrides)

    def __getitem__(self, name: str) -> str:
        if name not in self._known:
            # A programming error: code asked for a ruling the data does not declare.
            raise KeyError(f"ruling {name!r} is not declared in {self.book.ruleset} rulings.yaml")
        return self._overrides.get(name, self._known[name].default)

    def differences(self) -> dict[str, str]:
        """The rulings whose choice differs from the default (what reports show)."""
        return {
            n: c for n, c in sorted(self._overrides.items()) if c != self._known[n].default
        }

    def as_dict(self) -> dict[str, str]:
        return {n: self[n] for n in sorted(self._known)}
