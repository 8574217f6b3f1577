"""Radio messages between the players of a side (21.3.3.2), passed through the umpire (24.4.2).

A side's orders file writes them in the Mark Orders Step of one Turn::

    messages:
      - {from: bravo, to: alpha, text: "FIST sees three tanks at 26 18, IL on the way"}

Each is checked: the sender and the addressee are players of the side, one to one other
commander (21.3.3.2.2), and the sender still has his personal commander (21.3.3: without one a
player may never communicate). One message a Turn is free, two for the overall commander;
each more costs one command point of the personal commander's organization (two under
communications disruption, 21.2.2), spent with the marker exchanges (:mod:`.orders`).

They are due at the Mark Orders Step of the next Turn (21.3.3.2.1), when the Command Phase
opens (:mod:`.command_step`): one longer than 20 words may be intercepted by the enemy overall
commander, if he is with his unit (21.3.3.2.3); then the receiver's die, 1-7 received, 8-9 delayed
a Turn (and rolled again then), 10 lost (21.3.3.2.4), by the function ``umpire calc message``
asks. The umpire tells no player when a message is sent, delivered or intercepted (24.4.2): a
player's briefing shows the messages that reached him, the enemy's overall commander's those he
intercepted, as the resolution of each says (``player``, ``intercepted_by``).
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, Field

from umpire.core.dice import Dice, RecordingDice, scoped
from umpire.core.resolution import Resolution
from umpire.core.state import GameState
from umpire.errors import UmpireError, unknown
from umpire.rules.mbt.options.facts import MessageFacts
from umpire.rules.mbt.options.players import Player, assign, free_messages, words
from umpire.rules.mbt.state import MbtGame
from umpire.schema.checked import Checked
from umpire.turns.mbt.options import on
from umpire.turns.mbt.options import state as OS


class MessageSpec(Checked):
    """One radio message as the orders file writes it (21.3.3.2)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    sender: str = Field(alias="from", min_length=1, description="the player who sends it")
    to: str = Field(min_length=1, description="the one player of the side it is for (21.3.3.2.2)")
    text: str = Field(min_length=1, max_length=2000, description="the message; more than 20 words is in the clear")


def players(state: GameState) -> list[Player]:
    """The game's players (21.3.1), each with the unit ids it commands."""
    specs = [p.model_dump(mode="json") for p in MbtGame.of(state).players]
    return assign(specs, {u.id: (u.side, u.formation) for u in state.units.values()})


def commands(state: GameState) -> dict[str, dict[str, tuple[str, ...]]]:
    """Side -> player -> the units the player commands (empty without the multi_player option),
    then the helicopters, batteries and aircraft he holds: a side's helicopters answer to its
    overall commander (ruling of 21.3.1), a battery or an aircraft to the player the scenario
    names (its ``player``), else to him too; only the holder orders one and reads of it."""
    if not on(state, "multi_player"):
        return {}
    m = MbtGame.of(state)
    held: dict[tuple[str, str | None], tuple[str, ...]] = {}  # (side, player or None: the overall) -> ids
    for h in m.helicopters:
        held[(h.side, None)] = (*held.get((h.side, None), ()), h.id)
    for side, player, xid in [*((b.side, b.player, b.id) for b in m.batteries),
                              *((a.side, a.player, a.id) for a in m.aircraft)]:
        held[(side, player)] = (*held.get((side, player), ()), xid)
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for p in players(state):
        out.setdefault(p.side, {})[p.id] = (p.units + held.get((p.side, p.id), ())
                                            + (held.get((p.side, None), ()) if p.overall else ()))
    return out


def _has_commander(state: GameState, p: Player) -> bool:
    from umpire.turns.mbt.advanced import units as U

    u = state.units.get(p.commander)
    return u is not None and U.alive(u)


