"""What a result of MBT's optional rules says beyond its outcome: one model per kind (an area
impact, a combat in the air, a message, a check against a band of the die, a minefield's attack),
each a :class:`~umpire.core.resolution.Facts`; the basic and advanced rules' kinds are in
:mod:`umpire.rules.mbt.facts`. A field left unset is not in the result's JSON."""

from __future__ import annotations

from typing import Any

from umpire.core.resolution import Facts


class ImpactFacts(Facts):
    """Where an area fire lands and what it attacks (17.1.2, 19, 20.1.3.3, 20.3.4.2): an
    artillery mission, an aircraft's drop, a helicopter's crash."""

    scatter_factor: int | None = None
    net_modifier: int | None = None
    impact_hex: list[int] | None = None
    impact_offset: list[float] | None = None
    hexes_affected: list[list[int]] | None = None
    gp: int | None = None
    targets: list[dict[str, Any]] | None = None  # each unit attacked: its name, GP result, effect
    battery: str | None = None
    target_at: list[Any] | None = None
    aircraft: str | None = None
    aircraft_side: str | None = None
    helicopter: str | None = None  # the helicopter that crashed, or fired the rocket


class AirFacts(Facts):
    """A combat in the air or a helicopter's move (20): the hit number, who fired at which aircraft
    or helicopter, where the helicopter flew."""

    hit_number: int | None = None
    result: str | None = None
    helicopter: str | None = None
    helicopter_side: str | None = None
    helicopters: list[Any] | None = None  # the helicopters a side sees
    altitude: str | None = None
    popup: bool | None = None
    facing: int | float | None = None
    aircraft: str | None = None
    aircraft_side: str | None = None


class MessageFacts(Facts):
    """A written message (21.3) or a side's jamming (21.4)."""

    sender: str | None = None
    to: str | None = None
    written: int | None = None
    text: str | None = None
    player: str | None = None
    reader: str | None = None
    intercepted_by: str | None = None
    jammed: list[str] | None = None  # the enemy units jammed
    points: int | None = None


class CheckFacts(Facts):
    """A roll against a band of the die (morale, quickmarch, a building's fire) or a panic move."""

    band: Any = None
    offset: list[float] | None = None  # a panic move's, in inches
    to: list[Any] | None = None  # where a panic move ended


class MineFacts(Facts):
    """A minefield's attack (19.2.4.5, 17.8): the CRT cell's bounds."""

    n: int | None = None
    s: int | None = None
