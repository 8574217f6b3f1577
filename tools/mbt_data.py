"""Build the MBT data files of ``rulesets/mbt/`` from the estimation model.

The MBT Game Card and data cards are not in the rulebook text. This script writes every chart
and the seven Basic Game cards: each value the rulebook states is written as
``{v: value, src: "section"}``; every other value is written bare, which means *estimated*,
and comes from the model below (documented in ``rulesets/mbt/README.md``).

Run it from the repository root after changing the model::

    python tools/mbt_data.py

The tests check that every stated value is where the model puts it (the model agrees with the
text) and that the files parse and validate.
"""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent / "rulesets" / "mbt"
sys.path[:0] = [str(ROOT.parent.parent / "tools"), str(ROOT.parent.parent)]


def half_up(x: float) -> int:
    """Round half away from zero (the way a table-maker rounds, not banker's rounding)."""
    return int(math.floor(x + 0.5)) if x >= 0 else -int(math.floor(-x + 0.5))


class R:
    """A value the rulebook states: written as ``{v: ..., src: ...}``, with ``derived:`` (the
    arithmetic on stated figures) or ``ruling:`` (the ruling whose reading it is) when so."""

    def __init__(self, v: Any, src: str, *, derived: str = "", ruling: str = "") -> None:
        self.v, self.src, self.derived, self.ruling = v, src, derived, ruling


# ---------------------------------------------------------------------------------------------
# A tiny YAML writer: block mappings, flow sequences, stated values inline.


def _scalar(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return str(v)
    s = str(v)
    if (
        s == ""
        or any(c in s for c in ":#{}[],&*!|>'\"%@`")
        or s[0] in "-?"
        or s.strip() != s
        or s.lower() in ("yes", "no", "true", "false", "null", "on", "off", "y", "n")
        or _numberish(s)
    ):
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return s


def _numberish(s: str) -> bool:
    try:
        float(s)
        return True
    except ValueError:
        return False


def _flow(v: Any) -> str:
    if isinstance(v, R):
        extra = (f", derived: {_scalar(v.derived)}" if v.derived else "") + (
            f", ruling: {v.ruling}" if v.ruling else ""
        )
        return "{v: " + _flow(v.v) + ', src: "' + v.src + '"' + extra + "}"
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_flow(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)}: {_flow(x)}" for k, x in v.items()) + "}"
    return _scalar(v)


def _key(k: Any) -> str:
    return str(k) if isinstance(k, int) else _scalar(k)


def _small(v: Any) -> bool:
    return (
        isinstance(v, R)
        or not isinstance(v, dict)
        or (
            len(v) <= 6
            and all(not isinstance(x, dict) or isinstance(x, R) for x in v.values())
            and len(_flow(v)) < 90
        )
    )


def dump(data: dict[str, Any], indent: int = 0) -> str:
    out = []
    pad = "  " * indent
    for k, v in data.items():
        if isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            out.append(f"{pad}{_key(k)}:")
            for item in v:
                block = dump(item, indent + 2).splitlines()
                out.append(f"{pad}  - " + block[0].lstrip())
                out.extend(block[1:])
        elif isinstance(v, dict) and v and not isinstance(v, R) and not (_small(v) and indent >= 2):
            out.append(f"{pad}{_key(k)}:")
            out.append(dump(v, indent + 1))
        else:
            out.append(f"{pad}{_key(k)}: {_flow(v)}")
    return "\n".join(out)


def write(rel: str, header: str, data: dict[str, Any]) -> None:
    path = ROOT / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    comment = "".join(f"# {line}\n" if line else "#\n" for line in header.strip().splitlines())
    path.write_text(comment + dump(data) + "\n", encoding="utf-8")


ESTIMATE_NOTE = (
    "Bare values are estimated (see README.md, the estimation model); {v: ..., src: ...} values\n"
    "are stated by the rulebook section named in src (with derived: the arithmetic on stated\n"
    "figures, or ruling: the ruling whose reading they are). Owners of the game replace\n"
    "estimates with the official values as {v: ..., src: official}."
)

# ---------------------------------------------------------------------------------------------
# Terrain: the list of terrain types, left to right as the sighting chart orders them.

from umpire.rules.mbt.provenance import CONDITIONS, TERRAINS  # noqa: E402  (one list, shared with the loader)

SIZES = ["vehicle", "large", "small"]

# Day, open sighter, vehicle target: the core line of the sighting model (hexes).
DAY_OPEN_VH = {
    "clear": 40,
    "road": 40,
    "stream": 20,
    "scrub": 10,
    "rough": 8,
    "light_woods": 7,
    "woods": 5,
    "heavy_woods": 4,
    "building": 4,
    "improved_position": 3,
}
STATED_SIGHT = {
    ("day", "open", "scrub", "vehicle"): "6.1.3.4",  # printed as the buttoned figure; see rulings
    ("day", "buttoned", "scrub", "vehicle"): "6.1.3.4",  # printed as the open figure
    ("day", "open", "woods", "vehicle"): "7.4.8",
    ("day", "open", "improved_position", "vehicle"): "17.6.1.1",
}
# 6.1.3.4 prints buttoned 10 and open 7: the files hold the swapped reading of the default
# ruling sighting.scrub_example, so these two cells are the rulebook as that ruling reads it.
SCRUB_RULED = {("day", "open", "scrub", "vehicle"), ("day", "buttoned", "scrub", "vehicle")}
BUTTONED = 0.7
SIZE_FACTOR = {"vehicle": 1.0, "large": 0.8, "small": 0.5}
CONDITION_FACTOR = {"day": 1.0, "dusk": 0.5, "moonlight": 0.25, "night": 0.1}


