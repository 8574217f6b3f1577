"""The season's charts, drawn with reportlab's own graphics: one drawing serves the PDF (as a
flowable) and the HTML page and Markdown (as SVG).

- strength: each side's units in service at the start of each round, and at the end;
- losses: each game's units lost, one bar per side.
"""

from __future__ import annotations

import re
from typing import Any

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.linecharts import HorizontalLineChart
from reportlab.graphics.shapes import Drawing, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib.colors import HexColor

# One colour per side, by the colour name the season gives it (else in turn).
PALETTE = {"blue": "#2f5aa8", "red": "#b3261e", "green": "#2e7d32", "black": "#333333", "grey": "#777777"}
FALLBACK = ("#2f5aa8", "#b3261e")


HEX = re.compile(r"#[0-9A-Fa-f]{6}\Z")


def side_colour(colour: str, index: int) -> str:
    """The chart colour of a side: its #rrggbb colour, the palette's for its colour word, else
    the side's turn in :data:`FALLBACK` (a stored colour is never trusted to be one)."""
    return PALETTE.get(colour.lower(), colour if HEX.match(colour) else FALLBACK[index % 2])


def _title(d: Drawing, text: str, font: str) -> None:
    d.add(String(d.width / 2, d.height - 14, text, fontName=font, fontSize=10, textAnchor="middle"))


def _legend(d: Drawing, items: list[tuple[str, str]], font: str, x: float, y: float) -> None:
    lg = Legend()
    lg.x, lg.y = x, y
    lg.fontName, lg.fontSize = font, 8
    lg.alignment = "right"
    lg.columnMaximum = 1
    lg.deltax = 90
    lg.dx = lg.dy = 7
    lg.colorNamePairs = [(HexColor(c), name) for c, name in items]
    d.add(lg)


def strength_chart(labels: list[str], series: list[tuple[str, str, list[int]]], *, font: str = "Helvetica",
                   width: float = 460, height: float = 200) -> Drawing:
    """A line per side: ``series`` is ``(name, colour, values)``, one value per label."""
    d = Drawing(width, height)
    _title(d, "Strength: units in service, round by round", font)
    chart = HorizontalLineChart()
    chart.x, chart.y, chart.width, chart.height = 40, 42, width - 60, height - 80
    chart.data = [tuple(v) for _n, _c, v in series] or [(0,)]
    chart.categoryAxis.categoryNames = labels
    chart.categoryAxis.labels.fontName = font
    chart.categoryAxis.labels.fontSize = 8
    chart.valueAxis.labels.fontName = font
    chart.valueAxis.labels.fontSize = 8
    top = max((max(v) for _n, _c, v in series if v), default=1)
    chart.valueAxis.valueMin = 0
    chart.valueAxis.valueMax = max(1, top + 1)
    chart.valueAxis.valueStep = max(1, (top + 1) // 5)
    chart.joinedLines = 1
    for i, (_n, colour, _v) in enumerate(series):
        # The second side's line is dashed, with square markers: where the sides are level, both show.
        chart.lines[i].strokeColor = HexColor(colour)
        chart.lines[i].strokeWidth = 2
        chart.lines[i].symbol = makeMarker("FilledSquare" if i % 2 else "FilledCircle", size=5)
        chart.lines[i].symbol.fillColor = HexColor(colour)
        if i % 2:
            chart.lines[i].strokeDashArray = (5, 3)
    d.add(chart)
    _legend(d, [(c, n) for n, c, _v in series], font, 44, 14)
    return d


def losses_chart(games: list[str], series: list[tuple[str, str, list[int]]], *, font: str = "Helvetica",
                 width: float = 460, height: float = 200) -> Drawing:
    """A pair of bars per game played: ``series`` is ``(side name, colour, losses per game)``."""
    d = Drawing(width, height)
    _title(d, "Losses: units lost in each game", font)
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 40, 42, width - 60, height - 80
    chart.data = [tuple(v) for _n, _c, v in series] if games else [(0,)]
    chart.categoryAxis.categoryNames = games or ["no game played yet"]
    chart.categoryAxis.labels.fontName = font
    chart.categoryAxis.labels.fontSize = 8
    chart.valueAxis.labels.fontName = font
    chart.valueAxis.labels.fontSize = 8
    top = max((max(v) for _n, _c, v in series if v), default=1)
    chart.valueAxis.valueMin = 0
    chart.valueAxis.valueMax = max(1, top + 1)
    chart.valueAxis.valueStep = 1 if top < 8 else max(1, top // 5)
    chart.barSpacing = 2
    chart.groupSpacing = 12
    for i, (_n, colour, _v) in enumerate(series):
        chart.bars[i].fillColor = HexColor(colour)
        chart.bars[i].strokeColor = None
    d.add(chart)
    _legend(d, [(c, n) for n, c, _v in series], font, 44, 14)
    return d


def to_svg(drawing: Drawing, title: str) -> str:
    """The drawing as an SVG document titled ``title`` (no XML declaration: ready to inline in HTML)."""
    from xml.sax.saxutils import escape

    from reportlab.graphics import renderSVG

    text: str = renderSVG.drawToString(drawing)
    start = text.find("<svg")
    text = text[start:] if start >= 0 else text
    return text.replace("<title>...</title>", f"<title>{escape(title)}</title>", 1).replace(
        "<desc>...</desc>", "", 1)


def chart_data(story: Any) -> dict[str, Any]:
    """The two charts' series from a :class:`umpire.campaign.story.Story` (names as the SVG may
    hold them: control characters shown visibly; reportlab escapes the rest)."""
    from umpire.text import visible

    sides = story.sides
    strength = [(visible(s.name), s.colour, list(s.strength)) for s in sides]
    losses = [(visible(s.name), s.colour, [g.lost_count.get(s.id, 0) for g in story.played]) for s in sides]
    return {"labels": story.strength_labels, "strength": strength, "games": [visible(g.id) for g in story.played],
            "losses": losses}
