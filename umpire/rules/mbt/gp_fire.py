"""GP point effect fire (14.4) and its effects, suppression included (12.3).

The net modifier is added to the d100 roll; the GP COMBAT RESULTS TABLE cell (GP factor column,
GP defense row) gives N and S: up to N no effect, up to S suppressed, above S effective.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from umpire.core.dice import Dice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Resolution
from umpire.errors import UmpireError
from umpire.rules.mbt import data, orders
from umpire.rules.mbt.facts import ShotFacts
from umpire.rules.mbt.provenance import Val, parse_range


def _use(val: Val[Any], what: str, estimated: list[str]) -> Any:
    if val.estimated and what not in estimated:
        estimated.append(what)
    return val.v


def crt(gp: int, defense: int, estimated: list[str]) -> tuple[int, int]:
    """The (N, S) thresholds of the GP COMBAT RESULTS TABLE (14.4.4.1), clamped to its edges."""
    table = data.chart("gp").crt
    col = min(max(gp, table.gp_factors[0]), table.gp_factors[-1])
    row = min(max(defense, min(table.rows)), max(table.rows))
    cell = table.rows[row][table.gp_factors.index(col)]
    _use(cell, f"GP CRT GP {col} vs defense {row} ({cell.v})", estimated)
    return parse_range(cell.v)


def crt_result(modified: int, n: int, s: int) -> str:
    """``N`` (no effect), ``S`` (suppressed) or ``EF`` (effective).

    >>> crt_result(72, 68, 85), crt_result(68, 68, 85), crt_result(86, 68, 85)
    ('S', 'N', 'EF')
    """
    if modified <= n:
        return "N"
    return "S" if modified <= s else "EF"


@dataclass
class GpTarget:
    """A GP target: a vehicle (from its card) or a leg/towed unit with its GP defense."""

    kind: str = "vehicle"  # vehicle | squad | half_squad | team | towed | terrain (a block or wire marker)
    gp_defense: int | None = None
    open: bool = False
    orders: str = "F"
    in_woods: bool = False
    in_building: bool = False
    hull_down: bool = False
    block_or_wreck: bool = False
    pending_atgm: bool = False


@dataclass(frozen=True)
class GpRound:
    """The fire a GP result's effect depends on (14.4.4.2): small arms or not, the range in
    hexes, the ammunition's GP kill entry, canister, an overrun's fire (14.7.2.2.2)."""

    small_arms: bool = False
    rng: int = 1
    gp_kill: Any | None = None
    canister: bool = False
    overrun: bool = False


@dataclass(frozen=True)
class GpShot:
    """A GP shot's facts: the GP factor against the target's GP defense, the target, the
    modifiers that apply, and the round fired."""

    gp: int
    defense: int
    target: GpTarget
    mods: list[Modifier]
    fire: GpRound = GpRound()


def effect(result: str, target: GpTarget, target_defense: int, fire: GpRound = GpRound()) -> tuple[str, str]:
    """What a result does to the target (14.4.4.2), as a code and in words. The code is one of
    ``none``, ``temp_sup``, ``suppressed``, ``crew_loss``, ``knocked_out``, ``brewed_up``,
    ``half`` (a squad becomes a suppressed half squad), ``eliminated`` or, for a ``terrain``
    target (a block or wire marker, 14.4.3.3), ``destroyed``.

    >>> effect("EF", GpTarget(kind="vehicle"), 8, GpRound(small_arms=True, rng=3))[0]
    'none'
    """
    small_arms, rng, gp_kill, canister, overrun = fire.small_arms, fire.rng, fire.gp_kill, fire.canister, fire.overrun
    if target.kind == "terrain":
        if result == "EF":
            return "destroyed", ("destroyed: the marker is removed and every ground unit in its hex suppressed "
                                 "(14.4.3.3.3)")
        return "none", "no effect (14.4.4.2.2.3)" if result == "S" else "no effect (14.4.4.2.1)"
    if result == "N":
        if target.pending_atgm:
            return "temp_sup", "temporary suppression: its missile fire is modified (14.4.4.2.1, 12.3.5)"
        return "none", "no effect (14.4.4.2.1)"
    if target.kind == "vehicle":
        if not target.open and small_arms and rng > 2:
            rule = "14.4.4.2.2.1" if result == "S" else "14.4.4.2.3.1"
            return "none", f"no effect: small arms beyond 2 hexes against a buttoned vehicle ({rule})"
        if result == "S":
            return "suppressed", "suppressed (ON) (14.4.4.2.2)"
        if gp_kill is not None and not canister:
            lo, hi = parse_range(gp_kill.gp_defense.v)
            if lo <= target_defense <= hi:
                what = gp_kill.result.replace("_", " ")
                return str(gp_kill.result), f"{what} through explosive power, passengers too (14.4.4.2.3.3)"
        if target.open:
            return "crew_loss", "1 crew loss and suppressed (ON) (14.4.4.2.3.2)"
        return "suppressed", "suppressed (ON) (14.4.4.2.3.1)"
    if result == "S":
        return "suppressed", "suppressed (ON) (14.4.4.2.2.2)"
    if target.kind == "squad" and not overrun:
        return "half", "reduced to a half squad and suppressed (ON) (14.4.4.2.3.4)"
    return "eliminated", "eliminated, no wreck (14.4.4.2.3.4" + (", 14.7.2.2.2)" if overrun else ")")


def resolve(shot: GpShot, dice: Dice, estimated: list[str], *, procedure: str = "gp",
            facts: ShotFacts | None = None) -> Resolution:
    """Roll d100 + net modifier against the CRT cell and apply the result; ``facts``, the shot's
    own facts so far (its range), are given the CRT's."""
    gp, defense, mods = shot.gp, shot.defense, shot.mods
    n, s = crt(gp, defense, estimated)
    net = sum(m.value for m in mods)
    (roll,) = dice.roll(100, why=f"GP {gp} vs defense {defense}")
    modified = roll + net
    result = crt_result(modified, n, s)
    code, words = effect(result, shot.target, defense, shot.fire)
    names = {"N": "no effect", "S": "suppressed", "EF": "effective"}
    return Resolution(
        ruleset="mbt",
        procedure=procedure,
        outcome={"result": result, "effects": [words], "effect": code},
        summary=f"{names[result]}: {words}",
        modifiers=mods,
        modified_roll=modified,
        estimated=estimated,
        facts=_crt_facts(facts or ShotFacts(), gp, defense, net, n, s),
    )


