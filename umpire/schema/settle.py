"""Validate a file whole: every problem of its shape at once, and the parts that are right kept
for the checks that come after (a ruleset's unit types, positions on the table...).

Pydantic lists every wrong value of a file in one pass, but a model is only built when nothing
is wrong, and the checks that need a built model (a scenario's ruleset checks, a season's
games) would wait for a second run. :func:`settle` takes each wrong part out and validates again:
a wrong optional field goes (its default is taken), a wrong required field takes its mapping
entry or list item with it. What is left validates, and the later checks run on it, so one run
reports them all. A problem caused only by taking a part out (a required field now "missing", a
mapping's own check that read the part) is not reported. A part the whole file hangs on (a
scenario's name, table or sides) is not taken out but stood in for (the model's ``stand_ins``), so
that even then the rest is checked in the same run. Lists keep their items' places in the
file: a path into what is left is turned back into the file's own (:meth:`Settled.original`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from umpire.schema.problems import Path, describe

M = TypeVar("M", bound=BaseModel)

MAX_ROUNDS = 12  # each round takes out a level of what was wrong; a file is rarely nested deeper


@dataclass
class Settled(Generic[M]):
    """What :func:`settle` found: the model of what is right (None if nothing usable is left),
    the problems (paths as in the file) and what was left of the data."""

    model: M | None
    problems: list[tuple[Path, str]]
    data: Any
    _places: dict[int, list[int]] = field(default_factory=dict)
    stood: list[str] = field(default_factory=list)  # the fields a stand-in held for the checks after

    def original(self, path: Path) -> Path:
        """``path`` into what was left, as the path into the file."""
        out: list[Any] = []
        cur = self.data
        for part in path:
            if isinstance(cur, list) and isinstance(part, int):
                places = self._places.get(id(cur))
                out.append(places[part] if places is not None and 0 <= part < len(places) else part)
                cur = cur[part] if 0 <= part < len(cur) else None
            else:
                out.append(part)
                cur = cur.get(part) if isinstance(cur, dict) else None
        return tuple(out)


def settle(model: type[M], data: Any, places: dict[Path, list[int]] | None = None) -> Settled[M]:
    """Validate ``data`` as ``model``, taking out what is wrong until the rest validates.
    ``places``: for lists of ``data`` that are not the file's own (a scenario's terrain with the
    pieces of its terrain files), the place in the file of each item, by the list's path."""
    try:
        return _placed(Settled(model.model_validate(data), [], data), places)
    except ValidationError as first:
        err: ValidationError | None = first
    work = copy.deepcopy(data)
    done = _placed(Settled[M](None, [], work), places)
    holders: set[Path] = set()  # what held a part taken out that was read (not an unknown field), as in the file
    stand_ins: dict[str, Callable[[Any], Any]] = getattr(model, "stand_ins", None) or {}
    stood: set[str] = set()  # the fields a stand-in holds: their own problems are said once
    for _ in range(MAX_ROUNDS):
        assert err is not None
        cuts: list[tuple[Path, bool]] = []
        for path, text in describe(err, work, model):
            if path and path[0] in stood:
                continue  # a stand-in's: the file's own problem there is said already
            here = done.original(path)
            follows = here in holders or text.startswith("missing field") and here[:-1] in holders
            if not follows and (here, text) not in done.problems:
                done.problems.append((here, text))  # else: only what taking a part out caused
            cuts.append((path, text.startswith("unknown field")))
        # a part the whole file hangs on (its name, its table, its two sides) is not taken out,
        # which would leave nothing to check: a stand-in holds its place for the checks that come
        # after, and its own problem is said
        standing = {p[0] for p, _ in cuts if p and isinstance(p[0], str) and p[0] in stand_ins
                    and p[0] not in stood and len(_there(work, p)) <= 1}
        for name in sorted(standing):
            work[name] = stand_ins[name](work.get(name))
            stood.add(name)
            done.stood.append(name)
        cuts = [(p, unread) for p, unread in cuts if not (p and p[0] in stood)]
        if not _cut(done, cuts, holders) and not standing:
            return done
        try:
            done.model = model.model_validate(work)
            return done
        except ValidationError as again:
            err = again
    return done


def _placed(done: Settled[M], places: dict[Path, list[int]] | None) -> Settled[M]:
    for path, where in (places or {}).items():
        held = _there(done.data, path)
        if held == path and isinstance(_at(done.data, path), list):
            done._places[id(_at(done.data, path))] = list(where)
    return done


def _cut(done: Settled[Any], cuts: list[tuple[Path, bool]], holders: set[Path]) -> bool:
    """Take each path out of the data (``True``: an unknown field, which nothing read); False
    if that would be the file as a whole. A path that is not there (a missing field) takes out
    its holder; a number or a point inside a list takes out the list (a point of a polygon, a
    stand's base: what is left of it would not be what the file says)."""
    targets: dict[Path, bool] = {}
    for path, unread in cuts:
        target = _there(done.data, path)
        while target and isinstance(target[-1], int) and not isinstance(_at(done.data, target), dict):
            target = target[:-1]
        targets[target] = targets.get(target, True) and unread
    if () in targets:
        return False
    # an item inside another one taken out goes with it; list items go from the last, so that
    # the places of the others stay right
    kept = sorted((t for t in targets if not any(t[:n] in targets for n in range(len(t)))),
                  key=lambda t: [(0, -x) if isinstance(x, int) else (1, str(x)) for x in t])
    for path in kept:
        holder = _at(done.data, path[:-1])
        if not targets[path]:
            holders.add(done.original(path[:-1]))
        if isinstance(holder, list):
            places = done._places.setdefault(id(holder), list(range(len(holder))))
            del places[path[-1]]
        del holder[path[-1]]
    return bool(kept)


def _at(data: Any, path: Path) -> Any:
    for part in path:
        data = data[part]
    return data


def _there(data: Any, path: Path) -> Path:
    """``path``, or the longest part of it that is in ``data``."""
    cur = data
    for n, part in enumerate(path):
        if isinstance(cur, dict) and part in cur or (
                isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur)):
            cur = cur[part]
        else:
            return path[:n]
    return path