def sight_range(cond: str, status: str, terrain: str, size: str) -> int:
    base = DAY_OPEN_VH[terrain] * (BUTTONED if status == "buttoned" else 1.0)
    return max(1, half_up(base * SIZE_FACTOR[size] * CONDITION_FACTOR[cond]))


def sighting_chart() -> dict[str, Any]:
    ranges: dict[str, Any] = {}
    for cond in CONDITIONS:
        ranges[cond] = {}
        for status in ("open", "buttoned"):
            line = {}
            for t in TERRAINS:
                cells = []
                for size in SIZES:
                    v = sight_range(cond, status, t, size)
                    src = STATED_SIGHT.get((cond, status, t, size))
                    ruled = (cond, status, t, size) in SCRUB_RULED
                    cells.append(
                        R(v, src, ruling="sighting.scrub_example" if ruled else "") if src else v
                    )
                line[t] = cells
            ranges[cond][status] = line
    return {
        "chart": "sighting",
        "title": "SIGHTING RANGES CHART",
        "used_by": "6.1.3, 13.1, 24.2.2",
        "terrains": TERRAINS,
        "sizes": SIZES,
        "ranges": ranges,
    }


# ---------------------------------------------------------------------------------------------
# AP point effect hit chart: a logistic curve of (AP factor + net modifier) fitted exactly to
# the two stated cells, (14, -3) = 56 and (18, -6) = 59.


def _logit(p: float) -> float:
    return math.log(p / (1 - p))


_X1, _X2 = 14 - 3, 18 - 6
_L1, _L2 = _logit(0.56), _logit(0.59)
HIT_SCALE = (_X2 - _X1) / (_L2 - _L1)
HIT_CENTRE = _X1 - _L1 * HIT_SCALE
AP_FACTORS = list(range(1, 31))
NET_MODS = list(range(-40, 16))
STATED_HIT = {(14, -3): "7.4.3", (18, -6): "7.4.8"}


def hit_number(ap: int, mod: int) -> int:
    x = ap + mod
    return min(99, max(1, half_up(100 / (1 + math.exp(-(x - HIT_CENTRE) / HIT_SCALE)))))


def ap_hit_chart() -> dict[str, Any]:
    rows = {}
    for m in NET_MODS:
        rows[m] = [
            R(hit_number(a, m), STATED_HIT[(a, m)]) if (a, m) in STATED_HIT else hit_number(a, m)
            for a in AP_FACTORS
        ]
    return {
        "chart": "ap_hit",
        "title": "AP POINT EFFECT HIT CHART",
        "used_by": "7.4.3",
        "ap_factors": AP_FACTORS,
        "rows": rows,
    }


# Number of hits: each extra hit takes 15 per cent of the hit number (7.4.4.2.2: H 65, ROF 4 ->
# 10, 20, 29).
HITS_STEP = 0.15


def hits_cells(h: int, rof: int) -> list[int]:
    """Highest roll for rof, rof-1, ..., 2 hits."""
    return [half_up(h * HITS_STEP * k) for k in range(1, rof)]


def number_of_hits_table() -> dict[str, Any]:
    rows = {}
    for h in range(1, 100):
        line = {}
        for rof in (2, 3, 4, 5):
            cells: list[Any] = hits_cells(h, rof)
            if h == 65 and rof == 4:
                cells = [R(c, "7.4.4.2.2") for c in cells]
            line[rof] = cells
        rows[h] = line
    return {
        "chart": "number_of_hits",
        "title": "AP POINT EFFECT NUMBER OF HITS TABLE",
        "used_by": "7.4.4.2",
        "rofs": [2, 3, 4, 5],
        "rows": rows,
    }


# ---------------------------------------------------------------------------------------------
# AP modifiers


def ap_modifiers() -> dict[str, Any]:
    return {
        "chart": "ap_modifiers",
        "title": "AP POINT EFFECT MODIFIERS",
        "used_by": "7.4.2, 14.3.1, 14.3.2",
        "terrain": {
            "clear": 0,
            "road": 0,
            "stream": 0,
            "scrub": R(-2, "7.4.2"),
            "rough": R(-4, "7.4.2.1"),
            "light_woods": -4,
            "woods": R(-6, "7.4.8"),
            "heavy_woods": -8,
            "building": -4,
            "improved_position": R(-10, "14.3.1.2"),
            "inside_building": R(-8, "14.3.1.2"),
        },
        "movement": {
            "firer_nm": {"nm": R(0, "7.4.8"), "mv": -2},
            "stab": {
                0: {"nm": -8, "mv": -10},
                1: {"nm": -5, "mv": -7},
                2: {"nm": -3, "mv": R(-5, "7.4.2.2")},
                3: {"nm": -2, "mv": -4},
            },
            "class": {1: {"nm": -10, "mv": -12}, 2: {"nm": -6, "mv": -8}, 3: {"nm": -4, "mv": -6}},
        },
        "general": {
            "acquisition_per_turn": R(2, "7.4.2.3.1"),
            "through_brew_up_smoke": R(-5, "7.4.2.3.3"),
            "through_other_smoke": R(-10, "14.3.1.1.1"),
            "firer_suppressed": R(-10, "14.3.1.1.2"),
            "transported_firer": R(-5, "14.3.1.1.3"),
            "per_crew_loss": R(-4, "14.3.1.1.4"),
            "nbc": R(-2, "18.4.2"),
        },
        "tem_sup": {1: -7, 2: -5, 3: -2},
        "overwatch": {"nm": R(-2, "7.4.2.4"), "mv": R(-5, "7.4.2.4")},
        "grade": {
            "bands": ["1-5", "6-10", "11-15", "16-20", "21-25", "26-999"],
            "poor": [0] + [R(v, "14.3.1.3.1") for v in (-1, -2, -3, -4, -5)],
            "crack": [0] + [R(v, "14.3.1.3.2") for v in (1, 2, 3, 4, 5)],
        },
        "sights": {
            "L": {
                "bands": ["1-5", "6-10", "11-15", "16-20", "21-25", "26-40"],
                "values": [0] + [R(v, "14.3.2") for v in (1, 2, 3, 4, 5)],
            },
            "C": {
                "bands": ["1-5", "6-10", "11-15", "16-20", "21-25", "26-40"],
                "values": [0] + [R(v, "14.3.2") for v in (1, 2, 3, 4, 5)],
            },
            "S": {
                "bands": ["1-5", "6-15", "16-25", "26-40"],
                "values": [0] + [R(v, "14.3.2") for v in (1, 2, 3)],
            },
            "O": {"bands": ["1-999"], "values": [R(0, "14.3.2")]},
        },
    }


