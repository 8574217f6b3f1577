"""Rulings: ambiguous rules made explicit, named, and switchable.

A ruleset's ``rulings.yaml`` lists every :class:`Ruling` (name, default, choices, rule reference,
reason). A game, or a calc case, runs under a :class:`Rulings` selection: the defaults plus any
overrides such as ``{"fire.flank_rear_shift_direction": "literal"}``. Code asks
``rulings["crt.clamp"]`` and branches only on choices the ruling declares, so a data file can
never switch on behaviour the code does not know.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import BaseModel, ConfigDict, model_validator

from umpire.errors import UmpireError, closest


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
                raise unknown_ruling(name, known)
            ruling = known[name]
            if str(choice) not in ruling.choices:
                raise UmpireError(
                    f"ruling {name}: unknown choice {choice!r} "
                    f"(allowed: {', '.join(sorted(ruling.choices))})"
                )
            chosen[name] = str(choice)
        return Rulings(self, chosen)


def unknown_ruling(name: object, names: Iterable[str], most: int = 12) -> UmpireError:
    """The error for a ruling no book has, its known names grouped and each said once: a
    family's names when ``name`` is of a known family (``fire.nonsense``: the ``fire.``
    rulings), else the families, each with how many it holds (up to ``most`` names, all of
    them); the closest name suggested.

    >>> str(unknown_ruling("fire.flank", ["fire.flank_rear_shift", "fire.hq", "hq.x", "hq.x"]))
    "unknown ruling 'fire.flank' (did you mean 'fire.flank_rear_shift'? known: fire.flank_rear_shift, fire.hq)"
    >>> str(unknown_ruling("nonsense", ["fire.a", "fire.b", "hq.x"], most=2))
    "unknown ruling 'nonsense' (known families: fire (2), hq (1); umpire rulings FAMILY lists one)"
    """
    known = sorted(set(names))
    family = str(name).partition(".")[0] if "." in str(name) else ""
    close = closest(name, known)
    hint = ("did you mean " + " or ".join(repr(c) for c in close) + "? ") if close else ""
    members = [n for n in known if n.partition(".")[0] == family] if family else []
    if members or len(known) <= most:
        return UmpireError(f"unknown ruling {name!r} ({hint}known: {', '.join(members or known)})")
    counts: dict[str, int] = {}
    for n in known:
        counts[n.partition(".")[0]] = counts.get(n.partition(".")[0], 0) + 1
    families = ", ".join(f"{f} ({k})" for f, k in counts.items())
    return UmpireError(f"unknown ruling {name!r} ({hint}known families: {families}; umpire rulings FAMILY lists one)")


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
