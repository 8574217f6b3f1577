"""A state's snapshot text and canonical form, built part by part from what changed.

A state is cut into parts: each unit (written without its fields at their defaults, its own state
too: :class:`~umpire.core.state.OwnState`), each entry of the bookkeeping in ``extra`` (one level
down where that is a mapping by name), and each other field. :class:`Written` keeps, for one
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

The text built is exactly :func:`umpire.core.state.state_json`'s, and the state exactly what
parsing that text gives (tests compare both).
"""

from __future__ import annotations

import marshal
from dataclasses import dataclass
from json.encoder import encode_basestring as _encode_str
from typing import TYPE_CHECKING, Any

from umpire.core.shared import field_values

if TYPE_CHECKING:
    from umpire.core.state import GameState

Path = tuple[str, ...]


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
    extra: dict[Path, Part]
    head: dict[str, Part]
    text: str | None


EMPTY = Written({}, {}, {}, None)
# The fields of a state other than the units and the bookkeeping (the terrain is kept apart).
HEAD = ("name", "ruleset", "table", "seed", "rulings", "sides", "formations", "turn", "phase")


def fingerprint(value: Any) -> bytes | None:
    """``value``'s marshal bytes, a model in it as its class's name and its fields' values (None:
    not a plain value, so never the same as anything)."""
    try:
        return marshal.dumps(value, 2)
    except ValueError:
        try:
            return marshal.dumps(_flat(value), 2)
        except ValueError:
            return None


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
    from umpire.core.state import _dumps as dumps

    return dumps(data)


def _key(k: str) -> str:
    return _encode_str(k)  # what json.dumps(k, ensure_ascii=False) writes, without its setup


def _split(v: Any) -> bool:
    """Whether a mapping is written entry by entry (a plain dict keyed by plain strings)."""
    return type(v) is dict and all(type(k) is str for k in v)


def _unit_print(u: Any) -> bytes | None:
    from umpire.core.state import UnitState

    if type(u) is not UnitState:
        return None
    values = field_values(u)
    own = values["own"]
    values["own"] = (type(own).__name__, *field_values(own).values())
    return fingerprint(values)


def unit_dump(u: Any) -> Any:
    """A unit as the snapshot writes it: its fields (and its own state's) at their defaults left out."""
    return u.model_dump(mode="python", exclude_defaults=True)


def _unit_context(u: Any) -> Any:
    from umpire.core.state import OwnModels

    cls = type(u.own)
    ctx = _CONTEXTS.get(cls)
    if ctx is None:
        ctx = _CONTEXTS[cls] = OwnModels(unit=cls)
    return ctx


_CONTEXTS: dict[type, Any] = {}  # a unit's own-state class -> the context its text is read back with


def _paths(extra_src: Any) -> list[tuple[Path, Any]]:
    """The bookkeeping's parts: its entries, one level down where that is a mapping by name."""
    paths: list[tuple[Path, Any]] = []
    if _split(extra_src):
        for k in sorted(extra_src):
            v = extra_src[k]
            if _split(v) and v:
                paths.extend(((k, sk), v[sk]) for sk in sorted(v))
            else:
                paths.append(((k,), v))
    else:
        paths.append(((), extra_src))
    return paths


def adopt(state: GameState, text: str | None = None) -> Written:
    """The parts of ``state``, which must be in canonical form (as read from a snapshot), to
    write the next state from; their texts are made when first needed. ``text``: the snapshot
    text ``state`` was read from."""
    fields = field_values(state)
    src = fields["units"]
    units = {uid: Part(u, _unit_print(u), None) for uid, u in dict.items(src) if type(uid) is str}
    extra = {path: Part(v, fingerprint(v), None) for path, v in _paths(fields["extra"])}
    head = {name: Part(fields[name], None, None) for name in HEAD}
    return Written(units, extra, head, text)


def unchanged(state: GameState) -> bool:
    """Whether ``state`` holds just what it was written as or read from: every part's
    fingerprint as written (nothing changed it in place since)."""
    from umpire.core.shared import Units

    units, extra = state.units, state.extra
    written = units.written if isinstance(units, Units) else None
    if written is None or list(dict.keys(units)) != list(written.units):
        return False
    for uid, p in written.units.items():
        u = dict.__getitem__(units, uid)
        if u is not p.value or p.print is None or _unit_print(u) != p.print:
            return False
    paths = _paths(extra)
    if [path for path, _ in paths] != list(written.extra):
        return False
    for (_, v), p in zip(paths, written.extra.values(), strict=True):
        if p.print is None or fingerprint(v) != p.print:
            return False
    return all(getattr(state, name) is written.head[name].value for name in HEAD)


def _text_of(p: Part, unit: bool = False) -> str:
    if p.text is None:
        p.text = _dumps(unit_dump(p.value) if unit else p.value)
    return p.text


