"""Step commands of an Auftragstaktik turn, for the umpire who drives it by hand: ``umpire order``,
``umpire hq``, ``umpire fire``, ``umpire morale`` (``umpire move`` is the generic move, checked
against the orders while a turn runs). Each is one action in the game file: atomic, undoable."""

from __future__ import annotations

from typing import Any

import typer

from umpire.cli import params
from umpire.errors import UmpireError
from umpire.schema.numbers import parse_float, read_float


def _act(ctx: typer.Context, kind: str, payload: dict[str, Any], roll: list[int] | None) -> None:
    from umpire.cli.turn import tell

    settings = ctx.find_root().obj
    game = settings.open_game()
    if game.state.ruleset != "auftragstaktik":
        raise UmpireError(
            f"{kind.split('.')[-1]}: this step is an Auftragstaktik one (this game: {game.state.ruleset})"
        )
    tell(game, game.act(kind, payload, settings.dice_for(roll)))  # as phase next and the report word it


def _direction(text: str | None) -> Any:
    if text is None:
        return None
    try:
        if "," in text:
            x, y = text.split(",")
            return [parse_float(x), parse_float(y)]
        return parse_float(text) % 360
    except ValueError:
        raise UmpireError(f"--direction {text!r}: give a heading in degrees (270) or a point X,Y (40,22)") from None


ROLL = params.roll_option()


def order(
    ctx: typer.Context,
    unit: str = typer.Argument(..., help="The stand to give the order to."),
    code: str = typer.Argument(..., help="NO, DA, HA, TR or WD (or the full name)."),
    direction: str = typer.Option(None, "--direction", help="The arrow: a heading (270) or a point X,Y."),
    by: str = typer.Option("battalion", "--by", help="The HQ issuing it: battalion, brigade or division."),
    roll: list[int] = ROLL,
) -> None:
    """Auftragstaktik only: give one stand an order (its battalion's HQ roll is made if needed)."""
    _act(
        ctx,
        "auftragstaktik.order",
        {"unit": unit, "order": code, "direction": _direction(direction), "level": by},
        roll,
    )


def hq(
    ctx: typer.Context,
    battalion: str = typer.Argument(..., help="The battalion whose orders are to change."),
    level: str = typer.Option("battalion", "--level", help="The HQ rolling: battalion, brigade or division."),
    roll: list[int] = ROLL,
) -> None:
    """Auftragstaktik only: make a battalion's HQ roll for this turn (one per battalion, ORDERS)."""
    _act(ctx, "auftragstaktik.hq", {"battalion": battalion, "level": level}, roll)


def _point(text: str | None, option: str) -> list[float] | None:
    if text is None:
        return None
    parts = text.split(",")
    if len(parts) != 2:
        raise UmpireError(f"{option} {text!r}: give a point X,Y (40,22)")
    return [read_float(parts[0], f"{option} {text!r}: X"), read_float(parts[1], f"{option} {text!r}: Y")]


def fire(
    ctx: typer.Context,
    firer: str = typer.Argument(..., help="The firing stand (a battery for --indirect)."),
    target: str = typer.Argument(None, help="The enemy stand it fires at."),
    weapon: str = typer.Option(None, "--weapon", help="gun, missile, he, hw or sa (default: the rules' choice)."),
    indirect: bool = typer.Option(False, "--indirect", help="An indirect fire mission (template on TARGET or --at)."),
    at: str = typer.Option(None, "--at", help="Indirect: the template's centre X,Y."),
    also: str = typer.Option(None, "--also", help="Indirect, MRL: the second template's centre X,Y."),
    counter_battery: str = typer.Option(None, "--counter-battery", help="Counter-battery fire at this battery."),
    facing: float = typer.Option(
        0.0, "--facing", parser=params.number, help="Indirect: the template's facing in degrees."
    ),
    ordered_by: str = typer.Option("battalion", "--ordered-by", help="Indirect: battalion, brigade or division."),
    icm: bool = typer.Option(False, "--icm", help="Indirect: cluster munitions."),
    planned: bool = typer.Option(False, "--planned", help="Indirect: a point planned before the game."),
    roll: list[int] = ROLL,
) -> None:
    """Auftragstaktik only: one stand fires at a spotted enemy stand, or a battery fires indirect.

    Direct fire in a combat phase (range, aspect and line of sight measured); an indirect fire
    mission or counter-battery fire in the First Combat Phase."""
    if indirect or at is not None or counter_battery is not None:
        payload = {
            "battery": firer, "target": target, "at": _point(at, "--at"), "also": _point(also, "--also"),
            "counter_battery": counter_battery, "facing": facing, "ordered_by": ordered_by, "icm": icm,
            "planned": planned,
        }
        _act(ctx, "auftragstaktik.indirect", payload, roll)
        return
    if target is None:
        raise UmpireError("fire: give the TARGET (or --indirect with --at X,Y, or --counter-battery BATTERY)")
    _act(ctx, "auftragstaktik.fire", {"firer": firer, "target": target, "weapon": weapon}, roll)


def morale(
    ctx: typer.Context,
    battalion: str = typer.Argument(..., help="The battalion checking morale."),
    roll: list[int] = ROLL,
) -> None:
    """Auftragstaktik only: check one battalion's morale in the Morale Phase."""
    _act(ctx, "auftragstaktik.morale", {"battalion": battalion}, roll)


def register(app: typer.Typer) -> None:
    for fn in (order, hq, fire, morale):
        app.command(fn.__name__)(fn)
