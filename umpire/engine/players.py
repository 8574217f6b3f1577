"""The players' side of a game file: access links, orders sent from the sides' pages, locks and
releases, each write through the game file's one locked write path.

- **Links.** A link opens one side's page (and, under MBT command control, says which player
  holds it). Its token is 32 random bytes, given out once when made; the file keeps only its
  SHA-256, and :func:`link_for` compares a given token against every live digest in constant
  time. A renewed link replaces the old one at once; a revoked one opens nothing.
- **Orders from pages.** :func:`send` keeps one entry of a side's orders for the turn (a unit's,
  a battalion's, the side's note) after the caller's ``check`` has read the side's whole orders
  with it, as ``umpire turn orders FILE`` reads a file, inside the write lock (two players of a
  side sending at once are checked one after the other). They enter the game only when the
  umpire enters them: the ordinary orders action (:func:`orders_text` is the file).
- **The window.** A side may send orders for the current turn while its orders are awaited
  (:attr:`~umpire.turns.TurnView.waiting_for`), the turn before has been released and the umpire
  has not locked the side (:func:`window`).
- **Releases.** :func:`release` lets the sides read their briefings up to a turn.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from umpire.errors import UmpireError, unknown
from umpire.registry import game_over, game_rules
from umpire.store import players as rows
from umpire.store.events import load_state
from umpire.store.players import Link, SentEntry

__all__ = ["Link", "SentEntry", "Window"]

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.engine.game import Game
    from umpire.turns import TurnView

NOTE = "note"  # the key of a side's note to the umpire (not a part of the orders file)
MAX_TOKEN = 512


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    """A link's secret: 32 random bytes, URL-safe (256 bits: not to be guessed)."""
    return secrets.token_urlsafe(32)


# -- links ------------------------------------------------------------------------------------
def make_link(game: Game, side: str, player: str = "") -> tuple[Link, str]:
    """A new link for ``side`` (and ``player``), replacing its live one; returns it with its token,
    which is never kept. :raises UmpireError: for a side the game does not have."""
    sides = game.state.side_ids()
    if side not in sides:
        raise UmpireError(f"link: {unknown('side', side, sides)}")
    player = " ".join(str(player or "").split())[:60]
    token = new_token()
    with game.file.write() as conn:
        n = rows.add_link(conn, side, player, digest(token))
        link = next(x for x in rows.links(conn) if x.id == n)
    return link, token


def revoke(game: Game, link_id: int) -> Link:
    """:raises UmpireError: for a link that is not live."""
    with game.file.write() as conn:
        if not rows.revoke_link(conn, link_id):
            live = [str(x.id) for x in rows.links(conn) if x.live]
            raise UmpireError(f"link {link_id}: no live link of that number (live: {', '.join(live) or 'none'})")
        return next(x for x in rows.links(conn) if x.id == link_id)


def revoke_all(game: Game) -> int:
    with game.file.write() as conn:
        return rows.revoke_all(conn)


def links(game: Game) -> list[Link]:
    with game.file.read() as conn:
        return rows.links(conn)


def link_for(game: Game, token: str | None) -> Link | None:
    """The live link ``token`` opens, compared against every live digest (no early exit)."""
    if not token or len(token) > MAX_TOKEN:
        return None
    given = digest(token).encode()
    found = None
    for link in links(game):
        if hmac.compare_digest(given, link.digest.encode()) and link.live:
            found = link
    return found


def live_ids(game: Game) -> frozenset[int]:
    return frozenset(x.id for x in links(game) if x.live)


# -- the window, locks and releases -------------------------------------------------------------
@dataclass(frozen=True)
class Window:
    """Where a side's orders stand: the turn they are for, and why they cannot be sent (None: they can)."""

    turn: int
    closed: str | None
    locked: bool = False


def window(state: GameState, view: TurnView, side: str, released: int, locked: bool) -> Window:
    turn = state.turn
    if game_over(state) is not None:
        return Window(turn, "the game is over")
    if side not in view.waiting_for:
        if view.phase == view.phases[0] or view.phase in game_rules(state.ruleset).orders_phases:
            return Window(turn, f"your orders for turn {turn} are in: the umpire has entered them")
        return Window(turn, f"the umpire is playing turn {turn}")
    if released < turn - 1:
        return Window(turn, f"the umpire has not yet released turn {turn - 1}")
    if locked:
        return Window(turn, f"the umpire has locked your orders for turn {turn}", locked=True)
    return Window(turn, None)


def window_of(game: Game, side: str) -> Window:
    with game.file.read() as conn:
        rel, lock = rows.released(conn), rows.locked(conn, side, game.state.turn)
    return window(game.state, game.turn_view(), side, rel, lock is not None)


def released(game: Game) -> int:
    with game.file.read() as conn:
        return rows.released(conn)


