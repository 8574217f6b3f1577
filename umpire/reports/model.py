"""The turn report: a pure model of what happened, built from the game state and its events.

:func:`build_report` turns a :class:`~umpire.core.state.GameState` and the events in force into
a :class:`TurnReport`: the game header, every unit by side and formation, the events with their
summaries and resolutions (modifiers, dice, outcome), losses and status changes, fire lines and
indirect-fire templates. :func:`briefing` filters that report down to what one side knows. The
terminal, Markdown, JSON, SVG and PDF renderers all read this model and nothing else, so the fog
of war is applied in one place.

The fog of war, as :func:`briefing` applies it:

- own units are shown in full;
- an enemy unit is shown only while the side is in its ``spotted_by``, and then only what is
  observed: position, facing, footprint, name and type (never hits, status, orders, quality,
  stat line or formation);
- an event is kept only when it involves an own unit; in a kept event the enemy's dice are
  removed, and so are modifiers that describe the enemy (a modifier may say whose situation it
  describes with a ``unit`` or ``side`` key; untagged modifiers of an enemy's action are
  withheld, since they may reveal its quality, orders or hits);
- an enemy unit that is not spotted is never named: its id and name are replaced by
  ``an unseen enemy unit`` wherever they appear in a kept text;
- an MBT enemy unit is shown at the identification level of 24.2.2 the side has of it
  (``notes["ident"][side]``): ``full`` as above; ``type`` as a contact with only its nationality
  and kind ("a Soviet vehicle") under a briefing-only id (``contact-1``...), never its id, name or
  card; ``fired`` as a marker where "something just fired from there", without kind or facing;
- a resolution naming a side (``side``) is kept only in that side's briefing, and one naming
  units (``firer``, ``target``, ``unit``) only where one of them is the side's own.

Nothing here imports rich or reportlab.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any

from umpire.core.state import GameState, UnitState

if TYPE_CHECKING:
    from umpire.engine.game import Game
    from umpire.store.events import StoredEvent

UNSEEN = "an unseen enemy unit"
# Payload keys whose values name the units an event is about (first one = who acted).
ACTOR_KEYS = ("firer", "unit", "spotter", "attacker", "hq")
OTHER_KEYS = ("target", "targets", "units", "defender", "spotted")
DEAD = ("eliminated", "surrendered")


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
    """A unit as the reader of the report may know it.

    ``observed`` is True for an enemy unit in a briefing: then only id, name, type, side,
    position, facing and base are filled, and the rest is ``None``.
    """

    id: str
    name: str
    side: str
    type: str | None
    x: float | None
    y: float | None
    facing: float
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
    ident: tuple[tuple[str, str], ...] = ()  # MBT 24.2.2: (side, full | type | fired)
    nation: str | None = None  # MBT: the nationality a "type" identification tells
    size: str | None = None  # MBT: vehicle, large or small
    type_name: str | None = None  # MBT: the card's vehicle name (T-64B)
    turret: float | None = None  # MBT: the turret's facing, degrees like ``facing`` (9.2.1)

    @property
    def placed(self) -> bool:
        return self.x is not None and self.y is not None

    @property
    def label(self) -> str:
        return self.type or self.type_name or self.card or ""


@dataclass(frozen=True)
class ModifierView:
    name: str
    value: int
    rule: str = ""
    kind: str = "drm"
    detail: str = ""
    unit: str | None = None
    side: str | None = None

    def signed(self) -> str:
        if self.kind == "shift":
            return f"{abs(self.value)}{'R' if self.value >= 0 else 'L'}"
        return f"{self.value:+d}"


@dataclass(frozen=True)
class RollView:
    why: str
    sides: int
    values: tuple[int, ...]
    side: str | None = None  # whose die (None: the umpire's or unknown)

    def text(self) -> str:
        return f"d{self.sides} {', '.join(map(str, self.values))} ({self.why})"


@dataclass(frozen=True)
class ResolutionView:
    procedure: str
    summary: str
    outcome: dict[str, Any]
    modifiers: tuple[ModifierView, ...] = ()
    rolls: tuple[RollView, ...] = ()
    modified_roll: int | None = None
    cell: str | None = None
    actor: str | None = None
    withheld: int = 0  # modifiers or dice left out of a briefing
    units: tuple[str, ...] = ()  # the units it is about (firer, target, unit)
    side: str | None = None  # a side it is for alone (a side's sighting), or "umpire"
    estimated: tuple[str, ...] = ()  # estimated data values it used
    # MBT 24.2.2: what a side saw at that moment, ``{"by", "unit", "level", "at"}`` each; in a
    # briefing only the reader's, with ``unit`` None below full identity and a ``what``
    sighted: tuple[dict[str, Any], ...] = ()

    def outcome_text(self) -> str:
        return ", ".join(f"{k}: {_plain(v)}" for k, v in self.outcome.items())


@dataclass(frozen=True)
class EventView:
    seq: int
    kind: str
    turn: int | None
    phase: str | None
    summary: str
    actor: str | None = None
    units: tuple[str, ...] = ()
    rolls: tuple[RollView, ...] = ()
    resolutions: tuple[ResolutionView, ...] = ()


@dataclass(frozen=True)
class FireLine:
    seq: int
    firer: str
    target: str


@dataclass(frozen=True)
class Template:
    seq: int
    at: tuple[float, float]
    radius: float
    label: str = ""
    size: tuple[float, float] | None = None  # a rectangle (width, depth) turned to facing, else a circle
    facing: float = 0.0


@dataclass(frozen=True)
class StatusChange:
    unit: str
    name: str
    side: str
    before: str
    after: str
    hits_before: int
    hits_after: int

    @property
    def lost(self) -> bool:
        return self.after in DEAD and self.before not in DEAD


@dataclass(frozen=True)
class TerrainView:
    id: str
    type: str
    name: str
    polygon: tuple[tuple[float, float], ...] | None
    line: tuple[tuple[float, float], ...] | None
    height: float = 0.0


@dataclass(frozen=True)
class TurnReport:
    """Everything a report prints. ``viewer`` is ``None`` for the umpire, else a side id."""

    name: str
    ruleset: str
    turn: int
    phase: str
    table: tuple[float, float]
    sides: tuple[SideView, ...]
    formations: tuple[FormationView, ...]
    units: tuple[UnitView, ...]
    terrain: tuple[TerrainView, ...]
    events: tuple[EventView, ...] = ()
    fire_lines: tuple[FireLine, ...] = ()
    templates: tuple[Template, ...] = ()
    changes: tuple[StatusChange, ...] = ()
    rulings: tuple[tuple[str, str], ...] = ()
    victory: tuple[str, ...] = ()  # at the end of a game: the result and how it was reached
    north: float = 0.0
    only_turn: int | None = None
    viewer: str | None = None

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
    def losses(self) -> list[StatusChange]:
        return [c for c in self.changes if c.lost]

    @property
    def title(self) -> str:
        if self.viewer is None:
            return f"Umpire's report: {self.name}"
        return f"Briefing for {self.side(self.viewer).name}: {self.name}"

    def by_formation(self, side_id: str) -> list[tuple[FormationView | None, int, list[UnitView]]]:
        """``(formation, depth, units)`` in organisation order; units outside any formation
        (and every observed enemy unit) come last under ``None``."""
        forms = self.formations_of(side_id)
        known = {f.id for f in forms}
        units = self.units_of(side_id)
        out: list[tuple[FormationView | None, int, list[UnitView]]] = []

        def visit(f: FormationView, depth: int) -> None:
            out.append((f, depth, [u for u in units if u.formation == f.id]))
            for child in forms:
                if child.parent == f.id:
                    visit(child, depth + 1)

        for f in forms:
            if f.parent is None or f.parent not in known:
                visit(f, 0)
        loose = [u for u in units if u.formation not in known]
        if loose:
            out.append((None, 0, loose))
        return out

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["title"] = self.title
        data["losses"] = [asdict(c) for c in self.losses]
        return data


# -- building ---------------------------------------------------------------------------------
def _plain(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.2f}".rstrip("0").rstrip(".")
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_plain(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list | tuple):
        return ", ".join(_plain(x) for x in v)
    return str(v)


def _ids(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [v for v in value if isinstance(v, str)]
    if isinstance(value, dict):  # e.g. an orders payload: unit id -> its orders
        return [k for k in value if isinstance(k, str)]
    return []


def _involved(
    payload: dict[str, Any], units: dict[str, Any], results: Sequence[Any] = ()
) -> tuple[str | None, tuple[str, ...]]:
    """Who acted and every unit an event is about: from its payload, then from its resolutions
    (a phase resolved at once carries no units in its payload, only in what it resolved)."""
    actor = None
    found: list[str] = []
    for source in [payload, *(r for r in results if isinstance(r, dict))]:
        for key in ACTOR_KEYS + OTHER_KEYS:
            for uid in _ids(source.get(key)):
                if uid in units and uid not in found:
                    found.append(uid)
                    if actor is None and key in ACTOR_KEYS and source is payload:
                        actor = uid
    return actor, tuple(found)


def _resolution_units(data: dict[str, Any], units: dict[str, Any]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(u for k in ACTOR_KEYS + OTHER_KEYS for u in _ids(data.get(k)) if u in units))


def _modifier(data: dict[str, Any]) -> ModifierView:
    return ModifierView(
        name=str(data.get("name", "")), value=int(data.get("value", 0)), rule=str(data.get("rule", "")),
        kind=str(data.get("kind", "drm")), detail=str(data.get("detail", "") or ""),
        unit=data.get("unit"), side=data.get("side"),
    )


def _roll(data: Any, side: str | None = None) -> RollView:
    if isinstance(data, dict):
        return RollView(str(data.get("why", "")), int(data.get("sides", 0)),
                        tuple(int(v) for v in data.get("values", ())), data.get("side", side))
    return RollView(data.why, data.sides, tuple(data.values), side)


def _resolution(data: dict[str, Any], actor: str | None, units: dict[str, UnitState]) -> ResolutionView:
    who = next((u for k in ("firer", "unit", "spotter", "attacker") for u in _ids(data.get(k)) if u in units), actor)
    side = units[who].side if who in units else None
    cell = data.get("cell")
    cell_text = None
    if isinstance(cell, dict) and cell.get("table"):
        cell_text = (f"{cell['table']}: row {cell.get('row')}, column {cell.get('column')}"
                     f" -> {_plain(cell.get('value'))}")
    mods = [*(data.get("modifiers") or []), *(data.get("shifts") or [])]
    prov = data.get("provenance") if isinstance(data.get("provenance"), dict) else {}
    return ResolutionView(
        procedure=str(data.get("procedure", "")), summary=str(data.get("summary", "")),
        outcome=dict(data.get("outcome") or {}),
        modifiers=tuple(_modifier(m) for m in mods if isinstance(m, dict)),
        rolls=tuple(_roll(r, side) for r in data.get("rolls") or []),
        modified_roll=data.get("modified_roll"), cell=cell_text, actor=who,
        units=_resolution_units(data, units),
        side=data.get("side") if isinstance(data.get("side"), str) else None,
        estimated=tuple(str(x) for x in prov.get("estimated") or ()),
        sighted=tuple(dict(x) for x in data.get("sighted") or () if isinstance(x, dict)),
    )


NATIONS = {"USA": "American", "FRG": "West German", "USSR": "Soviet", "UK": "British", "GDR": "East German"}


def _card_identity(ruleset: str, card: str | None) -> tuple[str | None, str | None]:
    """(nationality, vehicle name) of an MBT data card, for what a sighting may tell."""
    if ruleset != "mbt" or not card:
        return None, None
    from umpire.rules.mbt.data import card as load_card

    c = load_card(card)
    return NATIONS.get(c.nation, c.nation), c.name


def _unit_view(u: UnitState, ruleset: str = "") -> UnitView:
    ident = u.notes.get("ident") if isinstance(u.notes.get("ident"), dict) else {}
    nation, type_name = _card_identity(ruleset, u.card)
    return UnitView(
        id=u.id, name=u.name, side=u.side, type=u.type, x=u.x, y=u.y, facing=u.facing,
        base=tuple(u.base), formation=u.formation, kind=u.kind, statline=u.statline, card=u.card,  # type: ignore[arg-type]
        quality=u.quality, status=u.status, hits=u.hits, orders=u.orders,
        spotted_by=tuple(sorted(u.spotted_by)), ident=tuple(sorted((str(k), str(v)) for k, v in ident.items())),
        nation=nation, size="vehicle" if nation else None, type_name=type_name,
        turret=float(u.notes.get("turret_facing", u.facing)) if ruleset == "mbt" and u.card else None,
    )


def build_report(
    state: GameState,
    events: Sequence[StoredEvent] = (),
    *,
    before: GameState | None = None,
    turn: int | None = None,
) -> TurnReport:
    """The umpire's report of ``state`` and the ``events`` in force (undone ones already dropped,
    see :func:`umpire.store.events.effective`). With ``turn``, only that turn's events are
    reported. ``before`` is the state the events started from: status changes and losses are the
    differences between it and ``state`` (without it, every unit not ``ok`` or with hits counts).
    """
    units = state.units
    chosen = [e for e in events if turn is None or e.turn == turn]
    ev_views: list[EventView] = []
    fire: list[FireLine] = []
    templates: list[Template] = []
    for e in chosen:
        p = e.payload if isinstance(e.payload, dict) else {}
        stored = list(getattr(e, "results", ()) or []) or list(p.get("resolutions") or [])
        actor, involved = _involved(p, units, stored)
        actor_side = units[actor].side if actor in units else None
        by_payload = _involved(p, units)[1]
        res = tuple(
            replace(v, units=tuple(dict.fromkeys((*v.units, *by_payload))))
            for v in (_resolution(r, actor, units) for r in stored if isinstance(r, dict))
        )
        ev_views.append(EventView(
            seq=e.seq, kind=e.kind, turn=e.turn, phase=e.phase, summary=e.summary, actor=actor,
            units=involved, rolls=tuple(_roll(r, actor_side) for r in e.rolls), resolutions=res,
        ))
        shots = [(p.get("firer"), _ids(p.get("target")) + _ids(p.get("targets")))]
        shots += [
            (r.get("firer"), _ids(r.get("target"))) for r in stored
            if isinstance(r, dict) and (r.get("outcome") or {}).get("fired", True) is not False
        ]
        for firer, targets in shots:
            for target in targets:
                line = FireLine(e.seq, firer, target) if isinstance(firer, str) else None
                if line is not None and firer in units and target in units and line not in fire:
                    fire.append(line)
        for tpl in [p.get("template"), *(r.get("template") for r in stored if isinstance(r, dict))]:
            if isinstance(tpl, dict) and tpl.get("at") is not None:
                size = tpl.get("size")
                for at in (tpl["at"], tpl.get("second")):
                    if at is None:
                        continue
                    t = Template(e.seq, (float(at[0]), float(at[1])), float(tpl.get("radius", 1.0)),
                                 str(tpl.get("label", "") or ""),
                                 (float(size[0]), float(size[1])) if size else None, float(tpl.get("facing", 0.0)))
                    if t not in templates:
                        templates.append(t)
    changes: list[StatusChange] = []
    for u in units.values():
        was = before.units.get(u.id) if before is not None else None
        b_status, b_hits = (was.status, was.hits) if was is not None else ("ok", 0)
        if (b_status, b_hits) != (u.status, u.hits):
            changes.append(StatusChange(u.id, u.name, u.side, b_status, u.status, b_hits, u.hits))
    north = state.extra.get("north", 0.0)
    result = (state.extra.get("mbt") or {}).get("result") if isinstance(state.extra.get("mbt"), dict) else None
    victory = (str(result.get("reason", "")), *map(str, result.get("lines") or ())) if isinstance(result, dict) else ()
    return TurnReport(
        name=state.name, ruleset=state.ruleset, turn=state.turn, phase=state.phase,
        table=(state.table.width, state.table.depth),
        sides=tuple(SideView(s.id, s.name, s.color) for s in state.sides),
        formations=tuple(FormationView(f.id, f.name, f.side, f.level, f.parent, f.hq) for f in state.formations),
        units=tuple(_unit_view(u, state.ruleset) for u in units.values()),
        terrain=tuple(
            TerrainView(t.id, t.type, t.name, tuple(map(tuple, t.polygon)) if t.polygon else None,  # type: ignore[arg-type]
                        tuple(map(tuple, t.line)) if t.line else None, t.height)
            for t in state.terrain
        ),
        events=tuple(ev_views), fire_lines=tuple(fire), templates=tuple(templates),
        changes=tuple(changes), rulings=tuple(sorted(state.rulings.items())), victory=victory,
        north=float(north) if isinstance(north, int | float) else 0.0, only_turn=turn,
    )


def _replay_until(game: Game, live: Sequence[StoredEvent], last_turn: int) -> GameState:
    """The state after every event of turns up to ``last_turn``, dice played back as recorded."""
    upto = []
    for e in live:
        if (e.turn or 0) > last_turn:
            break
        upto.append(e)
    return game.fold(game.initial_state(), upto)


def report_for_game(game: Game, *, turn: int | None = None) -> TurnReport:
    """The umpire's report of a stored game: all of it, or one turn (``turn``)."""
    from umpire.store.events import effective

    live = effective(game.events())
    if turn is None:
        return build_report(game.state, live, before=game.initial_state())
    start = _replay_until(game, live, turn - 1)
    last = max((e.turn or 0 for e in live), default=0)
    end = game.state if turn >= last else _replay_until(game, live, turn)
    return build_report(end, live, before=start, turn=turn)