def check(specs: list[dict[str, Any]], state: GameState, side: str, where: str) -> tuple[list[dict[str, Any]],
                                                                                       dict[str, int]]:
    """The side's messages, checked; and the extra messages each personal commander's unit pays
    a command point for (``{unit: count}``).

    :raises UmpireError: one line naming the field, the value and what is allowed.
    """
    if specs and not on(state, "multi_player"):
        raise UmpireError(f"{where}: messages: radio messages between players need the multi_player option (21.3)")
    mine = {p.id: p for p in players(state) if p.side == side}
    out: list[dict[str, Any]] = []
    sent: dict[str, int] = {}
    for i, m in enumerate(specs):
        at = f"{where}: messages[{i}]"
        sender, to = m["from"], m["to"]
        if sender not in mine:
            raise UmpireError(f"{at}.from: {unknown(f'player of side {side}', sender, sorted(mine))}")
        if to not in mine or to == sender:
            others = sorted(x for x in mine if x != sender)
            raise UmpireError(f"{at}.to: {unknown(f'other player of side {side}', to, others)} (one other commander "
                              "a message, 21.3.3.2.2)")
        if not _has_commander(state, mine[sender]):
            raise UmpireError(f"{at}.from: {sender}'s personal commander ({mine[sender].commander}) is lost: a player "
                              "without one may not communicate (21.3.3; allowed: no message from this player)")
        sent[sender] = sent.get(sender, 0) + 1
        out.append({"from": sender, "to": to, "text": str(m["text"])})
    extra = {}
    for pid, n in sent.items():
        more = n - free_messages(mine[pid].overall)
        if more > 0:
            extra[mine[pid].commander] = more
    return out, extra


def keep(state: GameState, opts: OS.OptionsState, side: str, checked: list[dict[str, Any]]) -> None:
    """This Turn's messages of ``side`` (orders entered again replace them), due next Turn."""
    opts.messages = [m for m in opts.messages if not (m.side == side and m.written == state.turn)]
    opts.messages += [OS.Message(side=side, sender=m["from"], to=m["to"], text=m["text"], written=state.turn,
                                 due=state.turn + 1) for m in checked]


def deliver(state: GameState, opts: OS.OptionsState, dice: Dice) -> list[Resolution]:
    """The messages due at this Mark Orders Step (21.3.3.2.3-4), one resolution each."""
    from umpire.rules.mbt.options.command import message

    every = players(state)
    overall = {p.side: p for p in every if p.overall}
    res = []
    count: dict[tuple[str, str, int], int] = {}
    for m in opts.messages:
        key = (m.side, m.sender, m.written)
        n = count[key] = count.get(key, 0) + 1  # its dice keyed by who wrote it when (keyed dice stay put)
        if m.status != "due" or m.due != state.turn:
            continue
        enemy = next((p for s, p in overall.items() if s != m.side), None)
        can = enemy is not None and _has_commander(state, enemy)  # 21.3.3.2.3
        case = {"length": words(m.text), "enemy_can_intercept": can}
        rec = RecordingDice(scoped(dice, "message", m.side, m.sender, f"written T{m.written}", n))
        r = message(case["length"], rec, enemy_can_intercept=can)
        r.rolls = rec.take()
        fate = r.outcome["fate"]
        m.intercepted = m.intercepted or bool(r.outcome["intercepted"])
        if fate == "delayed":
            m.due = state.turn + 1
        else:
            m.status = "received" if fate == "received" else "lost"
        r.summary = f"message {m.sender} to {m.to} (written turn {m.written}, {case['length']} words): {r.summary}"
        fx = MessageFacts.of(r)
        fx.case = case
        fx.side = m.side
        fx.sender = m.sender
        fx.to = m.to
        fx.written = m.written
        fx.text = m.text
        fx.player = m.to if fate == "received" else None
        fx.intercepted_by = (enemy.side if enemy else None) if r.outcome["intercepted"] else None
        fx.reader = (enemy.id if enemy else None) if r.outcome["intercepted"] else None
        res.append(r)
    return res
