"""What the options add to a side's entries for a players' page (:mod:`umpire.turns.entries`):
each part of the orders file the options play, with the fields the file's own models hold.

- ``helicopters.ID``: a helicopter's flight (20.2.2, :class:`.helicopters.FlightSpec`);
- ``artillery[BATTERY]``: one plot of a battery this Turn (19.2, :class:`.plots.PlotSpec`; its
  planned fire, plotted before the game, is told among its facts);
- ``air_strikes[AIRCRAFT]``: one strike (20.1, :class:`.air_phase.StrikeSpec`);
- ``messages[PLAYER-N]``: a player's radio message to another player of the side, through the umpire
  (21.3.3.2, :class:`.messages.MessageSpec`);
- ``jamming``: the jamming points spent at the next Mark Orders Step (21.2).

A key ``SECTION[NAME]`` is one item of the file's list ``SECTION``; a key with no dot nor
bracket is the file's field of that name, its value the entry's ``value``
(:func:`umpire.engine.players.orders_data` writes the file from them). The page sends what the
player chose as that part of the ordinary orders file, which the ruleset's own reader checks:
the same checks and the same words as the file typed at the CLI.
"""

from __future__ import annotations

from typing import Any

from umpire.core.state import GameState
from umpire.rules.mbt.state import MbtGame
from umpire.turns.entries import Entry, Field, points_field
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options import state as OS

MESSAGES = 3  # message entries a page offers a Turn (the points decide how many may be sent)


def _num(v: float) -> str:
    return f"{v:g}"


def entries(state: GameState, side: str) -> list[Entry]:
    """The options' entries of ``side`` this Turn (none where the scenario plays no option)."""
    opts = OS.read(state)
    out: list[Entry] = []
    if on(state, "helicopters"):
        out += [_flight(h) for h in sorted(opts.helicopters.values(), key=lambda h: h.id)
                if h.side == side and not h.destroyed]
    if on(state, "artillery"):
        out += [_plot(state, side, b, opts) for b in sorted(opts.batteries.values(), key=lambda b: b.id)
                if b.side == side and not b.knocked_out]
    if on(state, "aircraft"):
        out += [_strike(a) for a in sorted(opts.aircraft.values(), key=lambda a: a.id)
                if a.side == side and not a.destroyed]
    if on(state, "multi_player"):
        out += _messages(state, side)
    if on(state, "radio_jamming"):
        left = opts.jamming_left.get(side, MbtGame.of(state).jamming.get(side, 0))
        if left:
            out.append(Entry("jamming", "jamming", "Radio jamming",
                             (f"jamming points left: {left}; spent at the next Mark Orders Step (21.2)",),
                             (Field("value", "number", "jamming points to spend"),)))
    return out


def _flight(h: OS.Helicopter) -> Entry:
    facts = (f"{h.card}, at ({_num(h.x)}, {_num(h.y)}) facing {_num(h.facing)}, {h.altitude}",
             f"rockets left: {h.rockets}")
    fields = (
        Field("altitude", "choice", "altitude at the end",
              (("", "as it is"), ("landed", "landed"), ("noe", "nap of the earth (NOE)"), ("low", "low"))),
        points_field("path", "flies through: waypoints"),
        Field("facing", "heading", "facing at the end"),
        Field("reverse", "flag", "flies in reverse (20.2.2.2.3)"),
        Field("popup", "flag", "a pop-up attack (20.2.2.1.2)"),
        Field("rocket", "target", "fires a rocket at (20.2.3.3.1)"),
    )
    return Entry(f"helicopters.{h.id}", h.id, h.name, facts, fields, (float(h.x), float(h.y)), True)