# -- the fog of war ---------------------------------------------------------------------------
class _Redactor:
    """Replaces the ids and names of units the viewer may not know about."""

    def __init__(self, hidden: Iterable[UnitView], replace: dict[str, str] | None = None) -> None:
        self.words = {w: UNSEEN for u in hidden for w in (u.id, u.name) if w}
        self.words.update(replace or {})
        words = sorted(self.words, key=len, reverse=True)
        self.pattern = (
            re.compile("|".join(rf"(?<![\w-]){re.escape(w)}(?![\w-])" for w in words)) if words else None
        )

    def __call__(self, text: str) -> str:
        return self.pattern.sub(lambda m: self.words[m.group(0)], text) if self.pattern and text else text

    def value(self, v: Any) -> Any:
        if isinstance(v, str):
            return self(v)
        if isinstance(v, dict):
            return {self(str(k)): self.value(x) for k, x in v.items()}
        if isinstance(v, list | tuple):
            return [self.value(x) for x in v]
        return v


def _observed(u: UnitView) -> UnitView:
    return UnitView(id=u.id, name=u.name, side=u.side, type=u.type, x=u.x, y=u.y, facing=u.facing,
                    base=u.base, observed=True, nation=u.nation, size=u.size, type_name=u.type_name,
                    turret=u.turret)