# ---------------------------------------------------------------------------------------------
# GP: modifiers (text) and the combat results table (model). A cell is "N-S".

GP_FACTORS = list(range(1, 61))
GP_DEFENSES = list(range(1, 13))


def crt_cell(gp: int, dfn: int) -> str:
    n = min(100, max(1, half_up(95 - 12 * math.log2(gp / dfn))))
    s = min(100, n + math.ceil((100 - n) * 0.5))
    return f"{n}-{s}"


def gp_chart() -> dict[str, Any]:
    return {
        "chart": "gp",
        "title": "GP POINT EFFECT MODIFIERS and GP COMBAT RESULTS TABLE",
        "used_by": "14.4, 14.5, 14.7",
        "modifiers": {
            "acquisition_per_turn": R(5, "14.4.2.1.1"),
            "per_crew_loss": R(-10, "14.4.2.1.2"),
            "firer_suppressed": R(-20, "14.4.2.1.3"),
            "transported_firer": R(-10, "14.4.2.1.5"),
            "through_brew_up_smoke": R(-10, "14.4.2.1.6"),
            "through_other_smoke": R(-20, "14.4.2.1.7"),
            "overwatch_nm": R(-5, "14.4.2.1.8"),
            "overwatch_mv": R(-15, "14.4.2.1.8"),
            "building_target_per_height": R(-10, "14.4.2.1.9"),
            "vehicle_in_building": R(-10, "14.4.2.2.1"),
            "vehicle_in_woods": R(-10, "14.4.2.2.2"),
            "vehicle_hull_down": R(-20, "14.4.2.2.3"),
            "vehicle_moving": R(-10, "14.4.2.2.4"),
            "canister_vs_leg_towed": R(20, "14.4.2.3"),
            "canister_vs_vehicle": R(-20, "14.4.2.3"),
            "overrun": R(20, "14.7.2.2.2"),
            "nbc": R(-5, "18.4.2"),
            "special_forces": 10,  # 17.4.1.3.2 names it; the Game Card's value: as a squad plus's (17.4.1.1)
        },
        "tem_sup": {1: -15, 2: -10, 3: -5},
        "grade": {
            "bands": ["1-10", "11-20", "21-999"],
            "poor": [0, R(-5, "14.4.2.4.1"), R(-10, "14.4.2.4.1")],
            "crack": [0, R(5, "14.4.2.4.2"), R(10, "14.4.2.4.2")],
        },
        "crt": {
            "gp_factors": GP_FACTORS,
            "rows": {d: [crt_cell(g, d) for g in GP_FACTORS] for d in GP_DEFENSES},
        },
    }


# ---------------------------------------------------------------------------------------------
# Close assault and hand-to-hand

H2H_ATTACKERS = ["squad", "half_squad"]
H2H_DEFENDERS = ["squad", "half_squad", "team", "towed", "bailed_crew"]
H2H = {
    "squad": [50, 65, 75, 80, 85],
    "half_squad": [35, 50, 60, 70, 75],
}


def close_assault_chart() -> dict[str, Any]:
    return {
        "chart": "close_assault",
        "title": "CLOSE ASSAULT MODIFIERS, HAND-TO-HAND COMBAT TABLE and MODIFIERS",
        "used_by": "14.5, 14.6",
        "close_assault": {
            "attacking_uphill": R(-10, "14.5.3.1"),
            "vs_moving_vehicle": R(-10, "14.5.3.2"),
            "vs_open_vehicle": R(10, "14.5.3.3"),
            "attacker_crack": R(10, "14.5.3.4"),
            "attacker_poor": R(-10, "14.5.3.4"),
            "assault_infantry": R(10, "17.4.1.2"),
            "flamethrower": R(20, "17.4.1.2"),
            "special_forces": 10,  # 17.4.1.3.2 names it; the Game Card's value: as assault infantry's
        },
        "hand_to_hand": {
            "defenders": H2H_DEFENDERS,
            "attacker_wins_up_to": {a: H2H[a] for a in H2H_ATTACKERS},
        },
        "hand_to_hand_modifiers": {
            "defender_suppressed": R(-20, "14.6.3.1"),
            "uphill_attack": R(10, "14.6.3.2"),
            "defender_crew_loss_or_bailed": R(-10, "14.6.3.3"),
            "per_additional_attacker": R(-10, "14.6.3.4"),
            "defender_crack": R(10, "14.6.3.5"),
            "attacker_crack": R(-10, "14.6.3.5"),
            "attacker_poor": R(10, "14.6.3.5"),
            "defender_poor": R(-10, "14.6.3.5"),
            "flamethrower_attacking": R(-20, "17.4.1.2"),
            "flamethrower_defending": 10,
            "squad_plus": R(5, "17.4.1.1"),  # the magnitude; its sign: ruling hand_to_hand.squad_plus_sign
            "assault_infantry": R(10, "17.4.1.2"),  # ruling hand_to_hand.assault_infantry_sign
            "special_forces_attacking": -10,  # 17.4.1.3.2 names them; the Game Card's: as a crack attacker's
            "special_forces_defending": 10,  # and a crack defender's
        },
    }


