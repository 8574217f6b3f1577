"""A resolution: the outcome of one rules procedure, carrying its own explanation.

Every procedure returns a :class:`Resolution` (or a subclass) listing each modifier and column
shift with its value and rule, the table cell used, the dice rolled, the rulings that differ from
the defaults, any estimated data it leaned on, and the values a named ruling decided. What a
result says beyond its outcome (who fired at whom, the hit number, the hexes an impact covers) is
its :class:`Facts`: a typed model per kind of result, owned by the ruleset that makes it, the
generic fields (whom it concerns) here. ``explain()`` gives the lines an umpire reads out to the
players; ``to_json()`` the public JSON shape of ``umpire calc``.
"""

from __future__ import annotations

import functools
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, SerializeAsAny

from umpire.core.dice import Roll
from umpire.core.modifiers import Modifier


class Cell(BaseModel):
    """A table lookup: which table, which row and column, what it held."""

    table: str
    row: str | int | None = None
    column: str | int | None = None
    value: Any = None
    rule: str = ""


class Facts(BaseModel):
    """What a result says beyond its outcome: the generic fields, whom and what it concerns, that
    every ruleset's turn writes and generic code reads (a replay names a result by them, a side's
    view keeps the results about its units); a ruleset's kinds of result add theirs in a subclass
    (``umpire/rules/<name>/facts.py``). A field left unset is not in the result's JSON, so a
    stored result keeps exactly the keys it was written with."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    record: bool | None = None  # a record kept beside the resolutions (umpire.turns.facts)
    side: str | None = None  # who may read it: a side id, or "umpire"
    unit: str | None = None
    firer: str | None = None
    target: str | None = None
    attacker: str | None = None
    step: str | None = None
    weapon: str | None = None
    range: int | float | None = None
    at: list[Any] | None = None
    case: dict[str, Any] | None = None  # the umpire calc case of these facts
    line: str | None = None  # the line of the turn's summary that tells it
    sighted: list[dict[str, Any]] | None = None  # who saw whom in it

    @classmethod
    def of(cls, res: Resolution) -> Self:
        """``res``'s facts as this kind: a result made with fewer facts (the generic ones, or a
        kind this one extends) becomes one, keeping the fields set; one of another kind is an
        error (a field this kind lacks)."""
        facts = res.facts
        if isinstance(facts, cls):
            return facts
        made = cls.model_validate(facts.as_json())
        res.facts = made
        return made

    def update(self, other: Facts) -> None:
        """Set here the fields set on ``other`` (a kind this one has the fields of)."""
        for name in other.model_fields_set:
            setattr(self, name, getattr(other, name))

    def as_json(self) -> dict[str, Any]:
        """The fields set, as the result's JSON carries them (beside its outcome), in the order
        the model declares them; the values as they were set (plain values, as the mapping this
        replaced held them: read on every result a turn stores, so not dumped again)."""
        given = self.model_fields_set
        return {key: getattr(self, k) for k, key in _keys(type(self)) if k in given}



@functools.cache
def _keys(kind: type[Facts]) -> list[tuple[str, str]]:
    """Each field of a kind of facts and its key in the JSON, in the order declared."""
    return [(k, f.alias or k) for k, f in kind.model_fields.items()]


class Resolution(BaseModel):
    """The result of a procedure."""

    ruleset: str
    procedure: str
    outcome: dict[str, Any]
    summary: str = ""
    modifiers: list[Modifier] = Field(default_factory=list)
    shifts: list[Modifier] = Field(default_factory=list)
    column: str | int | None = None
    cell: Cell | None = None
    rolls: list[Roll] = Field(default_factory=list)
    modified_roll: int | None = None
    rulings: dict[str, str] = Field(default_factory=dict)
    notes: list[str] = Field(default_factory=list)
    estimated: list[str] = Field(default_factory=list)
    ruled: list[str] = Field(default_factory=list)  # values a named ruling decided
    facts: SerializeAsAny[Facts] = Field(default_factory=Facts)

    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

    def to_json(self) -> dict[str, Any]:
        """The public JSON shape: outcome, modifiers, shifts, column, rolls, modified_roll..."""
        data: dict[str, Any] = {
            "ruleset": self.ruleset,
            "procedure": self.procedure,
            "outcome": self.outcome,
            "summary": self.summary,
            "modifiers": [m.model_dump(exclude_defaults=False) for m in self.modifiers],
            "shifts": [m.model_dump() for m in self.shifts],
            "column": self.column,
            "cell": self.cell.model_dump() if self.cell else None,
            "rolls": [r.as_dict() for r in self.rolls],
            "modified_roll": self.modified_roll,
            "rulings": dict(self.rulings),
            "notes": list(self.notes),
            "provenance": {"estimated": list(self.estimated), "ruling": list(self.ruled)},
        }
        data.update(self.facts.as_json())
        return data

    def explain(self) -> list[str]:
        """Plain lines, one fact each, in the order the procedure used them."""
        lines = [self.summary] if self.summary else []
        for m in self.modifiers:
            lines.append(f"{m.signed():>4}  {m.name}  [{m.rule}]" + (f" {m.detail}" if m.detail else ""))
        for s in self.shifts:
            lines.append(f"{s.signed():>4}  {s.name}  [{s.rule}]" + (f" {s.detail}" if s.detail else ""))
        if self.cell is not None:
            lines.append(
                f"table {self.cell.table}: row {self.cell.row}, column {self.cell.column}"
                f" -> {self.cell.value if self.cell.value not in (None, '') else 'no effect'}"
            )
        for r in self.rolls:
            lines.append(f"rolled d{r.sides} for {r.why}: {', '.join(map(str, r.values))}")
        if self.modified_roll is not None:
            lines.append(f"modified roll {self.modified_roll}")
        lines.extend(self.notes)
        for name, choice in self.rulings.items():
            lines.append(f"ruling {name} = {choice} (not the default)")
        if self.ruled:
            lines.append("decided by ruling: " + ", ".join(self.ruled))
        if self.estimated:
            lines.append("used estimated values: " + ", ".join(self.estimated))
        return lines
