"""What an MBT result says beyond its outcome: one model per kind of result (a sighting check, a
shot, a close assault, a move, a side's sighting, an umpire's note), each a
:class:`~umpire.core.resolution.Facts` whose generic fields say whom it concerns; the optional
rules' kinds are in :mod:`umpire.rules.mbt.options.facts`. A field left unset is not in the
result's JSON, so a stored result keeps the keys it was written with."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from umpire.core.resolution import Facts


class SightFacts(Facts):
    """A sighting check (6, 13): the chart's range and the line of sight's cells."""

    max_range: int | float | None = None
    max_range_inches: int | float | None = None
    chart_range: int | float | None = None
    los_chart: list[Any] | None = None


class ShotFacts(Facts):
    """A shot, AP (7) or GP (14.4), at a unit, a terrain piece or a building: the rules' figures,
    then where it was fired from and at, what the firer carried and what the turn made of it."""

    ap_factor: int | None = None
    net_modifier: int | None = None
    hit_number: int | None = None
    to_hit_roll: int | None = None
    range_band: int | str | None = None
    max_range: int | float | None = None
    range_inches: int | float | None = None  # the range given to umpire calc
    gp_factor: int | None = None
    gp_defense: int | None = None
    n: int | None = None  # the CRT cell's no-effect and suppressed bounds
    s: int | None = None
    building: str | None = None  # a building's kind and the gun firing at it (15.7)
    gun: str | None = None
    ammo: str | None = None
    angle: int | float | str | None = None
    elevation: int | float | str | None = None
    firer_at: list[Any] | None = None
    target_at: list[Any] | None = None
    piece: str | None = None  # a terrain piece fired at, and its marker
    marker: str | None = None
    passengers: list[str] | None = None  # the riders hit with the carrier, as outcome["passengers"]
    carrier: str | None = None  # a rider's carrier it fired from (15.3.3.1)
    pinned: list[str] | None = None  # the units an area pinning fire pins (17.4.3.2)
    rounds: str | None = None  # what the firer has left of the weapon's rounds (17.3.2.2)
    part: str | None = None  # an overrun's: the attack or the defence's fire
    flight: dict[str, Any] | None = None  # a missile's flight to this shot


class AssaultFacts(Facts):
    """A close assault (14.5) or hand-to-hand combat (14.6)."""

    gp_factor: int | None = None
    ca_defense: int | None = None
    net_modifier: int | None = None
    n: int | None = None
    s: int | None = None
    attacker_wins_up_to: int | None = None
    attackers: list[str] | None = None
    losers: dict[str, Any] | None = None  # each loser and the effect it suffers


class MoveFacts(Facts):
    """A move: where from and by which path; exhaust smoke laid; a missile's flight figures."""

    start: list[Any] | None = Field(default=None, alias="from")
    path: list[Any] | None = None
    used: int | None = None  # exhaust smoke laid so far
    points: list[Any] | None = None  # where exhaust smoke was laid
    speed: int | None = None  # a missile's speed and the hexes its target moved (14.2.2.2)
    hexes_moved: int | None = None


class SightingFacts(Facts):
    """A side's sighting at a phase's end: the calc case of each unit sighted, and each player's."""

    cases: dict[str, Any] | None = None
    by_player: dict[str, Any] | None = None


class NoteFacts(Facts):
    """An umpire's note about a unit (fire transferred, damage taken, a rider mounting)."""

    text: str | None = None
    kind: str | None = None
    sep: str | None = None
    carrier: str | None = None
    to: str | None = None
    turns: int | None = None
