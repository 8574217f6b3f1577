"""The scenario checks of the MBT options: the switches, the batteries, the minefields (17-22)."""

from __future__ import annotations

from typing import Any

from umpire.core.state import UnitState
from umpire.errors import UmpireError
from umpire.rules.mbt import options
from umpire.rules.mbt.state import MbtUnit


def check(spec: Any, units: dict[str, UnitState], sides: list[str], table: tuple[float, float],
          problems: list[str], where: str) -> None:
    """Append one line per problem of ``spec`` (the scenario's ``mbt:`` block)."""
    from umpire.rules.mbt.options.impact import battery_card
    from umpire.rules.mbt.options.mines import TYPES

    opts = list(spec.options)
    if opts and spec.game != "advanced":
        problems.append(f"{where}: mbt.options: the options (17-22) are played with the Advanced Game (give game: "
                        "advanced)")
    problems += [f"{where}: {p}" for p in options.check(opts)]
    from umpire.rules.mbt.options.players import check_scenario

    check_scenario(spec, units, sides, problems, where)  # players and jamming points (21.2, 21.3)
    if "leg_variations" in opts:
        _special_forces(units, problems, where)
    if spec.conditions in ("fog", "blowing_snow") and "night" not in opts:
        problems.append(f"{where}: mbt.conditions: {spec.conditions} is a nighttime condition of option 18.1 "
                        "(add night to mbt.options)")
    if (spec.ground != "normal" or spec.streams != "fordable") and "ground_weather" not in opts:
        field = "ground" if spec.ground != "normal" else "streams"
        problems.append(f"{where}: mbt.{field}: {getattr(spec, field)} is ground weather, option 18.2 (add "
                        "ground_weather to mbt.options)")
    elif (spec.streams, spec.ground) in (("frozen", "normal"), ("frozen", "mud"), ("unfordable", "normal"),
                                         ("unfordable", "snow")):
        need = "snow" if spec.streams == "frozen" else "mud"
        problems.append(f"{where}: mbt.streams: {spec.streams} streams are a {need} ground weather's (18.2.1, "
                        f"18.2.2; the ground is {spec.ground}; allowed: fordable)")
    for field, asked in (("ammunition", spec.ammunition == "variable"), ("fuel", spec.fuel)):
        if asked and "weapon_limits" not in opts:
            problems.append(f"{where}: mbt.{field}: {'variable ammunition' if field == 'ammunition' else 'fuel'} is "
                            "part of option 17.3 (add weapon_limits to mbt.options)")
    if (spec.weight_limits or spec.ice_tons is not None) and "weight_limits" not in opts:
        field = "weight_limits" if spec.weight_limits else "ice_tons"
        problems.append(f"{where}: mbt.{field}: weight limits are option 17.8 (add weight_limits to mbt.options)")
    elif spec.ice_tons is not None and spec.streams != "frozen":
        problems.append(f"{where}: mbt.ice_tons: {spec.ice_tons}: ice holds weight only on frozen streams (17.8.2; "
                        f"streams are {spec.streams}; allowed: streams: frozen)")
    if spec.fires and "building_fires" not in opts:
        problems.append(f"{where}: mbt.fires: burning markers are option 18.3 (add building_fires to mbt.options)")
    seen: set[str] = set()
    for i, b in enumerate(spec.batteries):
        at = f"{where}: mbt.batteries[{i}]"
        if "artillery" not in opts:
            problems.append(f"{at}: batteries need the artillery option (19)")
            break
        if b.id in seen:
            problems.append(f"{at}.id: {b.id!r} is given twice (one marker letter a battery, 19.1.4)")
        seen.add(b.id)
        if b.side not in sides:
            problems.append(f"{at}.side: {b.side!r} (allowed: {', '.join(sides)})")
        card = battery_card(b.nation)
        for m in b.missions:
            if m not in card.missions:
                problems.append(f"{at}.missions: {m!r} is not on the {b.nation} artillery card (it has "
                                f"{', '.join(card.missions)}; 19.2.4)")
        for uid in b.organization:
            if uid not in units or units[uid].side != b.side:
                problems.append(f"{at}.organization: {uid!r} is not a unit of side {b.side}")
        _planned(b, list(card.missions), spec.turns, table, problems, at)
    if "soviet_artillery_doctrine" in opts:
        _soviet_doctrine(spec.batteries, problems, where)
    for i, c in enumerate(spec.counter_battery):
        at = f"{where}: mbt.counter_battery[{i}]"
        if "artillery" not in opts:
            problems.append(f"{at}: counter battery needs the artillery option (19.4)")
            break
        if c.side not in sides:
            problems.append(f"{at}.side: {c.side!r} (allowed: {', '.join(sides)})")
    for i, a in enumerate(spec.aircraft):
        at = f"{where}: mbt.aircraft[{i}]"
        if "aircraft" not in opts:
            problems.append(f"{at}: aircraft need the aircraft option (20.1)")
            break
        from umpire.rules.mbt.options.charts import chart

        air = chart("air")
        if a.type not in air.aircraft:
            problems.append(f"{at}.type: {a.type!r} (allowed: {', '.join(air.aircraft)})")
        if a.side not in sides:
            problems.append(f"{at}.side: {a.side!r} (allowed: {', '.join(sides)})")
        for load in a.loads:
            if load not in air.ordnance:
                problems.append(f"{at}.loads: {load!r} (allowed: {', '.join(air.ordnance)})")
    _camouflaged(opts, units, problems, where)
    for i, f in enumerate(spec.minefields):
        at = f"{where}: mbt.minefields[{i}]"
        if "mines" not in opts:
            problems.append(f"{at}: minefields need the mines option (17.5)")
            break
        if f.side not in sides:
            problems.append(f"{at}.side: {f.side!r} (allowed: {', '.join(sides)})")
        if f.kind == "fascam":
            problems.append(f"{at}.kind: FASCAM minefields are laid in play by artillery (19.2.4.5), not before it")
        elif f.type not in TYPES:
            problems.append(f"{at}.type: a {f.kind} minefield is {' or '.join(TYPES)} (17.5)")
        if not (0 <= f.at[0] <= table[0] and 0 <= f.at[1] <= table[1]):
            problems.append(f"{at}.at: ({f.at[0]:g}, {f.at[1]:g}) is off the table")
    _helicopters(spec, units, sides, table, problems, where)


