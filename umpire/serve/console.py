"""The console page and its parts: the map, the turn, the log, a stand's facts, a measurement.

The page is drawn whole once; after that its script asks ``/console/version`` (the log's last
event) every few seconds and, when the file has moved on, fetches ``/console/parts`` and swaps
them in, so the page never shows an older state than the file's without saying so.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from umpire.errors import UmpireError
from umpire.serve.app import answer_error, query, site_of
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
        return JSONResponse({"seq": site_of(request).reader.version()})
    except UmpireError as exc:
        return answer_error(exc)


def _end(params: dict[str, str], name: str) -> str | tuple[float, float]:
    """A measure end: ``a=UNIT`` (a unit id), or ``a_at=X,Y`` (a point in inches)."""
    from umpire.schema.numbers import read_float

    unit, at = params.get(name), params.get(f"{name}_at")
    if (unit is None) == (at is None):
        raise UmpireError(f"measure: give {name}=UNIT or {name}_at=X,Y (one of them)")
    if unit is not None:
        return unit
    assert at is not None
    x, sep, y = at.partition(",")
    if not sep:
        raise UmpireError(f"measure: {name}_at {at!r}: give a point as X,Y in inches")
    return (read_float(x, f"{name}_at {at!r}: X"), read_float(y, f"{name}_at {at!r}: Y"))


def measure(request: Request) -> Response:
    """Distance, aspect and line of sight between two ends (units or points), by the same
    geometry as ``umpire measure``, with where each end lies for the map to draw the line."""
    from umpire.geometry.game import measure_between
    from umpire.registry import inside_depth

    site = site_of(request)
    try:
        params = query(request, "a", "b", "a_at", "b_at", "amend")
        a, b = _end(params, "a"), _end(params, "b")
        state = site.reader.moment(amending=_amend(params)).state
        data = measure_between(state, a, b, inside_depth)
    except UmpireError as exc:
        return answer_error(exc)

    def where(e: str | tuple[float, float]) -> list[float]:
        if isinstance(e, str):
            u = state.units[e]
            return [float(u.x or 0), float(u.y or 0)]
        return [e[0], e[1]]

    names = {t.id: t.name or t.id for t in state.terrain}
    crossed = [{**c, "name": names.get(c["id"], c["id"]), "blocks": c["id"] in data["los"]["blocked_by"]}
               for c in data["los"]["crossed"]]
    def named(e: str | tuple[float, float]) -> str:
        return e if isinstance(e, str) else f"({e[0]:g}, {e[1]:g})"

    return JSONResponse({**data, "a": where(a), "b": where(b), "a_name": named(a), "b_name": named(b),
                         "crossed": crossed, "points": [isinstance(a, tuple), isinstance(b, tuple)],
                         "blocked_names": [names.get(x, x) for x in data["los"]["blocked_by"]]})


ROUTES = [
    Route("/console", console_page),
    Route("/console/parts", parts),
    Route("/console/version", version),
    Route("/console/measure", measure),
]