# ---------------------------------------------------------------------------------------------
# LINE OF SIGHT CHART: line L covers ranges of (S[L-1], S[L]] hexes per height of difference.
# Cell (line L, column c) = "lo-hi-hd" with lo = floor(S[L-1]c)+1, hi = floor(S[L]c),
# hd = floor(1.06 S[L] c).

LOS_SLOPES = [0.0, 0.75, 1.5, 2.3, 3.0, 4.2, 5.5, 7.0, 9.0, 11.5, 14.5, 18.0, 22.0, 30.0]
LOS_COLUMNS = list(range(1, 13))
HULL_DOWN_MARGIN = 1.06
STATED_LOS = {(4, 5): "13.2.1.4.1", (4, 4): "13.2.1.4.2"}


def los_cell(line: int, col: int) -> str | None:
    lo = math.floor(LOS_SLOPES[line - 1] * col + 1e-9) + 1
    hi = math.floor(LOS_SLOPES[line] * col + 1e-9)
    hd = math.floor(HULL_DOWN_MARGIN * LOS_SLOPES[line] * col + 1e-9)
    if hi < lo:
        return None
    return f"{lo}-{hi}-{hd}"


# DEP/EL lines: minimum range = ceil(5 c / n) for a depression/elevation number n and height
# difference c (17.3.1.2: elevation 7, difference 5 -> 4).
DEP_EL_LINES = list(range(1, 21))


def dep_el_cell(n: int, c: int) -> int:
    return max(1, math.ceil(5 * c / n - 1e-9))


def los_chart() -> dict[str, Any]:
    lines = {}
    for line in range(1, len(LOS_SLOPES)):
        cells = []
        for c in LOS_COLUMNS:
            v = los_cell(line, c)
            cells.append(R(v, STATED_LOS[(line, c)]) if (line, c) in STATED_LOS else v)
        lines[line] = cells
    dep = {}
    for n in DEP_EL_LINES:
        dep[n] = [
            R(dep_el_cell(n, c), "17.3.1.2") if (n, c) == (7, 5) else dep_el_cell(n, c)
            for c in LOS_COLUMNS
        ]
    return {
        "chart": "los",
        "title": "LINE OF SIGHT CHART",
        "used_by": "13.2.1.4, 13.2.2.2, 17.3.1",
        "columns": LOS_COLUMNS,
        "lines": lines,
        "dep_el": dep,
    }


# ---------------------------------------------------------------------------------------------
# STANDARD TERRAIN VALUES


def terrain_chart() -> dict[str, Any]:
    return {
        "chart": "terrain",
        "title": "STANDARD TERRAIN VALUES CHART",
        "used_by": "6.1.4, 12.1, 13.2.1, 14.4.3.3",
        "terrains": TERRAINS,
        "top_height": {
            "clear": 0,
            "road": 0,
            "stream": 0,
            "scrub": 0,
            "rough": 0,
            "light_woods": 1,
            "woods": R(2, "6.1.4.5"),
            "heavy_woods": 3,
            "building": R(2, "6.1.4.5"),
            "improved_position": 0,
        },
        "ground": {
            "hill_per_level": R(1, "6.1.4.3"),
            "depression": R(-1, "6.1.4.4"),
            "ditch": -1,
        },
        "smoke_height": {"smoke": 3, "brew_up": 2, "fire": R(5, "18.3.4")},
        "gp_defense": {
            "block": 6,
            "wire": 1,
            "temporary_bridge": R(7, "22.5"),
            "wooden_building": 8,
            "brick_building": 12,
            "stone_building": 16,
            "bridge": 14,
            "hasty_minefield": R(3, "17.5.3"),
            "deliberate_minefield": R(6, "17.5.3"),
            "fascam_minefield": R(9, "17.5.3"),
        },
    }


# ---------------------------------------------------------------------------------------------
# Cards

BANDS = ["1", "2-4", "5-8", "9-12", "13-16", "17-20", "21-24", "25-28", "29-32", "33-36", "37-40"]
NB = len(BANDS)


def line(values: list[Any], stated: dict[int, tuple[Any, str]] | None = None) -> list[Any]:
    out = list(values) + [None] * (NB - len(values))
    for i, (v, src) in (stated or {}).items():
        assert out[i] == v, (i, out[i], v)
        out[i] = R(v, src)
    return out


def ke_ap(start: int) -> list[int]:
    return [max(1, start - 2 * i) for i in range(NB)]


HEAT_AP = [21, 19, 17, 14, 11, 8, 5, 3, 1]


def heat_ap(max_bands: int) -> list[int]:
    return HEAT_AP[:max_bands]


def ke_pv(start: int, fall: int) -> list[int]:
    return [start - fall * i for i in range(NB)]


