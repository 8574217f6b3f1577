"""A side's page and its parts, under ``/side/SIDE`` (the guard lets only that side's links in).

- ``/side/SIDE``: the page (its map, its units, the orders forms while its orders are awaited,
  its briefings);
- ``/side/SIDE/version``: a digest of what the page shows, asked by its script now and then;
- ``/side/SIDE/parts``: the page's parts, when the digest has changed;
- ``/side/SIDE/briefing?turn=N``: a released turn's briefing, with its map;
- ``/side/SIDE/check`` and ``/side/SIDE/send`` (POST): one entry read with the side's orders as
  the orders file is (its moves priced against their allowance), and kept; ``send`` with no
  entry withdraws it.

Every answer is composed from :class:`~umpire.serve.side_views.SidePage` (the side's briefing)
and every refusal is composed for the side by its reader (:mod:`umpire.serve.fog`).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from umpire.errors import UmpireError
from umpire.serve.actions import route
from umpire.serve.shown import JSONResponse
from umpire.serve.side_views import unit_facts
from umpire.serve.site import error, query, site_of
from umpire.serve.views import MAP_WIDTH

if TYPE_CHECKING:
    from umpire.serve.side_views import SidePage



def _side(request: Request) -> str:
    return str(request.path_params["side"])


def _page(request: Request) -> SidePage:
    session = request.state.session
    return site_of(request).sides.page(_side(request), session.player if session else "")


def _parts(request: Request, page: SidePage) -> dict[str, Any]:
    t = site_of(request).templates
    return {
        "v": page.version, "frame": page.frame, "map": page.svg, "marks": [k.data() for k in page.drawing.marks],
        "units": {u.id: [u.x, u.y] for u in page.report.units if u.placed and u.side == page.side},
        "status": t.get_template("_side_status.html").render(p=page),
        "orders": t.get_template("_side_orders.html").render(p=page, sent=_sent(page)),
        "briefings": t.get_template("_side_turns.html").render(p=page),
        "roster": t.get_template("_side_units.html").render(
            own=[u for u in page.report.units if u.side == page.side and u.placed and not u.observed],
            seen=[u for u in page.report.units if u.observed and u.placed], facts=unit_facts),
        "title": f"{page.side_name}: {page.game}",
    }


def _sent(page: SidePage) -> dict[str, Any]:
    """What the side sent, by key, in its own words (a unit it knows by a label, by that label)."""
    labels = page.labels
    out: dict[str, Any] = {}
    for e in page.sent:
        out[e.key] = {"entry": _relabel(e.entry, labels), "state": e.state, "reason": e.reason,
                      "by": e.sent_by, "at": e.sent_at}
    return out


def _relabel(v: Any, labels: dict[str, str]) -> Any:
    if isinstance(v, dict):
        return {k: _relabel(x, labels) for k, x in v.items()}
    if isinstance(v, list):
        return [_relabel(x, labels) for x in v]
    return labels.get(v, v) if isinstance(v, str) else v


def side_page(request: Request) -> Response:
    site = site_of(request)
    try:
        query(request)
        page = _page(request)
    except UmpireError as exc:
        return site.page("error.html", request, 400, message=str(exc), back=request.url.path)
    session = request.state.session
    first, most = site.poll  # the page's first wait between two questions; it waits longer while nothing changes
    return site.page("side.html", request, p=page, parts=_parts(request, page), poll=first, most=most,
                     player=session.player if session else "")


def version(request: Request) -> Response:
    try:
        query(request)
        return JSONResponse({"v": _page(request).version})
    except UmpireError as exc:
        return error(str(exc))


def parts(request: Request) -> Response:
    try:
        query(request)
        return JSONResponse(_parts(request, _page(request)))
    except UmpireError as exc:
        return error(str(exc))


def briefing(request: Request) -> Response:
    """A released turn's briefing (the same model the printed briefing reads), with its map."""
    from umpire.reports.tablemap import build_map, to_svg

    site = site_of(request)
    try:
        params = query(request, "turn")
        page = _page(request)
        text = params.get("turn", "")
        if not text.isdigit() or not 1 <= int(text) <= page.released:
            shown = f"1 to {page.released}" if page.released else "none yet"
            raise UmpireError(f"turn {text!r}: not a turn the umpire has released (released: {shown})")
        report = site.sides.briefing(page.side, int(text), page.player)
    except UmpireError as exc:
        return error(str(exc))
    drawing = build_map(report, width=MAP_WIDTH, labels=False)
    svg = to_svg(drawing)
    html = site.templates.get_template("_side_briefing.html").render(r=report, map=svg[svg.index("<svg"):])
    return JSONResponse({"turn": int(text), "html": html, "frame": drawing.frame,
                         "marks": [k.data() for k in drawing.marks]})


def _entry(request: Request, data: dict[str, Any], *, write: bool) -> dict[str, Any]:
    """One entry of the side's orders, checked with the rest as the orders file is (and kept)."""
    from umpire.engine import players
    from umpire.serve import side_orders
    from umpire.serve.fog import Told, told

    site = site_of(request)
    page = _page(request)
    key = str(data.get("key") or "")
    turn = data.get("turn")
    withdraw = write and data.get("entry") is None
    with site.reader.game() as game:
        state = game.state
        try:
            if not isinstance(turn, int) or isinstance(turn, bool):
                raise UmpireError("turn: say which turn these orders are for")
            if turn != page.window.turn or page.window.closed is not None:
                closed = page.window.closed or f"they are open for turn {page.window.turn}"
                raise Told(f"turn {turn}: orders for turn {turn} cannot be sent now: {closed}")
            if not page.may_order(key):  # several players a side: each writes his own units' orders (21.3.1)
                what = "not one of your units" if key.startswith("units.") else "not yours to order"
                raise Told(f"{key}: {what} (player {page.player} commands {', '.join(sorted(page.commands or ()))})")
            given = data.get("entry")
            if page.player and isinstance(given, dict) and given.get("from") not in (None, page.player):
                raise Told(f"{key}.from: a message from your page is from you (allowed: {page.player}; 21.3.3.2)")
            entry = None if withdraw else side_orders.prepared(page, key, given)
            costs: dict[str, list[str]] = {}

            def check(now: Any, entries: dict[str, dict[str, Any]]) -> None:
                payload = side_orders.read(game, now, page, turn, entries)
                costs.update(game.turn_rules().move_costs(payload, now))

            if write:
                session = request.state.session
                by = session.player or f"link {session.link}"
                players.send(game, page.side, turn, key, entry, by, check)
            else:
                entries = {e.key: e.entry for e in page.sent if e.state == "sent" and e.key != players.NOTE}
                if entry is not None and key != players.NOTE:
                    entries[key] = entry
                check(state, entries)
        except UmpireError as exc:
            raise UmpireError(told(exc, page, state)) from None
    uid = key.partition(".")[2]
    lines = costs.get(uid, [])
    done = "withdrawn" if withdraw else ("sent" if write else "would be accepted")
    return {"ok": True, "said": f"{key}: {done}" + (f" ({'; '.join(lines)})" if lines else ""), "costs": lines}


ROUTES = [
    Route("/side/{side}", side_page),
    Route("/side/{side}/version", version),
    Route("/side/{side}/parts", parts),
    Route("/side/{side}/briefing", briefing),
    Route("/side/{side}/check", route(partial(_entry, write=False)), methods=["POST"]),
    Route("/side/{side}/send", route(partial(_entry, write=True)), methods=["POST"]),
]
