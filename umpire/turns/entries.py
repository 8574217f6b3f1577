"""What a side may write in its orders for the turn, entry by entry: the form of a players' page.

Each ruleset's turn rules list a side's entries (:class:`Entry`: a unit's, a battalion's), each
with the fields of the orders file it fills (:class:`Field`) and the order codes the rules allow
that unit now; the page writes what the player chose as that entry of the ordinary orders file,
which the ruleset's own reader then checks. Only the side's own units are described here: the
enemy units a target field may name come from the side's knowledge, added by the page.
"""

from __future__ import annotations

from dataclasses import dataclass

#: the kinds of field: a fixed choice, waypoints tapped on the map, one point tapped on the map,
#: a point or one enemy unit, a heading in degrees, a number, a yes/no, one enemy unit, enemy
#: units in order of preference, text, and further fields of the orders file written as YAML
KINDS = ("choice", "points", "point", "spot", "heading", "number", "flag", "target", "targets", "text", "yaml")


@dataclass(frozen=True)
class Field:
    key: str  # where it goes in the entry, dotted: order, first, move.path, fire.target
    kind: str
    label: str
    choices: tuple[tuple[str, str], ...] = ()  # (value, words) for a choice
    hint: str = ""


@dataclass(frozen=True)
class Entry:
    #: where it goes in the orders file: units.a-1-64, battalions.tf-1-64 (a mapping's entry);
    #: artillery[A] (one item of a list); jamming (a field, its value the entry's ``value``)
    key: str
    id: str
    name: str
    facts: tuple[str, ...]  # what it is and does now, how far it may move
    fields: tuple[Field, ...]
    at: tuple[float, float] | None = None
    moves: bool = False  # it has waypoints (drawn from ``at``)


def points_field(key: str, label: str) -> Field:
    return Field(key, "points", label, hint="tap the map, or type X,Y points separated by spaces")


NOTE = Field("note", "text", "note to the umpire")
MORE = Field("more", "yaml", "more (as in the orders file, YAML)",
             hint="any other field of this unit's entry in the orders file, e.g. {entrench: true}")
