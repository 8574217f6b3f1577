"""The MBT charts of seeing and ground: sighting, line of sight, terrain effects, into buildings."""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from umpire.rules.mbt import chart_checks as cc
from umpire.rules.mbt.provenance import (
    CONDITIONS,
    SIZES,
    TERRAINS,
    DataModel,
    Val,
    VInt,
    VOptStr,
    VStr,
    parse_numbers,
    parse_range,
)


class SightingChart(DataModel):
    chart: Literal["sighting"]
    title: str = ""
    used_by: str = ""
    terrains: list[str]
    terrains_src: str | None = None  # where the column order comes from (None: estimated)
    sizes: list[str]
    ranges: dict[str, dict[str, dict[str, list[VInt]]]]

    @model_validator(mode="after")
    def _shape(self) -> SightingChart:
        bad = [t for t in self.terrains if t not in TERRAINS]
        if bad:
            raise ValueError(
                f"terrains: unknown terrain column {bad[0]!r} (known: {', '.join(TERRAINS)})"
            )
        if list(self.sizes) != list(SIZES):
            raise ValueError(f"sizes: must be {list(SIZES)} (sub-columns VH, large, small)")
        for cond, by_status in self.ranges.items():
            if cond not in CONDITIONS:
                raise ValueError(
                    f"ranges.{cond}: unknown conditions (known: {', '.join(CONDITIONS)})"
                )
            for status, line in by_status.items():
                if status not in ("open", "buttoned"):
                    raise ValueError(f"ranges.{cond}.{status}: sighting unit is open or buttoned")
                for terrain, cells in line.items():
                    where = f"ranges.{cond}.{status}.{terrain}"
                    if terrain not in self.terrains:
                        raise ValueError(
                            f"{where}: unknown terrain column {terrain!r} "
                            f"(known: {', '.join(self.terrains)})"
                        )
                    if len(cells) != len(SIZES):
                        raise ValueError(f"{where}: needs {len(SIZES)} values (VH, large, small)")
                    if any(c.v < 0 for c in cells):
                        raise ValueError(f"{where}: a sighting range cannot be negative")
                missing = [t for t in self.terrains if t not in line]
                if missing:
                    raise ValueError(
                        f"ranges.{cond}.{status}: missing terrain column {missing[0]!r}"
                    )
                for terrain, cells in line.items():
                    cc.not_rising(
                        [c.v for c in cells], SIZES, f"ranges.{cond}.{status}.{terrain}",
                        "a smaller unit is seen no farther than a larger one (13.1.2)",
                    )
            for status in ("open", "buttoned"):
                if status not in by_status:
                    raise ValueError(f"ranges.{cond}: missing the {status} line")
        for cond in CONDITIONS:
            if cond not in self.ranges:
                raise ValueError(f"ranges: missing the {cond} conditions (13.1.1)")
        for t in TERRAINS:
            if t not in self.terrains:
                raise ValueError(f"terrains: missing terrain column {t!r} (needed: {', '.join(TERRAINS)})")
        for status in ("open", "buttoned"):
            for terrain in self.terrains:
                for i, size in enumerate(SIZES):
                    cc.not_rising(
                        [self.ranges[c][status][terrain][i].v for c in CONDITIONS], CONDITIONS,
                        f"ranges.*.{status}.{terrain} ({size})",
                        "less light never lets a unit see farther (13.1.1)",
                    )
        return self


class LosChart(DataModel):
    chart: Literal["los"]
    title: str = ""
    used_by: str = ""
    columns: list[int]
    lines: dict[int, list[VOptStr]]
    dep_el: dict[int, list[VInt]]

    @model_validator(mode="after")
    def _cells(self) -> LosChart:
        for n, line in self.lines.items():
            if len(line) != len(self.columns):
                raise ValueError(f"lines.{n}: {len(line)} cells for {len(self.columns)} columns")
            for i, cell in enumerate(line):
                if cell.v is None:
                    continue
                nums = parse_numbers(cell.v)
                if not 1 <= len(nums) <= 3 or nums != sorted(nums):
                    raise ValueError(
                        f"lines.{n}[{i}]: {cell.v!r} must be 1-3 rising numbers like 12-15-15"
                    )
        for n, dep_line in self.dep_el.items():
            if len(dep_line) != len(self.columns):
                raise ValueError(f"dep_el.{n}: {len(dep_line)} cells for {len(self.columns)} columns")
        cc.contiguous(self.columns, "columns", "height difference", start=1)
        cc.contiguous(self.lines, "lines", "line", start=1)
        cc.contiguous(self.dep_el, "dep_el", "DEP/EL line", start=1)
        cc.los_lines(self.columns, self.lines, parse_numbers)
        return self

    def cell(self, line: int, column: int) -> Val[str | None]:
        return self.lines[line][self.columns.index(column)]


class TerrainChart(DataModel):
    chart: Literal["terrain"]
    title: str = ""
    used_by: str = ""
    terrains: list[str]
    top_height: dict[str, VInt]
    ground: dict[str, VInt]
    smoke_height: dict[str, VInt]
    gp_defense: dict[str, VInt]

    @model_validator(mode="after")
    def _known(self) -> TerrainChart:
        for t in (*self.terrains, *self.top_height):
            if t not in TERRAINS:
                raise ValueError(
                    f"top_height.{t}: unknown terrain column (known: {', '.join(TERRAINS)})"
                )
        return self


class IntoBuildingsChart(DataModel):
    """VEHICLE'S INTO BUILDINGS TABLE (15.4.3): per building type, the modified rolls that give a
    track hit and a main gun hit (facing forward or back)."""

    chart: Literal["buildings"]
    title: str = ""
    used_by: str = ""
    per_ca_defense: VInt
    types: dict[str, dict[str, VStr]]

    @model_validator(mode="after")
    def _lines(self) -> IntoBuildingsChart:
        for kind in ("wooden", "brick", "stone"):
            if kind not in self.types:
                raise ValueError(f"types: missing the {kind} column")
            for line in ("TK", "GN_forward", "GN_back"):
                if line not in self.types[kind]:
                    raise ValueError(f"types.{kind}: missing the {line} line")
                parse_range(self.types[kind][line].v, f"types.{kind}.{line}")
        return self
