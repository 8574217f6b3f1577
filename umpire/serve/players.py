"""The umpire's side of the players' pages, in the console: links, the orders pages sent, releases.

- ``/console/players``: the panel (each side's links, its orders for the turn as its pages sent
  them, by whom and when, and the turns released);
- ``/console/links`` (POST): ``make`` a side's link (or a player's: it replaces the live one of
  the same side and player) and show it once, with its QR code; ``revoke`` one;
- ``/console/page-orders.yaml?side=ID``: a side's orders as its pages sent them, as the ordinary
  orders file (what ``umpire turn orders`` reads);
- ``/console/page-orders`` (POST): ``refuse`` one entry (the side is told why), ``lock`` or
  ``unlock`` a side, ``enter`` a side's orders: the orders file (as sent, or as the umpire edited
  it) entered by the same action as ``umpire turn orders FILE`` (which locks the side too);
- ``/console/release`` (POST): release the sides' briefings up to a turn.

Every write goes through :mod:`umpire.engine.players` or the console's own action route.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from umpire.errors import UmpireError, unknown
from umpire.registry import game_over
from umpire.serve.actions import act, route
from umpire.serve.shown import JSONResponse
from umpire.serve.site import answer_error, query, site_of


def link_url(request: Request, token: str) -> str:
    """The address a side's device opens: the server's address for the network when it has one."""
    base = site_of(request).base_url or str(request.base_url)
    return f"{base.rstrip('/')}/login?token={token}"


def qr_svg(text: str, scale: int = 4) -> str:
    """``text`` as a QR code, an inline SVG element (its only content: the code's squares)."""
    import segno

    svg: str = segno.make(text, error="m").svg_inline(scale=scale, border=2, dark="#000", light="#fff")
    return svg


def _side(game: Any, data: dict[str, Any]) -> str:
    side = str(data.get("side") or "")
    if side not in game.state.side_ids():
        raise UmpireError(unknown("side", side, game.state.side_ids()))
    return side


def panel(request: Request) -> Response:
    from umpire.engine import players

    site = site_of(request)
    try:
        query(request)
        with site.reader.game() as game, game.file.read():
            state = game.state
            turn = state.turn
            sides = []
            for s in state.sides:
                sides.append({"id": s.id, "name": s.name, "window": players.window_of(game, s.id),
                              "links": [x for x in players.links(game) if x.side == s.id and x.live],
                              "sent": players.sent(game, s.id, turn)})
            released = players.released(game)

            last = turn if game_over(state) is not None else turn - 1
            stamp = players.stamp(game)
        html = site.templates.get_template("_players.html").render(sides=sides, turn=turn, released=released,
                                                                   last=last, local=site.local)
    except UmpireError as exc:
        return answer_error(exc)
    return JSONResponse({"html": html, "stamp": stamp})


def _links(request: Request, data: dict[str, Any]) -> dict[str, Any]:
    from umpire.engine import players

    site = site_of(request)
    with site.reader.game() as game:
        if data.get("action") == "make":
            link, token = players.make_link(game, _side(game, data), str(data.get("player") or ""))
            url = link_url(request, token)
            live = players.live_ids(game)
            out = {"ok": True, "id": link.id, "side": link.side, "player": link.player, "url": url, "qr": qr_svg(url)}
        elif data.get("action") == "revoke":
            n = data.get("id")
            if not isinstance(n, int) or isinstance(n, bool):
                raise UmpireError("revoke: give the link's number")
            players.revoke(game, n)
            live = players.live_ids(game)
            out = {"ok": True, "id": n}
        else:
            raise UmpireError(f"links: unknown action {data.get('action')!r} (allowed: make, revoke)")
    site.sessions.drop_links(live)
    return out


def orders_file(request: Request) -> Response:
    from umpire.serve.side_orders import file_name

    site = site_of(request)
    try:
        params = query(request, "side")
        with site.reader.game() as game, game.file.read():
            side = _side(game, params)
            turn = game.state.turn
            text = _text(game, side, turn)
    except UmpireError as exc:
        return answer_error(exc)
    return Response(text, media_type="text/yaml; charset=utf-8",
                    headers={"content-disposition": f'inline; filename="{file_name(side, turn)}"'})


def _text(game: Any, side: str, turn: int) -> str:
    from umpire.engine import players

    sent = players.sent(game, side, turn)
    head = [f"{side}'s orders for turn {turn} as its pages sent them"]
    head += [f"{e.key}: sent by {e.sent_by} at {e.sent_at}" + (f" (refused: {e.reason})" * (e.state == "refused"))
             for e in sent if e.key != players.NOTE]
    return players.orders_text(side, turn, sent, head)


def _orders(request: Request, data: dict[str, Any]) -> dict[str, Any]:
    from umpire.engine import players
    from umpire.serve.side_orders import file_name

    site = site_of(request)
    action = data.get("action")
    with site.reader.game() as game:
        side = _side(game, data)
        turn = game.state.turn
        if action == "refuse":
            players.refuse(game, side, turn, str(data.get("key") or ""), str(data.get("reason") or ""))
            return {"ok": True}
        if action in ("lock", "unlock"):
            players.lock(game, side, turn, action == "lock")
            return {"ok": True}
        if action != "enter":
            raise UmpireError(f"page orders: unknown action {action!r} (allowed: refuse, lock, unlock, enter)")
        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            text = _text(game, side, turn)
        players.lock(game, side, turn)
    return act(request, {"action": "orders", "text": text, "name": file_name(side, turn), "seen": data.get("seen")})


def _release(request: Request, data: dict[str, Any]) -> dict[str, Any]:
    from umpire.engine import players

    turn = data.get("turn")
    if not isinstance(turn, int) or isinstance(turn, bool):
        raise UmpireError("release: give the turn whose briefings the sides may read")
    with site_of(request).reader.game() as game:
        return {"ok": True, "released": players.release(game, turn)}


ROUTES = [
    Route("/console/players", panel),
    Route("/console/links", route(_links), methods=["POST"]),
    Route("/console/page-orders.yaml", orders_file),
    Route("/console/page-orders", route(_orders), methods=["POST"]),
    Route("/console/release", route(_release), methods=["POST"]),
]
