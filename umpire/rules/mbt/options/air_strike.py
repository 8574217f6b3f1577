"""An aircraft's dropped load on its target (20.1.3.3): the quick answer's and the tracked Air
Phase's one resolution.

The load scatters the way the aircraft flies (20.1.3.3.1.2) by the area effect rules (17.1.2)
with its card's modifiers (speed/altitude, two crew, evasive, PGM) and the conditions' (20.1.2.1);
the hexes its pattern covers are then attacked unit by unit at its GP factor (17.1.3). Iron and
cluster bombs brew up a vehicle on an effective result (20.1.3.3.2-3); cluster bombs add +10.
Smoke and mine canisters place their markers instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.core.dice import Dice
from umpire.core.modifiers import Modifier
from umpire.core.resolution import Resolution
from umpire.errors import UmpireError
from umpire.rules.mbt.options import air, hexes
from umpire.rules.mbt.options import scatter as S
from umpire.rules.mbt.options.charts import chart
from umpire.rules.mbt.options.facts import ImpactFacts
from umpire.rules.mbt.options.impact import WORDS, AreaFire, Kill, Target, attack
from umpire.rules.mbt.provenance import Val

BREW_UP = ("iron", "cluster")


@dataclass(frozen=True)
class Sortie:
    """An aircraft's run at a target point: the aircraft (or a helicopter card firing a rocket as
    aircraft do, 20.2.3.3.1), its load, speed and altitude (20.1.2.4), the mapboard direction it
    flies in, evasive maneuvering (20.1.2.4.2), a PGM bomb (20.1.3.4.3), a night pod (20.1.2.1.2)
    and the range in hexes of a rocket (20.1.3.4.1) or a PGM (20.1.3.4.3)."""

    aircraft: str
    weapon: str
    speed: str
    altitude: str
    facing: int = 1
    evasive: bool = False
    pgm: bool = False
    night_pod: bool = False
    rng: int | None = None


def strike(sortie: Sortie, conditions: str, targets: list[Target], *, scale: float, dice: Dice,
           at: tuple[float, float] = (0.0, 0.0)) -> Resolution:
    """Drop the sortie's load on the target point ``at`` in ``conditions``, with ``targets``
    (their offsets from it) about it; a helicopter card as the aircraft fires a rocket as
    aircraft do (20.2.3.3.1: no aircraft condition, it flies in every light, 20.2.2)."""
    aircraft, weapon, speed, altitude = sortie.aircraft, sortie.weapon, sortie.speed, sortie.altitude
    facing, evasive, pgm, night_pod, rng = sortie.facing, sortie.evasive, sortie.pgm, sortie.night_pod, sortie.rng
    a = chart("air")
    craft = a.aircraft.get(aircraft)
    crew, cmods = _helicopter_crew(aircraft, weapon), list[Modifier]()
    if craft is None and crew is None:
        raise UmpireError(f"aircraft: {aircraft!r} (allowed: {', '.join(a.aircraft)}, or a helicopter card firing "
                          "a rocket, 20.2.3.3.1)")
    if craft is not None:
        if speed in craft.no_speed:
            raise UmpireError(f"speed: {aircraft} may not fly at {speed} speed (20.1.2.4.1)")
        code = air.condition(conditions, int(craft.condition_level.v), night_pod=night_pod)
        cmods, problems = air.condition_limits(code, altitude=altitude, point_effect=False, pgm=pgm)
        if problems:
            raise UmpireError(f"{aircraft} in {conditions}: {problems[0]}")
        crew = int(craft.crew.v)
    assert crew is not None
    if pgm and (why := air.pgm_problem(weapon, altitude, rng)):
        raise UmpireError(why)
    est: list[str] = []
    column = air.matrix(speed, altitude)
    mods = [S.modifier(conditions, 0, est),
            *air.drop_modifiers(weapon, column, crew=crew, evasive=evasive, pgm=pgm, estimated=est),
            *cmods]
    o = a.ordnance[weapon]
    if o.by_range is not None and rng is not None and not pgm:  # a rocket's scatter by range (20.1.3.4.1)
        bands = [str(b) for b in o.by_range["bands"]]
        band = next((i for i, b in enumerate(bands) if _in_band(rng, b)), None)
        if band is None:
            raise UmpireError(f"range: {rng} hexes is beyond a rocket's reach ({bands[-1]}; 20.1.3.4.1)")
        mods.append(Modifier(name=f"rocket at {rng} hexes", value=int(o.by_range["scatter_modifier"][band]),
                             rule="20.1.3.4.1"))
    landing, res = S.land(factor=int(o.scatter.v), mods=mods, dice=dice, estimated=est, facing=facing, why=weapon)
    covered = [(p + landing.impact[0], q + landing.impact[1]) for p, q in hexes.pattern(o.footprint, facing)]
    offset = hexes.offset(landing.impact, scale)
    res.procedure = "air_drop"
    res.outcome["impact_at"] = [round(at[0] + offset[0], 3), round(at[1] + offset[1], 3)]
    facts = ImpactFacts.of(res)
    facts.hexes_affected, facts.gp = [list(h) for h in covered], int(o.gp.v)
    facts.aircraft, facts.weapon = aircraft, weapon
    if o.footprint in ("smoke", "mines"):
        res.outcome["placed"] = "SM" if o.footprint == "smoke" else "FASCAM"
        return res
    plus = [Modifier(name=f"{weapon.replace('_', ' ')}", value=int(o.gp_modifier.v), rule="20.1.3.3.3")] \
        if o.gp_modifier is not None else []
    kills = Kill(Val[str](v="1-99", src="20.1.3.3.2"), "brewed_up") if o.footprint in BREW_UP else None

    def modifiers_for(t: Target) -> tuple[list[Modifier], str | None]:
        return list(plus), None

    area = AreaFire(int(o.gp.v), kills, covered, landing.impact, scale, modifiers_for)
    hit = [r for r in (attack(area, t, dice, est) for t in targets) if r is not None]
    res.outcome["attacked"] = [r["name"] for r in hit]
    res.outcome["results"] = {r["name"]: WORDS.get(r["result"], r["result"]) for r in hit}
    facts.targets = hit
    if hit:
        res.summary += "; " + "; ".join(f"{r['name']} {WORDS.get(r['result'], r['result'])}" for r in hit)
    return res


def _helicopter_crew(card: str, weapon: str) -> int | None:
    """A helicopter card's crew when it fires a rocket (20.2.3.3.1), else None."""
    from umpire.rules.mbt import cards, data

    try:
        c = cards.any_card(data.card_id(card))
    except UmpireError:
        return None
    if not isinstance(c, cards.HelicopterCard):
        return None
    if weapon != "rocket":
        raise UmpireError(f"weapon: {weapon!r}: a helicopter fires rockets here (allowed: rocket; 20.2.3.3.1)")
    return int(c.crew.v)


