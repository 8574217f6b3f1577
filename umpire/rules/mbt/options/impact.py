"""A fire mission as it impacts (19.3, 17.1.2-17.1.3): one function the quick answer and the
tracked Artillery Step both call.

In order: the plot's checks (19.2), the ARTILLERY DELAY (19.3), the scatter (17.1.2, the card's
scatter factor for the fire type, observed or not), the SHEAF's hexes around the impact hex
(19.2.3), then, for HE, ICM and ICMDP, GP fire at each unit in those hexes with its own roll
(17.1.3), at the battery's GP factor (half in a loose SHEAF) with the mission's modifiers
(19.2.4). Smoke, FASCAM and illumination place their markers instead. Dice, in order: delay,
scatter table, scatter diagram, then one GP roll per unit hit, in the order the units are given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from umpire.core.dice import Dice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Resolution
from umpire.errors import UmpireError
from umpire.rules.mbt.options import artillery as A
from umpire.rules.mbt.options import hexes
from umpire.rules.mbt.options import scatter as S
from umpire.rules.mbt.options.charts import chart, in_range
from umpire.rules.mbt.options.facts import ImpactFacts
from umpire.rules.mbt.provenance import band_of

CARDS = {"USA": "USA-2B", "FRG": "FRG-3B", "USSR": "USSR-12A"}
ATTACKS = ("HE", "ICM", "ICMDP")
WORDS = {"N": "no effect", "S": "suppressed", "EF": "effective"}


@dataclass
class Target:
    """A unit near the target point: ``at`` is its centre's offset in inches from that point."""

    name: str
    kind: str = "vehicle"
    card: str | None = None
    gp_defense: int | None = None
    at: tuple[float, float] = (0.0, 0.0)
    terrain: str = "clear"
    orders: str = "F"
    open: bool = False


@dataclass
class Kill:
    gp_defense: Any
    result: str = "knocked_out"


def battery_card(nation: str) -> Any:
    from umpire.rules.mbt.cards import any_card

    if nation not in CARDS:
        raise UmpireError(f"nation: {nation!r} (allowed: {', '.join(CARDS)})")
    return any_card(CARDS[nation])


@dataclass(frozen=True)
class Battery:
    """Who fires: a battery of ``nation`` (its ``size`` and ``attachment``, 19.1; whether the
    observer belongs to its organization, 19.3.1) or, with ``mortar`` (a mortar vehicle's card),
    that mortar at ``firing_range`` hexes (17.1.3; default: the sighting range)."""

    nation: str
    size: str
    attachment: str
    observer_in_organization: bool = False
    mortar: str | None = None
    firing_range: int | None = None


@dataclass(frozen=True)
class Watched:
    """How the fire is watched: whether the observer still sees the target hex (17.1.2.3.1.1),
    the sighting unit's range ``rng`` to the target point in hexes, the light, the observer's
    scatter modifiers (17.1.2.2.2) and a continuous fire's hexes from its last impact hex
    (``shift``, 19.2.1.4.2)."""

    observed: bool
    rng: int
    conditions: str
    observer: tuple[str, ...] = ()
    shift: int = 0


@dataclass(frozen=True)
class _Fire:
    """What a battery or mortar brings to the impact: its plot (an ICM mission of an ICMDP
    nation read as ICMDP), scatter factor, GP factor, kill numbers, pattern and illumination radius."""

    plot: A.Plot
    factor: int
    gp: int
    kills: Any
    pattern: str
    radius: int


