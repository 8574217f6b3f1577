"""The console takes a photo of the table: read it, show it against the game, apply it on a click.

- ``POST /console/photo``: the photo itself as the request's body (JPEG or PNG, at most
  :data:`~umpire.photo.image.MAX_BYTES`; a larger one is refused from its length, before a byte is
  read). It is read against the game as the file holds it now, through the same function as
  ``umpire table read``; the answer is the difference (a table and the map with its arrows,
  both rendered and escaped here) and the event it was read against. One photo is read at a
  time; a second sent meanwhile is told to wait. Nothing is written.
- ``POST /console/photo/apply``: the reading this session read last, applied as one action, as
  ``umpire table read --apply`` does; refused whole, as stale, if the file changed since it was
  read (the photo is then read again), and in the engine's words otherwise.

Both are behind the console's guard: the umpire's session, same-origin requests carrying the
session's CSRF token. The photo is never kept: only what was read from it, until applied or
replaced by the next.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from umpire.engine import StaleError
from umpire.errors import UmpireError
from umpire.photo.image import MAX_BYTES, MB
from umpire.serve.site import TooLarge, answer_error, body_json, site_of

KEEP_SECONDS = 3600  # a reading not applied within an hour is forgotten


@dataclass
class Desk:
    """What the photo routes keep between requests: the one-at-a-time lock for reading, and each
    session's last reading (the event it was read against, the action's payload, when)."""

    reading: threading.Semaphore = field(default_factory=lambda: threading.Semaphore(1))
    lock: threading.Lock = field(default_factory=threading.Lock)
    kept: dict[str, tuple[int, dict[str, Any], float]] = field(default_factory=dict)

    def keep(self, sid: str, seq: int, payload: dict[str, Any]) -> None:
        now = time.monotonic()
        with self.lock:
            for k in [k for k, v in self.kept.items() if now - v[2] > KEEP_SECONDS]:
                del self.kept[k]
            self.kept[sid] = (seq, payload, now)

    def take(self, sid: str) -> tuple[int, dict[str, Any]] | None:
        with self.lock:
            got = self.kept.get(sid)
        return None if got is None or time.monotonic() - got[2] > KEEP_SECONDS else (got[0], got[1])

    def drop(self, sid: str) -> None:
        with self.lock:
            self.kept.pop(sid, None)


def desk(request: Request) -> Desk:
    state = request.app.state
    with _made:
        if not hasattr(state, "photo_desk"):
            state.photo_desk = Desk()
    got: Desk = state.photo_desk
    return got


_made = threading.Lock()


async def _photo_bytes(request: Request) -> bytes:
    """The request's body, refused from its stated length, else as it comes, once past the limit."""
    too_big = f"the photo is too large (a photo may be up to {MAX_BYTES // MB} MB): take it at a lower resolution"
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BYTES:
        raise TooLarge(too_big)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BYTES:
            raise TooLarge(too_big)
        chunks.append(chunk)
    data = b"".join(chunks)
    if not data:
        raise UmpireError("no photo came with the request: choose or take a photo of the table")
    return data


def _read(request: Request, data: bytes) -> dict[str, Any]:
    from umpire.engine.photo import read_against
    from umpire.reports.model import report_for_game
    from umpire.reports.photo import difference_map, lines, odd_lines
    from umpire.reports.tablemap import to_svg

    site = site_of(request)
    d = desk(request)
    if not d.reading.acquire(blocking=False):
        raise UmpireError("another photo is being read: wait a moment and send this one again")
    try:
        with site.reader.game() as game:
            seq = game.last_seq()
            diff, facts = read_against(game, data, "the photo")
            with game.file.read():
                report = report_for_game(game)
            if game.last_seq() != seq:
                raise UmpireError("the game changed while the photo was being read: send it again")
    finally:
        d.reading.release()
    svg = to_svg(difference_map(report, diff))
    html = site.templates.get_template("_photo_result.html").render(
        summary=diff.summary(), lines=lines(diff), odd=odd_lines(diff), reading=diff.reading,
        svg=svg[svg.index("<svg"):], can_apply=bool(diff.changing))
    d.keep(request.state.session.id, seq, diff.payload(facts))
    return {"ok": True, "seq": seq, "summary": diff.summary(), "html": html, "apply": bool(diff.changing)}


async def read_photo(request: Request) -> Response:
    try:
        data = await _photo_bytes(request)
        return JSONResponse(await run_in_threadpool(_read, request, data))
    except UmpireError as exc:
        return answer_error(exc)


def _apply(request: Request, data: dict[str, Any]) -> dict[str, Any]:
    from umpire.reports.status import gist

    d = desk(request)
    sid = request.state.session.id
    kept = d.take(sid)
    if kept is None:
        raise UmpireError("no photo read to apply: take or choose a photo of the table first")
    seq, payload = kept
    with site_of(request).reader.game() as game:
        game.expecting(seq)
        try:
            res = game.act("table_read", payload)
        except StaleError:
            d.drop(sid)  # read against a game that is no more: the photo must be read again
            raise
        last = game.last_seq()
    d.drop(sid)
    return {"ok": True, "seq": res.seq, "last": last, "summary": f"#{res.seq} {res.summary}",
            "short": f"#{res.seq} {gist(res.summary)}"}


async def apply_photo(request: Request) -> Response:
    try:
        data = await body_json(request)
        return JSONResponse(await run_in_threadpool(_apply, request, data))
    except UmpireError as exc:
        return answer_error(exc)


ROUTES = [
    Route("/console/photo", read_photo, methods=["POST"]),
    Route("/console/photo/apply", apply_photo, methods=["POST"]),
]
