"""Game commands: new, status, place, move, measure, log, replay, doctor (corrections: ``cli.corrections``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer
from rich.text import Text

from umpire.cli import params
from umpire.cli.context import Settings
from umpire.cli.file_checks import show_diagnosis, show_replay
from umpire.cli.output import console, print_json
from umpire.errors import DataError, UmpireError
from umpire.schema.numbers import read_float

if TYPE_CHECKING:
    from umpire.engine import Game


def _settings(ctx: typer.Context) -> Settings:
    return ctx.find_root().obj  # type: ignore[no-any-return]


def _open(ctx: typer.Context) -> Game:
    return _settings(ctx).open_game()


def new(
    ctx: typer.Context,
    scenario: str = typer.Argument(..., help="A scenario file ('-' reads standard input), or the name of a "
                                   "bundled one (umpire scenarios)."),
    seed: int = typer.Option(
        None, "--seed", parser=params.seed, metavar="SEED",
        help="Seed for the game's dice, 0 or more (default: the scenario's, else random).",
    ),
    replace: bool = typer.Option(False, "--replace", help="Overwrite an existing game file."),
) -> None:
    """Start a game from a scenario file, in the file given by --db (default umpire.db)."""
    from umpire.engine import Game
    from umpire.inputs import refusal
    from umpire.registry import load_scenario
    from umpire.resources import resolve_scenario

    path = resolve_scenario(scenario)
    try:
        sc = load_scenario(path)
        game = Game.create(_settings(ctx).db, sc, seed=seed, replace=replace, where=str(path))
    except DataError as exc:
        raise refusal(path, "scenario", exc) from None
    st = game.state
    console.print(Text.assemble(
        (st.name, "bold"), f" ({st.ruleset}): {len(st.units)} units, {len(st.terrain)} terrain "
        f"features, table {st.table.width:g}\" x {st.table.depth:g}\", seed {st.seed} -> {game.path}"
    ))


def status(
    ctx: typer.Context,
    side: str = typer.Option(None, "--side", help="What this side knows: its units, the enemy it has seen."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    terrain: bool = typer.Option(
        None, "--terrain/--no-terrain", help="List every terrain piece (default: when there are at most 40)."
    ),
) -> None:
    """Show the game: where the turn stands and every unit.

    With --side, what that side knows (from its briefing): its own units, the enemy units it
    has seen as it saw them, its losses and the victory points it can count; never the seed or
    the enemy's plans."""
    from umpire.reports.status import check_side, render_status, status_json

    game = _open(ctx)
    st = game.state
    if side is not None:
        from umpire.reports.side_status import render_side_status, side_status

        check_side(st, side)
        with game.file.read():
            view = side_status(game, side)
        if as_json:
            print_json(view.to_json())
        else:
            console.print(render_side_status(view))
    elif as_json:
        print_json(status_json(st))
    else:
        console.print(render_status(st, terrain=terrain))


