"""Setting up a scheduled game: its scenario, built from the schedule and the forces as they are.

The game's scenario takes the table, the terrain and the game settings of the slot's scenario,
the two sides of the season, and for each player who takes part a formation of the units still
in service, laid out in the player's deployment box (rows across the box, in the order the force
lists them), carrying their hits and damage (the ``campaign:`` block of
:mod:`umpire.schema.campaign_mark`). ``umpire campaign next`` writes it as an ordinary game
file; ``umpire campaign print`` prints the same forces.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

from umpire.campaign.rulings import campaign_book
from umpire.campaign.season import DeploySpec, GameSpec, Season, read_season
from umpire.campaign.state import CampaignState, ForceRecord, UnitRecord
from umpire.campaign.state import initial_state as campaign_start
from umpire.errors import DataError, UmpireError, unknown
from umpire.registry import campaign_rules, initial_state, load_scenario, scenario_from_data
from umpire.schema.campaign_mark import CampaignMark, CarriedUnit
from umpire.schema.scenario import Scenario


def load_base(name: str, folder: Path, where: str) -> Scenario:
    """The scenario a game is played on: a file in the season's folder (:func:`season_scenario`),
    else a bundled one."""
    try:
        return load_scenario(season_scenario(name, folder))
    except UmpireError as exc:
        raise DataError(f"{where}: scenario: {exc}") from None


def season_scenario(name: str, folder: Path) -> Path:
    """The file a season's ``scenario:`` names: a path relative to the season's ``folder`` that
    stays inside it (``maps/north.yaml``; ``.yaml`` may be left out), else the bundled scenario
    of that name. A season never reads a file outside its folder, so a season mailed by someone
    else cannot make umpire read (and quote) another file on the machine.

    :raises UmpireError: for an absolute path, a path leaving the folder (``..``, a symbolic
        link), or a name that is neither a file there nor a bundled scenario.
    """
    from umpire.resources import bundled_scenarios

    given = Path(name)
    if given.is_absolute():
        raise UmpireError(f"{name!r}: a season names its scenario files relative to its own folder "
                          f"({folder}), not by an absolute path")
    root = os.path.realpath(folder)
    local = folder / given
    named = [local] if local.suffix in (".yaml", ".yml") else [local, local.with_name(local.name + ".yaml")]
    for candidate in named:
        real = os.path.realpath(candidate)
        if os.path.commonpath([real, root]) != root:
            raise UmpireError(f"{name!r}: leaves the season's folder ({folder}); a season's scenario files "
                              "are in its folder or below it")
        if candidate.is_file():
            return candidate
    known = bundled_scenarios()
    key = given.stem if given.suffix in (".yaml", ".yml") else name
    if key in known and len(given.parts) == 1:
        return known[key]
    raise UmpireError(f"{name!r}: no such file in the season's folder ({folder}) and no bundled scenario "
                      f"of that name (bundled: {', '.join(known)})")


def layout(deploy: DeploySpec, n: int) -> list[tuple[float, float]]:
    """``n`` points spread over the deployment box: rows across its width, evenly spaced.

    >>> layout(DeploySpec(box=(0, 0, 6, 2)), 3)
    [(1.0, 1.0), (3.0, 1.0), (5.0, 1.0)]
    """
    x0, y0, x1, y1 = deploy.box
    w, h = x1 - x0, y1 - y0
    if n <= 0:
        return []
    cols = max(1, min(n, round(math.sqrt(n * w / h)) or 1))
    rows = math.ceil(n / cols)
    out = []
    for i in range(n):
        r, c = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        out.append((round(x0 + (c + 0.5) * w / in_row, 3), round(y0 + (r + 0.5) * h / rows, 3)))
    return out


def _gap_ok(points: list[tuple[float, float]], gap: float) -> bool:
    return all(math.dist(a, b) >= gap for i, a in enumerate(points) for b in points[i + 1:])


def _unit_spec(u: UnitRecord, at: tuple[float, float], facing: float) -> dict[str, Any]:
    spec: dict[str, Any] = {"id": u.id, "name": u.name, "quality": u.quality, "at": list(at), "facing": facing}
    for key in ("kind", "type", "statline", "card"):
        if getattr(u, key):
            spec[key] = getattr(u, key)
    if u.base is not None:
        spec["base"] = list(u.base)
    return spec


def placed(units: list[UnitRecord], deploy: DeploySpec, hq: str | None) -> list[tuple[UnitRecord, tuple[float, float]]]:
    """Each unit with its point in the box: the points nearest the enemy (along the facing) go
    to the units in the order listed, the HQ takes the one farthest back."""
    heading = math.radians(deploy.facing)
    ahead = (math.sin(heading), math.cos(heading))
    points = sorted(layout(deploy, len(units)), key=lambda p: (-round(p[0] * ahead[0] + p[1] * ahead[1], 6), p))
    order = [u for u in units if u.id != hq] + [u for u in units if u.id == hq]
    return list(zip(order, points, strict=True))


def _formation(force: ForceRecord, units: list[UnitRecord], deploy: DeploySpec) -> dict[str, Any]:
    hq = force.hq if force.hq in {u.id for u in units} else None
    at = dict((u.id, p) for u, p in placed(units, deploy, hq))
    out: dict[str, Any] = {
        "id": force.id, "name": f"{force.name} ({force.player_name})", "level": force.level, "hq": hq,
        "units": [_unit_spec(u, at[u.id], deploy.facing) for u in units],
    }
    if force.doctrine:
        out["doctrine"] = force.doctrine
    return out


def game_scenario(
    season: Season, base: Scenario, state: CampaignState, game_id: str, *, seed: int, turn_limit: bool
) -> Scenario:
    """The scenario of game ``game_id`` with the forces as ``state`` has them (not validated
    against the ruleset yet: :func:`umpire.registry.initial_state` does that)."""
    _round, spec = season.game(game_id)
    sides = []
    carried: dict[str, CarriedUnit] = {}
    for s in state.sides:
        forms = []
        for pid in spec.deploy:
            force = state.forces[pid]
            if force.side != s.id:
                continue
            units = force.ready()
            forms.append(_formation(force, units, spec.deploy[pid]))
            for u in units:
                if u.hits or u.damage:
                    carried[u.id] = CarriedUnit(hits=u.hits, damage=list(u.damage))
        side: dict[str, Any] = {"id": s.id, "name": s.name, "color": s.color, "formations": forms}
        if s.hq_rating is not None:
            side["hq_rating"] = s.hq_rating
        base_side = next((b for b in base.sides if b.id == s.id), None)
        if base_side is not None:
            for key in ("c3", "icm"):  # the scenario's support, where its ruleset's sides have it
                if getattr(base_side, key, None) is not None:
                    side[key] = getattr(base_side, key)
        sides.append(side)
    data = base.model_dump(mode="json", exclude_none=True)
    data.update(
        name=f"{state.name}: {spec.name or spec.id}",
        description=(f"Round {_round}, game {spec.id}" + (f" on {spec.table}" if spec.table else "")
                     + f". {base.description}".rstrip(". ")),
        seed=seed, sides=sides,
    )
    rs = campaign_rules(state.ruleset)
    rs.campaign_scenario(data, spec.turns)
    mark = CampaignMark(id=state.id, name=state.name, game=spec.id, round=_round,
                        turns=spec.turns if turn_limit and rs.campaign_turn_limit else None, carried=carried)
    data["campaign"] = mark.model_dump(mode="json")
    return scenario_from_data(data, f"game {game_id} (built by the campaign)")


def check_game(season: Season, game: GameSpec, base: Scenario, where: str, *, whole: bool = True) -> None:
    """A scheduled game can be set up: the scenario's ruleset, deployment boxes on the table and
    wide enough, objectives that are terrain of the scenario, and (``whole``) the game at full
    strength passing every check a scenario gets.

    :raises DataError: naming the game and the field.
    """
    problems = []
    if base.ruleset != season.ruleset:
        problems.append(f"{where}: scenario {game.scenario!r} is an {base.ruleset} scenario "
                        f"(the season is {season.ruleset})")
    tw, td = base.table.width, base.table.depth
    gap = campaign_rules(season.ruleset).campaign_gap  # between stand centres
    for pid, d in game.deploy.items():
        x0, y0, x1, y1 = d.box
        if not (0 <= x0 and x1 <= tw and 0 <= y0 and y1 <= td):
            problems.append(f"{where}: deploy.{pid}.box: {list(d.box)} is off the table (x 0-{tw:g}, y 0-{td:g})")
        player = next((p for p in season.players if p.id == pid), None)
        if player is None:
            continue  # not a player of the season: the season's structure says so
        n = len(player.force.units)
        if not _gap_ok(layout(d, n), gap):
            problems.append(f"{where}: deploy.{pid}.box: {list(d.box)} is too small for {n} units "
                            f"({gap:g}\" between centres)")
    ids = {t.id for t in base.terrain}
    for i, o in enumerate(game.objectives):
        if o.terrain not in ids:
            problems.append(f"{where}: objectives[{i}].terrain: {unknown('terrain', o.terrain, ids)}")
    if problems:
        raise DataError("\n".join(problems))
    if not whole:
        return
    state = campaign_start(season, campaign_id="check")
    scenario = game_scenario(season, base, state, game.id, seed=1, turn_limit=True)
    initial_state(scenario, seed=1, where=where)


def game_seed(campaign_seed: int, game_id: str) -> int:
    """The seed of a scheduled game's dice: the campaign's seed keyed by the game (so setting
    a game up again gives the same dice)."""
    from umpire.campaign.dice import keyed_int

    return keyed_int(campaign_seed, f"game {game_id} seed", 1, 2**31 - 1)


def load_season(path: Path) -> tuple[Season, dict[str, object]]:
    """Read a season and check it against its ruleset: unit types, rulings, every game's setup.

    Returns the season and the scenarios of its games as stored data (``{game id: scenario
    JSON}``), so the campaign file holds everything it needs.

    :raises DataError: one line per problem, each naming the field and what is allowed.
    """
    path = Path(path)
    season = read_season(path)
    scenarios, problems = ruleset_problems(season, path.parent, str(path))
    if problems:
        raise DataError("\n".join(problems))
    return season, scenarios


def ruleset_problems(season: Season, folder: Path, where: str, *, sound: bool = True
                     ) -> tuple[dict[str, object], list[str]]:
    """What the season's ruleset says of it, all at once: its rulings, every unit's type, and
    every game (scenarios found relative to ``folder``); with the games' scenarios as stored data.
    A game is set up whole only when the season's structure is ``sound`` (ids once each, players
    and sides known) and its units are."""
    problems: list[str] = []
    book = campaign_book(season.ruleset)
    for name, choice in season.rulings.items():
        try:
            book.select({name: choice})
        except UmpireError as exc:
            problems.append(f"{where}: rulings.{name}: {exc}")
    units = _unit_problems(season, where)
    problems += units
    scenarios: dict[str, object] = {}
    for r, game in season.games():
        gwhere = f"{where}: rounds[{r - 1}] game {game.id!r}"
        try:
            base = load_base(game.scenario, folder, gwhere)
            scenarios[game.id] = base.model_dump(mode="json")
            check_game(season, game, base, gwhere, whole=sound and not units)  # units' problems once, not per game
        except UmpireError as exc:
            problems.append(str(exc))
    return scenarios, problems


def _unit_problems(season: Season, where: str) -> list[str]:
    """Every unit's type, stat line or card, as the ruleset has them."""
    rs = campaign_rules(season.ruleset)
    out = []
    for i, p in enumerate(season.players):
        for j, u in enumerate(p.force.units):
            field = f"{where}: players[{i}].force.units[{j}]"
            try:
                rs.check_force_unit(u.type, u.statline, u.card, u.name or u.id, field)
            except UmpireError as exc:
                msg = str(exc)
                out.append(msg if msg.startswith(field) else f"{field}: {msg}")
    return out