def _level(u: UnitView, side: str) -> str:
    """How well ``side`` knows the spotted enemy unit ``u``: ``full`` unless MBT says less."""
    return dict(u.ident).get(side, "full")


def _contacts(report: TurnReport, side: str, seen: set[str]) -> tuple[dict[str, str], dict[str, UnitView]]:
    """Briefing-only ids and views of the enemy units ``side`` has not identified (24.2.2)."""
    partial = sorted((u for u in report.units if u.id in seen and _level(u, side) != "full"),
                     key=lambda u: (u.x or 0.0, u.y or 0.0, u.id))
    alias: dict[str, str] = {}
    views: dict[str, UnitView] = {}
    for k, u in enumerate(partial, 1):
        cid = f"contact-{k}"
        alias[u.id] = cid
        if _level(u, side) == "type":
            nation = u.nation or "enemy"
            what = f"{'an' if nation[:1].lower() in 'aeiou' else 'a'} {nation} {u.size or 'unit'}"
            views[u.id] = UnitView(id=cid, name=what, side=u.side, type=u.size, x=u.x, y=u.y, facing=u.facing,
                                   base=u.base, observed=True, turret=u.turret)
        else:
            views[u.id] = UnitView(id=cid, name="something just fired from there", side=u.side, type=None,
                                   x=u.x, y=u.y, facing=0.0, base=(0.3, 0.3), observed=True)
    return alias, views


