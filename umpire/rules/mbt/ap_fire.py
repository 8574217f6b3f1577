"""AP point effect fire (7.4, 14.3): AP factor, modifiers, hit number, number of hits, hit
location, penetration and damage.

:func:`resolve` takes an :class:`ApShot` of plain values and a ``Dice`` and returns a
``Resolution``. Dice, in order: the to-hit d100, then for each hit its location d100 and (if it
penetrates) its damage d100, exactly as the rulebook rolls them (7.4.4-7.4.7).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from umpire.core.dice import Dice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Resolution
from umpire.core.rulings import Rulings
from umpire.errors import UmpireError
from umpire.rules.mbt import data, orders
from umpire.rules.mbt.fire_charts import ApModifiers
from umpire.rules.mbt.provenance import DAMAGE, Val, parse_range
from umpire.rules.mbt.vehicle_card import Ammo, Card, Weapon

TURRET = ("TF", "TS", "TR", "TT")
HULL = ("HF", "HS", "HR", "HD")


@dataclass
class ApShot:
    """Everything AP fire needs, as plain values. Ranges are in hexes."""

    firer: Card
    weapon: str
    ammo: str
    target: Card
    range: int
    firer_orders: str = "F"
    target_orders: str = "F"
    terrain: list[str] = field(default_factory=lambda: ["clear"])
    elevation: str = "level"  # level | rising | falling
    angle: str = "front"  # front | front_side | rear_side | rear
    shots: int | None = None  # default: the weapon's MAX ROF (always so in the Basic Game)
    grade: str = "average"
    sight: str | None = None  # None: the best sight the weapon has
    conditions: str = "day"
    firer_suppressed: bool = False
    firer_tem_sup: bool = False
    firer_transported: bool = False
    firer_crew_losses: int = 0
    acquisition_turns: int = 0
    brew_up_smoke_hexes: int = 0
    other_smoke_hexes: int = 0
    discharger_smoke: bool = False  # firer or target covered by its own DS smoke
    hull_down: bool = False
    inside_building: bool = False
    crowded: bool = False  # more than 10 stacking points: treat as clear (12.2.2)
    reactive_armor: str = "none"  # none | light | heavy
    target_open: bool = False
    target_compartment_hit: bool = False  # already has a compartment hit (7.4.7.2)
    target_gun_hit: bool = False
    nbc: bool = False
    advanced: bool = True  # False: Basic Game, no sight or grade modifiers


def basic_game_checks(shot: ApShot, weapon: Weapon) -> None:
    """What the Basic Game does not allow (7.1: main guns and ATGMs only; 6.2.4: "In the Basic
    Game, only main guns can be fired with this order" (OW); hull down is 13.2, Advanced).

    :raises UmpireError: naming the field and the rule.
    """
    if weapon.kind == "mg":
        raise UmpireError(
            f"weapon: the {weapon.name}: only main guns and ATGMs are used in the Basic Game (7.1)"
        )
    if orders.order_code(shot.firer_orders) == "OW" and not weapon.main:
        raise UmpireError(
            f"firer.orders: OW: in the Basic Game, only main guns can be fired with this order "
            f"(6.2.4), not the {weapon.name}"
        )
    if shot.hull_down:
        raise UmpireError(
            "target.hull_down: hull down is an Advanced Game rule (13.2 replaces 6.1.4 of the "
            "Basic Game)"
        )


def _use(val: Val[Any], what: str, estimated: list[str]) -> Any:
    if val.estimated and what not in estimated:
        estimated.append(what)
    return val.v


def _rating(val: Val[int] | None, what: str, estimated: list[str]) -> int:
    """A weapon rating the card must give for this shot (Stab. for guns, Class for ATGMs),
    named among the estimates when the card's value is one."""
    if val is None:
        raise UmpireError(f"{what}: the data card gives no value (needed for this shot)")
    return int(_use(val, f"{what} ({val.v})", estimated))


def _line(lines: dict[int, Any], key: int, what: str) -> Any:
    """A chart line by its rating; a chart without it is refused, not a crash."""
    if key not in lines:
        raise UmpireError(
            f"AP POINT EFFECT MODIFIERS: no {what} {key} line (the chart has {', '.join(map(str, sorted(lines)))})"
        )
    return lines[key]


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


def modifiers(shot: ApShot, weapon: Weapon, ammo: Ammo, estimated: list[str]) -> list[Modifier]:
    """Every AP POINT EFFECT MODIFIER that applies (7.4.2, 14.3.1, 14.3.2), cumulative."""
    chart = data.chart("ap_modifiers")
    mods: list[Modifier] = []

    def add(name: str, val: Val[int], rule: str, detail: str = "", times: int = 1) -> None:
        value = _use(val, f"AP modifier {name} ({val.v})", estimated) * times
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
        from umpire.rules.mbt.sighting import terrain_column

        col = terrain_column(shot.terrain, data.chart("sighting"), estimated)
        if col not in chart.terrain:
            raise UmpireError(
                f"terrain: no AP modifier for {col!r} (allowed: {', '.join(chart.terrain)})"
            )
        add(f"terrain: {col.replace('_', ' ')}", chart.terrain[col], "7.4.2.1")
    # movement (7.4.2.2)
    firer_mv = orders.firer_moving(shot.firer_orders)
    target_mv = orders.target_moving(shot.target_orders)
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
            value=_use(size, f"{shot.target.card} size ({size.v})", estimated),
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
    _use(weapon.sights, f"{shot.firer.card} {weapon.name} sights ({weapon.sights.v})", estimated)


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
        value=_use(val, f"sight {letter} ({val.v})", estimated),
        rule="14.3.2",
        detail=f"range {shot.range}",
    )


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
    return int(_use(cell, f"AP hit chart AP {col} net {row:+d} ({cell.v})", estimated))


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
            _use(cell, f"number of hits H {h} ROF {rof} ({cell.v})", estimated)
            return rof - k
    return 1


