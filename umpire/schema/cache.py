"""Bundled tables, once read and validated, kept in the user's cache folder for the next run.

A quick answer (``umpire calc``) is mostly loading: parsing a ruleset's YAML tables and
validating them costs more than the answer. :func:`cached` keeps the validated object (a
pickle) under a key made of everything it was made from: the files' bytes (the tables and the
code of their models), umpire's, Python's and pydantic's versions. Any change to any of them
makes a new key, so a stale copy is never read; a missing, damaged, unreadable or foreign copy
is simply made again; a folder that cannot be written is not written.

The folder: ``$UMPIRE_CACHE_DIR``, else ``$XDG_CACHE_HOME/umpire``, else ``~/.cache/umpire``;
``UMPIRE_CACHE_DIR=`` (empty) turns the cache off. Only umpire writes there, as only the user
can (a pickle is code to whoever may write it, like the user's own Python files).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from umpire import __version__

T = TypeVar("T")

MAX_CACHE_BYTES = 16 * 1024 * 1024  # far above any bundled table set; a bigger file is not read


def cache_dir() -> Path | None:
    """Where cached tables live (None: caching is off)."""
    env = os.environ.get("UMPIRE_CACHE_DIR")
    if env is not None:
        return Path(env) if env.strip() else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "umpire"


def _key(sources: Sequence[Path]) -> str:
    import pydantic


    h = hashlib.sha256(f"{__version__}|{sys.version}|{pydantic.VERSION}".encode())
    for path in sources:
        h.update(str(path.name).encode() + b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()[:32]


def cached(name: str, sources: Sequence[Path], kind: type[T], build: Callable[[], T]) -> T:
    """``build()``'s value, from the cache when it was made from these very ``sources``.

    ``name`` names the value (one file per name is kept); ``kind`` is its type (a cached object
    of another type is not used). Errors of ``build`` (a bad table) are raised as they are.
    """
    folder = cache_dir()
    if folder is None:
        return build()
    try:
        key = _key(sources)
    except OSError:
        return build()  # a source that cannot be read: let build() say so
    path = folder / f"{name}-{key}.pickle"
    try:
        if path.stat().st_size <= MAX_CACHE_BYTES:
            value = pickle.loads(path.read_bytes())
            if isinstance(value, kind):
                return value
    except Exception:  # noqa: BLE001  (missing, damaged, or from something else: make it again)
        pass
    value = build()
    _store(folder, name, path, value)
    return value


def _store(folder: Path, name: str, path: Path, value: object) -> None:
    import tempfile

    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        for old in folder.glob(f"{name}-*.pickle"):  # copies made from older files
            if old != path:
                old.unlink(missing_ok=True)
    except Exception:  # noqa: BLE001  (a cache that cannot be written only costs time)
        pass
