"""What a refusal may tell a side: the last door before a message reaches a side's page.

The pages build what they show from the side's briefing alone, and what a page sends is named in
the briefing's words before any check reads it; so a refusal is about the side's own units, the
table, or an enemy unit it knows. But the checks are the CLI's, written for the umpire, who knows
everything: a check may name the unit a contact label stands for, or some enemy fact beside it.
:func:`told` therefore writes the message in the side's words (a unit it knows by a label, by that
label) and lets it through only if it then names no enemy unit the side does not know, by id,
name, type or card, nor where an enemy unit stands unless the side's briefing shows it there.
Otherwise the side is told only that a check refused it on a point it may not be told.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.serve.side_views import SidePage

WITHHELD = "refused by a check whose reason your side may not be told; ask the umpire"


class Told(UmpireError):
    """A refusal written from the side's knowledge and its own words alone (what it sent): it
    reaches the page as it is."""


def _word(w: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(w)}(?![\w-])")


def hidden_words(page: SidePage, state: GameState) -> set[str]:
    """The ids, names, types and cards of enemy units the side does not know in full, and where
    every enemy unit stands as numbers (``48, 40``) unless its briefing shows one there."""
    full = {uid for label, uid in page.known.items() if label == uid}
    shown = {(u.x, u.y) for u in page.report.units if u.placed}
    own = {w for u in state.units.values() if u.side == page.side for w in (u.id, u.name, u.type, u.card) if w}
    out: set[str] = set()
    for u in state.units.values():
        if u.side == page.side:
            continue
        if u.id not in full:
            out |= {w for w in (u.id, u.name, u.type, u.card, u.statline) if w and w not in own}
        if u.placed and (u.x, u.y) not in shown:
            out |= {f"{u.x:g}, {u.y:g}", f"{u.x:g},{u.y:g}"}
    return out


def told(message: str | UmpireError, page: SidePage, state: GameState) -> str:
    """``message`` as the side may read it (see the module notes)."""
    if isinstance(message, Told):
        return str(message)
    message = str(message)
    for uid, label in page.labels.items():
        if label != uid:
            message = _word(uid).sub(label, message)
    if any(_word(w).search(message) for w in hidden_words(page, state)):
        head = message.split(": ", 1)[0] if ": " in message else "orders"
        return f"{head}: {WITHHELD}"
    return message
