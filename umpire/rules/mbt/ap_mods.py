"""The AP fire modifiers (7.4.3, 14.3) of a shot, and the best sight the firer has at its range."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umpire.core.modifiers import Modifier
from umpire.errors import UmpireError
from umpire.rules.mbt import data, orders
from umpire.rules.mbt.ap_tables import band_value, read_val
from umpire.rules.mbt.fire_charts import ApModifiers
from umpire.rules.mbt.provenance import Val
from umpire.rules.mbt.sighting import terrain_column
from umpire.rules.mbt.vehicle_card import Ammo, Weapon

if TYPE_CHECKING:
    from umpire.rules.mbt.ap_fire import ApShot


def _rating(val: Val[int] | None, what: str, estimated: list[str]) -> int:
    """A weapon rating the card must give for this shot (Stab. for guns, Class for ATGMs),
    named among the estimates when the card's value is one."""
    if val is None:
        raise UmpireError(f"{what}: the data card gives no value (needed for this shot)")
    return int(read_val(val, f"{what} ({val.v})", estimated))


def _line(lines: dict[int, Any], key: int, what: str) -> Any:
    """A chart line by its rating; a chart without it is refused, not a crash."""
    if key not in lines:
        raise UmpireError(
            f"AP POINT EFFECT MODIFIERS: no {what} {key} line (the chart has {', '.join(map(str, sorted(lines)))})"
        )
    return lines[key]


def modifiers(shot: ApShot, weapon: Weapon, ammo: Ammo, estimated: list[str]) -> list[Modifier]:
    """Every AP POINT EFFECT MODIFIER that applies (7.4.2, 14.3.1, 14.3.2), cumulative."""
    chart = data.chart("ap_modifiers")
    mods: list[Modifier] = []

    def add(name: str, val: Val[int], rule: str, detail: str = "", times: int = 1) -> None:
        value = read_val(val, f"AP modifier {name} ({val.v})", estimated) * times
        mods.append(Modifier(name=name, value=value, rule=rule, detail=detail))

    # terrain of the target hex only (7.4.2.1, 14.3.1.2)
    if shot.crowded:
        mods.append(
            Modifier(
                name="terrain: clear", value=0, rule="12.2.2", detail="more than 10 stacking points"
            )
        )
    elif shot.inside_building:
        add("terrain: inside building", chart.terrain["inside_building"], "14.3.1.2")
    else:

        col = terrain_column(shot.terrain, data.chart("sighting"), estimated)
        if col not in chart.terrain:
            raise UmpireError(
                f"terrain: no AP modifier for {col!r} (allowed: {', '.join(chart.terrain)})"
            )
        add(f"terrain: {col.replace('_', ' ')}", chart.terrain[col], "7.4.2.1")
    # movement (7.4.2.2)
    target_mv = orders.target_moving(shot.target_orders)
    if shot.no_movement_modifier:
        mods.append(Modifier(name="movement: none", value=0, rule="20.2.3.3.2", detail=shot.no_movement_modifier))
    else:
        firer_mv = orders.firer_moving(shot.firer_orders)
        col = "mv" if target_mv else "nm"
        if not firer_mv:
            row, label = chart.movement.firer_nm, "firer NM"
        elif weapon.kind == "atgm":
            cls = _rating(weapon.class_, f"{weapon.name} Class", estimated)
            row, label = _line(chart.movement.class_, cls, "Class"), f"firer MV, Class {cls}"
        else:
            stab = _rating(weapon.stab, f"{weapon.name} Stab.", estimated)
            row, label = _line(chart.movement.stab, stab, "Stab."), f"firer MV, Stab. {stab}"
        add(f"movement: {label} vs target {col.upper()}", getattr(row, col), "7.4.2.2")
    # general (7.4.2.3, 14.3.1.1)
    g = chart.general
    if shot.acquisition_turns:
        add(
            "acquisition",
            g.acquisition_per_turn,
            "7.4.2.3.1",
            f"{shot.acquisition_turns} consecutive Turn(s)",
            shot.acquisition_turns,
        )
    size = shot.target.target.size
    mods.append(
        Modifier(
            name=f"target size ({shot.target.name})",
            value=read_val(size, f"{shot.target.card} size ({size.v})", estimated),
            rule="7.4.2.3.2",
        )
    )
    thermal = "T" in weapon.sight_letters() and shot.range <= 20
    if thermal and (shot.brew_up_smoke_hexes or shot.other_smoke_hexes):
        _sights(shot, weapon, estimated)
    if shot.brew_up_smoke_hexes and not shot.crowded:
        if thermal:
            mods.append(
                Modifier(name="brew-up smoke ignored (thermal imager)", value=0, rule="14.3.2")
            )
        else:
            add(
                "through brew-up smoke",
                g.through_brew_up_smoke,
                "7.4.2.3.3",
                f"{shot.brew_up_smoke_hexes} hex(es)",
                shot.brew_up_smoke_hexes,
            )
    if shot.other_smoke_hexes and not shot.crowded:
        if thermal:
            mods.append(
                Modifier(name="other smoke ignored (thermal imager)", value=0, rule="14.3.2")
            )
        else:
            add(
                "through other smoke",
                g.through_other_smoke,
                "14.3.1.1.1",
                f"{shot.other_smoke_hexes} hex(es)",
                shot.other_smoke_hexes,
            )
    if shot.discharger_smoke:
        add(
            "discharger smoke",
            g.through_other_smoke,
            "14.3.1.1.1",
            "firer or target under DS smoke",
        )
    if shot.firer_suppressed:
        add("firer suppressed", g.firer_suppressed, "14.3.1.1.2")
    if shot.firer_transported:
        add("transported firer", g.transported_firer, "14.3.1.1.3")
    if shot.firer_crew_losses:
        add(
            "firer crew losses",
            g.per_crew_loss,
            "14.3.1.1.4",
            f"{shot.firer_crew_losses} loss(es)",
            shot.firer_crew_losses,
        )
    if shot.firer_tem_sup:
        if weapon.kind != "atgm":
            raise UmpireError(
                "firer_tem_sup: temporary suppression affects only ATGM fire (12.3.5)"
            )
        cls = _rating(weapon.class_, f"{weapon.name} Class", estimated)
        add(
            f"firer temporarily suppressed (Class {cls})",
            _line(chart.tem_sup, cls, "Tem Sup Class"),
            "14.3.1.1.5",
        )
    if shot.nbc:
        add("NBC environment", g.nbc, "18.4.2")
    # overwatch (7.4.2.4)
    if shot.firer_orders == "OW":
        add(
            f"overwatch, target {'MV' if target_mv else 'NM'}",
            chart.overwatch.mv if target_mv else chart.overwatch.nm,
            "7.4.2.4",
        )
    if not shot.advanced:
        return mods
    # grade (14.3.1.3)
    if shot.grade != "average":
        if shot.grade not in ("poor", "crack"):
            raise UmpireError(f"grade: {shot.grade!r} (allowed: poor, average, crack)")
        v = band_value(chart.grade.bands, getattr(chart.grade, shot.grade), shot.range)
        if v is not None and v.v:
            add(f"{shot.grade} firer", v, "14.3.1.3", f"range {shot.range}")
    # sights (14.3.2)
    sight = best_sight(shot, weapon, chart, estimated)
    if sight is not None:
        mods.append(sight)
    return mods


