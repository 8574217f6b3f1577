"""The report model every renderer reads: a :class:`TurnReport` is the umpire's report or one
side's briefing, already written for its reader (text, Markdown, JSON, the SVG map and the PDF
all read this and nothing else)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, is_dataclass
from typing import Any

from umpire.reports.observe import Line

Point = tuple[float, float]
DEAD = ("eliminated", "surrendered", "off_table")


@dataclass(frozen=True)
class SideView:
    id: str
    name: str
    color: str = ""


@dataclass(frozen=True)
class FormationView:
    id: str
    name: str
    side: str
    level: str
    parent: str | None = None
    hq: str | None = None


@dataclass(frozen=True)
class UnitView:
    """A unit as the reader knows it. ``observed`` marks an enemy unit in a briefing: then only
    what the side saw is filled (``level``: full, type or fired; ``seen_turn``: the turn it was
    last seen; ``now``: seen at the end; ``status``: a loss it saw, else None)."""

    id: str
    name: str
    side: str
    type: str | None
    x: float | None
    y: float | None
    facing: float | None
    base: tuple[float, float]
    formation: str | None = None
    kind: str | None = None
    statline: str | None = None
    card: str | None = None
    quality: str | None = None
    status: str | None = None
    hits: int | None = None
    orders: str | None = None
    spotted_by: tuple[str, ...] = ()
    observed: bool = False
    level: str | None = None
    seen_turn: int | None = None
    now: bool = True
    lost_as: str | None = None  # how a destroyed unit was seen to go: knocked out, brewed up, eliminated
    nation: str | None = None
    type_name: str | None = None  # MBT: the card's vehicle name (T-64B)
    turret: float | None = None  # MBT: the turret's facing (9.2.1)
    altitude: str | None = None  # a unit that flies: its altitude state (MBT 20.2: landed, noe, low)

    @property
    def placed(self) -> bool:
        return self.x is not None and self.y is not None

    @property
    def dead(self) -> bool:
        return self.status in DEAD

    @property
    def label(self) -> str:
        return self.type or self.type_name or self.card or ""


@dataclass(frozen=True)
class EventView:
    """One event as the reader sees it: its written lines (an event with none for a side is not
    in that side's briefing)."""

    seq: int
    turn: int | None
    phase: str | None
    phase_name: str
    kind: str
    title: str
    lines: tuple[Line, ...] = ()


@dataclass(frozen=True)
class FireLine:
    """A shot on the map, between where the firer and the target stood (as the reader knew)."""

    seq: int
    turn: int | None
    a: Point
    b: Point
    own: bool = True  # the reader's own fire (the umpire: every shot)
    label: str = ""


@dataclass(frozen=True)
class Trail:
    unit: str
    side: str
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Template:
    seq: int
    at: Point
    radius: float
    label: str = ""
    size: tuple[float, float] | None = None  # a rectangle (width, depth) turned to facing, else a circle
    facing: float = 0.0


@dataclass(frozen=True)
class Loss:
    """A unit lost, as the reader knows it: its id (None for an enemy it never identified), how
    it is written, whose it was, what became of it and when."""

    unit: str | None
    text: str
    side: str
    status: str
    turn: int | None
    how: str | None = None
    own: bool = True


@dataclass(frozen=True)
class Zone:
    """Where a side sets up (MBT 2.5): a rectangle along its table edge, drawn on the map."""

    side: str
    polygon: tuple[Point, ...]
    label: str


@dataclass(frozen=True)
class TerrainView:
    id: str
    type: str
    name: str
    polygon: tuple[Point, ...] | None
    line: tuple[Point, ...] | None
    height: float = 0.0


@dataclass(frozen=True)
class TurnReport:
    """Everything a report prints. ``viewer`` is ``None`` for the umpire, else a side id."""

    name: str
    ruleset: str
    turn: int
    phase: str
    phase_name: str
    table: tuple[float, float]
    sides: tuple[SideView, ...]
    formations: tuple[FormationView, ...]
    units: tuple[UnitView, ...]
    terrain: tuple[TerrainView, ...]
    events: tuple[EventView, ...] = ()
    fire_lines: tuple[FireLine, ...] = ()
    trails: tuple[Trail, ...] = ()
    templates: tuple[Template, ...] = ()
    zones: tuple[Zone, ...] = ()  # set-up zones (the map of a scenario before its game)
    losses: tuple[Loss, ...] = ()
    rulings: tuple[tuple[str, str], ...] = ()
    victory: tuple[str, ...] = ()  # at the end of a game: the result (and, for the umpire, how)
    north: float = 0.0
    smoke: tuple[Point, ...] = ()  # MBT: smoke markers on the table now (seen by every side)
    smoke_radius: float = 0.5  # inches: half a hex
    only_turn: int | None = None
    map_turn: int | None = None  # the turn whose moves and fire the map draws
    viewer: str | None = None
    player: str | None = None  # one player of the viewing side (several a side, MBT 21.3)
    stamp: str = ""  # "as of" which action, its version and the corrections it includes (reports.editions)
    source: Any = field(default=None, repr=False, compare=False)  # what briefings are composed from

    # -- lookups ------------------------------------------------------------------------
    def side(self, side_id: str) -> SideView:
        return next(s for s in self.sides if s.id == side_id)

    def unit(self, unit_id: str) -> UnitView | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def units_of(self, side_id: str) -> list[UnitView]:
        return [u for u in self.units if u.side == side_id]

    def formations_of(self, side_id: str) -> list[FormationView]:
        return [f for f in self.formations if f.side == side_id]

    @property
    def seers(self) -> str:
        """Whose eyes a briefing's enemy units were seen with: a player's units (21.3), or the side."""
        return "your units" if self.player else "your side"

    @property
    def title(self) -> str:
        what = f"turn {self.only_turn}" if self.only_turn is not None else "the game so far"
        if self.viewer is None:
            return f"Umpire's report, {what}: {self.name}"
        who = f"{self.side(self.viewer).name}, player {self.player}" if self.player else self.side(self.viewer).name
        return f"Briefing for {who}, {what}: {self.name}"

    def phases(self) -> list[tuple[int | None, str | None, str, list[EventView]]]:
        """The events grouped by turn and phase, in order: ``(turn, phase, name, events)``."""
        out: list[tuple[int | None, str | None, str, list[EventView]]] = []
        for e in self.events:
            if out and (out[-1][0], out[-1][1]) == (e.turn, e.phase):
                out[-1][3].append(e)
            else:
                out.append((e.turn, e.phase, e.phase_name, [e]))
        return out

    def by_formation(self, side_id: str) -> list[tuple[FormationView | None, int, list[UnitView]]]:
        """``(formation, depth, units)`` in organisation order; units outside any formation
        (and every observed enemy unit) come last under ``None``."""
        forms = self.formations_of(side_id)
        known = {f.id for f in forms}
        units = self.units_of(side_id)
        members: dict[str | None, list[UnitView]] = {}  # each formation's units, in the report's order
        for u in units:
            members.setdefault(u.formation, []).append(u)
        children: dict[str | None, list[FormationView]] = {}
        for f in forms:
            children.setdefault(f.parent, []).append(f)
        out: list[tuple[FormationView | None, int, list[UnitView]]] = []

        def visit(f: FormationView, depth: int) -> None:
            out.append((f, depth, list(members.get(f.id, ()))))
            for child in children.get(f.id, ()):
                visit(child, depth + 1)

        for f in forms:
            if f.parent is None or f.parent not in known:
                visit(f, 0)
        loose = [u for u in units if u.formation not in known]
        if loose:
            out.append((None, 0, loose))
        return out

    def to_json(self) -> dict[str, Any]:
        """The report as plain data; a side's briefing without event numbers (their gaps would
        count the actions it did not see)."""
        data = {f.name: _json(getattr(self, f.name)) for f in fields(self) if f.name != "source"}
        data["title"] = self.title
        if self.viewer is not None:
            for key in ("events", "fire_lines", "templates"):
                for x in data[key]:
                    x.pop("seq", None)
        return data


def _json(v: Any) -> Any:
    if is_dataclass(v) and not isinstance(v, type):
        return asdict(v)
    if isinstance(v, list | tuple):
        return [_json(x) for x in v]
    return v
