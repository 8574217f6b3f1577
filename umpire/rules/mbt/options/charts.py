"""The options' charts (``rulesets/mbt/options/*.yaml``): their models, loaded, validated, cached.

Each file is one Game Card chart or one card section the options read (scatter, artillery,
mines, air, command, hits, ground) plus ``options.yaml``, the list of option switches. Values
carry their provenance as every MBT value does (:mod:`umpire.rules.mbt.provenance`): bare is
estimated, ``{v: ..., src: "17.5.2.1"}`` is the rulebook's.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from umpire.errors import unknown
from umpire.rules.mbt.provenance import CONDITIONS, TERRAINS, DataModel, Val, VBool, VCell, VInt, VStr, parse_range

AIR_CONDITIONS = ("day", "dusk", "moonlight", "night", "fog", "blowing_snow")
MATRIX = ("LL", "LM", "LH", "MM", "MH", "HH")


def _ranges(vals: Any, where: str) -> None:
    for i, v in enumerate(vals):
        text = v.v if isinstance(v, Val) else v
        if text not in ("Elim", 0):
            parse_range(str(text), f"{where}[{i}]")


class OptionInfo(DataModel):
    section: str
    title: str
    needs: list[str] = Field(default_factory=list)
    tracked: bool = False  # the tracked game plays it; otherwise only ``umpire calc`` answers it


class OptionsList(DataModel):
    chart: Literal["options"]
    options: dict[str, OptionInfo]

    @model_validator(mode="after")
    def _needs(self) -> OptionsList:
        for name, o in self.options.items():
            for n in o.needs:
                if n not in self.options:
                    raise ValueError(f"options.{name}.needs: {n!r} is not an option")
        return self


# --- scatter ---------------------------------------------------------------------------------


class ScatterModifiers(DataModel):
    rows: list[int]
    day: list[VStr]
    dusk: list[VStr]
    moonlight: list[VStr]
    night: list[VStr]

    @model_validator(mode="after")
    def _shape(self) -> ScatterModifiers:
        for cond in CONDITIONS:
            bands = getattr(self, cond)
            if len(bands) != len(self.rows):
                raise ValueError(f"modifiers.{cond}: needs one range band per row ({len(self.rows)})")
            _ranges(bands, f"modifiers.{cond}")
        return self


class ScatterTable(DataModel):
    factors: list[int]
    rows: dict[int, list[VCell]]

    @model_validator(mode="after")
    def _shape(self) -> ScatterTable:
        for top, cells in self.rows.items():
            if len(cells) != len(self.factors):
                raise ValueError(f"table.rows.{top}: needs one cell per scatter factor ({len(self.factors)})")
            for c in cells:
                if c.v != "H" and not (isinstance(c.v, int) and c.v >= 0):
                    raise ValueError(f"table.rows.{top}: a cell is H or a number of hexes, not {c.v!r}")
        return self


class ScatterChart(DataModel):
    chart: Literal["scatter"]
    title: str = ""
    used_by: str = ""
    modifiers: ScatterModifiers
    table: ScatterTable
    diagram: dict[int, VStr]

    @field_validator("diagram")
    @classmethod
    def _diagram(cls, v: dict[int, Val[str]]) -> dict[int, Val[str]]:
        if sorted(v) != [1, 2, 3, 4, 5, 6]:
            raise ValueError("diagram: needs the directions 1-6")
        cover = sorted(parse_range(b.v) for b in v.values())
        expect = 1
        for lo, hi in cover:
            if lo != expect:
                raise ValueError(f"diagram: the d100 bands must run 1-100 without a gap ({lo} after {expect - 1})")
            expect = hi + 1
        if expect != 101:
            raise ValueError("diagram: the d100 bands must end at 100")
        return v


# --- artillery -------------------------------------------------------------------------------


class NationArtillery(DataModel):
    scatter_factors: dict[
        Literal["planned", "designated", "called", "continue_same", "continue_1st", "continue_2nd"], list[VInt]
    ]
    observer: dict[str, VInt]
    delay: dict[str, VStr]  # organic, unattached
    counter_battery: dict[str, dict[str, VStr]]  # equipment -> day, night
    counter_battery_points: dict[str, VInt]


class Mission(DataModel):
    sheafs: list[Literal["tight", "line", "loose"]]
    vs_vehicle: VInt | None = None
    vs_leg_towed: VInt | None = None
    none_in: list[str] = Field(default_factory=list)
    src: str


class MortarScatter(DataModel):
    bands: list[VStr]
    scatter: list[VInt]


class ArtilleryChart(DataModel):
    chart: Literal["artillery"]
    title: str = ""
    used_by: str = ""
    nations: dict[Literal["USA", "FRG", "USSR"], NationArtillery]
    counter_battery_effects: dict[Literal["disrupted", "quarter_loss", "half_loss", "knocked_out"], VStr]
    disrupted_turns: VInt
    missions: dict[Literal["HE", "ICMDP", "ICM", "SM", "FASCAM", "IL", "CLGP"], Mission]
    illumination_radius: dict[Literal["artillery", "mortar"], VInt]
    clgp_hit: dict[Literal["observer", "observer_suppressed"], VStr]
    continuous_shift: VInt
    designated_hexes: VInt
    soviet_planned_share: VStr
    mortars: dict[str, MortarScatter]


# --- mines -----------------------------------------------------------------------------------

MineKind = Literal["hasty", "deliberate", "fascam"]


class MinesChart(DataModel):
    chart: Literal["mines"]
    title: str = ""
    used_by: str = ""
    vehicle_columns: list[VStr]
    anti_vehicular: dict[MineKind, list[dict[Literal["HC", "TK"], VStr]]]
    anti_personnel: dict[MineKind, VStr]
    quickmarch: VInt
    gp_defense: dict[MineKind, VInt]
    mine_plow: dict[Literal["gp", "destroyed"], VCell]


# --- air -------------------------------------------------------------------------------------


class AaLine(DataModel):
    OP: list[VInt] | None = None
    RD: list[VInt] | None = None
    DAM: VInt
    RNG: VStr
    CM: VStr
    missile: Literal["MT", "MA"] | None = None

    @model_validator(mode="after")
    def _shape(self) -> AaLine:
        for name in ("OP", "RD"):
            line = getattr(self, name)
            if line is not None and len(line) != len(MATRIX):
                raise ValueError(f"{name}: needs one hit number per matrix column ({', '.join(MATRIX)})")
        if self.OP is None and self.RD is None:
            raise ValueError("an AA line needs OP or RD hit numbers")
        return self


class Aircraft(DataModel):
    nation: Literal["USA", "FRG", "USSR"]
    crew: VInt
    condition_level: VInt
    defense: VInt
    no_speed: list[Literal["low", "medium", "high"]] = Field(default_factory=list)
    ecm: bool = False


class Ordnance(DataModel):
    points: VInt  # POSSIBLE LOADS AND THEIR POINT VALUES (20.1.1)
    gp: VInt
    scatter: VInt
    by_matrix: dict[str, VInt] | None = None
    by_range: dict[str, list[Any]] | None = None
    footprint: Literal["iron", "cluster", "napalm", "mines", "smoke", "impact"]
    gp_modifier: VInt | None = None


class AirChart(DataModel):
    chart: Literal["air"]
    title: str = ""
    used_by: str = ""
    matrix: list[str]
    condition_chart: dict[str, list[VStr]]
    condition_effects: dict[str, VInt]
    acquired: dict[Literal["air", "ground_gun", "ground_missile"], dict[str, VInt]]
    air_sighting: dict[Literal["noe", "low", "medium", "high"], list[list[VInt]]]
    aa_modifiers: dict[Literal["evasive", "hovering", "crack", "poor"], VInt]
    crash_gp: VInt
    landed_helicopter_gp_defense: VInt
    aa_lines: dict[str, dict[str, AaLine]]
    helicopter_defense: dict[str, VInt]
    chaff_ircm: list[str] = Field(default_factory=list)
    aircraft: dict[str, Aircraft]
    ordnance: dict[str, Ordnance]
    scatter_notes: dict[str, VInt]
    pgm_points: VInt

    @model_validator(mode="after")
    def _shape(self) -> AirChart:
        if tuple(self.matrix) != MATRIX:
            raise ValueError(f"matrix: must be {list(MATRIX)}")
        for cond, line in self.condition_chart.items():
            if cond not in AIR_CONDITIONS:
                raise ValueError(f"condition_chart.{cond}: unknown conditions (known: {', '.join(AIR_CONDITIONS)})")
            if len(line) != 4 or any(c.v not in ("ok", "scatter", "X", "grounded") for c in line):
                raise ValueError(f"condition_chart.{cond}: four cells (levels 1-4), each ok, scatter, X or grounded")
        for name, by in self.acquired.items():
            if sorted(by) != sorted(MATRIX):
                raise ValueError(f"acquired.{name}: needs every matrix column ({', '.join(MATRIX)})")
        return self


# --- command ---------------------------------------------------------------------------------


class CommandPoints(DataModel):
    grades: list[Literal["poor", "average", "crack"]]
    rows: dict[int, list[VInt]]

    @model_validator(mode="after")
    def _shape(self) -> CommandPoints:
        if self.grades != ["poor", "average", "crack"]:
            raise ValueError("command_points.grades: must be [poor, average, crack]")
        for top, row in self.rows.items():
            if len(row) != 3:
                raise ValueError(f"command_points.rows.{top}: three cells (poor, average, crack)")
        return self


class Jamming(DataModel):
    max_per_turn: VInt
    points_cost: VInt
    NATO: dict[int, VStr]
    USSR: dict[int, VStr]

    @model_validator(mode="after")
    def _shape(self) -> Jamming:
        for side in ("NATO", "USSR"):
            line = getattr(self, side)
            if sorted(line) != list(range(1, self.max_per_turn.v + 1)):
                raise ValueError(f"jamming.{side}: needs 1 to {self.max_per_turn.v} jamming points")
            _ranges(list(line.values()), f"jamming.{side}")
        return self


class CommandChart(DataModel):
    chart: Literal["command"]
    title: str = ""
    used_by: str = ""
    command_points: CommandPoints
    bonus: dict[Literal["company_co_or_xo", "battalion_co"], VInt]
    nbc_loss: VInt
    jamming: Jamming
    disrupted_cost: VInt
    messages: dict[
        Literal["free", "free_overall", "coded_words", "intercept_margin", "received", "delayed", "lost"], VCell
    ]
    replacement_commander_turns: VInt


# --- hits and ground -------------------------------------------------------------------------


class BailOut(DataModel):
    locations: list[str]
    no_damage: dict[Literal["crew"], list[VCell]]
    compartment: dict[Literal["crew"], list[VCell]]
    knocked_out: dict[Literal["crew", "leg", "towed"], list[VCell]]
    brewed_up: dict[Literal["crew", "leg", "towed"], list[VCell]]

    @model_validator(mode="after")
    def _shape(self) -> BailOut:
        for hit in ("no_damage", "compartment", "knocked_out", "brewed_up"):
            for unit, row in getattr(self, hit).items():
                if len(row) != len(self.locations):
                    raise ValueError(f"bail_out.{hit}.{unit}: needs one cell per location ({len(self.locations)})")
                _ranges(row, f"bail_out.{hit}.{unit}")
        return self


class HitsChart(DataModel):
    chart: Literal["hits"]
    title: str = ""
    used_by: str = ""
    turret_facing: dict[Literal["front", "front_side", "rear_side", "rear"], dict[Literal["TF", "TS", "TR"], VStr]]
    bail_out: BailOut
    lower_hull: dict[Literal["level", "rising", "falling"], VStr]
    hull_down: dict[Any, Any]
    leg_losses: VStr
    officer_loss: VStr
    radar_missile_within: VInt
    quickmarch: dict[Literal["poor", "average", "crack", "special_forces"], VStr]
    quickmarch_hexes: dict[Literal["squad", "half_squad", "team"], VInt]
    pinning: dict[str, VInt]
    squad_plus_gp: VInt
    reduced_rof: VInt
    alternate_fire: VInt
    bailed_crew_gp: VInt
    hasty_entrenchment: dict[str, VInt]

    @model_validator(mode="after")
    def _shape(self) -> HitsChart:
        terrains = self.hull_down.get("terrains", [])
        if any(t not in TERRAINS for t in terrains):
            raise ValueError(f"hull_down.terrains: known terrains are {', '.join(TERRAINS)}")
        return self


class GroundChart(DataModel):
    chart: Literal["ground"]
    title: str = ""
    used_by: str = ""
    night_movement: dict[str, VInt]
    searchlights: dict[Literal["IR", "WL", "arc"], VInt]
    thermal_range: VInt
    camouflage_auto_range: VInt
    fire_visibility: VInt
    fire_height: VInt
    fire_status: dict[Literal["wooden", "brick", "stone"], dict[Literal["spread", "continue", "end"], VStr]]
    new_fires: dict[str, list[VStr]]
    temporary_bridge_gp_defense: VInt
    bridge_tons: VInt


class VehiclesChart(DataModel):
    """Facts about the vehicles the cards do not print (estimated, public facts): which have an NBC
    system (18.4.2), their combat weights in tonnes (17.8)."""

    chart: Literal["vehicles"]
    title: str = ""
    used_by: str = ""
    nbc: dict[str, VBool] = Field(default_factory=dict)
    tons: dict[str, VInt] = Field(default_factory=dict)


MODELS: dict[str, type[DataModel]] = {
    "options": OptionsList,
    "scatter": ScatterChart,
    "artillery": ArtilleryChart,
    "mines": MinesChart,
    "air": AirChart,
    "command": CommandChart,
    "hits": HitsChart,
    "ground": GroundChart,
    "vehicles": VehiclesChart,
}


def chart(name: str) -> Any:
    """The options' chart ``name`` (scatter, artillery, mines, air, command, hits, ground,
    vehicles, options), validated and cached."""
    if name not in MODELS:
        raise unknown("MBT options chart", name, MODELS)
    return _chart(name)


@lru_cache(maxsize=16)
def _chart(name: str) -> Any:
    from umpire.rules.mbt.data import data_dir
    from umpire.schema.load import cached_model

    return cached_model(MODELS[name], data_dir() / "options" / f"{name}.yaml")


def use(val: Val[Any], what: str, estimated: list[str]) -> Any:
    """``val``'s value, noting ``what`` in ``estimated`` if the value is an estimate."""
    if val.estimated and what not in estimated:
        estimated.append(what)
    return val.v


def in_range(roll: int, band: Val[Any] | str) -> bool:
    """Whether ``roll`` falls in the d100 band (``"1-25"``; ``Elim`` and ``0`` hold none)."""
    text = band.v if isinstance(band, Val) else band
    if text in ("Elim", 0, "0"):
        return False
    lo, hi = parse_range(str(text))
    return lo <= roll <= hi
