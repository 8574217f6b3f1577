"""What copies of a game state share: the terrain (never changed, read when first needed) and
the units (shared until one is touched).

An action changes a handful of units and the turn's bookkeeping; a game holds hundreds of units
and thousands of terrain polygons. :class:`Terrain` is one immutable object that every copy of a
state holds, parsed from its stored JSON only when something reads it; :class:`Units` lets a
copied state hold the very unit objects of the state it was copied from, copying each one the
first time it is read through the copy (whoever reads a unit through a state being changed may
change it), so a copy costs what its action touches.
"""

from __future__ import annotations

import copy
import json
import marshal
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from operator import attrgetter
from types import UnionType
from typing import TYPE_CHECKING, Any, Literal, TypeVar, Union, cast, get_args, get_origin, overload

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from umpire.errors import StoreError

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler
    from pydantic_core import CoreSchema

    from umpire.core.snapshot import Written
    from umpire.core.state import UnitState

_ATOMS = (str, int, float, bool, type(None))


def dup(v: Any) -> Any:
    """Deep-copy plain values and pydantic models made of them (anything else: copy.deepcopy)."""
    t = type(v)
    if t in _ATOMS:
        return v
    # (atoms are checked inline below too: a copy of a big state is mostly atoms, and a call
    # per atom was most of its cost)
    if t is dict:
        return {k: x if type(x) in _ATOMS else dup(x) for k, x in v.items()}
    if t is list:
        return [x if type(x) in _ATOMS else dup(x) for x in v]
    if t is tuple:
        for x in v:
            if type(x) not in _ATOMS:
                break
        else:
            return v  # a tuple of atoms (a base, a point) is itself
        items = tuple(x if type(x) in _ATOMS else dup(x) for x in v)
        return v if all(a is b for a, b in zip(items, v, strict=True)) else items
    held = _MUTABLE.get(t)  # a model class copied before, not frozen: the fields a copy looks into
    if held is None:
        if not isinstance(v, BaseModel):
            return copy.deepcopy(v)
        if v.model_config.get("frozen"):
            return v.model_copy(update={k: dup(x) for k, x in field_values(v).items() if type(x) not in _ATOMS})
        held = _MUTABLE[t] = _held(t)  # only the fields that may hold something mutable (see _held)
    copied: dict[str, Any] = {}
    names, get = held
    for k, x in zip(names, get(v), strict=False):  # (one reader: as many values as names)
        tx = type(x)
        if tx in _ATOM_TYPES:
            continue
        # a unit's lists, dicts and tuples (spotted_by, ident, a path, its base) copied here: a call less each
        if tx is list:
            copied[k] = x[:] if _ATOM_TYPES.issuperset(map(type, x)) else [
                e if type(e) in _ATOM_TYPES else dup(e) for e in x]
        elif tx is dict:
            copied[k] = x.copy() if _ATOM_TYPES.issuperset(map(type, x.values())) else {
                a: e if type(e) in _ATOM_TYPES else dup(e) for a, e in x.items()}
        elif tx is tuple and _ATOM_TYPES.issuperset(map(type, x)):
            continue  # a tuple of atoms is itself
        else:
            y = dup(x)
            if y is not x:
                copied[k] = y
    # the model's own shallow copy (its fields and which were set), with the fields copied
    # (as assigning them would: they count as set)
    return v.model_copy(update=copied) if copied else copy.copy(v)


_MUTABLE: dict[type, tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]] = {}  # see dup
_ATOM_TYPES = frozenset(_ATOMS)


def field_values(model: BaseModel) -> dict[str, Any]:
    """A model's fields by name, in their declared order, as it holds them (no copy, no dump)."""
    names, get = _fields(type(model))
    return dict(zip(names, get(model), strict=True))


def field_reader(cls: type[BaseModel]) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    """The field names of model class ``cls``, in their declared order, and one call that reads
    them all from a ``cls`` as a tuple (kept per class)."""
    return _fields(cls)


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """One call that reads ``names`` of an object, always as a tuple."""
    if len(names) == 1:
        one = names[0]
        return lambda m: (getattr(m, one),)
    return cast(Callable[[Any], tuple[Any, ...]], attrgetter(*names)) if names else (lambda m: ())


def _fields(cls: type[BaseModel]) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    got = _FIELDS.get(cls)
    if got is None:
        names = tuple(cls.model_fields)
        got = _FIELDS[cls] = (names, _getter(names))
    return got


def _held(cls: type[BaseModel]) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    """The fields of ``cls`` a copy must look into: all but those whose declared type admits
    only atoms (str, int, float, bool, None and literals of them), which a copy shares."""
    got = _HELD.get(cls)
    if got is None:
        names = tuple(k for k, f in cls.model_fields.items() if not _atomic(f.annotation))
        got = _HELD[cls] = (names, _getter(names))
    return got


