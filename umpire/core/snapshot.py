"""A state's snapshot text and canonical form, built part by part from what changed.

A state is cut into parts: each unit (written without its fields at their defaults, its own state
too: :class:`~umpire.core.state.OwnState`), each field of the ruleset's own state of the game
that is not at its default, and each other field. :class:`Written` keeps, for one
canonical state, every part's canonical value, a fingerprint of it and its JSON text. The next
state (a copy of that one, changed by an action) is brought into canonical form and written by
looking at each part's fingerprint: a part whose fingerprint is the one written keeps its value
and text, and only the others go through JSON. Nothing is trusted for being the same object:
the fingerprint is taken of what the part holds now, so a part changed in place is seen.

The fingerprint is :mod:`marshal`'s bytes (format 2, which has no back-references): they tell
apart every type a plain value can have (``1``, ``1.0`` and ``True``; a list and a tuple; a set)
and keep the order of dicts, so equal bytes mean the very same value down to its types. A model
inside a part is taken as its class's name and its fields' values, in order. A part holding
anything else marshal cannot write always counts as changed.

The text built is exactly :func:`state_json`'s, and the state exactly what
parsing that text gives (tests compare both).
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Callable
from dataclasses import dataclass
from json.encoder import c_make_encoder  # type: ignore[attr-defined]
from json.encoder import encode_basestring as _encode_str
from typing import Any

from umpire.core.canonical import canonical_dump
from umpire.core.shared import Units, field_reader, field_values, rebuilt
from umpire.core.state import GameState, OwnModels, OwnState, UnitState, sharing_units


@dataclass
class Part:
    """One part of a canonical state: its value (never changed), fingerprint and JSON text
    (None until first needed, for a state read from its snapshot)."""

    value: Any
    print: bytes | None
    text: str | None


@dataclass
class Written:
    """A canonical state as written: its parts and its whole JSON text (None until first
    needed: :func:`whole_text`; for a state read from its snapshot, the text read)."""

    units: dict[str, Part]
    own: dict[str, Part]  # the game's own state: its fields not at their defaults, by name (sorted)
    head: dict[str, Part]
    text: str | None


EMPTY = Written({}, {}, {}, None)
# The fields of a state other than the units and the ruleset's own (the terrain is kept apart).
HEAD = ("name", "ruleset", "table", "seed", "rulings", "sides", "formations", "turn", "phase", "north", "ended",
        "campaign", "dice")


def fingerprint(value: Any) -> bytes | None:
    """``value``'s marshal bytes, a model in it as its class's name and its fields' values (then
    marked by a first byte no marshal data starts with: they are not bytes the value can be read
    back from); None: not a plain value, so never the same as anything."""
    try:
        return marshal.dumps(value, 2)
    except ValueError:
        try:  # (marked: these bytes are not the value's own, which marshal cannot read back from them)
            return _FLAT + marshal.dumps(_flat(value), 2)
        except ValueError:
            return None


_FLAT = b"\x00"  # no marshal type code: what reads the bytes back fails, as on the value itself


def _flat(v: Any) -> Any:
    """``v`` with every model in it as a tuple of its class's name and its fields' values."""
    from pydantic import BaseModel

    if isinstance(v, BaseModel):
        return (type(v).__name__, *(_flat(x) for x in field_values(v).values()))
    t = type(v)
    if t is dict:
        return {k: _flat(x) for k, x in v.items()}
    if t is list:
        return [_flat(x) for x in v]
    if t is tuple:
        return tuple(_flat(x) for x in v)
    return v


def _dumps(data: Any) -> str:
    return canonical_json(data)


def _key(k: str) -> str:
    return _encode_str(k)  # what json.dumps(k, ensure_ascii=False) writes, without its setup


def _unit_print(u: Any) -> bytes | None:
    """A unit's fingerprint: its fields' values in their declared order, its own state as its
    class's name and its fields' values (positions stand for the names: one class, one order)."""
    reader = _UNIT_READER or _unit_reader()
    if type(u) is not reader[0]:
        return None
    values = reader[1](u)
    at = reader[2]
    own = values[at]
    cls = type(own)
    get = _OWN_READERS.get(cls) or _own_reader(cls)
    try:
        return marshal.dumps((values[:at], values[at + 1:], cls.__name__, get(own)), 2)
    except ValueError:  # something that is not a plain value in it (a model in a field)
        return fingerprint((values[:at], values[at + 1:], _flat(own)))


def _own_reader(cls: type[Any]) -> Callable[[Any], tuple[Any, ...]]:
    get = _OWN_READERS[cls] = field_reader(cls)[1]
    return get


_OWN_READERS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}  # a unit's own-state class -> its fields' reader


def _unit_reader() -> tuple[type, Callable[[Any], tuple[Any, ...]], int]:
    global _UNIT_READER
    names, get = field_reader(UnitState)
    _UNIT_READER = (UnitState, get, names.index("own"))
    return _UNIT_READER


# the unit model, one call reading its fields, and where its own state stands among them
_UNIT_READER: tuple[type, Callable[[Any], tuple[Any, ...]], int] | None = None


def unit_dump(u: Any) -> Any:
    """A unit as the snapshot writes it: its fields (and its own state's) at their defaults left out."""
    return u.model_dump(mode="python", exclude_defaults=True)


def _unit_context(u: Any) -> Any:
    cls = type(u.own)
    ctx = _CONTEXTS.get(cls)
    if ctx is None:
        ctx = _CONTEXTS[cls] = OwnModels(unit=cls)
    return ctx


_CONTEXTS: dict[type, Any] = {}  # a unit's own-state class -> the context its text is read back with


def _own_fields(own: OwnState) -> list[tuple[str, Any]]:
    """The fields of a game's own state that are not at their defaults, by name, sorted (what the
    snapshot writes of it: a field at its default is left out, as a unit's are)."""
    cls = type(own)
    found = _DEFAULTS.get(cls)
    if found is None:
        found = _DEFAULTS[cls] = [(name, f.get_default(call_default_factory=True))
                                  for name, f in sorted(cls.model_fields.items())]
    return [(name, v) for name, d in found if (v := getattr(own, name)) != d]


_DEFAULTS: dict[type, list[tuple[str, Any]]] = {}  # a game's own-state class -> its fields' defaults, by name


def _own_text(own: OwnState, name: str) -> str:
    return _dumps(own.model_dump(mode="python", include={name}, exclude_defaults=True)[name])


def _own_value(cls: type[OwnState], name: str, text: str) -> Any:
    """A field of a game's own state as reading ``text`` (its JSON) gives it."""
    return getattr(cls.model_validate_json(f"{{{_key(name)}: {text}}}"), name)


def adopt(state: GameState, text: str | None = None) -> Written:
    """The parts of ``state``, which must be in canonical form (as read from a snapshot), to
    write the next state from; their texts are made when first needed. ``text``: the snapshot
    text ``state`` was read from."""
    fields = field_values(state)
    src = fields["units"]
    units = {uid: Part(u, _unit_print(u), None) for uid, u in dict.items(src) if type(uid) is str}
    own = {name: Part(v, fingerprint(v), None) for name, v in _own_fields(fields["own"])}
    head = {name: Part(fields[name], None, None) for name in HEAD}
    return Written(units, own, head, text)


def unchanged(state: GameState) -> bool:
    """Whether ``state`` holds just what it was written as or read from: every part's
    fingerprint as written (nothing changed it in place since)."""
    units = state.units
    written = units.written if isinstance(units, Units) else None
    if written is None or list(dict.keys(units)) != list(written.units):
        return False
    for uid, p in written.units.items():
        u = dict.__getitem__(units, uid)
        if u is not p.value or p.print is None or _unit_print(u) != p.print:
            return False
    own = _own_fields(state.own)
    if [name for name, _ in own] != list(written.own):
        return False
    for (_, v), p in zip(own, written.own.values(), strict=True):
        if p.print is None or fingerprint(v) != p.print:
            return False
    return all(getattr(state, name) is written.head[name].value for name in HEAD)


def _text_of(p: Part, unit: bool = False) -> str:
    if p.text is None:
        if unit:
            p.text = _dumps(unit_dump(p.value))
        else:
            try:
                p.text = _dumps(p.value)
            except TypeError:  # models in it: each written as the snapshot writes a model
                p.text = _dumps(_plain(p.value))
    return p.text


def _plain(v: Any) -> Any:
    """``v`` with every model in it dumped without its fields at their defaults."""
    from pydantic import BaseModel

    if isinstance(v, BaseModel):
        return v.model_dump(mode="python", exclude_defaults=True)
    t = type(v)
    if t is dict:
        return {k: _plain(x) for k, x in v.items()}
    if t is list or t is tuple:
        return [_plain(x) for x in v]
    return v


def write(state: GameState, base: Written = EMPTY, *, build: bool = True) -> tuple[Written, dict[str, Any]]:
    """``state`` written, reusing ``base``'s parts where they are unchanged; with ``build``,
    the fields of its canonical form too (otherwise only the text is made).

    :raises TypeError: if a unit's id is not a string, or the state holds something that is not
        a plain value (as :func:`state_json` does).
    """
    fields = field_values(state)
    src = fields["units"]
    units = _write_units(src, base, build)
    if build and isinstance(src, Units) and not src.frozen:
        src.share_all()  # (see _write_units)
    own_src = fields["own"]
    own = _write_own(own_src, base, build)
    head = _write_head(state, fields, base, build)
    written = Written(units, own, head, None)
    if not build:
        whole_text(written)
        return written, {}
    out: dict[str, Any] = {name: head[name].value for name in HEAD}
    out["units"] = {uid: p.value for uid, p in units.items()}
    out["own"] = type(own_src).model_construct(_fields_set=set(own), **{name: p.value for name, p in own.items()})
    return written, out


def _write_units(src: Any, base: Written, build: bool) -> dict[str, Part]:
    """The units, by id, each written or taken from ``base`` where unchanged.

    :raises TypeError: if a unit's id is not a string.
    """
    ids = list(dict.keys(src))
    if not all(type(k) is str for k in ids):
        raise TypeError("a unit id in the game state is not a string")
    # A unit this copy never handed out is the very object of the state it was copied from
    # (a state only read hands out its own objects, which nothing may change): taken as it is,
    # as it always was. Any other is told changed or not by its fingerprint.
    shared = src._shared if isinstance(src, Units) else ()
    # a unit in canonical form is kept as it is only from a Units mapping, which then counts it
    # shared (handed out again through that state, it is copied first: the canonical state's
    # unit is never changed through it)
    keep = isinstance(src, Units)
    units: dict[str, Part] = {}
    for uid in sorted(ids):
        u = dict.__getitem__(src, uid)
        old = base.units.get(uid)
        if old is not None and u is old.value and uid in shared:
            units[uid] = old
            continue
        fp = _unit_print(u)
        if old is not None and fp is not None and fp == old.print:
            units[uid] = old
            continue
        data = canonical_dump(u) if build and fp is not None and keep else None
        if data is not None:  # it holds what reading its text gives back: kept as it is
            units[uid] = Part(u, fp, _dumps(data))
            continue
        text = _dumps(unit_dump(u))
        if build:  # the text of the canonical value: the one written unless reading changed it
            new = UnitState.model_validate_json(text, context=_unit_context(u))
            nfp = _unit_print(new)
            units[uid] = Part(new, nfp, text if fp is not None and nfp == fp else None)
        else:
            units[uid] = Part(None, None, text)
    return units


def _write_own(own_src: Any, base: Written, build: bool) -> dict[str, Part]:
    """The ruleset's own state of the game, field by field, each written or taken from
    ``base`` where unchanged."""
    own_cls = type(own_src)
    own: dict[str, Part] = {}
    for name, v in _own_fields(own_src):
        fp = fingerprint(v)
        old = base.own.get(name)
        if old is not None and fp is not None and fp == old.print:
            own[name] = old
            continue
        text = _own_text(own_src, name)
        if build:
            value = _own_value(own_cls, name, text)
            vfp = fingerprint(value)
            own[name] = Part(value, vfp, text if fp is not None and vfp == fp else None)
        else:
            own[name] = Part(None, None, text)
    return own


def _write_head(state: GameState, fields: dict[str, Any], base: Written, build: bool) -> dict[str, Part]:
    """The other fields, those changed since ``base`` written (built: from the canonical value
    when first needed)."""
    head: dict[str, Part] = {}
    changed: list[str] = []
    for name in HEAD:
        v = fields[name]
        old = base.head.get(name)
        if old is not None and (v is old.value or (type(v) in (int, str) and type(v) is type(old.value)
                                                    and v == old.value)):
            head[name] = old
        else:
            changed.append(name)
    if changed:
        dumped = state.model_dump(mode="python", include=set(changed))
        texts = {} if build else {name: _dumps(dumped[name]) for name in changed}
        if build:
            data = {"name": "", "ruleset": "", "table": {"width": 0, "depth": 0}, "seed": 0}
            data.update(dumped)
            fresh = field_values(GameState.model_validate_json(_dumps(data)))
        for name in changed:  # (built: written from the canonical value when first needed)
            head[name] = Part(fresh[name], None, None) if build else Part(None, None, texts[name])
    return head


def whole_text(written: Written) -> str:
    """The state's whole JSON text, keys sorted at every level as state_json writes it (made
    from the parts' texts when first asked: an action's state is written once, at the end)."""
    if written.text is None:
        parts = {name: _head_text(name, p) for name, p in written.head.items()}
        parts["units"] = "{" + ", ".join(f"{_key(uid)}: {_text_of(p, True)}" for uid, p in written.units.items()) + "}"
        parts["own"] = "{" + ", ".join(f"{_key(name)}: {_text_of(p)}" for name, p in written.own.items()) + "}"
        written.text = "{" + ", ".join(f"{_key(name)}: {parts[name]}" for name in sorted(parts)) + "}"
    return written.text


def _head_text(name: str, p: Part) -> str:
    if p.text is None:
        from pydantic import BaseModel

        v = p.value
        dumped = [x.model_dump(mode="python") for x in v] if isinstance(v, list) else \
            v.model_dump(mode="python") if isinstance(v, BaseModel) else v
        p.text = _dumps(dumped)
    return p.text


def read_only(state: GameState, text: str | None = None) -> GameState:
    """``state``, which is in canonical form (read from a snapshot or a checkpoint), marked as
    only read from now on: its units are handed out as they are (the engine gives each handler
    a read-only state, and the handler changes a copy), and what it holds is what the next
    state is written from (:func:`adopt`)."""
    units = sharing_units(state)
    units.frozen = True
    if units.written is None:
        units.written = adopt(state, text)
    return state


def _json_default(v: Any) -> Any:
    """Sets have no order of their own: stored sorted, so the text never depends on hashing."""
    if isinstance(v, set | frozenset):
        try:
            return sorted(v)
        except TypeError:
            return sorted(v, key=repr)
    raise TypeError(f"{type(v).__name__} is not a plain value of the game state")


def canonical_json(data: Any) -> str:
    """``data`` as the game file keeps it: what ``json.dumps(data, sort_keys=True,
    ensure_ascii=False, default=...)`` writes, by one encoder made once (a state is written part
    by part, thousands of parts a turn: making the encoder again was half the cost of a small
    one), without looking for a value inside itself (a state is plain values: a tree)."""
    if _C_CANONICAL is None or type(data) is str:
        return _CANONICAL.encode(data)
    return "".join(_C_CANONICAL(data, 0))


_CANONICAL = json.JSONEncoder(sort_keys=True, ensure_ascii=False, default=_json_default)
# the same encoder's C part, made once (json.encoder.JSONEncoder.iterencode makes it per call)
_C_CANONICAL = None if c_make_encoder is None else c_make_encoder(
    None, _json_default, _encode_str, None, ": ", ", ", True, False, True)


def state_json(state: GameState) -> str:
    """The state as canonical JSON: keys sorted at every level, sets sorted, tuples as lists
    (the terrain is not in it: it is kept once, beside the snapshot). The parts unchanged since
    the canonical state it was copied from keep the text they were written with."""
    return whole_text(write(state, _written(state), build=False)[0])


def _written(state: GameState) -> Written:
    units = state.units
    return (units.written if isinstance(units, Units) else None) or EMPTY


def canonical_state(state: GameState) -> GameState:
    """The state exactly as the stored snapshot gives it back (read-only, see :func:`read_only`).

    Every dict comes back in sorted key order, every set as a sorted list, every tuple in a
    field typed as a list as a list and every dict key as a string. Live play and replay hand
    each action this same form, so nothing the rules derive from the order of a
    dict or set (the order units are visited in, lists built from them) can differ between a
    game played in one process, one played command by command, and its replay.

    Only the parts that changed since the canonical state it was copied from go through JSON
    (the parts above); the canonical state keeps its written form, so its
    :func:`state_json` and the next action's canonical state cost what that action changed.
    """
    written, data = write(state, _written(state))
    data["terrain"] = state.terrain
    data["units"] = Units.sharing(data["units"], frozen=True)
    data["units"].written = written
    ordered = {name: data[name] for name in GameState.model_fields}
    return rebuilt(GameState, ordered, state.model_fields_set)


def canonical_start(state: GameState) -> GameState:
    """The canonical state (:func:`canonical_state`) of ``state``, a state built only to be made
    canonical (a game's start): its units already in canonical form are taken as they are
    (``state`` hands out copies of them from now on)."""
    sharing_units(state)
    return canonical_state(state)


def written_text(state: GameState) -> str | None:
    """The JSON text of a canonical state as :func:`canonical_state` wrote it, or as it was read
    (None: not a canonical state)."""
    units = state.units
    return whole_text(units.written) if isinstance(units, Units) and units.written is not None else None


def canonical(state: GameState) -> tuple[GameState, str]:
    """The canonical state of a state built only to be made canonical (:func:`canonical_start`)
    and its JSON text (what the snapshot holds)."""
    fresh = canonical_start(state)
    return fresh, written_text(fresh) or state_json(fresh)


__all__ = [
    "EMPTY", "HEAD", "Part", "Written", "adopt", "canonical", "canonical_json", "canonical_start", "canonical_state",
    "fingerprint", "read_only", "state_json", "unchanged", "unit_dump", "whole_text", "write", "written_text",
]
