"""AP fire's charts read (7.4.4-7.4.7): factor by range, hit number, number of hits, hit location, damage."""

from __future__ import annotations

from typing import Any

from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.mbt import data
from umpire.rules.mbt.provenance import DAMAGE, FALLING, Val, parse_range
from umpire.rules.mbt.vehicle_card import Ammo, Card, Weapon

TURRET = ("TF", "TS", "TR", "TT")
HULL = ("HF", "HS", "HR", "HD")


def read_val(val: Val[Any], what: str, estimated: list[str]) -> Any:
    if val.estimated and what not in estimated:
        estimated.append(what)
    return val.v


def factor_at(
    card: Card, weapon: Weapon, ammo: Ammo, line: str, rng: int
) -> tuple[int, Val[Any], str]:
    """The value of an ammo line (``ap``, ``pv``, ``gp_nm``, ``gp_mv``) at range ``rng``.

    :raises UmpireError: if the range is beyond or below the weapon's reach (4.7.2).
    """
    i = card.band_index(rng)
    values = getattr(ammo, line) or []
    if i < 0 or values[i].v is None:
        raise UmpireError(
            f"range {rng} is out of reach for the {card.name} {weapon.name} {ammo.name} "
            f"(allowed: {ammo.min_range.v}-{ammo.max_range.v} hexes, 4.7.2)"
        )
    return i, values[i], card.range_bands[i].v


def band_value(bands: list[str], values: list[Val[int]], rng: int) -> Val[int] | None:
    for b, v in zip(bands, values, strict=True):
        lo, hi = parse_range(b)
        if lo <= rng <= hi:
            return v
    return None


def hit_number(ap: int, net: int, rulings: Rulings, estimated: list[str]) -> int:
    """AP POINT EFFECT HIT CHART (7.4.3): column AP factor, line net modifier."""
    chart = data.chart("ap_hit")
    mods = sorted(chart.rows)
    if net < mods[0] and rulings["ap.chart_edge"] == "no_hit":
        return 0
    row = min(max(net, mods[0]), mods[-1])
    col = min(max(ap, chart.ap_factors[0]), chart.ap_factors[-1])
    if row not in chart.rows or col not in chart.ap_factors:
        raise UmpireError(f"AP POINT EFFECT HIT CHART: no cell for AP {col}, net {row:+d} (check the chart)")
    cell = chart.rows[row][chart.ap_factors.index(col)]
    return int(read_val(cell, f"AP hit chart AP {col} net {row:+d} ({cell.v})", estimated))


def number_of_hits(h: int, rof: int, roll: int, estimated: list[str]) -> int:
    """Hits from one roll (7.4.4): one shot hits at or under H; 2-5 shots use the table."""
    if roll > h:
        return 0
    if rof == 1:
        return 1
    table = data.chart("number_of_hits")
    key = min(max(h, min(table.rows)), max(table.rows))
    if key not in table.rows or rof not in table.rows[key]:
        raise UmpireError(f"NUMBER OF HITS TABLE: no cell for hit number {key}, ROF {rof} (check the chart)")
    cells = table.rows[key][rof]
    for k, cell in enumerate(cells):
        if roll <= cell.v:
            read_val(cell, f"number of hits H {h} ROF {rof} ({cell.v})", estimated)
            return rof - k
    return 1


def locate(card: Card, angle: str, roll: int, falling: bool, estimated: list[str], *, air: bool = False) -> str:
    """HIT LOCATION CHARTS (7.4.5.2): the location code, with TTG/HDG superseding on a falling
    shot (7.4.5.2.3), TTA/HDA on fire from the air (20.1.3.2.2.1; a card without them is read by
    its ground columns). The asterisk (miss if hull down) is kept."""
    line = card.hit_location[angle]
    if falling or air:
        codes = ("TTA", "HDA") if air and "TTA" in line else ("TTG", "HDG")
        for code in codes:
            if code in line:
                lo, hi = parse_range(line[code].v)
                if lo <= roll <= hi:
                    read_val(
                        line[code],
                        f"{card.card} hit location {angle} {code} {line[code].v}",
                        estimated,
                    )
                    return code
    for code, rng in line.items():
        if code in FALLING:
            continue
        lo, hi = parse_range(rng.v)
        if lo <= roll <= hi:
            read_val(rng, f"{card.card} hit location {angle} {code} {rng.v}", estimated)
            return code
    raise AssertionError("hit location chart does not cover the roll")  # validated on load


def armor_group(angle: str) -> str:
    return "straight" if angle in ("front", "rear") else "oblique"


def damage_result(ammo: Ammo, roll: int, where: str, estimated: list[str]) -> str:
    assert ammo.damage is not None
    for key in DAMAGE:
        val = getattr(ammo.damage, key)
        lo, hi = parse_range(val.v)
        if lo <= roll <= hi:
            read_val(val, f"{where} damage {key} {val.v}", estimated)
            return key
    raise AssertionError("damage line does not cover the roll")


ORDER = ["", "miss", "no_damage", "gun", "track", "compartment", "knocked_out", "brewed_up"]


def worst_result(results: list[str]) -> str:
    return max(results, key=lambda r: ORDER.index(r) if r in ORDER else 0) if results else "miss"


def damage_effects(result: str, loc: str) -> list[str]:
    """What a penetrating hit's damage does (7.4.7, 14.3.3)."""
    if result == "no_damage":
        return ["no effect (7.4.7.1)"]
    if result == "compartment":
        turret = loc in TURRET
        return [
            (
                "turret compartment hit: may move, may not fire turret weapons (7.4.7.2.1)"
                if turret
                else "hull compartment hit: may not move or pivot, "
                     "turret turn 1, hull weapons lost (7.4.7.2.2)"
            ),
            "Advanced: vehicle and passengers suppressed, 1 crew loss, sights and smoke makers on "
            "that compartment destroyed (14.3.3.1)",
        ]
    if result == "knocked_out":
        return [
            "knocked out: non-burning wreck (7.4.7.3)",
            "Advanced: every transported unit eliminated (14.3.3.2)",
        ]
    return [
        "brewed up: burning wreck, brew-up smoke in the hex (7.4.7.4)",
        "Advanced: every transported unit eliminated (14.3.3.2); every other unit in the hex "
        "suppressed (14.3.3.3)",
    ]
