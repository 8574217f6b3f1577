"""The layouts of printed pages, read from ``templates/*.yaml`` and validated.

``paper.yaml`` holds page sizes, margins, fonts, sizes, colours, column widths and roster
settings; ``map.yaml`` how the map draws terrain, stands and marks; ``orders-<ruleset>.yaml`` the
order codes an orders sheet prints. Unknown keys are refused, so a typo in a template is an
error that names the file and the field, not a silently ignored setting.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import ConfigDict, Field, field_validator

from umpire.errors import UmpireError, unknown
from umpire.schema.checked import Checked

HEX = r"^#[0-9a-fA-F]{6}$"


class _Strict(Checked):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PageSize(_Strict):
    width: float = Field(gt=0)
    height: float = Field(gt=0)


class Margins(_Strict):
    top: float = Field(ge=0)
    bottom: float = Field(ge=0)
    left: float = Field(ge=0)
    right: float = Field(ge=0)


class Fonts(_Strict):
    regular: str
    bold: str
    italic: str


class Sizes(_Strict):
    title: float
    heading: float
    subheading: float
    body: float
    small: float
    map_label: float
    map_note: float


class Colours(_Strict):
    ink: str = Field(pattern=HEX)
    muted: str = Field(pattern=HEX)
    rule: str = Field(pattern=HEX)
    header_fill: str = Field(pattern=HEX)
    zebra: str = Field(pattern=HEX)
    withheld: str = Field(pattern=HEX)
    lost: str = Field(pattern=HEX)


class OrdersSheetLayout(_Strict):
    row_height: float = Field(gt=0)
    blank_rows: int = Field(ge=0)


class RosterRules(_Strict):
    hit_boxes: int = Field(ge=0, le=12)
    ratings: Literal["statline", "card"]
    ratings_title: str
    source: str


class Paper(_Strict):
    pages: dict[str, PageSize]
    margins: Margins
    fonts: Fonts
    sizes: Sizes
    colours: Colours
    columns: dict[str, dict[str, float]]
    orders_sheet: OrdersSheetLayout
    rosters: dict[str, RosterRules]

    @field_validator("columns")
    @classmethod
    def _positive(cls, value: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
        for table, cols in value.items():
            if not cols or any(w <= 0 for w in cols.values()):
                raise ValueError(f"columns.{table}: every width must be a positive fraction")
        return value

    def page(self, name: str) -> PageSize:
        if name not in self.pages:
            raise unknown("paper size", name, self.pages)
        return self.pages[name]

    def widths(self, table: str, total: float) -> list[float]:
        """The column widths of ``table`` scaled to fill ``total``."""
        cols = self.columns[table]
        s = sum(cols.values())
        return [total * w / s for w in cols.values()]


class Style(_Strict):
    label: str = ""
    fill: str | None = Field(None, pattern=HEX)
    stroke: str | None = Field(None, pattern=HEX)
    width: float = 0.6
    dash: tuple[float, ...] | None = None
    colour: str | None = Field(None, pattern=HEX)


class Grid(_Strict):
    minor: float = Field(gt=0)
    major: float = Field(gt=0)
    minor_colour: str = Field(pattern=HEX)
    major_colour: str = Field(pattern=HEX)


class StandStyle(_Strict):
    stroke: str = Field(pattern=HEX)
    width: float
    front_width: float
    eliminated_fill: str = Field(pattern=HEX)
    label_size: float


class Scale(_Strict):
    per_inch: float = Field(gt=0)
    unit: str
    bar_inches: float = Field(gt=0)
    source: str


class MapStyle(_Strict):
    grid: Grid
    table: Style
    terrain: dict[str, Style]
    sides: dict[str, str]
    stands: StandStyle
    spotted: Style
    observed: Style
    fire_line: Style
    fire_received: Style = Style(colour="#7b2cbf", width=0.8, dash=(1.2, 1.2), label="fire received this turn")
    trail: Style = Style(width=0.9, dash=(2, 1.2), label="moves this turn")
    template: Style
    scales: dict[str, Scale]

    @field_validator("terrain")
    @classmethod
    def _has_other(cls, value: dict[str, Style]) -> dict[str, Style]:
        if "other" not in value:
            raise ValueError("terrain: needs an 'other' entry for types not listed")
        return value

    def terrain_style(self, kind: str) -> Style:
        return self.terrain.get(kind, self.terrain["other"])

    def side_colour(self, colour: str, index: int = 0) -> str:
        import re

        if re.fullmatch(HEX, colour or ""):
            return colour
        if colour in self.sides:
            return self.sides[colour]
        fallback = [c for k, c in self.sides.items() if k != "*"]
        return fallback[index % len(fallback)] if not colour and fallback else self.sides.get("*", "#555555")


class OrderCode(_Strict):
    code: str
    name: str
    allows: str


class OrderCodes(_Strict):
    ruleset: str
    source: str
    title: str
    intro: str = ""
    codes: list[OrderCode] = Field(min_length=1)
    moves_hint: str = ""
    direction_hint: str = ""


def _load(model: type[_Strict], name: str) -> _Strict:
    from umpire.resources import resource_dir
    from umpire.schema.load import load_model

    path = Path(resource_dir("templates")) / name
    if not path.is_file():
        raise UmpireError(f"templates/{name}: missing (it ships with umpire; reinstall?)")
    return load_model(model, path)


@cache
def paper() -> Paper:
    return _load(Paper, "paper.yaml")  # type: ignore[return-value]


@cache
def map_style() -> MapStyle:
    return _load(MapStyle, "map.yaml")  # type: ignore[return-value]


@cache
def order_codes(ruleset: str) -> OrderCodes:
    return _load(OrderCodes, f"orders-{ruleset}.yaml")  # type: ignore[return-value]


def roster_rules(ruleset: str) -> RosterRules:
    rules = paper().rosters
    if ruleset not in rules:
        return RosterRules(hit_boxes=0, ratings="statline", ratings_title="Ratings", source="")
    return rules[ruleset]