RANK = {"fired": 1, "type": 2, "full": 3}
SIGHT_WORDS = {"full": "full identity", "type": "type and nationality", "fired": "spotted firing"}


def _where(at: Any) -> str:
    if isinstance(at, list | tuple) and len(at) == 2:
        return f"({_plain(round(float(at[0]), 1))}, {_plain(round(float(at[1]), 1))})"
    return "there"


def _described(u: UnitView, level: str, at: Any) -> str:
    """An enemy unit as a side knows it below full identity (24.2.2), with no id or name."""
    if level == "type":
        nation = u.nation or "enemy"
        return f"{'an' if nation[:1].lower() in 'aeiou' else 'a'} {nation} {u.size or 'unit'} at {_where(at)}"
    return f"something that just fired from {_where(at)}"


class _Knowledge:
    """What one side knew of each enemy unit as the events went by (MBT, 24.2.2): at an event,
    what it saw when the event began (the last sighting before it), what it saw in a shot
    during it, and what it saw when it ended (the event's own sighting)."""

    def __init__(self, report: TurnReport, side: str) -> None:
        self.side = side
        self.views = {u.id: u for u in report.units}
        self.prev: dict[str, tuple[str, Any]] = {}

    def _entries(self, r: ResolutionView) -> dict[str, tuple[str, Any]]:
        out: dict[str, tuple[str, Any]] = {}
        for x in r.sighted:
            uid, lvl = x.get("unit"), x.get("level")
            v = self.views.get(uid) if isinstance(uid, str) else None
            if x.get("by") != self.side or v is None or v.side == self.side or lvl not in RANK:
                continue
            if uid not in out or RANK[lvl] > RANK[out[uid][0]]:
                out[uid] = (lvl, x.get("at"))
        return out

    def at(self, e: EventView) -> dict[str, tuple[str, Any]]:
        """The side's knowledge during ``e``; moves on to the knowledge after it."""
        know = dict(self.prev)
        after: dict[str, tuple[str, Any]] | None = None
        for r in e.resolutions:
            got = self._entries(r)
            if r.procedure == "sighting" and r.side == self.side:
                after = got
            for uid, (lvl, where) in got.items():
                if uid not in know or RANK[lvl] >= RANK[know[uid][0]]:
                    know[uid] = (lvl, where)
        if after is not None:
            self.prev = after
        return know

    def redactor(self, know: dict[str, tuple[str, Any]], own: set[str]) -> _Redactor:
        words: dict[str, str] = {}
        for u in self.views.values():
            if u.id in own:
                continue
            lvl, where = know.get(u.id, (None, None))
            if lvl == "full":
                continue
            what = UNSEEN if lvl is None else _described(u, lvl, where)
            words.update({w: what for w in (u.id, u.name) if w})
        named = {u.type_name for u in self.views.values()
                 if u.type_name and (u.id in own or know.get(u.id, ("",))[0] == "full")}
        for u in self.views.values():
            if u.id not in own and u.type_name and u.type_name not in named:
                words.update({w: "an enemy vehicle" for w in (u.type_name, u.card) if w})
        return _Redactor((), words)

    def sighting(self, r: ResolutionView, know: dict[str, tuple[str, Any]]) -> tuple[str, tuple[dict[str, Any], ...]]:
        """A side's own sighting resolution told from its data: full identity by id, below that
        by description and position, never a unit it did not see."""
        mine = self._entries(r)
        shown = []
        parts = []
        for uid, (lvl, where) in mine.items():
            v = self.views[uid]
            what = uid if lvl == "full" else _described(v, lvl, where)
            parts.append(f"{what} ({SIGHT_WORDS[lvl]})")
            shown.append({"by": self.side, "unit": uid if lvl == "full" else None, "level": lvl,
                          "at": where, "what": what})
        del know
        text = f"{self.side} sees: {', '.join(parts) if parts else 'no enemy unit'} (6.1, 24.2.2)"
        return text, tuple(shown)