def gp_nm(start: int) -> list[int]:
    # 125mm: 17 at 17-20 (14.4.1)
    steps = [0, 1, 3, 5, 7, 8, 9, 10, 11, 12, 13]
    return [start - s for s in steps]


def gp_mv(nm: list[int]) -> list[int]:
    return [math.ceil(v / 2) for v in nm]


KE_DAMAGE = ["1-4", "5-13", "14-74", "75-100"]
CE_DAMAGE = ["1-5", "6-20", "21-60", "61-100"]
ATGM_DAMAGE = ["1-3", "4-15", "16-55", "56-100"]
DAMAGE_KEYS = ["no_damage", "compartment", "knocked_out", "brewed_up"]


def damage(cells: list[Any]) -> dict[str, Any]:
    return dict(zip(DAMAGE_KEYS, cells, strict=True))


# TTA/HDA: the columns read for fire from the air (20.1.3.2.2.1), twice as wide as the ground ones as the
# dive steepens the shot: estimated.
HIT_LOCATION = {
    "front": {
        "TF": "1-30",
        "HF": "31-55",
        "HF*": "56-70",
        "TK*": "71-92",
        "GN": "93-100",
        "TTG": "1-12",
        "HDG": "36-45",
        "TTA": "1-24",
        "HDA": "36-55",
    },
    "front_side": {
        "TF": "1-15",
        "TS": "16-35",
        "HF": "36-45",
        "HS": "46-62",
        "HS*": "63-70",
        "TK*": "71-92",
        "GN": "93-100",
        "TTG": "16-25",
        "HDG": "46-55",
        "TTA": "16-35",
        "HDA": "46-65",
    },
    "rear_side": {
        "TS": "1-20",
        "TR": "21-30",
        "HS": "31-52",
        "HS*": "53-60",
        "HR": "61-70",
        "TK*": "71-95",
        "GN": "96-100",
        "TTG": "1-10",
        "HDG": "31-40",
        "TTA": "1-20",
        "HDA": "31-50",
    },
    "rear": {
        "TR": "1-30",
        "HR": "31-58",
        "HR*": "59-65",
        "TK*": "66-95",
        "GN": "96-100",
        "TTG": "1-10",
        "HDG": "31-45",
        "TTA": "1-20",
        "HDA": "31-60",
    },
}


def hit_location(stated: dict[tuple[str, str], str] | None = None) -> dict[str, Any]:
    return {angle: dict(cells) for angle, cells in HIT_LOCATION.items()}


LOCS = ["TF", "TS", "TR", "HF", "HS", "HR"]
OBLIQUE = {"TF": 1.1, "HF": 1.1, "TS": 1.2, "HS": 1.2, "TR": 1.2, "HR": 1.2}
RISING = 0.95


def armor(
    ke: dict[str, int],
    ce: dict[str, int],
    top: tuple[int, int],
    stated: dict[tuple[str, str, str, str], str] | None = None,
) -> dict[str, Any]:
    stated = stated or {}
    out: dict[str, Any] = {}
    for ammo, base in (("KE", ke), ("CE", ce)):
        section: dict[str, Any] = {}
        for elev in ("level", "rising", "falling"):
            f = RISING if elev == "rising" else 1.0
            groups: dict[str, Any] = {}
            for group in ("straight", "oblique"):
                cells = {}
                for loc in LOCS:
                    v = half_up(base[loc] * f * (OBLIQUE[loc] if group == "oblique" else 1.0))
                    key = (ammo, elev, group, loc)
                    cells[loc] = R(v, stated[key]) if key in stated else v
                groups[group] = cells
            section[elev] = groups
        section["above"] = {"TT": top[0], "HD": top[1]}
        out[ammo] = section
    return out


MOVE_COSTS = {
    "clear": 1,
    "road": "1/3",
    "path": "1/2",
    "stream": 3,
    "stream_nonfordable": "P",
    "scrub": 2,
    "rough": 4,
    "light_woods": 2,
    "woods": 3,
    "heavy_woods": "P",
    "building": 2,
    "improved_position": 1,
    "water": "P",
    "block": "P",
    "ditch": "P",
}
MOVE_PLUS = {"height_change": ["1", "3", "P"], "smoke": 1, "wire": 1, "inside_building": 1}


def movement_costs(
    stated_clear: str | None = None,
    stated_rough: str | None = None,
    stated_height: str | None = None,
) -> dict[str, Any]:
    costs: dict[str, Any] = dict(MOVE_COSTS)
    plus: dict[str, Any] = dict(MOVE_PLUS)
    if stated_clear:
        costs["clear"] = R(1, stated_clear)
    if stated_height:
        plus["height_change"] = [R("1", stated_height), "3", "P"]
    return {"terrain": costs, "plus": plus}


def points(avg: int) -> str:
    return f"{avg}-{half_up(avg / 2)}-{half_up(avg / 4)}"


def gun(
    name: str,
    *,
    stab: Any,
    rof: Any,
    trn: Any,
    sights: list[str],
    dep_el: Any,
    tot_ammo: str,
    smoke: list[str],
    ammo: list[dict[str, Any]],
) -> dict[str, Any]:
    return {
        "name": name,
        "kind": "gun",
        "main": True,
        "stab": stab,
        "sights": "".join(sights),
        "max_rof": rof,
        "trn": trn,
        "dep_el": dep_el,
        "tot_ammo": tot_ammo,
        "smoke_makers": " ".join(smoke),
        "ammo": ammo,
    }


