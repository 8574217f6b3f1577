"""The words of reports: numbers, inches, positions, phase names, and outcomes in words.

One vocabulary for every renderer and command: distances in inches with at most two decimals
and an inch mark (``7.07"``), positions as ``(25, 22)`` in inches from the near-left corner,
each ruleset's phases by the names its rulebook gives them (Auftragstaktik: "First Movement
Phase"; MBT: "Fire Phase"; the ruleset object has them). Nothing here ever prints a Python value as Python writes it: a
dictionary, ``True`` or ``None`` become words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire import text

LOCATIONS = {"TF": "turret front", "TS": "turret side", "TR": "turret rear", "TT": "turret top",
             "HF": "hull front", "HS": "hull side", "HR": "hull rear", "HD": "hull deck", "TK": "track",
             "GN": "gun", "miss": "miss"}
DAMAGE = {"miss": "a miss", "no_damage": "no damage", "gun": "gun damaged", "track": "track damaged",
          "compartment": "compartment hit", "knocked_out": "knocked out", "brewed_up": "brewed up",
          "crashed": "crashed"}
ALTITUDE = {"noe": "NOE"}  # a flying unit's altitude state as the reports write it (MBT 20.2: landed, NOE, low)
STATUS = {"ok": "in good order", "checked": "Checked", "routed": "Routed", "eliminated": "eliminated",
          "surrendered": "surrendered", "off_table": "off the table"}
VISIBLE = ("knocked_out", "brewed_up")  # damage another side can see (MBT 24.4.1)


def num(v: float | int | None) -> str:
    """``7.07``, ``25``: at most two decimals, no trailing zeros."""
    if v is None:
        return "-"
    return text.num(v) if isinstance(v, float) else str(v)


def inches(v: float | int | None) -> str:
    return "-" if v is None else f'{text.num(float(v))}"'


def altitude_words(altitude: str | None) -> str:
    """A flying unit's altitude state: ``NOE``, ``low``, ``landed`` ("" for a unit on the ground)."""
    return ALTITUDE.get(altitude or "", altitude or "")


PAIR = (list, tuple)  # as isinstance's argument: a tuple is looked at faster than a union (list | tuple)
NUMBER = (int, float)


def at(p: Any) -> str:
    """A position on the table: ``(25, 22)`` (inches from the near-left corner)."""
    if isinstance(p, PAIR) and len(p) >= 2:
        x, y = p[0], p[1]
        if isinstance(x, NUMBER) and isinstance(y, NUMBER):
            # two decimals as :func:`num` writes them (formatting rounds as round(v, 2) would)
            return f"({text.num(float(x))}, {text.num(float(y))})"
    return "(off table)"


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def article(word: str) -> str:
    """``a Soviet vehicle``, ``an American vehicle``, ``a US infantry squad`` (said "you-ess")."""
    vowel = word[:1].lower() in "aeiou" and not word.startswith(("US ", "UK ", "Uni", "Eu"))
    return ("an " if vowel else "a ") + word


def phase_name(ruleset: str, phase: str | None) -> str:
    """The rulebook's name of a phase (``setup`` is the first phase of turn 1), as the game's
    ruleset object has it (a ruleset umpire does not know: the phase's id)."""
    from umpire.errors import UmpireError
    from umpire.registry import game_rules

    if not phase:
        return "-"
    try:
        return game_rules(ruleset).phase_name(phase)
    except UmpireError:
        return phase


def short_phase(ruleset: str, phase: str | None) -> str:
    """The name without the word Phase (for a line of phases: Orders > First Movement > ...)."""
    name = phase_name(ruleset, phase)
    return name[:-6] if name.endswith(" Phase") else name


def plain(v: Any) -> str:
    """Any stored value in words: yes/no, lists joined, mappings as "key value" pairs."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if v is None:
        return "-"
    if isinstance(v, float):
        return num(v)
    if isinstance(v, Mapping):
        return "; ".join(f"{str(k).replace('_', ' ')} {plain(x)}" for k, x in v.items())
    if isinstance(v, list | tuple):
        return ", ".join(plain(x) for x in v) or "-"
    return str(v).replace("_", " ") if isinstance(v, str) and v.isidentifier() else str(v)


# -- outcomes -----------------------------------------------------------------------------------
def at_hits(outcome: Mapping[str, Any]) -> str:
    """An Auftragstaktik attack's result: ``2 hits``, ``4 hits: eliminated``, ``no hits``."""
    hits = int(outcome.get("hits", 0) or 0)
    text = plural(hits, "hit") if hits else "no hits"
    if outcome.get("eliminated"):
        text += ": eliminated"
    return text


def at_after(outcome: Mapping[str, Any]) -> str:
    """What an Auftragstaktik attack leaves to do: a morale check, another shot."""
    bits = []
    if outcome.get("morale_check"):
        bits.append("a morale check is due")
    rof = outcome.get("rate_of_fire")
    if isinstance(rof, Mapping) and rof.get("may_fire_again"):
        bits.append("it may fire again")
    return "; ".join(bits)


def hit_words(h: Mapping[str, Any], full: bool) -> str:
    """One hit told by where it struck: where and what it did (``full``: with armour, penetration and the note)."""
    loc = LOCATIONS.get(str(h.get("location", "")), str(h.get("location", "")))
    dmg = DAMAGE.get(str(h.get("damage", "")), plain(h.get("damage")))
    text = f"{loc}: {dmg}"
    if full and "armor" in h:
        text += f" (armour {h['armor']} against penetration {h.get('penetration')})"
    if full and h.get("note"):
        text += f" ({h['note']})"
    return text


def damage_words(outcome: Mapping[str, Any], *, detail: bool, full: bool = False) -> str:
    """A shot's result told hit by hit (MBT 7.4.5). ``detail``: each hit's location and damage
    (the target's own side and the umpire); else only what the firer sees: hits, and a wreck made."""
    hits = int(outcome.get("hits", 0) or 0)
    shots = int(outcome.get("shots", 0) or 0)
    head = (plural(shots, "shot") + ", " if shots > 1 else "") + (plural(hits, "hit") if hits else "no hit")
    results = [h for h in outcome.get("results") or () if isinstance(h, Mapping)]
    if detail and results:
        return head + ": " + "; ".join(hit_words(h, full) for h in results)
    worst = str(outcome.get("worst", ""))
    if hits and worst in VISIBLE:
        return f"{head}: {DAMAGE[worst]}"
    return head


def gp_words(outcome: Mapping[str, Any], *, detail: bool) -> str:
    """A GP shot's result (MBT 14.4.4): no effect, suppressed or effective; ``detail`` (the
    target's own side and the umpire) adds what it did to the unit."""
    result = str(outcome.get("result", ""))
    effects = [str(x) for x in outcome.get("effects") or ()]
    if detail and effects and (result != "N" or "temporary" in effects[0]):
        return effects[0]
    return {"N": "no effect", "S": "a suppressed result", "EF": "an effective result"}.get(result, "no effect")


def morale_words(outcome: Mapping[str, Any]) -> str:
    result = str(outcome.get("result", ""))
    status = outcome.get("status")
    text = result.replace("_", " ") or "rolled"
    if status:
        text += f": battalion {STATUS.get(str(status), str(status))}"
    effect = outcome.get("effect")
    if effect and effect != "no effect":
        text += f" ({effect})"
    return text


def status_words(status: str | None, how: str | None = None) -> str:
    if how in DAMAGE:
        return DAMAGE[how]
    return STATUS.get(status or "", status or "-")
