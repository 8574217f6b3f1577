"""What a refusal tells a side's page: written for the side, from what it knows.

The pages build what they show from the side's briefing alone, and what a page sends names the
enemy in the briefing's words; it is read as the side's orders file, by the side's reader
(:func:`umpire.serve.side_orders.reader`, :mod:`umpire.turns.readers`): a name it does not know is
refused listing only the names it knows, an entry not its own listing only its own units, and what
the checks say of an enemy unit it named is said by its label. A refusal is thus composed from
the side's knowledge, never scrubbed from the umpire's words: nothing here filters a message.
What the side sent, refused before any check reads it, is a :class:`Told`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from umpire.errors import UmpireError
from umpire.text import clipped

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.serve.side_views import SidePage


class Told(UmpireError):
    """A refusal written from the side's knowledge and its own words alone (what it sent)."""


def told(message: str | UmpireError, page: SidePage, state: GameState) -> str:
    """``message``, a refusal composed for the page's side (module notes), as the page shows it:
    one line of at most :data:`umpire.text.MESSAGE_MOST` characters."""
    return clipped(" ".join(str(message).split("\n")))