def songster(stated: bool) -> dict[str, Any]:
    ap = [None] + [16] * (NB - 1)
    pv = [None] + [120] * (NB - 1)
    speeds: Any = [24, 12]
    min_range: Any = 2
    if stated:
        min_range = R(2, "4.7.2")
        speeds = [R(24, "14.2.2.2.3"), R(12, "14.2.2.2.3")]
    return {
        "name": "Songster",
        "kind": "atgm",
        "main": False,
        "class": 3,
        "sights": "O",
        "max_rof": 1,
        "trn": "T",
        "dep_el": "Unl",
        "tot_ammo": "4",
        "speeds": speeds,
        "ammo": [
            {
                "name": "ATGM",
                "type": "CE",
                "min_range": min_range,
                "max_range": 40,
                "ap": ap,
                "pv": pv,
                "damage": damage(ATGM_DAMAGE),
            }
        ],
    }


def soviet_125(card: str) -> dict[str, Any]:
    t80, t72 = card == "USSR-1A", card == "USSR-2A"
    ke_ap_line = line(
        ke_ap(22), ({4: (14, "7.4.1.3")} if t80 else {}) | ({2: (18, "7.4.8")} if t72 else {})
    )
    pv = line(
        ke_pv(96, 4), ({4: (80, "7.4.6.4")} if t80 else {}) | ({2: (88, "7.4.8")} if t72 else {})
    )
    heat = line(heat_ap(9), {4: (11, "7.4.1.3")} if t80 else {})
    # 4.7.2: the T-80A's maximum range is 40 with APFSDS and 32 with HEAT
    ke_max: Any = R(40, "4.7.2") if t80 else 40
    heat_max: Any = R(32, "4.7.2") if t80 else 32
    nm = line(gp_nm(25), {5: (17, "14.4.1")} if t80 else {})
    mv = line(gp_mv(gp_nm(25)), {5: (9, "14.4.1")} if t80 else {})
    ke_damage = damage(
        [
            R(c, "7.4.7") if t80 and k == "knocked_out" else c
            for k, c in zip(DAMAGE_KEYS, KE_DAMAGE, strict=True)
        ]
    )
    return gun(
        "125mm",
        stab=R(2, "7.4.2.2") if t80 else (1 if t72 else 2),
        rof=R(1, "7.4.8") if t72 else 1,
        trn="1T",
        sights=["L", "I", "O"],
        dep_el="5/7" if not t80 else "5/9",
        tot_ammo="39 (4)",
        smoke=["DS", "EX"],
        ammo=[
            {
                "name": "APFSDS",
                "type": "KE",
                "min_range": 1,
                "max_range": ke_max,
                "ap": ke_ap_line,
                "pv": pv,
                "damage": ke_damage,
            },
            {
                "name": "HEAT",
                "type": "CE",
                "min_range": 1,
                "max_range": heat_max,
                "ap": heat,
                "pv": line([90] * 9),
                "damage": damage(CE_DAMAGE),
            },
            {
                "name": "GP",
                "type": "GP",
                "min_range": 1,
                "max_range": 40,
                "gp_nm": nm,
                "gp_mv": mv,
                "gp_kill": {"result": "knocked_out", "gp_defense": "1-5"},
            },
        ],
    )


def western_gun(
    name: str,
    *,
    ke_start: int,
    pv_start: int,
    heat_pv: int,
    heat_bands: int,
    stab: int,
    rof: int,
    trn: Any,
    sights: list[str],
    dep_el: Any,
    tot: str,
    smoke: list[str],
    gp_start: int,
) -> dict[str, Any]:
    return gun(
        name,
        stab=stab,
        rof=rof,
        trn=trn,
        sights=sights,
        dep_el=dep_el,
        tot_ammo=tot,
        smoke=smoke,
        ammo=[
            {
                "name": "APFSDS",
                "type": "KE",
                "min_range": 1,
                "max_range": 40,
                "ap": line(ke_ap(ke_start)),
                "pv": line(ke_pv(pv_start, 3)),
                "damage": damage(KE_DAMAGE),
            },
            {
                "name": "HEAT",
                "type": "CE",
                "min_range": 1,
                "max_range": 4 * heat_bands - 4,
                "ap": line(heat_ap(heat_bands)),
                "pv": line([heat_pv] * heat_bands),
                "damage": damage(CE_DAMAGE),
            },
            {
                "name": "GP",
                "type": "GP",
                "min_range": 1,
                "max_range": 40,
                "gp_nm": line(gp_nm(gp_start)),
                "gp_mv": line(gp_mv(gp_nm(gp_start))),
                "gp_kill": {"result": "knocked_out", "gp_defense": "1-5"},
            },
        ],
    )


def target(size: Any, gp: Any, ca: Any) -> dict[str, Any]:
    return {"size": size, "gp_defense": gp, "ca_defense": ca, "stacking": 2, "transport": None}


# Reactive armour's cost is not printed: it is the TO&E 1 point value of the tank with it less
# the one without (Average grade), the same 15 for the three Soviet tanks.
RA_AV = {"T-80A": (95, 80), "T-64B": (90, 75), "T-72M1": (88, 73)}


def reactive_armor(name: str) -> dict[str, Any]:
    with_ra, without = RA_AV[name]
    how = f"{with_ra} - {without}: {name} with reactive armor {with_ra} Av, without {without} Av"
    return {"available": True, "kind": "light", "cost": R(with_ra - without, "TO&E 1", derived=how)}


def base_card(cid: str, name: str, nation: str, facts: str) -> dict[str, Any]:
    return {
        "card": cid,
        "name": name,
        "nation": nation,
        "kind": "vehicle",
        "tracked": True,
        "facts": facts,
    }


