"""What every page of the console and of the sides shares: the site (the game's reader, the keys,
the sessions), its templates, and how a request is read and an error answered. A user mistake
(:class:`~umpire.errors.UmpireError`) is answered as ``{"error": "..."}`` in the engine's own
words, a busy file as such (409), a page drawn before the file changed as stale (409): nothing
was written in any of these.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from starlette.requests import Request
from starlette.responses import HTMLResponse

from umpire.engine import StaleError
from umpire.errors import StoreError, UmpireError
from umpire.schema.limits import MAX_DEPTH
from umpire.serve.security import MAX_BODY, Door, Keys, Sessions
from umpire.serve.shown import JSONResponse, finalize
from umpire.serve.side_views import SideReader
from umpire.serve.views import Reader

HERE = Path(__file__).resolve().parent


class TooLarge(UmpireError):
    """A request body over :data:`~umpire.serve.security.MAX_BODY` (answered 413)."""

    status = 413


@dataclass
class Site:
    """What every route shares: the game's reader (and its sides' pages), the keys and sessions,
    the templates, and the address the sides' links name (None: the one the umpire's browser used)."""

    reader: Reader
    keys: Keys
    sessions: Sessions
    sides: SideReader
    base_url: str | None = None
    local: bool = True  # the server listens on this machine only: other devices cannot open a link
    poll: tuple[float, float] = (4.0, 20.0)  # a side's page: its first wait between questions, and its longest
    templates: Environment = field(default_factory=lambda: templates())
    door: Door = field(default_factory=Door)

    def page(self, name: str, request: Request, status: int = 200, **context: Any) -> HTMLResponse:
        session = request.state.session
        html = self.templates.get_template(name).render(csrf=session.csrf if session else "", **context)
        return HTMLResponse(html, status_code=status)


def templates() -> Environment:
    """The Jinja2 environment: every value escaped unless a template says otherwise (the map's
    SVG, which its writer escapes by construction, is the only such value)."""
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True, undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True, finalize=finalize)
    from umpire.reports import sections
    from umpire.reports.status import gist
    from umpire.reports.words import inches, num, short_phase

    env.filters["num"] = num
    env.filters["dig"] = dig
    env.filters["points"] = points_text
    env.filters["point"] = point_text
    env.filters["compact"] = compact
    env.filters["inches"] = inches
    env.globals.update(S=sections, gist=gist, short_phase=short_phase)
    return env


def dig(data: Any, key: str) -> Any:
    """The value at a dotted ``key`` of nested mappings (None where there is none)."""
    for part in key.split("."):
        data = data.get(part) if isinstance(data, dict) else None
    return data


def points_text(value: Any) -> str:
    """Waypoints ``[[x, y], ...]`` as a player types them: ``x,y x,y``."""
    if not isinstance(value, list):
        return ""
    return " ".join(f"{p[0]:g},{p[1]:g}" for p in value if isinstance(p, list | tuple) and len(p) == 2
                    and all(isinstance(c, int | float) for c in p))


def point_text(value: Any) -> str:
    """One point ``[x, y]`` as a player types it (``x,y``), or a contact's label as it is."""
    if isinstance(value, str):
        return value
    return points_text([value]) if isinstance(value, list | tuple) else ""


def compact(value: Any) -> str:
    """``value`` as JSON without spaces (a map's marks: drawing points, never read as a place
    in inches), for an attribute (the template escapes it)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def site_of(request: Request) -> Site:
    site: Site = request.app.state.site
    return site


def error(message: str, status: int = 400, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


def answer_error(exc: Exception) -> JSONResponse:
    """A refusal in the engine's words: busy and stale say so, so the page can say what to do."""
    if isinstance(exc, StaleError):
        return error(str(exc), 409, stale=True)
    if isinstance(exc, StoreError) and "busy" in str(exc):
        return error(str(exc), 409, busy=True)
    return error(str(exc), getattr(exc, "status", 400))


def query(request: Request, *allowed: str) -> dict[str, str]:
    """The query's parameters, each one of ``allowed`` given once.

    :raises UmpireError: for any other parameter (no route takes a file or a path).
    """
    out: dict[str, str] = {}
    for key, value in request.query_params.multi_items():
        if key not in allowed:
            raise UmpireError(f"unknown parameter {key!r} (allowed here: {', '.join(allowed) or 'none'}); "
                              "this server serves its one game file and takes no path")
        if key in out:
            raise UmpireError(f"parameter {key!r} given twice")
        out[key] = value
    return out


async def body_json(request: Request) -> dict[str, Any]:
    """The request's JSON object. :raises UmpireError: if it is not one, or too large."""
    raw = await read_body(request)
    try:
        data = json.loads(raw or b"{}")
    except RecursionError:
        raise UmpireError(f"the request is nested more than {MAX_DEPTH} levels deep (the limit)") from None
    except ValueError:
        raise UmpireError("the request is not JSON") from None
    if not isinstance(data, dict):
        raise UmpireError("the request is not a JSON object")
    if depth(data) > MAX_DEPTH:
        raise UmpireError(f"the request is nested more than {MAX_DEPTH} levels deep (the limit)")
    return data


def depth(data: Any) -> int:
    """How deeply ``data`` nests lists and mappings (a scalar: 0), without recursion."""
    most, todo = 0, [(data, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, dict | list):
            most = max(most, d)
            todo.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return most


async def read_body(request: Request) -> bytes:
    """A request's body, refused past MAX_BODY."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise TooLarge(f"the request is too large (at most {MAX_BODY // 1024} KiB)")
        chunks.append(chunk)
    return b"".join(chunks)
