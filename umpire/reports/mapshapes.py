"""The shapes a map is drawn with: plain polygons, circles and labels with their paint, in points
(y growing downwards), grouped by what they show; and the colour helpers."""

from __future__ import annotations

from dataclasses import dataclass, field

SMOKE = "#c8c8c8"  # a smoke marker's fill, on the map and in its legend

Point = tuple[float, float]


@dataclass(frozen=True)
class Paint:
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.5
    dash: tuple[float, ...] | None = None
    opacity: float = 1.0


@dataclass(frozen=True)
class Poly:
    points: tuple[Point, ...]
    paint: Paint
    closed: bool = True


@dataclass(frozen=True)
class Circle:
    centre: Point
    r: float
    paint: Paint


@dataclass(frozen=True)
class Label:
    at: Point
    text: str
    size: float
    colour: str = "#1b1b1b"
    anchor: str = "start"  # start | middle | end
    bold: bool = False
    italic: bool = False
    angle: float = 0.0  # 90: turned a quarter anticlockwise (the text runs up the page)


Shape = Poly | Circle | Label


@dataclass(frozen=True)
class Group:
    """Shapes that belong together; ``kind`` is e.g. ``stand`` and ``key`` the unit id."""

    kind: str
    key: str
    shapes: tuple[Shape, ...]


@dataclass(frozen=True)
class Mark:
    """A label a screen places itself: ``key`` (a unit id or a terrain piece's), its ``text``, the
    drawing point it names, its colour, its kind (``own``, ``enemy``, ``terrain``) and the box of
    what it names (x0, y0, x1, y1), kept clear of its own label."""

    key: str
    text: str
    at: Point
    colour: str
    kind: str
    box: tuple[float, float, float, float]

    def data(self) -> dict[str, object]:
        return {"key": self.key, "text": self.text, "at": list(self.at), "colour": self.colour, "kind": self.kind,
                "box": list(self.box)}


@dataclass
class MapDrawing:
    width: float
    height: float
    title: str
    groups: list[Group] = field(default_factory=list)
    #: where the table lies in the drawing: the point of its near-left corner's x and far edge's
    #: y, points per inch, and the table's depth (inches); a screen turns a click into inches by it
    frame: tuple[float, float, float, float] | None = None
    #: the labels a screen draws itself at its own size as it zooms (a map built with
    #: ``labels=False``): each a stand's id or a terrain piece's name, where it belongs
    marks: list[Mark] = field(default_factory=list)

    def inches(self, px: float, py: float) -> Point:
        """The table point (inches) under the drawing point ``(px, py)``."""
        assert self.frame is not None
        ox, oy, s, depth = self.frame
        return ((px - ox) / s, depth - (py - oy) / s)

    def add(self, kind: str, key: str, *shapes: Shape) -> None:
        self.groups.append(Group(kind, key, tuple(shapes)))

    def of_kind(self, kind: str) -> list[Group]:
        return [g for g in self.groups if g.kind == kind]


def darker(hex_colour: str, f: float = 0.6) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"#{int(r * f):02x}{int(g * f):02x}{int(b * f):02x}"


def lighter(hex_colour: str, f: float = 0.55) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{int(c + (255 - c) * f):02x}" for c in (r, g, b))