def briefing(report: TurnReport, side: str) -> TurnReport:
    """``report`` as ``side`` may see it (see the module docstring for what is kept).

    :raises KeyError: if ``side`` is not a side of the report (the CLI checks first).
    """
    report.side(side)
    own = {u.id for u in report.units if u.side == side}
    seen = {u.id for u in report.units if u.side != side and side in u.spotted_by}
    hidden = [u for u in report.units if u.side != side and u.id not in seen]
    hidden_ids = {u.id for u in hidden}
    alias, contact_views = _contacts(report, side, seen)
    named = {u.type_name for u in report.units if u.type_name and (u.id in own or (u.id in seen and u.id not in alias))}
    words: dict[str, str] = {}
    for u in report.units:
        if u.id in alias:
            desc = f"{alias[u.id]} ({contact_views[u.id].name})"
            words.update({w: desc for w in (u.id, u.name) if w})
    for u in report.units:
        if u.id not in own and u.type_name and u.type_name not in named:
            words.update({w: "an enemy vehicle" for w in (u.type_name, u.card) if w})
    red = _Redactor(hidden, words)
    side_of = {u.id: u.side for u in report.units}

    def seen_as(uid: str | None) -> str | None:
        return None if uid is None or uid in hidden_ids else alias.get(uid, uid)

    def mine(who: str | None, whose_side: str | None) -> bool:
        if who is not None and who in side_of:
            return side_of[who] == side
        return whose_side is None or whose_side == side

    units = tuple(
        replace(u, spotted_by=(), ident=()) if u.id in own else contact_views.get(u.id) or _observed(u)
        for u in report.units if u.id in own or u.id in seen
    )
    events: list[EventView] = []
    knowledge = _Knowledge(report, side) if report.ruleset == "mbt" else None
    base_red, base_seen_as = red, seen_as
    for e in report.events:
        know: dict[str, tuple[str, Any]] = {}
        if knowledge is not None:
            # MBT: every event told as the side knew things then (24.2.2), not as they are now
            know = knowledge.at(e)
            red = knowledge.redactor(know, own)

            def seen_as(uid: str | None, know: dict[str, tuple[str, Any]] = know) -> str | None:
                if uid is None or uid in own:
                    return uid
                return uid if know.get(uid, ("",))[0] == "full" else None
        else:
            red, seen_as = base_red, base_seen_as
        if not own.intersection(e.units) and not any(r.side == side for r in e.resolutions):
            continue
        own_action = e.actor is None or e.actor in own
        rolls = tuple(r for r in e.rolls if mine(None, r.side) and (own_action or r.side == side))
        resolutions = []
        for r in e.resolutions:
            if r.side is not None and r.side != side:
                continue  # a side's own sighting, or the umpire's alone
            if r.units and not own.intersection(r.units):
                continue  # e.g. an enemy battalion's morale check inside a phase: not this side's business
            ours = r.actor in own if r.actor is not None else own_action
            if not ours and r.outcome.get("fired") is False:
                continue  # a shot the enemy meant but never fired: nothing this side could see
            mods = tuple(
                replace(m, name=red(m.name), detail=red(m.detail), rule=red(m.rule))
                for m in r.modifiers
                if (m.unit is not None or m.side is not None) and mine(m.unit, m.side)
                or (m.unit is None and m.side is None and ours)
            )
            rrolls = tuple(replace(x, why=red(x.why)) for x in r.rolls if (x.side == side) or (x.side is None and ours))
            withheld = len(r.modifiers) - len(mods) + len(r.rolls) - len(rrolls)
            summary_r = red(r.summary)
            sighted: tuple[dict[str, Any], ...] = ()
            if knowledge is not None and r.sighted:
                text, sighted = knowledge.sighting(r, know)
                if r.procedure == "sighting":
                    summary_r = text
            resolutions.append(ResolutionView(
                procedure=r.procedure, summary=summary_r, outcome=red.value(r.outcome), modifiers=mods,
                rolls=rrolls, modified_roll=r.modified_roll if ours else None,
                cell=red(r.cell) if ours and r.cell else None,
                actor=seen_as(r.actor), withheld=withheld,
                units=tuple(x for x in map(seen_as, r.units) if x is not None), side=r.side,
                estimated=tuple(red(x) for x in r.estimated) if ours else (), sighted=sighted,
            ))
        summary = e.summary
        if e.actor is None and e.resolutions is not None and not e.kind.endswith(("orders", "order")):
            summary = _own_clauses(e.summary, report, side)
            # a phase's dice belong to its resolutions: keep only those of the kept ones
            kept_rolls = [(x.why, x.sides, x.values) for r in resolutions for x in r.rolls]
            rolls = tuple(r for r in e.rolls if (r.why, r.sides, r.values) in kept_rolls
                          and not kept_rolls.remove((r.why, r.sides, r.values)))
        events.append(EventView(
            seq=e.seq, kind=e.kind, turn=e.turn, phase=e.phase, summary=red(summary),
            actor=seen_as(e.actor),
            units=tuple(x for x in map(seen_as, e.units) if x is not None),
            rolls=tuple(replace(r, why=red(r.why)) for r in rolls), resolutions=tuple(resolutions),
        ))
    red, seen_as = base_red, base_seen_as
    kept = {e.seq for e in events}
    visible = own | seen
    return replace(
        report,
        formations=tuple(f for f in report.formations if f.side == side),
        units=units,
        events=tuple(events),
        fire_lines=tuple(replace(f, firer=seen_as(f.firer), target=seen_as(f.target)) for f in report.fire_lines
                         if f.seq in kept and {f.firer, f.target} <= visible),
        templates=tuple(replace(t, label=red(t.label)) for t in report.templates if t.seq in kept),
        changes=tuple(c for c in report.changes if c.unit in own),
        viewer=side,
    )