def _sights(shot: ApShot, weapon: Weapon, estimated: list[str]) -> None:
    """The card's sight letters decided a modifier: say so if they are estimated."""
    read_val(weapon.sights, f"{shot.firer.card} {weapon.name} sights ({weapon.sights.v})", estimated)


def best_sight(
    shot: ApShot, weapon: Weapon, chart: ApModifiers, estimated: list[str]
) -> Modifier | None:
    letters = weapon.sight_letters()
    fog = shot.conditions in ("night_fog", "fog", "blowing_snow")
    any_smoke = bool(shot.other_smoke_hexes or shot.brew_up_smoke_hexes or shot.discharger_smoke)
    usable = []
    for s in letters:
        if s not in chart.sights:
            continue
        if s == "L" and (fog or any_smoke):
            continue
        if s == "C" and shot.discharger_smoke:
            continue
        v = band_value(chart.sights[s].bands, chart.sights[s].values, shot.range)
        if v is not None:
            usable.append((v.v, s, v))
    if shot.sight is not None:
        want = shot.sight.upper()
        if want not in letters:
            raise UmpireError(
                f"sight: the {weapon.name} has no {want!r} sight (allowed: {', '.join(letters)})"
            )
        usable = [u for u in usable if u[1] == want]
        if not usable:
            return Modifier(name=f"sight {want} unusable here", value=0, rule="14.3.2")
    if not usable:
        return None
    value, letter, val = max(usable)
    if value == 0:
        return None
    _sights(shot, weapon, estimated)
    return Modifier(
        name=f"sight {letter}",
        value=read_val(val, f"sight {letter} ({val.v})", estimated),
        rule="14.3.2",
        detail=f"range {shot.range}",
    )
