"""What an Auftragstaktik result says beyond its outcome: one model per kind of result (a shot, a
move, a command roll, a record the turn keeps), each a :class:`~umpire.core.resolution.Facts`
whose generic fields say whom it concerns. A field left unset is not in the result's JSON."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from umpire.core.resolution import Facts


class AtFireFacts(Facts):
    """A shot, direct, indirect, from the air or in close combat: the fire table's reading (11.x)
    and where it was fired from and at."""

    needs: int | None = None  # the least die that hits; None: no roll can
    column_index: int | None = None
    differential: int | None = None
    net_drm: int | None = None
    net_shift: int | None = None
    firer_at: list[Any] | None = None
    target_at: list[Any] | None = None
    template: dict[str, Any] | None = None  # an indirect fire's template, as the report draws it
    flight: str | None = None  # the aircraft flight attacking, or attacked by air defence
    round: int | None = None  # the round of a close combat
    # an air attack's dice and modifiers, each marked with the flight's side (the report reads them so)
    rolls: list[dict[str, Any]] | None = None
    modifiers: list[dict[str, Any]] | None = None
    shifts: list[dict[str, Any]] | None = None


class AtMoveFacts(Facts):
    """A move: where it went from, by which waypoints."""

    start: list[Any] | None = Field(default=None, alias="from")
    path: list[Any] | None = None


class AtCommandFacts(Facts):
    """A battalion's HQ roll or morale check."""

    battalion: str | None = None
    level: str | None = None  # the HQ roll's level of command


class AtSightingFacts(Facts):
    """A side's spotting at the end of a phase: the stands it spots, counted."""

    counts: dict[str, int] | None = None


class AtHoldFacts(Facts):
    """A stand that held its fire (why, about which of its fields) or turned it on another target."""

    why: str | None = None
    about: str | None = None
    target_hidden: bool | None = None
    to: str | None = None  # the target a fire was turned to