def release(game: Game, turn: int) -> int:
    """Release the sides' briefings up to ``turn``. :raises UmpireError: for a turn not yet over."""
    state = game.state
    last = state.turn if game_over(state) is not None else state.turn - 1
    if not 1 <= turn <= last:
        raise UmpireError(f"release: turn {turn} is not over yet (allowed: "
                          + (f"1 to {last})" if last >= 1 else "none: no turn has ended)"))
    with game.file.write() as conn:
        rows.release(conn, turn)
        return rows.released(conn)


def lock(game: Game, side: str, turn: int, on: bool = True) -> None:
    if side not in game.state.side_ids():
        raise UmpireError(f"lock: {unknown('side', side, game.state.side_ids())}")
    with game.file.write() as conn:
        rows.set_lock(conn, side, turn, on)


def stamp(game: Game) -> int:
    """The number of the last write to links, page orders, locks or releases."""
    with game.file.read() as conn:
        return rows.stamp(conn)


# -- orders from pages --------------------------------------------------------------------------
def sent(game: Game, side: str, turn: int) -> list[SentEntry]:
    with game.file.read() as conn:
        return rows.sent(conn, side, turn)


Check = Callable[["GameState", dict[str, dict[str, Any]]], None]


def send(game: Game, side: str, turn: int, key: str, entry: dict[str, Any] | None, by: str, check: Check) -> None:
    """Keep (``entry`` None: withdraw) ``side``'s ``key`` for ``turn``, once ``check(state,
    entries)`` has passed the side's entries with it. Inside the write lock, on the file as it is.

    :raises UmpireError: when the window is closed (or ``turn`` is not its turn), or from ``check``;
        nothing is written.
    """
    with game.file.write() as conn:
        state = load_state(conn, game.path, models=game.own_models())
        view = game.turn_rules().view(state)
        w = window(state, view, side, rows.released(conn), rows.locked(conn, side, state.turn) is not None)
        if turn != w.turn:
            raise UmpireError(f"turn {turn}: orders for turn {turn} are closed (the game is in turn {w.turn})")
        if w.closed is not None:
            raise UmpireError(f"turn {turn}: {w.closed}; nothing was sent")
        have = {e.key: e.entry for e in rows.sent(conn, side, turn) if e.state == "sent"}
        if entry is None:
            have.pop(key, None)
        else:
            have[key] = entry
        check(state, {k: v for k, v in have.items() if k != NOTE})
        if entry is None:
            rows.drop_entry(conn, side, turn, key)
        else:
            rows.put_entry(conn, side, turn, key, entry, by)


def refuse(game: Game, side: str, turn: int, key: str, reason: str) -> None:
    """The umpire refuses one entry a page sent (the side sees why); it is left out of the file."""
    with game.file.write() as conn:
        if not rows.refuse_entry(conn, side, turn, key, " ".join(reason.split())[:300] or "refused by the umpire"):
            raise UmpireError(f"refuse: {side} sent nothing as {key!r} for turn {turn}")


def orders_data(side: str, turn: int, entries: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The orders file's mapping from a side's entries: ``units.ID`` (an entry of the mapping
    ``units``), ``artillery[NAME]`` (an item of the list ``artillery``, in the order of their
    names), ``jamming`` (the field itself: the entry's ``value``)."""
    data: dict[str, Any] = {"side": side, "turn": turn}
    items: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for key, entry in entries.items():
        if key == NOTE:
            continue
        if key.endswith("]") and "[" in key:
            section, _, name = key[:-1].partition("[")
            items.setdefault(section, []).append((name, entry))
        elif "." in key:
            section, _, ident = key.partition(".")
            data.setdefault(section, {})[ident] = entry
        else:
            data[key] = entry.get("value")
    for section, got in items.items():
        data[section] = [entry for _, entry in sorted(got, key=lambda x: x[0])]
    return data


def orders_text(side: str, turn: int, entries: list[SentEntry] | dict[str, dict[str, Any]],
                head: list[str] | None = None) -> str:
    """The ordinary orders file (YAML) of a side's entries: what ``umpire turn orders`` reads.
    Refused entries are left out; the side's note and ``head`` are comments."""
    import yaml

    from umpire.text import visible

    if isinstance(entries, list):
        notes = [e.entry.get("text", "") for e in entries if e.key == NOTE and e.state == "sent"]
        chosen = {e.key: e.entry for e in entries if e.state == "sent"}
    else:
        notes, chosen = [], entries
    lines = [f"# {visible(h)}" for h in head or []]
    for note in notes:
        lines += [f"# note to the umpire: {visible(x)}" for x in str(note).splitlines() if x.strip()]
    body = yaml.safe_dump(orders_data(side, turn, chosen), sort_keys=False, allow_unicode=True,
                          default_flow_style=None, width=100)
    return "\n".join([*lines, body.rstrip("\n")]) + "\n"