def _plot(state: GameState, side: str, b: OS.Battery, opts: OS.OptionsState) -> Entry:
    from umpire.turns.mbt.advanced import units as U

    left = {m: n for m, n in b.missions.items() if n > 0}
    missions = list(left) or ["HE", "ICMDP", "ICM", "SM", "FASCAM", "IL", "CLGP"]
    observers = sorted(u.id for u in state.units_of(side) if U.alive(u) and U.on_table(u))
    planned = [p for p in opts.plots if p.battery == b.id and p.fire_type == "planned" and p.impact >= state.turn]
    facts = [f"{b.nation} {b.size.replace('_', ' ')} battery, {b.attachment}"
             + (f" to {', '.join(b.organization)}" if b.organization else ""),
             "missions left: " + (", ".join(f"{m} {n}" for m, n in left.items()) if b.missions else "unlimited")]
    facts += [f"planned fire: {p.mission} at ({_num(p.target[0])}, {_num(p.target[1])}) in turn {p.impact}"
              for p in planned if isinstance(p.target, tuple | list)]
    if b.disrupted_until >= state.turn:
        facts.append(f"disrupted: no plot through turn {b.disrupted_until} (19.4.2.1)")
    fields = (
        Field("battery", "choice", "battery", ((b.id, b.id),)),
        Field("mission", "choice", "mission (19.2.4)", tuple((m, m) for m in missions)),
        Field("target", "spot", "target: a point (tap the map) or, for CLGP, a contact",
              hint="tap the map, type X,Y, or pick a contact"),
        Field("observer", "choice", "observer (19.2.5)", tuple((u, u) for u in observers)),
        Field("fire_type", "choice", "fire", (("", "called"), ("continuous", "continuous (19.2.1.4)"))),
        Field("sheaf", "choice", "sheaf (19.2.3)", (("", "tight"), ("line", "line"), ("loose", "loose"))),
        Field("direction", "number", "a line sheaf's direction, 1-6 (19.2.3.2)"),
    )
    return Entry(f"artillery[{b.id}]", b.id, f"battery {b.id}", tuple(facts), fields)


def _strike(a: OS.Aircraft) -> Entry:
    loads = {k: n for k, n in a.loads.items() if n > 0}
    facts = (f"{a.type}", "loads left: " + (", ".join(f"{k} {n}" for k, n in loads.items()) or "none"))
    fields = (
        Field("aircraft", "choice", "aircraft", ((a.id, a.id),)),
        Field("weapon", "choice", "weapon (20.1.1)", tuple((k, k.replace("_", " ")) for k in loads)),
        Field("target", "point", "target point (tap the map)", hint="tap the map, or type X,Y"),
        Field("speed", "choice", "speed (20.1.2.4)", (("", "low"), ("medium", "medium"), ("high", "high"))),
        Field("altitude", "choice", "altitude (20.1.2.4)", (("", "low"), ("medium", "medium"), ("high", "high"))),
        Field("evasive", "flag", "evasive maneuvering (20.1.2.4.2)"),
        Field("facing", "heading", "flies in on (degrees)"),
    )
    return Entry(f"air_strikes[{a.id}]", a.id, a.type, facts, fields)


def _messages(state: GameState, side: str) -> list[Entry]:
    from umpire.turns.mbt.options.messages import players

    mine = [p for p in players(state) if p.side == side]
    if len(mine) < 2:
        return []
    def words(p: Any) -> str:
        return f"{p.id}: {p.name}" if p.name and p.name != p.id else str(p.id)

    facts = ("a radio message to another player of your side, through the umpire; due at the next Mark "
             "Orders Step; more than 20 words is sent in the clear (21.3.3.2)",)
    out = []
    for p in mine:  # each player's own messages: from him, to one of the others
        fields = (Field("from", "choice", "from", ((p.id, words(p)),)),
                  Field("to", "choice", "to", tuple((q.id, words(q)) for q in mine if q.id != p.id)),
                  Field("text", "text", "the message"))
        out += [Entry(f"messages[{p.id}-{n}]", f"message {n}", f"from {p.id}", facts, fields)
                for n in range(1, MESSAGES + 1)]
    return out