def cards() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}

    # M1A1 (USA-1B): 120mm M256, M829 APFSDS about 540 mm at 2 km.
    c = base_card(
        "USA-1B",
        "M1A1",
        "USA",
        "120mm M256; M829 APFSDS ~560 mm RHA at 2 km; turret front ~500 mm KE",
    )
    c |= {
        "crew": 4,
        "weapons": [
            western_gun(
                "120mm",
                ke_start=23,
                pv_start=118,
                heat_pv=96,
                heat_bands=9,
                stab=3,
                rof=2,
                trn=R("2T", "9.2.1"),
                sights=["L", "T", "O"],
                dep_el="9/10",
                tot="40 (4)",
                smoke=["DS", "EX"],
                gp_start=24,
            )
        ],
        "range_bands": BANDS,
        "target": target(0, 9, 7),
        "hit_location": hit_location(),
        "armor": armor(
            {"TF": 100, "TS": 45, "TR": 15, "HF": 85, "HS": 14, "HR": 10},
            {"TF": 160, "TS": 60, "TR": 18, "HF": 140, "HS": 20, "HR": 12},
            (8, 8),
        ),
        "speeds": {"normal": 6, "snow": 5, "mud": 4, "road": "1/3", "path": "1/2"},
        "turn_costs": "0-1-2",
        "movement_costs": movement_costs(stated_clear="8.4.3", stated_height="8.4.3"),
        "point_values": R("100-50-25", "Scenario Format D.1"),
        "notes": {},
    }
    out["USA-1B"] = c

    # M1A2 (USA-8A): as M1A1 with M829A1 and better armour.
    c = base_card(
        "USA-8A",
        "M1A2",
        "USA",
        "120mm M256; M829A1 APFSDS ~650 mm RHA at 2 km; turret front ~600 mm KE",
    )
    c |= {
        "crew": 4,
        "weapons": [
            western_gun(
                "120mm",
                ke_start=23,
                pv_start=132,
                heat_pv=96,
                heat_bands=9,
                stab=3,
                rof=2,
                trn="2T",
                sights=["L", "T", "O"],
                dep_el="9/10",
                tot="40 (4)",
                smoke=["DS", "EX"],
                gp_start=24,
            )
        ],
        "range_bands": BANDS,
        "target": target(0, 9, 7),
        "hit_location": hit_location(),
        "armor": armor(
            {"TF": 120, "TS": 50, "TR": 15, "HF": 100, "HS": 14, "HR": 10},
            {"TF": 220, "TS": 70, "TR": 18, "HF": 150, "HS": 20, "HR": 12},
            (8, 8),
        ),
        "speeds": {"normal": 6, "snow": 5, "mud": 4, "road": "1/3", "path": "1/2"},
        "turn_costs": "0-1-2",
        "movement_costs": movement_costs(),
        "point_values": points(110),
        "notes": {},
    }
    out["USA-8A"] = c

    # Leopard 2 (FRG-1B): 120mm Rh-120 L44, DM33 APFSDS about 500 mm at 2 km.
    c = base_card(
        "FRG-1B",
        "Leopard 2",
        "FRG",
        "120mm Rh-120 L/44; DM33 APFSDS ~500 mm RHA at 2 km; turret front ~450 mm KE",
    )
    c |= {
        "crew": 4,
        "weapons": [
            western_gun(
                "120mm",
                ke_start=23,
                pv_start=115,
                heat_pv=96,
                heat_bands=9,
                stab=3,
                rof=2,
                trn="2T",
                sights=["L", "T", "O"],
                dep_el=R("8/10", "17.3.1"),
                tot="42 (4)",
                smoke=["DS"],
                gp_start=24,
            )
        ],
        "range_bands": BANDS,
        "target": target(0, 9, 7),
        "hit_location": hit_location(),
        "armor": armor(
            {"TF": 90, "TS": 40, "TR": 14, "HF": 80, "HS": 14, "HR": 10},
            {"TF": 150, "TS": 55, "TR": 16, "HF": 120, "HS": 18, "HR": 12},
            (8, 7),
        ),
        "speeds": {"normal": 6, "snow": 5, "mud": 4, "road": "1/3", "path": "1/2"},
        "turn_costs": "0-1-2",
        "movement_costs": movement_costs(),
        "point_values": points(99),
        "notes": {},
    }
    out["FRG-1B"] = c

    # Leopard 1A4 (FRG-1A): 105mm L7A3, DM23 APFSDS about 380 mm at 2 km; cast/spaced steel.
    c = base_card(
        "FRG-1A",
        "Leopard 1A4",
        "FRG",
        "105mm L7A3; DM23 APFSDS ~380 mm RHA at 2 km; steel armour ~290 mm at turret front",
    )
    c |= {
        "crew": 4,
        "weapons": [
            western_gun(
                "105mm",
                ke_start=22,
                pv_start=88,
                heat_pv=80,
                heat_bands=8,
                stab=2,
                rof=2,
                trn="2T",
                sights=["L", "I", "O"],
                dep_el="8/10",
                tot="55 (5)",
                smoke=["DS"],
                gp_start=22,
            )
        ],
        "range_bands": BANDS,
        "target": target(R(0, "7.4.8"), 6, 6),
        "hit_location": hit_location(),
        "armor": armor(
            {"TF": 58, "TS": 25, "TR": 12, "HF": 40, "HS": 10, "HR": 8},
            {"TF": 62, "TS": 27, "TR": 13, "HF": 44, "HS": 12, "HR": 9},
            (6, 5),
            stated={("KE", "level", "straight", "TF"): "7.4.8"},
        ),
        "speeds": {"normal": 5, "snow": 4, "mud": 3, "road": "1/3", "path": "1/2"},
        "turn_costs": "0-1-2",
        "movement_costs": movement_costs(),
        "point_values": points(78),
        "notes": {},
    }
    out["FRG-1A"] = c

    for cid, name, facts, ke_arm, ce_arm, mf, avg, _ra_cost, atgm in (
        (
            "USSR-1B",
            "T-64B",
            "125mm 2A46; APFSDS ~440 mm RHA at 500 m; turret front ~400 mm KE; "
            "fires the 9M112 Kobra (Songster) through the gun",
            {"TF": 80, "TS": 40, "TR": 14, "HF": 75, "HS": 16, "HR": 10},
            {"TF": 120, "TS": 50, "TR": 16, "HF": 110, "HS": 18, "HR": 12},
            5,
            75,
            15,
            True,
        ),
        (
            "USSR-2A",
            "T-72M1",
            "125mm 2A46; APFSDS ~440 mm RHA at 500 m; turret front ~375 mm KE",
            {"TF": 75, "TS": 38, "TR": 14, "HF": 70, "HS": 16, "HR": 10},
            {"TF": 100, "TS": 45, "TR": 16, "HF": 100, "HS": 18, "HR": 12},
            5,
            73,
            15,
            False,
        ),
        (
            "USSR-1A",
            "T-80A",
            "125mm 2A46; APFSDS ~400 mm RHA at 1.4 km; turret front ~425 mm KE; "
            "fires the 9M112 Kobra (Songster) through the gun",
            {"TF": 85, "TS": 42, "TR": 14, "HF": 80, "HS": 16, "HR": 10},
            {"TF": 130, "TS": 55, "TR": 16, "HF": 120, "HS": 18, "HR": 12},
            6,
            80,
            15,
            True,
        ),
    ):
        t80 = cid == "USSR-1A"
        c = base_card(cid, name, "USSR", facts)
        weapons = [soviet_125(cid)]
        if atgm:
            weapons.append(songster(stated=t80))
        c |= {
            "crew": 3,
            "weapons": weapons,
            "range_bands": BANDS,
            "target": target(R(-1, "7.4.2.3.2") if t80 else -1, R(8, "14.4.3.1") if t80 else 8, 6),
            "hit_location": hit_location(),
            "armor": armor(
                ke_arm,
                ce_arm,
                (7, 6),
                stated={("KE", "level", "straight", "TF"): "7.4.6.3"} if t80 else None,
            ),
            "speeds": {
                "normal": R(6, "8.2") if t80 else mf,
                "snow": mf - 1,
                "mud": mf - 2,
                "road": "1/3",
                "path": "1/2",
            },
            "turn_costs": "0-1-2",
            "movement_costs": movement_costs(),
            "point_values": R("80-40-20", "9.4.2.1") if t80 else points(avg),
            "notes": {"reactive_armor": reactive_armor(name)},
        }
        if t80:
            c["target"]["stacking"] = R(2, "12.2.1")
        out[cid] = c
    return out