def _atomic(annotation: Any) -> bool:
    if annotation in _ATOMS:
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return all(type(a) in _ATOMS for a in get_args(annotation))
    if origin is Union or origin is UnionType:
        return all(_atomic(a) for a in get_args(annotation))
    return False


# each model class's field names and a reader of them all (read per copy), and of those a copy looks into
_FIELDS: dict[type[BaseModel], tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]] = {}
_HELD: dict[type[BaseModel], tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]] = {}


def rebuilt(cls: type[M], values: dict[str, Any], fields_set: set[str]) -> M:
    """A ``cls`` holding ``values`` (every field, already valid: taken as they are, not
    validated again), with ``fields_set`` as the fields given."""
    return cls.model_construct(_fields_set=set(fields_set), **values)


class TerrainState(BaseModel):
    """One terrain piece on the table (immutable: no action changes the terrain)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    type: str
    name: str = ""
    polygon: tuple[tuple[float, float], ...] | None = None
    line: tuple[tuple[float, float], ...] | None = None
    height: float = 0.0


_PIECES = TypeAdapter(tuple[TerrainState, ...])


class Terrain(Sequence[TerrainState]):
    """The terrain of a game: a read-only sequence of :class:`TerrainState`, shared by every copy
    of a state (copying returns the object itself) and parsed from its JSON on first use."""

    __slots__ = ("_derived", "_items", "_text")

    def __init__(self, items: Iterable[TerrainState | Mapping[str, Any]] = ()) -> None:
        self._items: tuple[TerrainState, ...] | None = tuple(
            t if isinstance(t, TerrainState) else TerrainState.model_validate(t) for t in items
        )
        self._text: str | None = None
        self._derived: dict[Hashable, Any] = {}

    def derived(self, key: Hashable, build: Callable[[], T]) -> T:
        """What is worked out from this terrain (a spatial index, features by id), built when
        first asked for under ``key`` and kept with the terrain, which never changes: every copy
        of a state shares it, and it goes when the game's terrain goes."""
        try:
            return cast(T, self._derived[key])
        except KeyError:
            made = self._derived[key] = build()
            return made

    @classmethod
    def from_json(cls, text: str) -> Terrain:
        """The terrain kept as ``text`` (what :meth:`to_json` wrote), read when first needed."""
        out = cls()
        out._items, out._text = None, text
        return out

    def _all(self) -> tuple[TerrainState, ...]:
        if self._items is None:
            try:
                self._items = _PIECES.validate_json(self._text or "[]")
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(p) for p in first.get("loc", ())) or "(terrain)"
                raise StoreError(
                    f"the game file's stored terrain is damaged ({where}: {first.get('msg')}); "
                    "'umpire doctor' lists what is wrong"
                ) from None
        return self._items

    def to_json(self) -> str:
        """Canonical JSON text (keys sorted), as the game file keeps it."""
        if self._text is None:
            self._text = json.dumps([t.model_dump(mode="json") for t in self._all()], sort_keys=True,
                                    ensure_ascii=False)
        return self._text

    def __len__(self) -> int:
        return len(self._all())

    @overload
    def __getitem__(self, i: int) -> TerrainState: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[TerrainState, ...]: ...

    def __getitem__(self, i: int | slice) -> TerrainState | tuple[TerrainState, ...]:
        return self._all()[i]

    def __iter__(self) -> Iterator[TerrainState]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Terrain):
            return self._all() == other._all()
        return NotImplemented

    __hash__ = object.__hash__  # identity: the caches of the table geometry key on the object

    def __copy__(self) -> Terrain:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Terrain:
        return self

    def __repr__(self) -> str:
        return f"Terrain({len(self)} pieces)"

    @classmethod
    def _validate(cls, value: Any) -> Terrain:
        if isinstance(value, Terrain):
            return value
        if isinstance(value, list | tuple):
            return cls(value)
        raise ValueError("terrain must be a list of terrain pieces")

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        from pydantic_core import core_schema

        return core_schema.no_info_plain_validator_function(
            cls._validate,
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda v: [t.model_dump(mode="json") for t in v]
            ),
        )


def _dup_units(units: list[UnitState]) -> list[UnitState]:
    """Copies of ``units`` (nothing two units held alike comes back shared)."""
    return [dup(u) for u in units]


def held_units(units: Mapping[str, UnitState]) -> Iterable[tuple[str, UnitState]]:
    """``units``' ids and units as the mapping holds them, none copied (a :class:`Units` mapping
    copies a unit it shares with another state when it hands it out): for reading only, a unit
    not handed out yet being the very object the other state holds."""
    return dict.items(units) if isinstance(units, dict) else units.items()


def held_values(units: Mapping[str, UnitState]) -> Iterable[UnitState]:
    """``units``' units as the mapping holds them, none copied: for reading only (as
    :func:`held_units`)."""
    return dict.values(units) if isinstance(units, dict) else units.values()