def _parse_edges(text: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for part in text.split(","):
        name, sep, value = part.partition("=")
        name = name.strip().lower()
        if not sep or name not in ("top", "bottom", "left", "right"):
            raise UmpireError(f"--edges: {part!r} is not EDGE=INCHES (edges: top, bottom, left, right)")
        out[name] = read_float(value, f"--edges {name}", lo=0)
    return out


def place(
    ctx: typer.Context,
    unit: str = typer.Argument(..., help="Unit id."),
    x: float = typer.Argument(None, parser=params.number, metavar="X", help="Inches from the left edge."),
    y: float = typer.Argument(None, parser=params.number, metavar="Y", help="Inches from the near (umpire's) edge."),
    facing: str = typer.Option(None, "--facing", help="Degrees clockwise from the far edge (0 = far, 90 = right)."),
    edges: str = typer.Option(None, "--edges", help="Position from two edges, e.g. top=23,right=13 (MBT 23.3.2.3)."),
    at: str = typer.Option(
        None, "--at", metavar="SPOT",
        help="A spot in words: 'town-1' (its centre), 'town-1 +3,0' (3\" right of it), '3 east of town-1' "
             "(3\" beyond its edge), '1 behind wood-n from t80-1', 'behind t80-1'.",
    ),
    contact: str = typer.Option(
        None, "--contact", metavar="UNIT [SIDE]",
        help="In base contact with UNIT, facing it: on its SIDE (front, rear, left, right), else on the side "
             "facing where the placed stand is.",
    ),
) -> None:
    """Put a unit on the table (or pick it up and put it down elsewhere).

    By X Y, by two table edges, or by a spot said as at the table (--at, --contact): a spot is
    worked out against the table as it stands, as umpire measure measures, and refused if off
    the table or if the base would overlap another stand's."""
    from umpire.geometry.spot_words import parse_contact, parse_spot
    from umpire.schema.scenario import Edges

    ways = [name for name, v in (("X Y", x if x is not None else y), ("--edges", edges), ("--at", at),
                                 ("--contact", contact)) if v is not None]
    if len(ways) > 1:
        raise UmpireError(f"place: give one of X Y, --edges, --at or --contact, not {' and '.join(ways)}")
    game = _open(ctx)
    payload: dict[str, object] = {"unit": unit, "facing": _facing(facing)}
    if edges is not None:
        given = _parse_edges(edges)
        try:
            e = Edges(**given)
        except ValueError:
            raise UmpireError(
                f"--edges {edges!r}: give one of top/bottom and one of left/right, e.g. top=23,right=13"
            ) from None
        x, y = e.point(game.state.table)
    elif at is not None or contact is not None:
        spot = parse_spot(at) if at is not None else parse_contact(contact)
        if isinstance(spot.get("ref"), list) and len(spot) == 1:
            x, y = spot["ref"]  # a plain X,Y: placed as by numbers
        else:
            payload["spot"] = spot
    if "spot" not in payload:
        if x is None or y is None:
            raise UmpireError("place: give X Y (inches), --edges top=..,right=.., --at SPOT or --contact UNIT")
        payload.update(x=x, y=y)
    res = game.act("place", payload, _settings(ctx).dice_for(None))
    console.print(f"#{res.seq} {res.summary}")


def _facing(text: str | None) -> float | None:
    from umpire.turns.common import check_facing

    return None if text is None else check_facing(text)


def _point(text: str) -> tuple[float, float]:
    parts = text.split(",")
    if len(parts) != 2:
        raise UmpireError(f"--via {text!r}: give a point as X,Y in inches")
    return read_float(parts[0], f"--via {text!r}: X"), read_float(parts[1], f"--via {text!r}: Y")


def move(
    ctx: typer.Context,
    unit: str = typer.Argument(..., help="Unit id."),
    x: float = typer.Argument(..., parser=params.number, metavar="X", help="Destination, inches from the left edge."),
    y: float = typer.Argument(..., parser=params.number, metavar="Y", help="Destination, inches from the near edge."),
    via: list[str] = typer.Option(None, "--via", help="A waypoint X,Y on the way (repeat, in order)."),
    facing: str = typer.Option(None, "--facing", help="Facing in degrees at the end (default: the way it drove)."),
) -> None:
    """Move a unit along waypoints to a destination."""
    game = _open(ctx)
    path = [list(_point(v)) for v in (via or [])] + [[x, y]]
    res = game.act("move", {"unit": unit, "path": path, "facing": _facing(facing)}, _settings(ctx).dice_for(None))
    console.print(f"#{res.seq} {res.summary}")


def measure(
    ctx: typer.Context,
    a: str = typer.Argument(..., help="From: a unit, a terrain piece, a point X,Y or a spot ('town-1 +3,0')."),
    b: str = typer.Argument(..., help="To: the same kinds."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Distance (as the ruleset measures, edge to edge and centre to centre), line of sight and,
    between two units, aspect: from and to any unit, terrain piece or point.

    A terrain piece is measured to its nearest point; the answer is umpire calc measure's."""
    from umpire.geometry.game import measure_in_game
    from umpire.registry import measuring
    from umpire.reports.terminal import render_measure

    state = _open(ctx).state
    data = measure_in_game(state, a, b, measuring(state.ruleset))
    if as_json:
        print_json(data)
    else:
        console.print(render_measure(a, b, data))


def log(
    ctx: typer.Context,
    n: int = typer.Argument(None, metavar="[N]", help="Show action #N in full, every die with its key."),
    side: str = typer.Option(None, "--side", help="What this side saw happen, phase by phase (no action numbers)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    rolls: bool = typer.Option(True, "--rolls/--no-rolls", help="Show the dice of each action."),
    full: bool = typer.Option(False, "--full", help="Print every summary whole instead of its first clauses."),
) -> None:
    """List the actions of the game, with their dice, undone ones struck through.

    Long summaries are cut at a clause; umpire log N shows one action in full. With --side, the
    lines of that side's briefing by turn and phase, without the umpire's action numbers (their
    gaps would count what the side did not see)."""
    from umpire.reports.status import log_json, render_event, render_log

    game = _open(ctx)
    if side is not None:
        _side_log(game, side, n, as_json)
        return
    events = game.events()
    if n is not None:
        shown = render_event(events, n)
        if as_json:
            print_json(next(e for e in log_json(events) if e["seq"] == n))
        else:
            console.print(shown)
    elif as_json:
        print_json(log_json(events))
    else:
        console.print(render_log(events, rolls=rolls, full=full))


def _side_log(game: Game, side: str, n: int | None, as_json: bool) -> None:
    from umpire.reports.model import briefing, report_for_game
    from umpire.reports.status import check_side
    from umpire.reports.turn_text import render_events, side_log_json

    if n is not None:
        raise UmpireError(f"log {n} --side {side}: a side's log has no action numbers; give N or --side")
    check_side(game.state, side)
    with game.file.read():
        r = briefing(report_for_game(game), side)
    if as_json:
        print_json(side_log_json(r))
    else:
        from rich.console import Group

        console.print(Group(*render_events(r)))


def replay(
    ctx: typer.Context,
    check: bool = typer.Option(
        False, "--check", help="Compare the replay with the stored state; exit 1 if they differ."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Rebuild the state from the scenario and the log."""
    game = _open(ctx)
    diffs = game.check()
    n = game.checked
    show_replay(n, diffs, check=check, as_json=as_json, forged=game.forged)


def doctor(ctx: typer.Context) -> None:
    """List everything wrong with the game file (exit 0 if it is healthy, 2 if not); writes nothing."""
    from umpire.engine.doctor import diagnose

    path = _settings(ctx).db
    found = diagnose(path)
    show_diagnosis(path, found, "game")


def scenarios() -> None:
    """List the bundled example scenarios."""
    from umpire.resources import bundled_scenarios

    for name, path in bundled_scenarios().items():
        console.print(Text.assemble(f"{name}  ", (path.name, "dim")))


def register(app: typer.Typer) -> None:
    for fn in (new, status, place, move, measure, log, replay, doctor, scenarios):
        app.command(fn.__name__)(fn)