def _helicopters(spec: Any, units: dict[str, UnitState], sides: list[str], table: tuple[float, float],
                 problems: list[str], where: str) -> None:
    """The helicopter units on the table (20.2): card, side, place, altitude as the light allows."""
    from umpire.rules.mbt.cards import any_card

    seen: set[str] = set()
    for i, h in enumerate(spec.helicopters):
        at = f"{where}: mbt.helicopters[{i}]"
        if "helicopters" not in spec.options:
            problems.append(f"{at}: helicopters need the helicopters option (20.2)")
            break
        if h.id in units or h.id in seen:
            problems.append(f"{at}.id: {h.id!r} is given twice (a unit or helicopter has it)")
        seen.add(h.id)
        if h.side not in sides:
            problems.append(f"{at}.side: {h.side!r} (allowed: {', '.join(sides)})")
        try:
            kind = any_card(h.card).kind
        except UmpireError as exc:
            problems.append(f"{at}.card: {exc}")
            continue
        if kind != "helicopter":
            problems.append(f"{at}.card: {h.card!r} is a {kind} card, not a helicopter's (20.2)")
        elif h.armament is not None:
            try:
                any_card(h.card).carried(h.armament)  # type: ignore[union-attr]
            except UmpireError as exc:
                problems.append(f"{at}.armament: {exc} (20.2.1)")
        if not (0 <= h.at[0] <= table[0] and 0 <= h.at[1] <= table[1]):
            problems.append(f"{at}.at: ({h.at[0]:g}, {h.at[1]:g}) is off the table")
        if spec.conditions in ("fog", "blowing_snow") and h.altitude != "low":
            problems.append(f"{at}.altitude: {h.altitude}: helicopters are limited to low altitude in "
                            f"{spec.conditions.replace('_', ' ')} (allowed: low; 20.2.2)")


