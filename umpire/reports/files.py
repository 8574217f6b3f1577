"""Writing output files whole or not at all, and never over the game file.

A report is written to a temporary file in the target folder and renamed over the target only
when it is complete, so a bad input or a crash half way never leaves a partial file behind (and
the temporary file of a write that was killed is removed by the next write of that file).
Every output path goes through :func:`check_out`, which also refuses the files :func:`protect`
named for this command (the game file given by ``--db`` and its journal), however the path is
spelled: ``report --out umpire.db`` is an error, not a lost game.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from umpire.errors import UmpireError, unknown

if TYPE_CHECKING:
    from umpire.reports.views import TurnReport

# The files no output of the current command may be written to, each with what it is called in
# the error (see protect()).
_PROTECTED: ContextVar[tuple[tuple[Path, str], ...]] = ContextVar("umpire_protected_files", default=())
_SIDECARS = ("-journal", "-wal", "-shm")


def protect(*paths: Path) -> None:
    """Name the files (a game file, a campaign file) that outputs must never overwrite, for
    the command being run; replaces any earlier list."""
    _PROTECTED.set(tuple((Path(p), f"the game file (--db {p})") for p in paths))


def protect_also(*paths: Path, what: str = "the campaign file") -> None:
    """Add files (a campaign file...) to the ones outputs of this command must never overwrite."""
    _PROTECTED.set((*_PROTECTED.get(), *((Path(p), f"{what} ({p})") for p in paths)))


def _same(a: Path, b: Path) -> bool:
    try:
        if os.path.samefile(a, b):
            return True
    except OSError:
        pass  # one of them does not exist (yet): compare where they would be
    try:
        return os.path.realpath(a) == os.path.realpath(b)
    except (OSError, ValueError):
        return False


def check_not_protected(path: Path, option: str = "--out") -> None:
    """:raises UmpireError: if ``path`` is a protected file (or its journal) under any name."""
    for kept, label in _PROTECTED.get():
        for candidate in (kept, *(Path(f"{kept}{s}") for s in _SIDECARS)):
            if _same(Path(path), candidate):
                what = label if candidate == kept else f"the journal of {label}"
                raise UmpireError(f"{option} {path}: that is {what}; choose another file to write")


def check_out(path: Path, suffixes: Iterable[str] | None = None, option: str = "--out") -> Path:
    """``path`` if a file can be written there. :raises UmpireError: naming the problem."""
    path = Path(path)
    check_not_protected(path, option)
    if suffixes is not None:
        allowed = [s.lower() for s in suffixes]
        if path.suffix.lower() not in allowed:
            raise unknown(f"{option} format", path.suffix or path.name, allowed)
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.exists():
        raise UmpireError(f"{option} {path}: the folder {parent} does not exist")
    if not parent.is_dir():
        raise UmpireError(f"{option} {path}: {parent} is not a folder")
    if path.is_dir():
        raise UmpireError(f"{option} {path}: is a folder; give a file name")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise UmpireError(f"{option} {path}: cannot write in the folder {parent}")
    return path


def _part_pattern(path: Path) -> re.Pattern[str]:
    return re.compile(rf"^\.{re.escape(path.name)}\.(\d+)-[a-z0-9_]+\.part$")


def write_atomic(path: Path, write: Callable[[BinaryIO], object], option: str = "--out") -> Path:
    """Call ``write`` on a temporary file beside ``path`` (``.NAME.PID-XXXX.part``), then rename
    it to ``path``. The temporary file is removed on any failure, and one a killed write left
    (its process gone) is removed by the next write of ``path``."""
    from umpire.store.newfile import remove_stale

    path = check_out(path, option=option)
    remove_stale(path.parent, _part_pattern(path))
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{os.getpid()}-", suffix=".part")
    except OSError as exc:
        raise UmpireError(f"{option} {path}: cannot write there ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise UmpireError(f"{option} {path}: cannot write ({exc.strerror})") from None
        raise
    return path


@contextlib.contextmanager
def built_aside(out: Path, option: str = "--out") -> Iterator[Path]:
    """A folder to build ``out`` in: made beside it (``.NAME.demo-PID-XXXX``), moved into place
    when the block ends without an error, removed in any case; one a killed build left is
    removed first. A failure half way leaves ``out`` as it was.

    :raises UmpireError: if the folder cannot be made there.
    """
    import shutil

    from umpire.store.newfile import move_into, remove_stale_folders

    out = Path(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_folders(out)
        work = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.demo-{os.getpid()}-"))
        mask = os.umask(0o022)
        os.umask(mask)
        os.chmod(work, 0o777 & ~mask)  # the folder it becomes, as mkdir would make it
    except OSError as exc:
        raise UmpireError(f"{option} {out}: cannot make a folder there ({exc.strerror})") from None
    try:
        yield work
        move_into(work, out)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def shown(path: Path) -> str:
    """A path as the umpire reads it: from the current folder when it is inside it, else whole."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if rel == ".." or rel.startswith(".." + os.sep) else rel