def impact(battery: Battery, plot: A.Plot, watched: Watched, targets: list[Target], *, scale: float, dice: Dice,
           at: tuple[float, float] = (0.0, 0.0)) -> Resolution:
    """Resolve ``battery``'s fire on ``plot`` (19.2.5) as ``watched``, at the target point ``at``
    (inches on the table; ``targets`` are the units about it, their offsets from it)."""
    est: list[str] = []
    notes: list[str] = []
    fire = _fire(battery, plot, watched, dice, est, notes)
    if isinstance(fire, Resolution):
        return fire
    plot = fire.plot
    mods = ([S.modifier(watched.conditions, watched.rng, est)] if watched.observed else []) + A.observer_modifiers(
        battery.nation, list(watched.observer), est)
    landing, sres = S.land(factor=fire.factor, mods=mods, dice=dice, estimated=est, why="artillery")
    notes += sres.notes
    covered = [(a + landing.impact[0], b + landing.impact[1]) for a, b in hexes.pattern(fire.pattern,
                                                                                          plot.direction or 1)]
    offset = hexes.offset(landing.impact, scale)
    outcome: dict[str, Any] = {"delayed": False, "on_target": not landing.hexes, "hexes": landing.hexes,
                               "direction": landing.direction, "impact_hex": list(landing.impact),
                               "impact_at": [round(at[0] + offset[0], 3), round(at[1] + offset[1], 3)]}
    facts = ImpactFacts(scatter_factor=fire.factor, hexes_affected=[list(h) for h in covered],
                        impact_offset=[round(v, 3) for v in offset])
    keep = {"modifiers": sres.modifiers, "cell": sres.cell, "modified_roll": sres.modified_roll, "notes": notes,
            "estimated": est}
    if plot.mission not in ATTACKS:
        radius = fire.radius
        placed = {
            "SM": "smoke (ON) in every hex it covers (19.2.4.4)",
            "FASCAM": "a FASCAM minefield in every SHEAF hex, known to both sides (19.2.4.5)",
            "IL": f"Day sighting within {radius} hex{'es' if radius != 1 else ''} of the impact hex this "
            "Turn (19.2.4.6)",
        }[plot.mission]
        outcome["placed"] = plot.mission
        if plot.mission == "IL":
            facts.hexes_affected = [
                [a + landing.impact[0], b + landing.impact[1]] for a, b in hexes.pattern("within", radius=radius)
            ]
        return Resolution(ruleset="mbt", procedure="artillery", outcome=outcome, summary=f"{sres.summary}: {placed}",
                          facts=facts, **keep)
    mission = plot.mission

    def modifiers_for(x: Target) -> tuple[list[Modifier], str | None]:
        return A.mission_modifiers(mission, "vehicle" if x.kind == "vehicle" else "leg", x.terrain)

    gp = fire.gp
    area = AreaFire(gp, fire.kills, covered, landing.impact, scale, modifiers_for)
    results = [attack(area, t, dice, est) for t in targets]
    hit = [r for r in results if r is not None]
    outcome["attacked"] = [r["name"] for r in hit]
    outcome["results"] = {r["name"]: WORDS.get(r["result"], r["result"]) for r in hit}
    facts.gp, facts.targets = gp, hit
    summary = f"{sres.summary}; GP {gp} at {len(hit)} unit{'s' if len(hit) != 1 else ''}" + (
        ": " + "; ".join(f"{r['name']} {WORDS.get(r['result'], r['result'])}" for r in hit) if hit else ""
    )
    return Resolution(ruleset="mbt", procedure="artillery", outcome=outcome, summary=summary, facts=facts, **keep)


def _fire(battery: Battery, plot: A.Plot, watched: Watched, dice: Dice, est: list[str], notes: list[str]
          ) -> _Fire | Resolution:
    """The mortar's fire (17.1.3), or the battery's after its plot's checks (19.2) and the
    ARTILLERY DELAY (19.3): a delayed fire is its Resolution."""
    rng = watched.rng
    if battery.mortar is not None:
        mortar = battery.mortar
        factor, gp, kills, pat = _mortar(mortar, plot, rng, battery.firing_range if battery.firing_range is not None
                                         else rng, est)
        notes.append(f"{mortar} mortar: no SHEAF, its impact hex only (17.1.3, 19.2.4.4)")
        return _Fire(plot, factor, gp, kills, pat, int(chart("artillery").illumination_radius["mortar"].v))
    nation, size = battery.nation, battery.size
    card = battery_card(nation)
    if plot.mission == "ICM" and "ICMDP" in card.missions and "ICM" not in card.missions:
        plot = A.Plot(plot.fire_type, plot.sheaf, "ICMDP", plot.direction, plot.target, plot.observer)
    A.check_plot(plot, nation_missions=list(card.missions))
    if plot.mission == "CLGP":
        raise UmpireError("mission: a CLGP mission homes on one vehicle: ask calc clgp (19.2.4.7)")
    if size not in card.batteries:
        raise UmpireError(f"size: {size!r} (allowed: {', '.join(card.batteries)})")
    line = card.batteries[size]
    late, droll, why = A.delayed(
        nation, battery.attachment, observer_in_organization=battery.observer_in_organization, dice=dice,
        estimated=est
    )
    notes.append(why)
    if late:
        return Resolution(
            ruleset="mbt",
            procedure="artillery",
            outcome={"delayed": True, "on_target": None},
            summary="delayed: the fire does not arrive this Artillery Step (19.3.2)",
            notes=notes,
            estimated=est,
            modified_roll=droll,
        )
    factor = A.scatter_factor(nation, plot.fire_type, observed=watched.observed, shift=watched.shift, estimated=est)
    pat = "tight" if plot.mission == "IL" else plot.sheaf or "tight"
    if line.gp.estimated:
        est.append(f"{card.card} {size} battery GP ({line.gp.v})")
    return _Fire(plot, factor, A.sheaf_gp(int(line.gp.v), pat), Kill(line.kills), pat,
                 int(chart("artillery").illumination_radius["artillery"].v))


