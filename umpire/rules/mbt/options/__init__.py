"""The MBT options (sections 17-22): the pure rules, one idea a module, and their data.

Every option is a scenario switch (``mbt: {options: [artillery, night, ...]}``), off by default
as the rulebook says; ``rulesets/mbt/options/options.yaml`` lists them with their sections.
The numbers live in ``rulesets/mbt/options/*.yaml`` with their provenance
(:mod:`.charts`); each resolution is also an ``umpire calc`` procedure (:mod:`.calc`).

- :mod:`.hexes` mapboard directions and hex patterns on the ungridded table (1.1, 19.2.3, 20.1.3.3)
- :mod:`.scatter` area effect scatter (17.1.2)
- :mod:`.artillery` plots, delay, scatter factors, missions (19.2-19.3, 19.5)
- :mod:`.counter_battery` counter battery (19.4)
- :mod:`.mines` minefield attacks and mine plows (17.5)
- :mod:`.air` aircraft conditions, acquisition, air sighting, drops (20.1)
- :mod:`.helicopters` altitude states and a helicopter's move (20.2)
- :mod:`.anti_aircraft` AA fire, crashes, special combats (20.3, 20.4)
- :mod:`.command` command points, jamming, messages (21); :mod:`.players` who commands what (21.3)
- :mod:`.hits` hit variations (17.2); :mod:`.limits` weapon limits and leg variations (17.3, 17.4)
- :mod:`.terrain` night, weather, fires, NBC, camouflage, panic moves, bridges (17.6-17.9, 18, 22)
"""

from __future__ import annotations

from umpire.errors import UmpireError, closest


def names() -> list[str]:
    """Every option switch, in the rulebook's order."""
    from umpire.rules.mbt.options.charts import chart

    return list(chart("options").options)


def check(options: list[str], where: str = "mbt.options") -> list[str]:
    """Problems with a scenario's option list: unknown names, an option the tracked game does not play
    (refused, never played without it), an option without one it needs."""
    from umpire.rules.mbt.options.charts import chart

    known = chart("options").options
    problems = []
    for i, o in enumerate(options):
        if o not in known:

            near = closest(o, list(known))
            hint = f"did you mean {near[0]!r}? " if near else ""
            problems.append(f"{where}[{i}]: {o!r} is not an MBT option ({hint}allowed: {', '.join(known)})")
            continue
        if not known[o].tracked:
            played = ", ".join(n for n, info in known.items() if info.tracked)
            problems.append(f"{where}[{i}]: {o} ({known[o].section}) is not played by the tracked game yet; "
                            "umpire calc answers its resolutions (umpire procedures --ruleset mbt) "
                            f"(tracked: {played})")
            continue
        for need in known[o].needs:
            if need not in options:
                problems.append(f"{where}[{i}]: {o} needs {need} too ({known[o].section})")
    return problems


def require(options: list[str], name: str, what: str) -> None:
    """Refuse ``what`` unless the scenario switched option ``name`` on.

    :raises UmpireError: naming the option and how to switch it on.
    """
    if name not in options:
        raise UmpireError(f"{what} needs the {name} option (add it to the scenario's mbt.options)")
