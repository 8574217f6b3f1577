"""The console's web application: its routes, its templates, its guard, and how errors answer.

:func:`make_app` builds one Starlette app over one game file. The routes live by idea in
:mod:`.console` (the page and its parts), :mod:`.actions` (every write, through the engine)
and :mod:`.papers` (reports and briefings); logging in and out is here. Every route is behind
:class:`~umpire.serve.security.Guard`. A user mistake (:class:`~umpire.errors.UmpireError`) is
answered as ``{"error": "..."}`` in the engine's own words, a busy file as such (409), a page
drawn before the file changed as stale (409): nothing was written in any of these.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from umpire.errors import UmpireError
from umpire.serve.security import MAX_BODY, UMPIRE, Door, Guard, Keys, Sessions, cookie_header, roles_for, side_role
from umpire.serve.shown import JSONResponse
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
    from umpire.serve.shown import finalize

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
    from umpire.engine import StaleError
    from umpire.errors import StoreError

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
    from umpire.schema.limits import MAX_DEPTH

    raw = await _body(request)
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


async def _body(request: Request) -> bytes:
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise TooLarge(f"the request is too large (at most {MAX_BODY // 1024} KiB)")
        chunks.append(chunk)
    return b"".join(chunks)


# -- logging in and out -------------------------------------------------------------------------
async def login(request: Request) -> Response:
    """The door: ``/login?token=SECRET`` (the link printed at start) or the secret typed in.

    A browser that holds another session (the umpire's console, another side's page) is asked
    before this one replaces it; a link's logins and an address's wrong secrets are counted
    (:class:`~umpire.serve.security.Door`)."""
    site = site_of(request)
    replace = False
    if request.method == "POST":
        form = parse_qs((await _body(request)).decode("utf-8", "replace"))
        given = (form.get("secret") or [""])[0].strip()
        replace = (form.get("replace") or [""])[0] == "yes"
    else:
        given = request.query_params.get("token", "")
        if not given:
            return site.page("login.html", request, wrong=False)
    address = f"address:{request.client.host if request.client else '-'}"
    role = site.keys.role_of(given)
    link = None
    if role is None:
        if site.door.full(address):
            return site.page("login.html", request, 429, wrong=False, slow=True)
        from umpire.engine import players

        with site.reader.game() as game:
            link = players.link_for(game, given)
        if link is None:
            site.door.knock(address)
            return site.page("login.html", request, 403, wrong=True)
        if site.door.full(f"link:{link.id}"):
            return site.page("login.html", request, 429, wrong=False, slow=True)
        role = side_role(link.side)
    old = request.state.session
    if old is not None and (old.role, old.link) != (role, link.id if link else None) and not replace:
        return site.page("replace.html", request, token=given, was=_whose(old.role, old.player),
                         now=_whose(role, link.player if link else ""), back=old.home)
    if link is not None:
        site.door.knock(f"link:{link.id}")
    session = site.sessions.new(role, link.id if link else None, link.player if link else "")
    if old is not None:
        site.sessions.drop(old.id)
    response = RedirectResponse(session.home, status_code=303)
    response.headers["set-cookie"] = cookie_header(session)
    return response


def _whose(role: str, player: str) -> str:
    """A session's holder in words: the umpire's console, a side's page (its player's)."""
    if role == UMPIRE:
        return "the umpire's console"
    side = role.split(":", 1)[1]
    return f"{side}'s page" + (f" (player {player})" if player else "")


async def logout(request: Request) -> Response:
    site = site_of(request)
    site.sessions.drop(request.state.session.id)
    response = JSONResponse({"ok": True, "to": "/login"})
    response.headers["set-cookie"] = cookie_header(None)
    return response


async def home(request: Request) -> Response:
    return RedirectResponse("/console", status_code=303)


def make_app(path: Path, secret: str, *, hosts: list[str] | None = None, base_url: str | None = None,
             poll: tuple[float, float] | None = None) -> Starlette:
    """The console over the game file at ``path``, opened by ``secret``, and its sides' pages,
    opened by their links; ``hosts``: the names the server answers to (None: any, for a server
    reached over a network); ``base_url``: the address the sides' links name."""
    from umpire.serve import actions, console, papers, photo, players, side_pages

    reader = Reader(Path(path))
    with reader.game() as game:  # a file that is not a game is refused at start, in the CLI's words
        sides = game.state.side_ids()
    site = Site(reader, Keys({UMPIRE: secret}), Sessions(), SideReader(reader), base_url, hosts is not None)
    if poll is not None:
        site.poll = poll
    routes: list[BaseRoute] = [
        Route("/", home),
        Route("/login", login, methods=["GET", "POST"]),
        Route("/logout", logout, methods=["POST"]),
        *console.ROUTES, *actions.ROUTES, *papers.ROUTES, *players.ROUTES, *side_pages.ROUTES, *photo.ROUTES,
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.site = site
    app.add_middleware(Guard, sessions=site.sessions, hosts=hosts, roles=roles_for(sides), live=reader.live_links)
    return app
