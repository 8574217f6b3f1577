"""The console's web application: its routes and its guard.

:func:`make_app` builds one Starlette app over one game file. The routes live by idea in
:mod:`.console` (the page and its parts), :mod:`.actions` (every write, through the engine),
:mod:`.papers` (reports and briefings), :mod:`.players` (the players' links and their pages'
orders) and :mod:`.side_pages` (a side's page); logging in and out is here. Every route is behind
:class:`~umpire.serve.security.Guard`; what they share (the site, reading a request, answering an
error) is :mod:`.site`.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from umpire.serve.security import UMPIRE, Guard, Keys, Sessions, cookie_header, roles_for, side_role
from umpire.serve.shown import JSONResponse
from umpire.serve.side_views import SideReader
from umpire.serve.site import HERE, Site, read_body, site_of
from umpire.serve.views import Reader


# -- logging in and out -------------------------------------------------------------------------
async def login(request: Request) -> Response:
    """The door: ``/login?token=SECRET`` (the link printed at start) or the secret typed in.

    A browser that holds another session (the umpire's console, another side's page) is asked
    before this one replaces it; a link's logins and an address's wrong secrets are counted
    (:class:`~umpire.serve.security.Door`)."""
    site = site_of(request)
    replace = False
    if request.method == "POST":
        form = parse_qs((await read_body(request)).decode("utf-8", "replace"))
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
