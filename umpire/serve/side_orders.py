"""Orders sent from a side's page: read exactly as an orders file is, told back in the side's words.

A page sends one entry at a time (a unit's, a battalion's, the side's note), in the orders file's
own shape, naming enemy units by the labels of its briefing. :func:`prepared` turns it into the
umpire's words (a label into the unit it stands for; a label the side does not know, or an entry
that is not the side's to write, refused with one message); :func:`read` then reads the side's
whole orders with it as ``umpire turn orders FILE`` reads the file the umpire would enter
(:func:`umpire.engine.players.orders_text`), by the same reader and with the side's knowledge as
its reader (:func:`reader`), so its refusals are the CLI's own words, written for the side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.serve.fog import Told

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.engine import Game
    from umpire.serve.side_views import SidePage
    from umpire.turns.readers import Reader

MAX_TEXT = 2000  # characters of a note or of the further YAML of one entry


def file_name(side: str, turn: int) -> str:
    """The orders file a side's page orders make (its name is in the orders action)."""
    import re

    return f"{re.sub(r'[^A-Za-z0-9_-]+', '-', side).strip('-') or 'side'}-turn{turn}.yaml"


def prepared(page: SidePage, key: str, entry: Any) -> dict[str, Any]:
    """``entry`` for ``key`` as the orders file holds it (labels turned into unit ids; empty
    fields left out; the further YAML merged in).

    :raises Told: for a key that is not the side's to write now, a label it does not know, or an
        entry that is not a mapping: in the side's words and its own (what it sent) alone.
    """
    from umpire.engine.players import NOTE

    where = file_name(page.side, page.window.turn)
    if key == NOTE:
        text = entry.get("text") if isinstance(entry, dict) else None
        if not isinstance(text, str):
            raise Told(f"{where}: note: write the note as text")
        return {"text": text[:MAX_TEXT]}
    spec = next((e for e in page.entries if e.key == key), None)
    if spec is None:
        mine = ", ".join(e.key for e in page.entries) or "none"
        raise Told(f"{where}: that is not an entry your side may write now (allowed: {mine})")
    if not isinstance(entry, dict):
        raise Told(f"{where}: {key}: an entry is a mapping of the orders file's fields")
    out: dict[str, Any] = _clean(entry)
    more = out.pop("more", None)
    if more is not None:
        extra = _yaml(more, f"{where}: {key}.more")
        out = _merged(_words(page, extra, f"{where}: {key}.more"), out)
    for f in spec.fields:
        if f.kind in ("target", "targets") or (f.kind == "spot" and isinstance(_at(out, f.key), str)):
            _named(page, out, f.key.split("."), f"{where}: {key}.{f.key}")
    return out


def _at(entry: dict[str, Any], key: str) -> Any:
    """The value at a dotted ``key`` of an entry (None where there is none)."""
    box: Any = entry
    for part in key.split("."):
        box = box.get(part) if isinstance(box, dict) else None
    return box


def _merged(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``base`` with ``over`` written on it, mapping by mapping (the form's fields win)."""
    out = dict(base)
    for k, v in over.items():
        out[k] = _merged(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def _clean(v: Any) -> Any:
    """The entry without its empty fields (a field the player left blank is not written)."""
    if isinstance(v, dict):
        got = {str(k): _clean(x) for k, x in v.items()}
        return {k: x for k, x in got.items() if x not in (None, "", [], {})}
    if isinstance(v, list):
        return [_clean(x) for x in v]
    return v


def _yaml(text: Any, where: str) -> dict[str, Any]:
    from umpire.schema.reader import parse_yaml

    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise Told(f"{where}: further fields are YAML text of at most {MAX_TEXT} characters")
    data: Any = parse_yaml(text, where) if text.strip() else {}
    if not isinstance(data, dict):
        raise Told(f"{where}: further fields are a YAML mapping, e.g. {{entrench: true}}")
    return {str(k): v for k, v in data.items()}


#: the words a further field may hold beside units (the fixed choices of the orders files' fields)
WORDS = frozenset({"gun", "missile", "he", "hw", "sa", "battalion", "brigade", "division", "bomb", "strafe", "any",
                   "fired", "moving", "start", "end", "take", "leave", "open", "buttoned"})


def _words(page: SidePage, v: Any, where: str) -> Any:
    """Further fields as the side wrote them, with the units they name turned into ids: a text
    may be one of its own units, an enemy unit it knows (by its label) or a fixed word; anything
    else is refused, whatever it is (so no answer depends on what the side does not know)."""
    if isinstance(v, dict):
        return {k: _words(page, x, where) for k, x in v.items()}
    if isinstance(v, list):
        return [_words(page, x, where) for x in v]
    if not isinstance(v, str):
        return v
    own = {e.id for e in page.entries}
    known = dict(page.targets)
    if v in own or v.lower() in WORDS:
        return v
    if v in known:
        return page.known[v]
    raise Told(f"{where}: a text that is none of your units, no enemy unit your side knows and no word "
               f"these fields take (allowed words: {', '.join(sorted(WORDS))}; units: as the form lists them)")


def _named(page: SidePage, entry: dict[str, Any], path: list[str], where: str) -> None:
    """The enemy units a field names, from the labels of the side's briefing to their ids."""
    *parents, last = path
    box: Any = entry
    for p in parents:
        box = box.get(p) if isinstance(box, dict) else None
    if not isinstance(box, dict) or last not in box:
        return
    value = box[last]
    known = page.known
    targets = [label for label, _ in page.targets]
    names = value if isinstance(value, list) else [value]
    for name in names:
        if not isinstance(name, str) or name not in targets:
            allowed = ", ".join(targets) or "none yet"
            raise Told(f"{where}: names a unit that is not an enemy unit your side knows (allowed: {allowed})")
    box[last] = [known[n] for n in names] if isinstance(value, list) else known[value]


def reader(page: SidePage) -> Reader:
    """The page's side (or player) as the reader of its orders' refusals: the enemy units its
    briefing shows, named by their labels (and, as :func:`prepared` writes them, by the ids the
    labels stand for), its player's units as its own."""
    from umpire.turns.readers import Reader

    return Reader(page.side, {**{uid: uid for uid in page.known.values()}, **page.known}, page.commands,
                  said=page.labels)


def read(game: Game, state: GameState, page: SidePage, turn: int, entries: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The side's entries read as the orders file the umpire would enter (its payload), in the
    side's words (:func:`reader`).

    :raises UmpireError: as ``umpire turn orders`` refuses that file, naming it by its name.
    """
    from dataclasses import replace

    from umpire.engine.players import orders_text
    from umpire.serve.actions import read_orders

    text = orders_text(page.side, turn, entries)
    mine = reader(page)
    if page.commands is not None:  # a player's: his fellows' entries are in the side's file too
        mine = replace(mine, others=frozenset(u.id for u in state.units_of(page.side)) - page.commands)
    return read_orders(game, file_name(page.side, turn), text, state, readers=lambda side: mine)