def _crt_facts(facts: ShotFacts, gp: int, defense: int, net: int, n: int, s: int) -> ShotFacts:
    facts.gp_factor, facts.gp_defense, facts.net_modifier, facts.n, facts.s = gp, defense, net, n, s
    return facts


@dataclass(frozen=True)
class GpShooter:
    """What the firer brings to a GP shot's modifiers (14.4.2.1, 14.4.2.3, 14.4.2.4): its
    orders and grade, whether it is suppressed, its crew losses, whether it fires transported,
    the turns it has acquired the target, canister, the class of its temporary suppression (an
    ATGM firer's) and whether it fires exposed in an NBC environment."""

    orders: str
    grade: str = "average"
    suppressed: bool = False
    crew_losses: int = 0
    transported: bool = False
    acquisition_turns: int = 0
    canister: bool = False
    tem_sup_class: int | None = None
    nbc: bool = False


def modifiers(firer: GpShooter, target: GpTarget, rng: int, *, brew_up_smoke_hexes: int = 0, other_smoke_hexes: int = 0,
              estimated: list[str]) -> list[Modifier]:
    """GP POINT EFFECT MODIFIERS (14.4.2) that apply, cumulative."""
    chart = data.chart("gp")
    m = chart.modifiers
    out: list[Modifier] = []
    f = firer

    def add(name: str, val: Val[int], rule: str, times: int = 1, detail: str = "") -> None:
        out.append(
            Modifier(
                name=name,
                value=_use(val, f"GP modifier {name} ({val.v})", estimated) * times,
                rule=rule,
                detail=detail,
            )
        )

    if f.acquisition_turns:
        add("acquisition", m.acquisition_per_turn, "14.4.2.1.1", f.acquisition_turns)
    if f.crew_losses:
        add("firer crew losses", m.per_crew_loss, "14.4.2.1.2", f.crew_losses)
    if f.suppressed:
        add("firer suppressed", m.firer_suppressed, "14.4.2.1.3")
    if f.tem_sup_class is not None:
        add("firer temporarily suppressed", chart.tem_sup[f.tem_sup_class], "14.4.2.1.4")
    if f.transported:
        add("transported firer", m.transported_firer, "14.4.2.1.5")
    if brew_up_smoke_hexes:
        add("through brew-up smoke", m.through_brew_up_smoke, "14.4.2.1.6", brew_up_smoke_hexes)
    if other_smoke_hexes:
        add("through other smoke", m.through_other_smoke, "14.4.2.1.7", other_smoke_hexes)
    if f.nbc:
        add("NBC environment", m.nbc, "18.4.2")
    if orders.order_code(f.orders) == "OW":
        mv = orders.target_moving(target.orders)
        add(
            f"overwatch, target {'MV' if mv else 'NM'}",
            m.overwatch_mv if mv else m.overwatch_nm,
            "14.4.2.1.8",
        )
    _target_mods(target, f.canister, add)
    grade = f.grade
    if grade != "average":
        if grade not in ("poor", "crack"):
            raise UmpireError(f"grade: {grade!r} (allowed: poor, average, crack)")
        for band, val in zip(chart.grade.bands, getattr(chart.grade, grade), strict=True):
            lo, hi = parse_range(band)
            if lo <= rng <= hi and val.v:
                add(f"{grade} firer", val, "14.4.2.4", detail=f"range {rng}")
    return out


def _target_mods(target: GpTarget, canister: bool, add: Callable[..., None]) -> None:
    """The target's modifiers: a vehicle's place and movement (14.4.2.2), canister against it
    (14.4.2.3)."""
    m = data.chart("gp").modifiers
    if target.kind == "vehicle":
        if target.in_building:
            add("vehicle in building hex", m.vehicle_in_building, "14.4.2.2.1")
        if target.in_woods:
            add("vehicle in woods hex", m.vehicle_in_woods, "14.4.2.2.2")
        if target.hull_down:
            add("vehicle hull down", m.vehicle_hull_down, "14.4.2.2.3")
        if orders.target_moving(target.orders):
            add("vehicle moving", m.vehicle_moving, "14.4.2.2.4")
    if canister:
        if target.kind == "vehicle":
            add("canister vs vehicle", m.canister_vs_vehicle, "14.4.2.3")
        else:
            add("canister vs leg/towed", m.canister_vs_leg_towed, "14.4.2.3")


def building_target(heights: int, estimated: list[str]) -> Modifier:
    """Firing at a building hex itself (not at units in it): per height of its buildings
    (14.4.2.1.9).

    >>> building_target(2, []).value
    -20
    """
    val = data.chart("gp").modifiers.building_target_per_height
    return Modifier(name=f"building target, {heights} height(s)",
                    value=_use(val, f"GP modifier building target ({val.v})", estimated) * heights,
                    rule="14.4.2.1.9")