_RUN = re.compile(r"[\w-]+")


def _own_clauses(summary: str, report: TurnReport, side: str) -> str:
    """A phase resolved at once sums up every stand's part in ``"; "``-separated clauses; a side
    reads only the clauses about its own stands (or its own side), never what an enemy stand did
    unless it was done to one of its own ("X -> own: hits")."""
    head, sep, rest = summary.partition(": ")
    if not sep:
        return summary
    words: dict[str, set[str]] = {}
    for u in report.units:
        words.setdefault(u.side, set()).update(w for w in (u.id, u.name) if w)
    for f in report.formations:
        words.setdefault(f.side, set()).update(w for w in (f.id, f.name) if w)

    own = words.get(side, set())
    enemy = {w for s, ws in words.items() if s != side for w in ws}
    # a word made only of word characters and hyphens is found as a whole run of them (a set
    # look-up); only the others need the pattern
    simple = {w for w in own if _RUN.fullmatch(w)}
    rest_words = sorted(own - simple, key=len, reverse=True)
    mine = re.compile("|".join(rf"(?<![\w-]){re.escape(w)}(?![\w-])" for w in rest_words) or r"(?!x)x")

    def names_own(clause: str) -> bool:
        return not simple.isdisjoint(_RUN.findall(clause)) or mine.search(clause) is not None

    me = report.side(side).name
    keep = []
    for clause in rest.split("; "):
        lead = clause.split(" ", 1)[0].rstrip(":")
        if clause.startswith(me) or (names_own(clause) and (lead not in enemy or "->" in clause)):
            keep.append(clause)
    return head + (": " + "; ".join(keep) if keep else "")


def side_names(report: TurnReport) -> dict[str, str]:
    return {s.id: s.name for s in report.sides}


__all__ = [
    "EventView", "FireLine", "FormationView", "ModifierView", "ResolutionView", "RollView", "SideView",
    "StatusChange", "Template", "TerrainView", "TurnReport", "UNSEEN", "UnitView", "briefing", "build_report",
    "report_for_game",
]