def held_unit(units: Mapping[str, UnitState], uid: str) -> UnitState | None:
    """Unit ``uid`` as ``units`` holds it now, not copied (None: no such unit): for reading only
    (as :func:`held_units`). Read again after a change: a unit changed through the mapping is
    a copy put in the place of the one read before."""
    return dict.get(units, uid) if isinstance(units, dict) else units.get(uid)


class Units(dict[str, "UnitState"]):
    """A state's units by id, shared with other states until touched.

    A key in ``shared`` holds a unit object that another state holds too: handing it out through
    ``[]``, ``get``, ``values``, ``items``, ``pop`` or ``setdefault`` copies it first (the caller
    may change it), so the other state never sees the change. A ``frozen`` mapping belongs to a
    state that is only read (what the engine hands a handler): it hands its units out as they are.
    ``written`` is the written form of the canonical state these units belong to or were copied
    from (see :mod:`umpire.core.snapshot`), or None.
    """

    __slots__ = ("_shared", "frozen", "written")
    _shared: set[str]
    frozen: bool
    written: Written | None

    @classmethod
    def sharing(cls, units: Mapping[str, UnitState], *, frozen: bool = False) -> Units:
        """A mapping holding the same unit objects as ``units``, every one of them shared."""
        new = cls(units)  # the objects themselves (dict's own copy never calls our __getitem__)
        new._shared = set(dict.keys(new))
        new.frozen = frozen
        new.written = None
        return new

    def share_all(self) -> None:
        """Every unit held here is now held by another state too."""
        self._shared = set(dict.keys(self))

    def touched(self) -> list[str]:
        """The ids of the units this mapping copied or was given (they may have changed)."""
        return [k for k in dict.keys(self) if k not in self._shared]

    def _own(self, key: str) -> UnitState:
        u = dict.__getitem__(self, key)
        if not self.frozen and key in self._shared:
            u = dup(u)
            dict.__setitem__(self, key, u)
            self._shared.discard(key)
        return u

    def _own_all(self) -> None:
        if self._shared and not self.frozen:
            keys = [k for k in dict.keys(self) if k in self._shared]
            for k, u in zip(keys, _dup_units([dict.__getitem__(self, k) for k in keys]), strict=True):
                dict.__setitem__(self, k, u)
            self._shared.clear()

    def __getitem__(self, key: str) -> UnitState:
        return self._own(key)

    def get(self, key: str, default: Any = None) -> Any:
        return self._own(key) if key in self else default

    def values(self) -> Any:
        self._own_all()
        return dict.values(self)

    def items(self) -> Any:
        self._own_all()
        return dict.items(self)

    def __setitem__(self, key: str, value: UnitState) -> None:
        dict.__setitem__(self, key, value)
        self._shared.discard(key)

    def __delitem__(self, key: str) -> None:
        dict.__delitem__(self, key)
        self._shared.discard(key)

    def pop(self, key: str, *default: Any) -> Any:
        if key in self:
            u = self._own(key)
            dict.__delitem__(self, key)
            return u
        if default:
            return default[0]
        raise KeyError(key)

    def popitem(self) -> tuple[str, UnitState]:
        key = next(reversed(self))
        return key, self.pop(key)

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key in self:
            return self._own(key)
        self[key] = default
        return default

    def update(self, *args: Any, **kwargs: Any) -> None:
        for k, v in dict(*args, **kwargs).items():
            self[k] = v

    def copy(self) -> dict[str, UnitState]:
        """A plain dict of the units held here (as ``dict.copy``: the same objects)."""
        self._own_all()
        return dict(dict.items(self))

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, UnitState]:
        return {k: copy.deepcopy(v, memo) for k, v in dict.items(self)}

    def __reduce__(self) -> Any:
        return (dict, (dict(dict.items(self)),))

    def __or__(self, other: Any) -> Any:
        return {**self.copy(), **other}


def copy_own(own: M, written: Mapping[str, Any] | None = None) -> M:
    """A copy of a game's own state to change: each field copied through marshal (which copies
    plain values exactly, types and order included, and shares nothing: format 2 has no
    back-references), or value by value with :func:`~umpire.core.shared.dup` if it holds models.
    ``written``: the parts of the canonical state ``own`` belongs to (:class:`umpire.core.snapshot.Part`
    by field name): a field holding its part's very value is read from the part's marshal bytes
    (its fingerprint), not written to bytes again (a turn's plans run to hundreds of kilobytes)."""
    new = copy.copy(own)
    for name, v in field_values(own).items():
        if type(v) in (str, int, float, bool, type(None)):
            continue
        part = written.get(name) if written is not None else None
        try:
            printed = part.print if part is not None and part.value is v and part.print else marshal.dumps(v, 2)
            setattr(new, name, marshal.loads(printed))
        except ValueError:
            setattr(new, name, dup(v))
    return new
