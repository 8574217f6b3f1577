"""Pure pieces of the umpired game (24): the order of phases, fire transferred from a
knocked-out target, the umpire's overwatch decision, and what each side may be told.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from umpire.rules.mbt.sighting import identification

BASIC = (
    ("Initiative", None),
    ("Command", "Sighting"),
    ("Command", "Mark Orders"),
    ("Fire", "Direct Fire"),
    ("Fire", "ATGM Announcement"),
    ("Fire", "Overwatch Fire"),
    ("Movement", "Movement"),
    ("Movement", "ATGM Resolution"),
    ("Adjustment", "Pivot"),
    ("Adjustment", "Adjust Turrets"),
    ("Adjustment", "Adjust Markers"),
    ("Adjustment", "End Turn"),
)
ADVANCED = (
    ("Initiative", None),
    ("Command", "Sighting"),
    ("Command", "Mark Orders"),
    ("Fire", "Close Assault"),
    ("Fire", "Direct Fire"),
    ("Fire", "ATGM Announcement"),
    ("Fire", "Overwatch Fire"),
    ("Movement", "Movement"),
    ("Movement", "Overrun"),
    ("Adjustment", "Pivot"),
    ("Adjustment", "Adjust Turrets"),
    ("Adjustment", "Adjust Markers"),
    ("Adjustment", "End Turn"),
)
SIMULTANEOUS = {"Direct Fire", "Overwatch Fire", "ATGM Resolution", "Sighting", "Mark Orders"}


def sequence(advanced: bool = True, umpired: bool = True) -> list[tuple[str, str | None]]:
    """The phases and steps in order (3.0, 11.0). Umpired (24.3): the umpire resolves
    Initiative secretly, the players' Command and their Pivot and Adjust Turrets are done
    together when briefed, and the umpire runs Fire and Movement, then the markers."""
    steps = list(ADVANCED if advanced else BASIC)
    if not umpired:
        return steps
    out = [("Initiative", None), ("Command", "Briefing, Pivot, Adjust Turrets, written plans")]
    out += [s for s in steps if s[0] in ("Fire", "Movement")]
    out += [("Adjustment", "Adjust Markers"), ("Adjustment", "End Turn")]
    return out


@dataclass(frozen=True)
class Enemy:
    unit: str
    distance: float
    in_action: bool = True


def transfer_fire(
    target: str,
    knocked_out_in: str | None,
    current_step: str,
    enemies: Sequence[Enemy],
    ruling: str = "earlier_steps",
) -> str | None:
    """The unit a written fire order now goes to (24.3.3.1).

    If the target was knocked out in an earlier step or phase, fire goes to the closest enemy
    still in action (None if there is none). Within the same step declared fire is wasted
    (7.3.2), unless ruling ``umpired.fire_transfer`` is ``always``.

    >>> es = [Enemy("104", 9), Enemy("102", 4), Enemy("101", 2, in_action=False)]
    >>> transfer_fire("103", "Direct Fire", "Overwatch Fire", es)
    '102'
    >>> transfer_fire("103", "Direct Fire", "Direct Fire", es)
    '103'
    """
    if knocked_out_in is None:
        return target
    if knocked_out_in == current_step and ruling != "always":
        return target
    live = sorted(
        (e for e in enemies if e.in_action and e.unit != target), key=lambda e: (e.distance, e.unit)
    )
    return live[0].unit if live else None


@dataclass(frozen=True)
class Candidate:
    unit: str
    kind: str  # tank, vehicle, large, small
    moving: bool
    fired: bool
    range: int
    legal: bool  # seen, in arc, in range, LOS clear


@dataclass(frozen=True)
class Instruction:
    """A written overwatch instruction (24.3.2.3), e.g. "only at tanks within 10"."""

    only_kinds: tuple[str, ...] = ()
    max_range: int | None = None
    hold: bool = False


def overwatch_decision(instruction: Instruction, candidates: Sequence[Candidate]) -> str | None:
    """Whom an overwatch unit fires at (24.3.3.2): the first legal candidate, in the order the
    umpire meets them, that the written instruction allows; None to hold fire."""
    if instruction.hold:
        return None
    for c in candidates:
        if not c.legal:
            continue
        if instruction.only_kinds and c.kind not in instruction.only_kinds:
            continue
        if instruction.max_range is not None and c.range > instruction.max_range:
            continue
        return c.unit
    return None


def identification_level(rng: int, chart_range: int, spotted: str) -> str | None:
    """24.2.2: ``full``, ``type``, ``fired`` or None (not seen)."""
    return identification(rng, chart_range, spotted)  # type: ignore[arg-type]


def briefing_entry(
    level: str | None, *, unit: str, nation: str, type_name: str, size: str, where: str
) -> dict[str, str] | None:
    """What a side's briefing may say about an enemy unit at an identification level."""
    if level is None:
        return None
    if level == "full":
        return {"unit": unit, "nation": nation, "type": type_name, "at": where}
    if level == "type":
        return {"nation": nation, "size": size, "at": where}
    return {"at": where, "what": "something just fired from there"}
