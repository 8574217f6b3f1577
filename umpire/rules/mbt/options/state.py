"""The options' part of a tracked MBT game's state, typed: plots, batteries, minefields, aircraft,
helicopters on the table, messages, jamming, bridges, fires (options 17-22).

Held by the MBT game's own state (:class:`umpire.rules.mbt.state.MbtGame`, its ``options_state``),
made from the scenario's blocks on the game's first use of them and read and written through
:mod:`umpire.turns.mbt.options.state`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from umpire.schema.checked import Checked


class _Model(Checked):
    model_config = ConfigDict(extra="forbid")


class Plot(_Model):
    """One artillery plot as written and checked (19.2)."""

    side: str
    battery: str
    fire_type: Literal["planned", "designated", "called", "continuous"]
    target: tuple[float, float]
    sheaf: Literal["tight", "line", "loose"] = "tight"
    direction: int | None = None
    mission: str = "HE"
    observer: str | None = None
    target_unit: str | None = None  # a CLGP mission's vehicle (19.2.4.7)
    plotted: int  # the Turn it was plotted
    impact: int  # the Turn it is due (19.2)
    status: Literal["due", "fired", "delayed", "cancelled"] = "due"


class Battery(_Model):
    id: str
    side: str
    nation: str
    size: str
    attachment: str
    organization: list[str] = Field(default_factory=list)
    missions: dict[str, int] = Field(default_factory=dict)  # left, by mission; empty: unlimited
    disrupted_until: int = 0  # no fire or plots through this Turn (19.4.2.1)
    knocked_out: bool = False
    last_impact: tuple[float, float] | None = None  # for continuous fire (19.2.1.4)
    last_turn: int | None = None


class Minefield(_Model):
    side: str
    at: tuple[float, float]
    kind: str
    type: str | None = None
    known_to: list[str] = Field(default_factory=list)  # sides told of it (17.5.2)


class CounterBattery(_Model):
    side: str
    nation: str
    equipment: str
    used_turn: int = 0  # the Turn it last tried (one enemy battery a Turn, 19.4.1)
    knocked_out: bool = False


class Aircraft(_Model):
    id: str
    side: str
    type: str
    loads: dict[str, int] = Field(default_factory=dict)  # left, by load
    destroyed: bool = False


class Strike(_Model):
    """One air strike ordered for this Turn's Air Phase (20.1)."""

    side: str
    aircraft: str
    weapon: str
    target: tuple[float, float]
    speed: str = "low"
    altitude: str = "low"
    evasive: bool = False
    facing: float = 90.0
    pgm: bool = False  # dropped as a PGM (20.1.3.4.3)
    range: int | None = None  # a PGM's: the hexes it is dropped from
    turns: list[int] = Field(default_factory=list)  # the hexes of its run before each turn (20.1.2.5)
    turn: int
    status: Literal["due", "flown"] = "due"
    air_phase: Literal[1, 2] = 1  # the Air Phase of the Turn it flies in (20.1.2.2)


class Message(_Model):
    """One radio message between players of a side (21.3.3.2), kept by the umpire (24.4.2)."""

    side: str
    sender: str
    to: str
    text: str
    written: int  # the Turn it was written
    due: int  # the Turn it is next due (21.3.3.2.1; a delay moves it on, 21.3.3.2.4)
    status: Literal["due", "received", "lost"] = "due"
    intercepted: bool = False
    conference: bool = False  # said in private talks, the personal commanders in one hex (21.3.3.1)


class Helicopter(_Model):
    """A helicopter unit on the table (20.2) as the umpire knows it."""

    id: str
    side: str
    card: str
    name: str
    x: float
    y: float
    facing: float
    altitude: Literal["landed", "noe", "low"] = "noe"
    rockets: int = 0
    armament: str | None = None  # as the TO&E names it (20.2.1; None: its integral weapons alone)
    missiles: dict[str, int] = Field(default_factory=dict)  # missiles left, by weapon (20.2.1, 20.2.3.3)
    hovering: bool = True  # spent no factors this Air Phase (20.2.2.1.1)
    flown: int = 0  # hexes flown this Air Phase: what the enemy's AA needs to acquire it (20.3.3.2)
    popup: bool = False  # made a pop-up attack this Air Phase (20.2.2.1.2)
    suppressed: str | None = None  # "on" / "off" as a ground unit's (20.3.4.2)
    destroyed: bool = False


class MissileOrder(_Model):
    """A missile a helicopter is ordered to fire (20.2.3.3.2-3)."""

    target: str
    weapon: str | None = None  # default: the first it has left
    designator: str | None = None  # a laser homing missile's painter (default: its own)


class Flight(_Model):
    """One helicopter's orders for this Turn's Air Phase (20.2.2, 20.2.3)."""

    side: str
    helicopter: str
    turn: int
    altitude: Literal["landed", "noe", "low"]
    path: list[tuple[float, float]] = Field(default_factory=list)
    facing: float | None = None
    reverse: bool = False
    popup: bool = False
    rocket: str | None = None  # the enemy unit it fires a rocket at (20.2.3.3.1)
    guns: str | None = None  # the enemy unit its guns fire at (20.2.3.2)
    missiles: list[MissileOrder] = Field(default_factory=list)  # its missiles (20.2.3.3.2-3)
    air_phase: Literal[1, 2] = 1  # helicopters move in both Air Phases of a Turn (20.2.2)


class OptionsState(_Model):
    plots: list[Plot] = Field(default_factory=list)
    batteries: dict[str, Battery] = Field(default_factory=dict)
    minefields: list[Minefield] = Field(default_factory=list)
    counter_battery: list[CounterBattery] = Field(default_factory=list)
    aircraft: dict[str, Aircraft] = Field(default_factory=dict)
    strikes: list[Strike] = Field(default_factory=list)
    helicopters: dict[str, Helicopter] = Field(default_factory=dict)
    flights: list[Flight] = Field(default_factory=list)
    illuminated: list[tuple[float, float, float, int]] = Field(default_factory=list)  # x, y, radius", Turn (19.2.4.6)
    markers: dict[str, str] = Field(default_factory=dict)  # command markers at the start of markers_turn (21.1.2)
    markers_turn: int = 0
    markers_next: dict[str, str] = Field(default_factory=dict)  # as this Turn's orders leave them
    messages: list[Message] = Field(default_factory=list)  # radio messages (21.3.3.2)
    jamming_left: dict[str, int] = Field(default_factory=dict)  # jamming points a side has left (21.2.1)
    jamming_next: dict[str, int] = Field(default_factory=dict)  # announced for the next Mark Orders Step
    disrupted: dict[str, int] = Field(default_factory=dict)  # side -> the Turn its communications are disrupted
    landlines: dict[str, tuple[float, float]] | None = None  # units on landlines, where they started (21.2.3)
    bridges: dict[str, tuple[float, float]] = Field(default_factory=dict)  # AVLB -> its laid bridge (22.2)
    fires: list[tuple[float, float, int]] = Field(default_factory=list)  # burning markers: x, y, Turn placed (18.3)
    fire_gp: list[tuple[float, float, int]] = Field(default_factory=list)  # GP at building hexes this Turn (18.3.2)
    commanders: dict[str, str | None] = Field(default_factory=dict)  # player -> his personal commander now (21.3.2)
    commander_lost: dict[str, int] = Field(default_factory=dict)  # player -> the Turn his commander was lost
    ammunition: dict[str, dict[str, int]] = Field(default_factory=dict)  # unit -> weapon -> rounds (17.3.2.1.4.2)
    fuel: dict[str, int] = Field(default_factory=dict)  # unit -> fuel factors left (17.3.3)
