"""The console page and its parts: the map, the turn, the log, a stand's facts, a measurement.

The page is drawn whole once; after that its script asks ``/console/version`` (the log's last
event) every few seconds and, when the file has moved on, fetches ``/console/parts`` and swaps
them in, so the page never shows an older state than the file's without saying so.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from umpire.errors import UmpireError
from umpire.registry import measuring
from umpire.serve.shown import JSONResponse
from umpire.serve.site import answer_error, query, site_of
from umpire.serve.views import Moment

POLL_SECONDS = 3  # how often a page asks whether the file has changed (when it is shown)


def _amend(params: dict[str, str]) -> int | None:
    text = params.get("amend")
    if not text:
        return None
    if not text.isdigit() or int(text) < 1:
        raise UmpireError(f"amend: {text!r} is not the number of an action (umpire log)")
    return int(text)


def _parts(request: Request, moment: Moment, unit: str | None) -> dict[str, Any]:
    """Every part of the page that changes with the game, rendered (escaped) from ``moment``."""
    site = site_of(request)
    t = site.templates
    facts = moment.unit(unit) if unit and unit in moment.state.units else None
    return {
        "seq": moment.seq,
        "amending": moment.amending,
        "frame": moment.frame,
        "units": {u.id: [u.x, u.y] for u in moment.state.units.values() if u.placed},
        "map": moment.svg,
        "marks": [k.data() for k in moment.drawing.marks],
        "turn": t.get_template("_turn.html").render(m=moment),
        "log": t.get_template("_log.html").render(m=moment),
        "unit": t.get_template("_unit.html").render(u=facts, m=moment) if facts else "",
        "stands": t.get_template("_stands.html").render(m=moment),
        "title": f"{moment.state.name}: turn {moment.view.turn}, {moment.report.phase_name}",
    }


def console_page(request: Request) -> Response:
    site = site_of(request)
    try:
        query(request)
        moment = site.reader.moment()
    except UmpireError as exc:
        return site.page("error.html", request, 400, message=str(exc))
    return site.page("console.html", request, m=moment, parts=_parts(request, moment, None), poll=POLL_SECONDS)


def parts(request: Request) -> Response:
    site = site_of(request)
    try:
        params = query(request, "unit", "amend")
        moment = site.reader.moment(amending=_amend(params))
        return JSONResponse(_parts(request, moment, params.get("unit")))
    except UmpireError as exc:
        return answer_error(exc)


def version(request: Request) -> Response:
    try:
        query(request)
        seq, stamp = site_of(request).reader.versions()
        return JSONResponse({"seq": seq, "players": stamp})
    except UmpireError as exc:
        return answer_error(exc)


def measure(request: Request) -> Response:
    """Distance, aspect and line of sight between two ends, each a unit id, a terrain piece's
    id or a point ``X,Y`` (the words ``umpire measure`` takes, through the same function), with
    where each end lies for the map to draw the line and the terrain pieces named."""
    from umpire.geometry.game import measure_in_game

    site = site_of(request)
    try:
        params = query(request, "a", "b", "amend")
        if not params.get("a") or not params.get("b"):
            raise UmpireError("measure: give a and b (a unit id, a terrain piece's id, or a point X,Y)")
        state = site.reader.moment(amending=_amend(params)).state
        data = measure_in_game(state, params["a"], params["b"], measuring(state.ruleset))
    except UmpireError as exc:
        return answer_error(exc)

    def named(word: str, end: dict[str, Any]) -> str:
        if end.get("kind") == "point":
            return "({:g}, {:g})".format(*end["at"])
        return word

    names = {t.id: t.name or t.id for t in state.terrain}
    crossed = [{**c, "name": names.get(c["id"], c["id"]), "blocks": c["id"] in data["los"]["blocked_by"]}
               for c in data["los"]["crossed"]]
    return JSONResponse({**data, "a": data["from"]["at"], "b": data["to"]["at"], "crossed": crossed,
                         "a_name": named(params["a"], data["from"]), "b_name": named(params["b"], data["to"]),
                         "blocked_names": [names.get(x, x) for x in data["los"]["blocked_by"]]})


ROUTES = [
    Route("/console", console_page),
    Route("/console/parts", parts),
    Route("/console/version", version),
    Route("/console/measure", measure),
]
