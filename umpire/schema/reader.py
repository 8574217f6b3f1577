"""The one YAML (and JSON) reader for every input: size-, depth- and alias-limited, strict.

libyaml (C) parses the text into events and this module builds the Python values from them
directly, counting as it goes, so a hostile file is refused early and in little memory:

- at most :data:`~umpire.schema.limits.MAX_DEPTH` levels of nesting;
- at most :data:`~umpire.schema.limits.MAX_VALUES` values, an alias (``*name``) counting as
  every value it repeats, and at most :data:`~umpire.schema.limits.MAX_ALIASES` aliases: a
  400-byte "billion laughs" file is refused in milliseconds;
- at most :data:`~umpire.schema.limits.MAX_ITEMS` items in one list or mapping and at most
  :data:`~umpire.schema.limits.MAX_TEXT` characters in one text, refused at the first item or
  the text past the limit (a polygon of a million points costs no more than one at the limit);
- a key given twice in one mapping is refused, naming the key and both lines (the last one no
  longer wins silently);
- only plain data: mappings, lists, text, numbers, true/false and null. Numbers are plain
  decimals (``12``, ``-3.5``, ``1e3``); ``1_0``, ``0x1f``, ``017`` as octal and ``1:30`` (YAML 1.1
  sexagesimal) stay text and are refused where a number is expected, and so are ``.nan``,
  ``.inf`` and ``1e400`` (read as numbers here, refused by the schema as not finite). Only
  ``true`` and ``false`` are booleans: ``NO`` (the Auftragstaktik order) is text. Tags other than
  the standard scalar and collection ones (``!!python/...``, ``!!set``, ``!!binary``) are refused.

This is also faster than building through PyYAML's node graph (see ``bench/yaml_read.py``).
Without libyaml the pure-Python parser gives the same events, slower.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml
from yaml import events as ev

from umpire.errors import DataError, shown
from umpire.schema.limits import MAX_ALIASES, MAX_DEPTH, MAX_FILE_BYTES, MAX_ITEMS, MAX_TEXT, MAX_VALUES, MB
from umpire.schema.numbers import FLOAT_TEXT, INT_TEXT

_NULL = frozenset({"", "~", "null", "Null", "NULL"})
_TRUE = frozenset({"true", "True", "TRUE"})
_FALSE = frozenset({"false", "False", "FALSE"})
_SPECIAL = {
    ".inf": float("inf"), ".Inf": float("inf"), ".INF": float("inf"),
    "+.inf": float("inf"), "+.Inf": float("inf"), "+.INF": float("inf"),
    "-.inf": float("-inf"), "-.Inf": float("-inf"), "-.INF": float("-inf"),
    ".nan": float("nan"), ".NaN": float("nan"), ".NAN": float("nan"),
}
_Y = "tag:yaml.org,2002:"
_COLLECTION_TAGS = frozenset({None, "!", _Y + "seq", _Y + "map"})


def _plain(value: str) -> Any:
    if value in _NULL:
        return None
    first = value[0]
    if first in "0123456789+-.":
        if INT_TEXT.match(value):
            return int(value)
        if FLOAT_TEXT.match(value):
            return float(value)
        if value in _SPECIAL:
            return _SPECIAL[value]
    elif value in _TRUE:
        return True
    elif value in _FALSE:
        return False
    return value


class Unread(DataError):
    """A file refused by the reader itself (not found, not a file, too large, not UTF-8, not
    YAML, past a limit): nothing of it was read further, and nothing more is to be learnt by
    reading it again (a command's refusal says this one problem, :func:`umpire.inputs.refusal`)."""


class _Refused(Exception):
    def __init__(self, line: int, message: str, column: int | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


def _tagged(value: str, tag: str, line: int) -> Any:
    if tag in ("!", _Y + "str"):
        return value
    name = tag[len(_Y):] if tag.startswith(_Y) else None
    got = _plain(value) if name in ("int", "float", "bool", "null") else None
    ok = {
        "int": isinstance(got, int) and not isinstance(got, bool),
        "float": isinstance(got, int | float) and not isinstance(got, bool),
        "bool": isinstance(got, bool),
        "null": value in _NULL,
    }
    if name in ok:
        if not ok[name]:
            raise _Refused(line, f"{value!r} is not a plain {name} value")
        return float(got) if name == "float" and got is not None else got
    raise _Refused(line, f"tag {tag!r} is not allowed (plain data only: mappings, lists, text, numbers)")


class _Frame:
    """One mapping or list being built (``path``: where it is, when marks are kept)."""

    __slots__ = ("value", "key", "has_key", "size", "height", "anchor", "lines", "merges", "line", "path")

    def __init__(self, value: Any, anchor: str | None, line: int, path: tuple[Any, ...] = ()) -> None:
        self.value = value
        self.key: Any = None
        self.has_key = False
        self.size = 1
        self.height = 0
        self.anchor = anchor
        self.lines: dict[Any, int] | None = {} if isinstance(value, dict) else None
        self.merges: list[dict[Any, Any]] | None = None
        self.line = line
        self.path = path


def _parser(text: str | bytes) -> Any:
    loader = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader
    return loader(text)


#: Where each part of a file is: ``(line, column)``, both from 1, by path (``("sides", 0, "id")``).
#: A mapping's entry is marked at its key, a list's item (a mapping or a list) where it starts;
#: a text or number inside a list is found through the list (see :func:`mark_of`).
Marks = dict[tuple[Any, ...], tuple[int, int]]


def mark_of(marks: Marks, path: tuple[Any, ...]) -> tuple[int, int] | None:
    """The mark of ``path``, or of the nearest part of the file that holds it (None: the file
    has no such part, e.g. an empty file)."""
    for end in range(len(path), -1, -1):
        got = marks.get(path[:end])
        if got is not None:
            return got
    return None


def parse_yaml(text: str | bytes, where: str, marks: Marks | None = None) -> Any:
    """Build the value of one YAML (or JSON) document, with the limits above; with ``marks``,
    also fill it with where each part of the file is (for ``umpire check``: the normal read
    keeps nothing of the kind). ``text`` may be the bytes of a file checked to be UTF-8
    (:func:`checked_utf8`): the parser then reads them without a copy as text.

    :raises DataError: one line naming ``where``, the line and the reason.
    """
    parser = _parser(text)
    try:
        return _build(parser, marks)
    except _Refused as exc:
        at = f"line {exc.line}" + (f", column {exc.column}" if exc.column else "")
        raise Unread(f"{where}: {at}: {exc}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        if "maximum nesting depth" in problem:  # libyaml's own limit, met before ours when scanning ahead
            problem = f"nested more than {MAX_DEPTH} levels deep (the limit for any input)"
        raise Unread(f"{where}: not valid YAML{at}: {problem}") from None
    finally:
        parser.dispose()


def _build(parser: Any, marks: Marks | None = None) -> Any:  # noqa: C901 - one event loop, kept in one place for speed
    get = parser.get_event
    stack: list[_Frame] = []
    anchors: dict[str, tuple[Any, int, int] | None] = {}  # None: still being built
    total = 0
    aliases = 0
    documents = 0
    root: Any = None
    scalar_ev, alias_ev = ev.ScalarEvent, ev.AliasEvent
    map_start, seq_start = ev.MappingStartEvent, ev.SequenceStartEvent
    map_end, seq_end = ev.MappingEndEvent, ev.SequenceEndEvent
    while True:
        e = get()
        kind = type(e)
        line = e.start_mark.line + 1 if e.start_mark is not None else 0
        if kind is scalar_ev:
            if len(e.value) > MAX_TEXT:
                raise _Refused(line, f"{_where(stack)}too long: a text of {len(e.value):,} characters (allowed: "
                                     f"at most {MAX_TEXT:,} in one value, the limit for any input)",
                               e.start_mark.column + 1)
            if e.implicit[0]:
                value = _plain(e.value)
            elif e.tag is None:
                value = e.value
            else:
                value = _tagged(e.value, e.tag, line)
            size, height, is_key_ok = 1, 0, True
            total += 1
            if e.anchor is not None:
                anchors[e.anchor] = (value, 1, 0)
        elif kind is map_start or kind is seq_start:
            if e.tag not in _COLLECTION_TAGS:
                raise _Refused(line, f"tag {e.tag!r} is not allowed (plain data only: mappings, lists, text, numbers)")
            if len(stack) >= MAX_DEPTH:
                raise _Refused(line, f"nested more than {MAX_DEPTH} levels deep (the limit for any input)")
            if e.anchor is not None:
                anchors[e.anchor] = None
            path: tuple[Any, ...] = ()
            if marks is not None:
                path = _child_path(stack, e, marks)
            stack.append(_Frame({} if kind is map_start else [], e.anchor, line, path))
            total += 1
            if total > MAX_VALUES:
                repeat = ", counting what aliases repeat" if aliases else ""
                raise _Refused(line, f"more than {MAX_VALUES:,} values{repeat} (the limit for any input)")
            continue
        elif kind is map_end or kind is seq_end:
            frame = stack.pop()
            value = frame.value
            if frame.merges:
                merged: dict[Any, Any] = {}
                for m in reversed(frame.merges):
                    merged.update(m)
                merged.update(value)
                value = merged
            size, height, is_key_ok = frame.size, frame.height + 1, False
            if frame.anchor is not None:
                anchors[frame.anchor] = (value, size, height)
        elif kind is alias_ev:
            target = anchors.get(e.anchor, False)
            if target is False:
                raise _Refused(line, f"alias *{e.anchor} is not defined above it")
            if target is None:
                raise _Refused(line, f"alias *{e.anchor} refers to a value that contains it")
            value, size, height = target  # type: ignore[misc]
            is_key_ok = height == 0
            total += size
            aliases += 1
            if aliases > MAX_ALIASES:
                raise _Refused(line, f"more than {MAX_ALIASES:,} aliases (*name) (the limit for any input)")
            if len(stack) + height > MAX_DEPTH:
                raise _Refused(line, f"alias *{e.anchor} nests more than {MAX_DEPTH} levels deep (the limit)")
        elif kind is ev.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _Refused(line, "more than one YAML document (---) in one file")
            continue
        elif kind is ev.StreamEndEvent:
            return root
        else:
            continue
        if total > MAX_VALUES:
            repeat = ", counting what aliases repeat" if aliases else ""
            raise _Refused(line, f"more than {MAX_VALUES:,} values{repeat} (the limit for any input)")
        if not stack:
            root = value
            continue
        top = stack[-1]
        top.size += size
        if height > top.height:
            top.height = height
        container = top.value
        if len(container) >= MAX_ITEMS:
            what = "list" if top.lines is None else "mapping"
            raise _Refused(line, f"{_where(stack[:-1])}too many items: a {what} of more than {MAX_ITEMS:,} items "
                                 "(the limit for any input)")
        if top.lines is None:
            container.append(value)
        elif top.has_key:
            key = top.key
            top.has_key = False
            if key == "<<" and top.lines.get("<<", 0) < 0:
                top.merges = _merges(value, line)
            else:
                container[key] = value
        else:
            if not is_key_ok:
                raise _Refused(line, "a key must be a plain value (text or a number), not a list or mapping")
            if kind is scalar_ev and e.implicit[0] and value == "<<":
                top.lines["<<"] = -line  # a merge key (YAML 1.1), allowed once per mapping
            elif value in top.lines:
                first = abs(top.lines[value])
                raise _Refused(line, f"key {value!r} appears twice in one mapping (first at line {first})")
            else:
                top.lines[value] = line
                if marks is not None:
                    marks[(*top.path, value)] = (line, e.start_mark.column + 1)
            top.key = value
            top.has_key = True


def _where(stack: list[_Frame]) -> str:
    """Where in the file the value being read is (``battalions.tf-1-64.note: ``), from the
    mappings and lists open around it (``stack``); empty at the top."""
    from umpire.schema.problems import loc_text

    path = [len(f.value) if f.lines is None else f.key for f in stack if f.lines is None or f.has_key]
    return f"{loc_text(tuple(path))}: " if path else ""


def _child_path(stack: list[_Frame], e: Any, marks: Marks) -> tuple[Any, ...]:
    """The path of a mapping or list that starts here; an item of a list is marked where it starts."""
    if not stack:
        marks[()] = (e.start_mark.line + 1, e.start_mark.column + 1)
        return ()
    top = stack[-1]
    if top.lines is not None:
        return (*top.path, top.key)
    path = (*top.path, len(top.value))
    marks[path] = (e.start_mark.line + 1, e.start_mark.column + 1)
    return path


def _merges(value: Any, line: int) -> list[dict[Any, Any]]:
    maps = value if isinstance(value, list) else [value]
    if not all(isinstance(m, dict) for m in maps):
        raise _Refused(line, "a merge key (<<) takes a mapping or a list of mappings")
    return list(maps)


def linked(path: Path | str) -> bool:
    """Whether the file at ``path`` is reached through a symbolic link (the name given is a link,
    or a folder of it is one that leads out of the folder named): no message quotes such a file,
    which may be any file of the machine (``/etc/passwd``); it is named by its path and kind
    only (:func:`foreign`)."""
    import os

    if str(path) == "-":
        return False
    p = Path(path)
    try:
        if p.is_symlink():
            return True
        real = p.resolve().parent
        return real != Path(os.path.abspath(p)).parent.resolve()
    except (OSError, RuntimeError):
        return False


def foreign(path: Path | str, kind: str) -> DataError:
    """The one refusal of a file reached through a link that is not a good ``kind``: its path and
    kind, never a word of what it holds."""
    word = KIND_WORDS.get(kind.split("-")[0], kind.replace("-", " "))
    return DataError(f"{shown(path)}: not {'an' if word[:1] in 'aeiou' else 'a'} {word} umpire can use; it is a "
                     "link to another file, and no message quotes a linked file: check the file it links to")


#: How a refusal names a kind of file (``umpire check``'s kinds).
KIND_WORDS = {"orders": "orders file", "season": "season file", "case": "calc case", "spec": "rating spec",
              "units": "unit file", "file": "file", "": "file"}


def read_bytes(path: Path, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file no bigger than ``max_bytes``. A pipe, a device or a socket
    is refused before anything is read from it (reading a pipe no one writes to would wait for
    ever, a device may never end). :raises DataError: naming the file."""
    import os

    name = shown(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a pipe opens without waiting
    except FileNotFoundError:
        raise Unread(f"{name}: file not found") from None
    except IsADirectoryError:
        raise Unread(f"{name}: is a folder, not a file") from None
    except PermissionError:
        raise Unread(f"{name}: cannot be read (permission denied)") from None
    except OSError as exc:
        raise Unread(f"{name}: cannot be read ({exc.strerror or exc.__class__.__name__})") from None
    what = _not_regular(fd)
    if what:
        os.close(fd)
        if what == "a folder":
            raise Unread(f"{name}: is a folder, not a file")
        raise Unread(f"{name}: is {what}, not a file (umpire reads files; give - for standard input "
                        "where a command takes it)")
    with open(fd, "rb", closefd=True) as fh:
        size = os.fstat(fd).st_size
        if size > max_bytes:
            raise Unread(_too_big(name, size, max_bytes))
        try:
            data = fh.read(max_bytes + 1)
        except OSError as exc:
            raise Unread(f"{name}: cannot be read ({exc.strerror or exc.__class__.__name__})") from None
    if len(data) > max_bytes:
        raise Unread(_too_big(name, None, max_bytes))
    return data


def _not_regular(fd: int) -> str:
    """What the open file is if it is not a regular file ('a folder', 'a pipe (FIFO)'...), else ''."""
    import os
    import stat

    mode = os.fstat(fd).st_mode
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


def _megabytes(limit: int) -> str:
    """A limit as it is said: ``1 MB``, ``2.5 MB``, or in bytes below a megabyte."""
    if limit < MB:
        return f"{limit:,} bytes"
    return f"{limit // MB} MB" if limit % MB == 0 else f"{limit / MB:.1f} MB"


def _too_big(name: str, size: int | None, limit: int) -> str:
    got = f"{size:,} bytes" if size is not None else f"more than {limit:,} bytes"
    return f"{name}: too large ({got}; the limit for this kind of file is {_megabytes(limit)})"


def decode(data: bytes, where: str) -> str:
    """``data`` as UTF-8 text. :raises DataError: naming the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise Unread(
            f"{where}: line {line}: not UTF-8 text (byte {data[exc.start]:#04x} at offset {exc.start}); "
            "save the file as UTF-8"
        ) from None


def checked_utf8(data: bytes, where: str) -> bytes:
    """``data``, checked to be UTF-8 a piece at a time (never a second copy of it whole as text).
    :raises DataError: as :func:`decode` does."""
    import codecs

    check = codecs.getincrementaldecoder("utf-8")()
    step = 1 << 20
    try:
        for k in range(0, len(data), step):
            check.decode(data[k:k + step], final=k + step >= len(data))
        if not data:
            check.decode(b"", final=True)
    except UnicodeDecodeError:
        decode(data, where)  # names the first bad byte
    return data


def read_yaml_file(path: Path, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Read and parse a YAML file within the limits; ``-`` reads standard input.

    :raises DataError: one line."""
    if str(path) == "-":
        return read_yaml_stdin("<stdin>", max_bytes)
    name = shown(path)
    return parse_yaml(checked_utf8(read_bytes(path, max_bytes), name), name)


def source_name(path: Path | str) -> str:
    """How an input file is named in what umpire writes: its file name, or ``standard input``
    for ``-``."""
    return "standard input" if str(path) == "-" else shown(Path(path).name)


def read_stdin_bytes(where: str = "<stdin>", max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes on standard input, no more than ``max_bytes``. :raises DataError: naming ``where``."""
    if sys.stdin is None:
        raise Unread(f"{where}: there is no standard input to read")
    stream = getattr(sys.stdin, "buffer", None)
    if stream is not None:
        data: bytes = stream.read(max_bytes + 1)
    else:
        data = sys.stdin.read(max_bytes + 1).encode("utf-8", "surrogateescape")
    if len(data) > max_bytes:
        raise Unread(_too_big(where, None, max_bytes))
    return data


def read_yaml_stdin(where: str = "<stdin>", max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Read and parse YAML or JSON on standard input within the limits."""
    return parse_yaml(decode(read_stdin_bytes(where, max_bytes), where), where)