def locate(card: Card, angle: str, roll: int, falling: bool, estimated: list[str]) -> str:
    """HIT LOCATION CHARTS (7.4.5.2): the location code, with TTG/HDG superseding on a falling
    shot (7.4.5.2.3). The asterisk (miss if hull down) is kept."""
    line = card.hit_location[angle]
    if falling:
        for code in ("TTG", "HDG"):
            if code in line:
                lo, hi = parse_range(line[code].v)
                if lo <= roll <= hi:
                    _use(
                        line[code],
                        f"{card.card} hit location {angle} {code} {line[code].v}",
                        estimated,
                    )
                    return code
    for code, rng in line.items():
        if code in ("TTG", "HDG"):
            continue
        lo, hi = parse_range(rng.v)
        if lo <= roll <= hi:
            _use(rng, f"{card.card} hit location {angle} {code} {rng.v}", estimated)
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
            _use(val, f"{where} damage {key} {val.v}", estimated)
            return key
    raise AssertionError("damage line does not cover the roll")


def resolve(shot: ApShot, dice: Dice, rulings: Rulings) -> Resolution:
    """Resolve one AP point effect shot (or ROF shots) at one target.

    :raises UmpireError: for an ammunition the weapon does not fire, a range out of reach, an
        order that cannot fire this weapon, a sight the weapon lacks.
    """
    estimated: list[str] = []
    notes: list[str] = []
    firer, target = shot.firer, shot.target
    weapon = firer.weapon(shot.weapon)
    ammo = weapon.find_ammo(shot.ammo)
    if ammo.type == "GP":
        raise UmpireError(
            f"ammo: {ammo.name} is GP ammunition; AP fire uses "
            f"{', '.join(a.name for a in weapon.ammo if a.type != 'GP')}"
            " (GP fire is the gp procedure)"
        )
    orders.check_can_fire(shot.firer_orders, weapon.kind)
    if not shot.advanced:
        basic_game_checks(shot, weapon)
    if shot.elevation not in ("level", "rising", "falling"):
        raise UmpireError(f"elevation: {shot.elevation!r} (allowed: level, rising, falling)")
    _, ap_val, band = factor_at(firer, weapon, ammo, "ap", shot.range)
    ap = _use(
        ap_val, f"{firer.card} {weapon.name} {ammo.name} AP at {band} ({ap_val.v})", estimated
    )
    mods = modifiers(shot, weapon, ammo, estimated)
    net = sum(m.value for m in mods)
    h = hit_number(ap, net, rulings, estimated)
    max_rof = _use(
        weapon.max_rof, f"{firer.card} {weapon.name} MAX ROF ({weapon.max_rof.v})", estimated
    )
    rof = max_rof if shot.shots is None else shot.shots
    if not shot.advanced and rof != max_rof:
        raise UmpireError(
            f"shots: {rof}: in the Basic Game, the maximum rate-of-fire number is always used "
            f"(7.4.4; the {weapon.name}'s MAX ROF is {max_rof})"
        )
    if not 1 <= rof <= max_rof:
        raise UmpireError(f"shots: {rof} (allowed: 1-{max_rof}, the {weapon.name}'s MAX ROF)")
    (roll,) = dice.roll(100, why=f"to hit (hit number {h})")
    hits = number_of_hits(h, rof, roll, estimated)
    falling = shot.elevation == "falling"
    results = []
    _, pv_val, _ = factor_at(firer, weapon, ammo, "pv", shot.range)
    compartment_hit = shot.target_compartment_hit
    gun_hit = shot.target_gun_hit
    for n in range(hits):
        (loc_roll,) = dice.roll(100, why=f"hit location {n + 1} ({shot.angle.replace('_', '-')})")
        code = locate(target, shot.angle, loc_roll, falling, estimated)
        hit: dict[str, Any] = {"roll": loc_roll, "location": code}
        starred = code.endswith("*")
        base = code.rstrip("*a") if code not in ("TTG", "HDG") else code
        if starred and shot.hull_down:
            hit.update(location=code, damage="miss", note="hull down: treated as a miss (13.2.2.3)")
            results.append(hit)
            continue
        if base == "miss":
            hit.update(damage="miss")
            results.append(hit)
            continue
        if base in ("TK", "GN"):
            if base == "GN" and (gun_hit or target.gun() is None):
                hit.update(location="GN", damage="miss", note="gun already hit: a miss (7.4.5.3.2)")
            else:
                hit.update(
                    location=base,
                    damage="track" if base == "TK" else "gun",
                    note="automatic damage (7.4.5.3)",
                )
                gun_hit = gun_hit or base == "GN"
            results.append(hit)
            continue
        if base in ("TTG", "HDG"):
            loc, group = ("TT" if base == "TTG" else "HD"), "above"
        else:
            loc, group = base, armor_group(shot.angle)
        armor_val = target.armor_value(ammo.type, shot.elevation, group, loc)
        armor = _use(
            armor_val,
            f"{target.card} armour {ammo.type} {shot.elevation} {group} {loc} ({armor_val.v})",
            estimated,
        )
        pen = _use(
            pv_val, f"{firer.card} {weapon.name} {ammo.name} PV at {band} ({pv_val.v})", estimated
        )
        hit.update(location=loc, armor=armor, penetration=pen)
        if ammo.type == "CE" and loc in ("TF", "TS", "HS") and shot.reactive_armor != "none":
            if shot.reactive_armor == "heavy":
                hit.update(
                    penetrated=False,
                    damage="no_damage",
                    note="heavy reactive armour: a CE hit here never penetrates (14.3.4.1)",
                )
                results.append(hit)
                continue
            armor += 80
            hit.update(armor=armor, note="light reactive armour: armour basis +80 (14.3.4.2)")
        penetrated = pen >= armor
        hit["penetrated"] = penetrated
        if not penetrated:
            hit["damage"] = "no_damage"
            effects = []
            if loc in ("TT", "HD") and shot.target_open:
                effects.append("1 crew loss: TT/HD hit on an open vehicle (14.3.3.4.1)")
            if loc in ("TT", "HF", "HR"):
                effects.append(f"machineguns mounted at {loc} destroyed (14.3.3.4.2)")
            if effects:
                hit["effects"] = effects
            results.append(hit)
            continue
        (dmg_roll,) = dice.roll(100, why=f"damage {n + 1} ({ammo.name})")
        result = damage_result(ammo, dmg_roll, f"{firer.card} {weapon.name} {ammo.name}", estimated)
        hit["damage_roll"] = dmg_roll
        if result == "compartment" and (compartment_hit or target.notes.ko_by_one_compartment_hit):
            result = "knocked_out"
            hit["note"] = "second compartment hit: knocked out (7.4.7.2)"
        hit["damage"] = result
        hit["effects"] = damage_effects(result, loc)
        compartment_hit = compartment_hit or result == "compartment"
        results.append(hit)
        if result in ("knocked_out", "brewed_up"):
            if n + 1 < hits:
                notes.append(f"the remaining {hits - n - 1} hit(s) strike a wreck")
            break
    notes.insert(
        0,
        f"AP factor {ap} ({weapon.name} {ammo.name} at range {shot.range}, band {band}); "
        f"net modifier {net:+d}; hit number {h}; {rof} shot(s)",
    )
    for i, r in enumerate(results, 1):
        line = f"hit {i}: roll {r['roll']} -> {r['location']}"
        if "armor" in r:
            line += f", armour {r['armor']} vs penetration {r['penetration']}: " + (
                "penetrates" if r.get("penetrated") else "no penetration"
            )
        line += f"; {r['damage'].replace('_', ' ')}"
        if r.get("note"):
            line += f" ({r['note']})"
        notes.insert(i, line)
    worst = _worst([r.get("damage", "") for r in results])
    summary = (
        f"{hits} hit{'s' if hits != 1 else ''}"
        + (f": {worst.replace('_', ' ')}" if hits else "")
        + f" (needed {h} or less, rolled {roll})"
    )
    return Resolution(
        ruleset="mbt",
        procedure="fire",
        outcome={"hits": hits, "shots": rof, "hit": hits > 0, "results": results, "worst": worst},
        summary=summary,
        modifiers=mods,
        modified_roll=None,
        notes=notes,
        estimated=estimated,
        extra={
            "ap_factor": ap,
            "net_modifier": net,
            "hit_number": h,
            "range": shot.range,
            "range_band": band,
            "max_range": ammo.max_range.v,
            "to_hit_roll": roll,
        },
    )


ORDER = ["", "miss", "no_damage", "gun", "track", "compartment", "knocked_out", "brewed_up"]


def _worst(results: list[str]) -> str:
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