def _mortar(card_id: str, plot: A.Plot, rng: int, firing_range: int, est: list[str]) -> tuple[int, int, Any, str]:
    """A mortar's scatter factor (its SCATR line by the sighting range), GP factor at the firing
    range and pattern (17.1.2.3.1.1, 17.1.3)."""
    from umpire.rules.mbt import data

    if plot.mission not in ("HE", "SM", "IL"):
        raise UmpireError(f"mission: a mortar fires HE, SM or IL, not {plot.mission} (19.2.4.4, 19.2.4.6)")
    card = data.card(card_id)
    w = next((w for w in card.weapons if w.kind == "mortar"), None)
    lines = chart("artillery").mortars
    if w is None or card.card not in lines:
        raise UmpireError(f"mortar: {card_id!r} carries no mortar with a SCATR line (known: {', '.join(lines)})")
    line = lines[card.card]
    i = next((k for k, b in enumerate(line.bands) if in_range(rng, b)), None)
    if i is None:
        raise UmpireError(f"range: {rng} hexes is beyond the {card.name} {w.name}'s SCATR line")
    factor = int(line.scatter[i].v)
    if line.scatter[i].estimated:
        est.append(f"{card.card} {w.name} SCATR {line.bands[i].v} ({factor})")
    he = w.ammo[0]
    b = band_of(card.range_bands, firing_range)
    val = he.gp_nm[b] if he.gp_nm is not None and b >= 0 else None
    if val is None or val.v is None:
        raise UmpireError(f"firing_range: {firing_range} hexes is outside the {card.name} {w.name}'s ranges")
    if val.estimated:
        est.append(f"{card.card} {w.name} GP at {firing_range} ({val.v})")
    return factor, int(val.v), he.gp_kill, "impact"


@dataclass(frozen=True)
class AreaFire:
    """Area effect fire as it lands (17.1.3): its GP factor and kill numbers, the hexes it
    ``covered`` about the ``impact_hex`` (hexes of ``scale`` inches), and the modifiers
    ``modifiers_for`` gives each unit there (or why it does nothing to it)."""

    gp: int
    kills: Any
    covered: list[hexes.Hex]
    impact_hex: hexes.Hex
    scale: float
    modifiers_for: Callable[[Target], tuple[list[Modifier], str | None]]


def attack(fire: AreaFire, t: Target, dice: Dice, est: list[str]) -> dict[str, Any] | None:
    """The area ``fire``'s GP fire at ``t`` if it is in one of the hexes it covered (17.1.3):
    its own roll, the modifiers the fire gives it (or why it does nothing to it)."""
    from umpire.rules.mbt import gp_fire

    gp, kills, covered, impact_hex, scale = fire.gp, fire.kills, fire.covered, fire.impact_hex, fire.scale
    h = hexes.hex_of(t.at[0], t.at[1], scale)
    if h not in covered:
        return None
    defense = t.gp_defense
    if defense is None:
        if t.card is None:
            raise UmpireError(f"targets: {t.name}: give its card or gp_defense")
        from umpire.rules.mbt import data

        val = data.card(t.card).target.gp_defense
        defense = int(val.v)
        if val.estimated:
            est.append(f"{t.card} GP defense ({val.v})")
    kind = "vehicle" if t.kind == "vehicle" else "leg/towed"
    mods, none = fire.modifiers_for(t)
    if none:
        return {"name": t.name, "hex": list(h), "result": "no effect", "effects": [none], "effect": "none"}
    target = gp_fire.GpTarget(kind=t.kind, gp_defense=defense, open=t.open, orders=t.orders)
    rnd = gp_fire.GpRound(gp_kill=kills if kind == "vehicle" else None)
    res = gp_fire.resolve(gp_fire.GpShot(gp, defense, target, mods, rnd), dice, est, procedure="artillery")
    return {
        "name": t.name,
        "hex": list(h),
        "result": res.outcome["result"],
        "effects": res.outcome["effects"],
        "effect": res.outcome["effect"],  # the code the tracked game applies (14.4.4.2)
        "modified_roll": res.modified_roll,
        "modifiers": [[m.name, m.value, m.rule] for m in mods],
        "impact_distance": hexes.distance((h[0] - impact_hex[0], h[1] - impact_hex[1])),
    }