def _camouflaged(opts: list[str], units: dict[str, UnitState], problems: list[str], where: str) -> None:
    """17.6.1: camouflage is the option's, for units that start on the mapboard."""
    for u in units.values():
        if not MbtUnit.of(u).camouflaged:
            continue
        at = f"{where}: unit {u.id!r}: camouflaged: true"
        if "camouflage" not in opts:
            problems.append(f"{at} needs the camouflage option (17.6; add it to mbt.options)")
        elif not u.placed or u.carried_by:
            problems.append(f"{at}: only units that start on the mapboard may be camouflaged (17.6.1; give it at:, "
                            "not carried, or false)")


def _planned(b: Any, missions: list[str], turns: int, table: tuple[float, float], problems: list[str],
             at: str) -> None:
    """A battery's planned fire (19.2.1.1): missions its card has, SHEAFs they use, points on the
    table, Turns of the game with one skipped between its plots (19.2.1.1.3), no more of a
    mission than it has."""
    from umpire.rules.mbt.options import artillery as A

    last = None
    for k, p in sorted(enumerate(b.planned), key=lambda x: x[1].turn):
        where = f"{at}.planned[{k}]"
        try:
            A.check_plot(A.Plot("planned", p.sheaf, p.mission, p.direction), nation_missions=missions, where=where)
        except UmpireError as exc:
            problems.append(str(exc))
        if not (0 <= p.target[0] <= table[0] and 0 <= p.target[1] <= table[1]):
            problems.append(f"{where}.target: ({p.target[0]:g}, {p.target[1]:g}) is off the table")
        if p.turn > turns:
            problems.append(f"{where}.turn: {p.turn} is after the game's last Turn ({turns})")
        if last is not None and p.turn - last < 2:
            problems.append(f"{where}.turn: {p.turn}: a battery's planned plots skip at least one Turn between them "
                            f"(its last is on Turn {last}; 19.2.1.1.3)")
        last = p.turn
    for mission in {p.mission for p in b.planned}:
        n = sum(1 for p in b.planned if p.mission == mission)
        if b.missions and b.missions.get(mission, 0) < n:
            have = b.missions.get(mission, 0)
            problems.append(f"{at}.planned: {n} planned {mission} plots, and the battery has {have} {mission} fire "
                            "missions (19.1.4)")


def _soviet_doctrine(batteries: list[Any], problems: list[str], where: str) -> None:
    """19.5: two thirds (fractions up) of all Soviet fire missions are planned before the game."""
    from umpire.rules.mbt.options.artillery import soviet_planned_needed

    soviet = [(i, b) for i, b in enumerate(batteries) if b.nation == "USSR"]
    for i, b in soviet:
        if not b.missions:
            problems.append(f"{where}: mbt.batteries[{i}].missions: under Soviet artillery doctrine a Soviet battery "
                            "lists its fire missions, two thirds of which are planned (19.5)")
            return
    total = sum(n for _, b in soviet for n in b.missions.values())
    planned = sum(len(b.planned) for _, b in soviet)
    need = soviet_planned_needed(total)
    if planned < need:
        problems.append(f"{where}: mbt.batteries: Soviet artillery doctrine plans two thirds of the Soviet fire "
                        f"missions before the game (19.5): {need} of {total} (fractions up), and {planned} "
                        f"{'is' if planned == 1 else 'are'} planned (give them in the batteries' planned: lists)")


def _special_forces(units: dict[str, UnitState], problems: list[str], where: str) -> None:
    """Under option 17.4 a special forces unit (17.4.1.3) is a squad, or the half squad it became,
    of crack grade (17.4.1, 17.4.1.3.1-2)."""
    from umpire.rules.mbt.cards import LegCard, any_card
    from umpire.rules.mbt.forces import equipment_items
    from umpire.rules.mbt.options.limits import special_forces

    for u in units.values():
        if "Special Forces" not in equipment_items(MbtUnit.of(u).equipment):
            continue
        card = any_card(u.card or "")
        kind = card.type(u.type or card.types[0].name).leg if isinstance(card, LegCard) else card.kind
        grade = u.quality if u.quality in ("crack", "poor") else "average"
        try:
            special_forces("equipment: Special Forces", kind, grade)
        except UmpireError as exc:
            problems.append(f"{where}: unit {u.id!r}: {exc}")