def write_text_atomic(path: Path, text: str, option: str = "--out") -> Path:
    def write(fh: BinaryIO) -> None:
        fh.write(text.encode("utf-8"))

    return write_atomic(path, write, option)


def per_side(path: Path, side: str) -> Path:
    """``report.pdf`` -> ``report-nato.pdf``: one file per side, beside ``path`` whatever the
    side's id holds (:func:`umpire.text.safe_name`)."""
    from umpire.text import safe_name

    path = Path(path)
    return path.with_name(f"{path.stem}-{safe_name(side)}{path.suffix}")


def write_demo_papers(game: object, folder: Path, paper_name: str = "a4") -> list[Path]:
    """The demo's paper: the umpire's report, every side's briefing, a roster and the first
    side's orders sheets, as PDFs in ``folder``. Returns the paths written."""
    from umpire.reports.editions import stamped_papers
    from umpire.reports.pdf import roster_pdf, turn_report_pdf
    from umpire.reports.pdf_orders import orders_sheet_pdf
    from umpire.text import safe_name

    folder = Path(folder)
    full, *briefings = stamped_papers(game)  # type: ignore[arg-type]
    jobs: list[tuple[str, Callable[[BinaryIO], None]]] = [
        ("report-umpire.pdf", lambda fh: turn_report_pdf(full, fh, paper_name=paper_name)),
    ]
    for brief in briefings:
        jobs.append((f"briefing-{safe_name(str(brief.viewer))}.pdf", partial(_briefing_pdf, brief,
                                                                             paper_name=paper_name)))
    jobs.append(("roster.pdf", lambda fh: roster_pdf(full, fh, paper_name=paper_name)))
    first = full.sides[0].id
    sheets = next(b for b in briefings if b.viewer == first)  # a side's sheets from what it knows
    jobs.append((f"orders-{safe_name(first)}.pdf",
                 lambda fh: orders_sheet_pdf(sheets, fh, side=first, paper_name=paper_name)))
    return [write_atomic(folder / name, write) for name, write in jobs]


def write_demo_texts(game: object, folder: Path) -> list[Path]:
    """The umpire's report and every side's briefing as Markdown and as plain text (80 columns,
    no colour), beside the PDFs."""
    from umpire.reports.editions import stamped_papers
    from umpire.reports.turn_text import plain_text, to_markdown
    from umpire.text import safe_name

    folder = Path(folder)
    reports = [(f"briefing-{safe_name(r.viewer)}" if r.viewer else "report-umpire", r)
               for r in stamped_papers(game)]  # type: ignore[arg-type]
    out = []
    for name, r in reports:
        out.append(write_text_atomic(folder / f"{name}.md", to_markdown(r)))
        out.append(write_text_atomic(folder / f"{name}.txt", plain_text(r)))
    return out


def _briefing_pdf(brief: TurnReport, fh: BinaryIO, *, paper_name: str) -> None:
    from umpire.reports.pdf import turn_report_pdf

    turn_report_pdf(brief, fh, paper_name=paper_name)
