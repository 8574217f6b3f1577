"""What a printed file says about itself: a short line of plain ASCII, the **mark**, carried by
every file ``umpire turn print`` writes (a PDF's keywords, a PNG's text chunk, a comment in
Markdown and in the pre-filled orders file):

    umpire-paper/1 game=3f9a12c0 turn=2 side=nato kind=briefing version=1a2b3c4d log=0f1e2d3c4b5a6978;

``game`` names the game (a digest of its file's game row: :func:`game_id`), ``turn`` the turn
the paper is of (the set-up is 0), ``side`` and ``player`` whose it is (neither: the umpire's),
``kind`` what it is, ``version`` a digest of what this file shows (two files of the same kind
and version show the same), and ``log`` a digest of the actions in force it was written from
(:func:`log_digest`): while the game's actions up to that turn are the same, so is the paper.
Ids are percent-encoded, so a mark is one line of ASCII whatever a side is called, ended by ``;``,
and it is found in a file's bytes without parsing the file (:func:`find_mark`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote

if TYPE_CHECKING:
    from umpire.store.events import StoredEvent

PREFIX = "umpire-paper/1"
_FIELD = rb"[a-z]+=[A-Za-z0-9%._~-]{0,400}"
_FIND = re.compile(rb"umpire-paper/1((?: " + _FIELD + rb"){1,8});")  # ";" ends it, whatever follows
KINDS = ("report", "briefing", "map", "orders")


def digest(*parts: str, size: int = 4) -> str:
    """A short hex digest of ``parts`` (kept apart, so ("ab", "c") and ("a", "bc") differ)."""
    h = hashlib.blake2b(digest_size=size)
    for p in parts:
        data = p.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


def game_id(info: Mapping[str, Any]) -> str:
    """A game's id: a digest of its file's game row (name, ruleset, seed, when it was made),
    the same for every copy of the file."""
    return digest(*(str(info.get(k, "")) for k in ("name", "ruleset", "seed", "created")))


def log_digests(events: Iterable[StoredEvent]) -> tuple[str, str]:
    """Two digests of actions in force: of what they are (each one's kind, input, summary,
    results and dice, in order), and of that with their numbers. A side's papers never show an
    action's number, so only the umpire's report needs the second."""
    from umpire.store.events import stored_results

    events = list(events)
    text = json.dumps([[e.kind, e.payload, e.summary, stored_results(e), [[r.sides, list(r.values), r.key]
                                                                          for r in e.rolls]] for e in events],
                      sort_keys=True, ensure_ascii=False, default=str)
    plain = digest(text, size=8)
    return plain, digest(plain, ",".join(str(e.seq) for e in events), size=8)


def log_digest(events: Iterable[StoredEvent], numbered: bool = False) -> str:
    """One of :func:`log_digests`."""
    return log_digests(events)[1 if numbered else 0]


TEXT_SUFFIXES = (".md", ".yaml", ".yml")  # papers whose mark is their last line
NUMBERED = ("report",)  # the kinds of paper that show actions' numbers (the umpire's report)


@dataclass(frozen=True)
class Mark:
    """What a printed file is: of which game and turn, whose, what, which version, written from
    which actions."""

    game: str
    turn: int
    side: str | None
    player: str | None
    kind: str
    version: str
    log: str = ""

    @property
    def reader(self) -> tuple[str | None, str | None]:
        return (self.side, self.player)

    def text(self) -> str:
        """The mark as a file carries it."""
        fields = [("game", self.game), ("turn", str(self.turn)), ("side", self.side), ("player", self.player),
                  ("kind", self.kind), ("version", self.version), ("log", self.log)]
        return " ".join([PREFIX, *(f"{k}={quote(v, safe='')}" for k, v in fields if v)]) + ";"

    def whose(self, sides: Mapping[str, str] | None = None) -> str:
        """Whose paper it is, in words: the umpire's, a side's, one player's of a side."""
        if self.side is None:
            return "the umpire's"
        name = (sides or {}).get(self.side, self.side)
        return f"{name}'s, player {self.player}" if self.player else f"{name}'s"


def find_mark(data: bytes, last: bool = False) -> Mark | None:
    """The first mark in a file's bytes (``last``: the last one), or None (not a paper umpire
    printed with a mark). A text file carries its mark on its last line, after whatever its text
    quotes (a note a player wrote may look like a mark), so it is read by its last."""
    if last:
        found = list(_FIND.finditer(data))
        m = found[-1] if found else None
    else:
        m = _FIND.search(data)
    if m is None:
        return None
    fields: dict[str, str] = {}
    for item in m.group(1).split():
        key, _, value = item.decode("ascii").partition("=")
        fields.setdefault(key, unquote(value))
    try:
        turn = int(fields["turn"])
    except (KeyError, ValueError):
        return None
    if not fields.get("game") or fields.get("kind") not in KINDS or not fields.get("version"):
        return None
    return Mark(fields["game"], turn, fields.get("side"), fields.get("player"), fields["kind"], fields["version"],
                fields.get("log", ""))


def read_mark(path: Any, most: int = 64 << 20) -> Mark | None:
    """The mark of the file at ``path`` (read whole, up to ``most`` bytes), or None."""
    from pathlib import Path

    p = Path(path)
    try:
        if p.stat().st_size > most:
            return None
        return find_mark(p.read_bytes(), last=p.suffix.lower() in TEXT_SUFFIXES)
    except OSError:
        return None


__all__ = ["KINDS", "Mark", "NUMBERED", "PREFIX", "TEXT_SUFFIXES", "digest", "find_mark", "game_id", "log_digest",
           "log_digests", "read_mark"]