def rocket_reach() -> int:
    """The farthest a rocket is fired, in hexes: its last range band's end (20.1.3.4.1)."""
    o = chart("air").ordnance["rocket"]
    assert o.by_range is not None
    return int(str(o.by_range["bands"][-1]).partition("-")[2])


def _in_band(n: int, band: str) -> bool:
    lo, _, hi = band.partition("-")
    return int(lo) <= n <= int(hi or lo)


def check(sortie: Sortie, conditions: str, *, where: str = "air") -> None:
    """What a strike may not be (20.1.2.1, 20.1.2.4.1; a PGM's weapon and range, 20.1.3.4.3),
    checked when it is ordered."""
    aircraft, weapon, speed, altitude = sortie.aircraft, sortie.weapon, sortie.speed, sortie.altitude
    pgm, night_pod, rng = sortie.pgm, sortie.night_pod, sortie.rng
    a = chart("air")
    craft = a.aircraft.get(aircraft)
    if craft is None:
        raise UmpireError(f"{where}.aircraft: {aircraft!r} (allowed: {', '.join(a.aircraft)})")
    if weapon not in a.ordnance:
        raise UmpireError(f"{where}.weapon: {weapon!r} (allowed: {', '.join(a.ordnance)})")
    if speed in craft.no_speed:
        raise UmpireError(f"{where}.speed: {aircraft} may not fly at {speed} speed (20.1.2.4.1)")
    air.matrix(speed, altitude)
    if pgm and (why := air.pgm_problem(weapon, altitude, rng)):
        raise UmpireError(f"{where}.{why}")
    code = air.condition(conditions, int(craft.condition_level.v), night_pod=night_pod)
    _, problems = air.condition_limits(code, altitude=altitude, point_effect=False, pgm=pgm)
    if problems:
        raise UmpireError(f"{where}: {aircraft} in {conditions.replace('_', ' ')}: {problems[0]}")


def defense(aircraft: str) -> int:
    return int(chart("air").aircraft[aircraft].defense.v)


def estimated_defense(aircraft: str) -> list[str]:
    v = chart("air").aircraft[aircraft].defense
    return [f"{aircraft} defense value ({v.v})"] if v.estimated else []
