"""A side's orders form for a turn: every unit it may give orders to, where it stands, what it
does now and how far it may go, with the fields of the orders file to fill.

Each ruleset writes its form (:func:`umpire.turns.auftragstaktik.orders_form.form`,
:func:`umpire.turns.mbt.orders_form.form`) from the game state, own units only; the reports add
what the side has seen of the enemy (composed from its knowledge, never from the state) and print
the form twice: as the pre-filled orders file (:func:`template`, which ``umpire turn orders``
reads back) and as the printed orders sheet. Every field to fill is a comment holding the
value the unit has now, so a file left as it is enters no new orders, and uncommenting a line
is the same as writing it by hand.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from umpire.text import num, visible


@dataclass(frozen=True)
class Slot:
    """One field of an orders file to fill: its key, a value in YAML as it would be written
    (the unit's current one where it has one) and what it takes."""

    key: str
    example: str
    hint: str = ""


@dataclass(frozen=True)
class Entry:
    """A unit (or a battalion, a flight) on the form."""

    id: str
    name: str
    facts: tuple[str, ...]  # what it is, where it stands, its order now, how far it may move
    slots: tuple[Slot, ...]
    group: str | None = None  # the formation it is listed under
    at: tuple[float, float] | None = None
    facing: float | None = None
    order: str | None = None
    allowance: str = ""
    listed: bool = True  # False: shown as a comment only (a unit that takes another's orders)


@dataclass(frozen=True)
class Section:
    key: str  # the orders file's mapping: units, battalions, air
    comment: str
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class OrdersForm:
    ruleset: str
    game: str
    side: str
    side_name: str
    turn: int
    intro: tuple[str, ...]
    sections: tuple[Section, ...]
    codes: tuple[str, ...] = ()
    seen: tuple[str, ...] = field(default=())  # what the side has seen of the enemy, one line each

    def units(self) -> list[Entry]:
        return [e for s in self.sections if s.key == "units" for e in s.entries]


def listed(value: object) -> object:
    """An orders file's mapping of units (battalions, flights) without the entries left blank: a
    unit named with nothing under it (every field of a pre-filled form still commented) is not
    listed, exactly as if its line were not there."""
    if value is None:
        return {}  # a section with every entry blank, or none at all
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if v is not None}
    return value


# -- YAML -----------------------------------------------------------------------------------------
_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\Z")
_RESERVED = {"y", "n", "yes", "no", "true", "false", "on", "off", "null", "nan", "inf"}
_BREAKS = re.compile(r"[\r\n\x85\u2028\u2029]")


def scalar(value: object) -> str:
    """``value`` as a YAML scalar that reads back as that string (plain when it is a plain
    word, else double-quoted)."""
    import yaml

    s = str(value)
    if _PLAIN.match(s) and s.lower() not in _RESERVED and yaml.safe_load(s) == s:
        return s  # a word that reads back as itself (not a number, a date, a boolean)
    return json.dumps(s, ensure_ascii=False)


def comment(text: object) -> str:
    """Text safe inside a YAML comment: one line, control characters shown visibly."""
    return _BREAKS.sub(" ", visible(text))



def point(p: tuple[float, float] | list[float]) -> str:
    return f"[{num(p[0])}, {num(p[1])}]"


def template(form: OrdersForm) -> str:
    """The pre-filled orders file: YAML that ``umpire turn orders`` reads, every field to fill
    commented with the unit's value now."""
    out = [f"# Orders of {comment(form.side_name)} for turn {form.turn}: {comment(form.game)} ({form.ruleset})"]
    out += [f"# {comment(line)}" for line in form.intro]
    if form.codes:
        out.append("# orders: " + comment("; ".join(form.codes)))
    if form.seen:
        out.append("# seen of the enemy (as your briefing names it):")
        out += [f"#   {comment(line)}" for line in form.seen]
    out += [f"side: {scalar(form.side)}", f"turn: {form.turn}"]
    for sec in form.sections:
        out.append(f"{sec.key}:{'  # ' + comment(sec.comment) if sec.comment else ''}")
        if not sec.entries:
            out.append("  # (none)")
        group = None
        for e in sec.entries:
            if e.group != group and e.group:
                out.append(f"  # -- {comment(e.group)}")
            group = e.group
            lead = "" if e.listed else "# "
            out.append(f"  {lead}{scalar(e.id)}:  # {comment(e.name)}")
            out += [f"    # {comment(f)}" for f in e.facts]
            if not e.listed:
                continue
            width = max((len(s.key) + len(s.example) for s in e.slots), default=0) + 4
            for s in e.slots:
                text = f"{s.key}: {s.example}"
                out.append(f"    # {text}" + (f"{' ' * (width - len(text))}# {comment(s.hint)}" if s.hint else ""))
    return "\n".join(out) + "\n"


__all__ = ["Entry", "OrdersForm", "Section", "Slot", "comment", "listed", "point", "scalar", "template"]