def write(state: GameState, base: Written = EMPTY, *, build: bool = True) -> tuple[Written, dict[str, Any]]:
    """``state`` written, reusing ``base``'s parts where they are unchanged; with ``build``,
    the fields of its canonical form too (otherwise only the text is made).

    :raises TypeError: if a unit's id is not a string, or the state holds something that is not
        a plain value (as :func:`~umpire.core.state.state_json` does).
    """
    from pydantic_core import from_json

    from umpire.core.shared import Units
    from umpire.core.state import UnitState

    fields = field_values(state)
    # -- the units, by id
    src = fields["units"]
    ids = list(dict.keys(src))
    if not all(type(k) is str for k in ids):
        raise TypeError("a unit id in the game state is not a string")
    # A unit this copy never handed out is the very object of the state it was copied from
    # (a state only read hands out its own objects, which nothing may change): taken as it is,
    # as it always was. Any other is told changed or not by its fingerprint.
    shared = src._shared if isinstance(src, Units) else ()
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
        text = _dumps(unit_dump(u))
        if build:  # the text of the canonical value: the one written unless reading changed it
            new = UnitState.model_validate_json(text, context=_unit_context(u))
            nfp = _unit_print(new)
            units[uid] = Part(new, nfp, text if fp is not None and nfp == fp else None)
        else:
            units[uid] = Part(None, None, text)
    # -- the bookkeeping, one level down where that is a mapping by name
    extra_src = fields["extra"]
    extra: dict[Path, Part] = {}
    for path, v in _paths(extra_src):
        fp = fingerprint(v)
        old = base.extra.get(path)
        if old is not None and fp is not None and fp == old.print:
            extra[path] = old
            continue
        text = _dumps(v)
        if build:
            value = from_json(text)
            vfp = fingerprint(value)
            extra[path] = Part(value, vfp, text if fp is not None and vfp == fp else None)
        else:
            extra[path] = Part(None, None, text)
    # -- the other fields
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
            from umpire.core.state import GameState

            data = {"name": "", "ruleset": "", "table": {"width": 0, "depth": 0}, "seed": 0}
            data.update(dumped)
            fresh = field_values(GameState.model_validate_json(_dumps(data)))
        for name in changed:  # (built: written from the canonical value when first needed)
            head[name] = Part(fresh[name], None, None) if build else Part(None, None, texts[name])
    written = Written(units, extra, head, None)
    if not build:
        whole_text(written)
        return written, {}
    out: dict[str, Any] = {name: head[name].value for name in HEAD}
    out["units"] = {uid: p.value for uid, p in units.items()}
    out["extra"] = _extra_value(extra)
    return written, out


def whole_text(written: Written) -> str:
    """The state's whole JSON text, keys sorted at every level as state_json writes it (made
    from the parts' texts when first asked: an action's state is written once, at the end)."""
    if written.text is None:
        parts = {name: _head_text(name, p) for name, p in written.head.items()}
        parts["units"] = "{" + ", ".join(f"{_key(uid)}: {_text_of(p, True)}" for uid, p in written.units.items()) + "}"
        parts["extra"] = _extra_text(written.extra)
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


def _extra_text(extra: dict[Path, Part]) -> str:
    if () in extra:
        return _text_of(extra[()])
    out: list[str] = []
    i, items = 0, list(extra.items())
    while i < len(items):
        path, p = items[i]
        if len(path) == 1:
            out.append(f"{_key(path[0])}: {_text_of(p)}")
            i += 1
            continue
        k, inner = path[0], []
        while i < len(items) and len(items[i][0]) == 2 and items[i][0][0] == k:
            inner.append(f"{_key(items[i][0][1])}: {_text_of(items[i][1])}")
            i += 1
        out.append(f"{_key(k)}: {{{', '.join(inner)}}}")
    return "{" + ", ".join(out) + "}"


def _extra_value(extra: dict[Path, Part]) -> Any:
    if () in extra:
        return extra[()].value
    out: dict[str, Any] = {}
    for path, p in extra.items():
        if len(path) == 1:
            out[path[0]] = p.value
        else:
            out.setdefault(path[0], {})[path[1]] = p.value
    return out


def copy_extra(extra: Any) -> Any:
    """A copy of ``extra`` to change, made in one go through marshal (which copies plain values
    exactly, types and order included, and shares nothing: format 2 has no back-references);
    value by value with :func:`~umpire.core.shared.dup` if it holds anything else."""
    from umpire.core.shared import dup

    try:
        return marshal.loads(marshal.dumps(extra, 2))
    except ValueError:
        return dup(extra)


__all__ = [
    "EMPTY", "HEAD", "Part", "Written", "adopt", "copy_extra", "fingerprint", "unchanged", "unit_dump", "whole_text",
    "write",
]