def main() -> None:
    write(
        "charts/sighting.yaml",
        "SIGHTING RANGES CHART (Game Card).\n" + ESTIMATE_NOTE,
        sighting_chart(),
    )
    write(
        "charts/ap_hit.yaml",
        "AP POINT EFFECT HIT CHART (Game Card): rows by net modifier,"
        " one hit number per AP factor column.\n" + ESTIMATE_NOTE,
        ap_hit_chart(),
    )
    write(
        "charts/number_of_hits.yaml",
        "AP POINT EFFECT NUMBER OF HITS TABLE (Game Card): by hit number, per ROF the highest"
        " roll\nfor ROF, ROF-1, ..., 2 hits (1 hit is every roll up to the hit number).\n"
        + ESTIMATE_NOTE,
        number_of_hits_table(),
    )
    write(
        "charts/ap_modifiers.yaml",
        "AP POINT EFFECT MODIFIERS (Game Card).\n" + ESTIMATE_NOTE,
        ap_modifiers(),
    )
    write(
        "charts/gp.yaml",
        "GP POINT EFFECT MODIFIERS and GP COMBAT RESULTS TABLE (Game Card)."
        "\nA CRT cell is N-S: modified roll up to N no effect, up to S suppressed, above S"
        " effective.\n" + ESTIMATE_NOTE,
        gp_chart(),
    )
    write(
        "charts/close_assault.yaml",
        "CLOSE ASSAULT and HAND-TO-HAND charts (Game Card).\n" + ESTIMATE_NOTE,
        close_assault_chart(),
    )
    write(
        "charts/los.yaml",
        "LINE OF SIGHT CHART (Game Card): lines x height-difference columns,"
        " cells lo-hi-hd;\ndep_el: minimum range by DEP/EL number x height difference.\n"
        + ESTIMATE_NOTE,
        los_chart(),
    )
    write(
        "charts/terrain.yaml",
        "STANDARD TERRAIN VALUES CHART (Game Card).\n" + ESTIMATE_NOTE,
        terrain_chart(),
    )
    from mbt_cards import tank_extras, write_cards

    for cid, card in cards().items():
        write(f"cards/{cid}.yaml", f"Data card {cid}: {card['name']}.\n" + ESTIMATE_NOTE, tank_extras(card))
    write_cards()


if __name__ == "__main__":
    assert Fraction(1, 3)  # fractions are written as strings such as "1/3"
    main()
