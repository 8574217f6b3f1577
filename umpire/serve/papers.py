"""The reports and briefings of any turn: in the browser, and as the PDF ``umpire report`` writes.

``/console/report`` is the umpire's report of the whole game; ``?turn=N`` of one turn;
``?side=ID`` that side's briefing, composed from what it knew (the same model the terminal,
Markdown and PDF renderers read). ``/console/report.pdf`` is the same report as a PDF download.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from umpire.errors import UmpireError, unknown
from umpire.serve.site import query, site_of
from umpire.serve.views import MAP_WIDTH

if TYPE_CHECKING:
    from umpire.reports.views import TurnReport

PAPERS = ("a4", "letter")


def _report(request: Request, params: dict[str, str]) -> TurnReport:
    """The report asked for. :raises UmpireError: for a turn the game has not had, an unknown side."""
    from umpire.reports.model import briefing, report_for_game
    from umpire.schema.numbers import parse_int

    with site_of(request).reader.game() as game, game.file.read():
        turn = None
        if params.get("turn"):
            last = game.state.turn
            try:
                turn = parse_int(params["turn"], lo=1, hi=last)
            except ValueError:
                raise UmpireError(f"turn {params['turn']!r}: the game has turns 1 to {last}") from None
        report = report_for_game(game, turn=turn)
    side = params.get("side")
    if side:
        if side not in {s.id for s in report.sides}:
            raise unknown("side", side, [s.id for s in report.sides])
        report = briefing(report, side)
    return report


def report_page(request: Request) -> Response:
    site = site_of(request)
    try:
        params = query(request, "turn", "side")
        report = _report(request, params)
    except UmpireError as exc:
        return site.page("error.html", request, 400, message=str(exc))
    from umpire.reports.tablemap import build_map, to_svg

    with site.reader.game() as game:
        turns = list(range(1, game.state.turn + 1))
    svg = to_svg(build_map(report, width=MAP_WIDTH))  # the map the PDF holds: the reader's own
    return site.page("report.html", request, r=report, turns=turns, turn=params.get("turn", ""),
                     side=params.get("side", ""), map=svg[svg.index("<svg"):])


def report_pdf(request: Request) -> Response:
    from io import BytesIO

    from umpire.reports.pdf import turn_report_pdf

    site = site_of(request)
    try:
        params = query(request, "turn", "side", "paper")
        paper = params.get("paper", "a4").lower()
        if paper not in PAPERS:
            raise unknown("paper size", paper, PAPERS)
        report = _report(request, params)
    except UmpireError as exc:
        return site.page("error.html", request, 400, message=str(exc))
    buf = BytesIO()
    turn_report_pdf(report, buf, paper_name=paper)
    name = "report" if report.viewer is None else f"briefing-{_safe(report.viewer)}"
    if report.only_turn is not None:
        name += f"-turn{report.only_turn}"
    return Response(buf.getvalue(), media_type="application/pdf",
                    headers={"content-disposition": f'attachment; filename="{name}.pdf"'})


def _safe(text: str) -> str:
    import re

    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-") or "side"


ROUTES = [
    Route("/console/report", report_page),
    Route("/console/report.pdf", report_pdf),
]
