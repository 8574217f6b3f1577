"""Paper output: the map (SVG or PDF), turn reports and briefings, rosters and orders sheets.

Every file is written whole or not at all (see :mod:`umpire.reports.files`). Heavy modules
(reportlab, the report model's renderers) are imported inside the commands.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from umpire.cli import params
from umpire.cli.output import console, err
from umpire.errors import UmpireError, unknown
from umpire.text import json_text

if TYPE_CHECKING:
    from collections.abc import Iterator

    from umpire.engine import Game
    from umpire.reports.model import TurnReport

FORMATS = ("text", "md", "json", "pdf")
EXTENSIONS = {".txt": "text", ".md": "md", ".json": "json", ".pdf": "pdf"}
PAPERS = ("a4", "letter")
MANY_UNITS = 100  # a document about more units than this shows a progress bar

_paper_opt = typer.Option("a4", "--paper", help="Paper size: a4 or letter.")
_side_opt = typer.Option(None, "--side", help="Only what this side knows (its briefing, its units).")
_player_opt = typer.Option(None, "--player", help="Only what this player of a side knows (several players a side): "
                           "what his own units saw and the messages that reached him.")


def _game(ctx: typer.Context) -> Game:
    from umpire.engine import Game

    return Game.open(ctx.find_root().obj.db)


def check_paper(name: str) -> str:
    if name.lower() not in PAPERS:
        raise unknown("paper size", name, PAPERS)
    return name.lower()


def _check_side(report: TurnReport, side: str | None) -> None:
    if side is not None and side not in {s.id for s in report.sides}:
        raise unknown("side", side, [s.id for s in report.sides])


def _player(report: TurnReport, side: str | None, player: str | None) -> str | None:
    """The side of ``player`` (``side`` if no player is named), checked against the game's players."""
    from umpire.reports.player_view import players

    if player is None:
        return side
    every = players(report.source.state) if report.source is not None else {}
    sides = {p: s for s, ps in every.items() for p in ps}
    if not sides:
        raise UmpireError(f"--player {player}: this game has one player a side (allowed: --side SIDE)")
    if player not in sides:
        raise unknown("player", player, sorted(sides))
    if side is not None and sides[player] != side:
        raise UmpireError(f"--player {player}: a player of side {sides[player]}, not {side} (allowed: --side "
                          f"{sides[player]}, or no --side)")
    return sides[player]


def _report(ctx: typer.Context, turn: int | None = None) -> TurnReport:
    return _stamped(ctx, turn)[0]


def _stamped(ctx: typer.Context, turn: int | None = None) -> tuple[TurnReport, Callable[[TurnReport], TurnReport]]:
    """The umpire's report, and what stamps it or any briefing composed from it (as of which
    action, its version, the corrections it includes: :mod:`umpire.reports.editions`)."""
    from umpire.reports.editions import stamp
    from umpire.reports.model import report_for_game

    game = _game(ctx)
    with game.file.read():  # one consistent view of the state and the log
        if turn is not None and not 1 <= turn <= game.state.turn:
            raise UmpireError(f"--turn {turn}: the game has turns 1 to {game.state.turn}")
        report, events = report_for_game(game, turn=turn), game.events()
    return report, lambda r: stamp(game, events, r)


@contextmanager
def progress_bar(label: str, total: int | None, show: bool) -> Iterator[Callable[..., None]]:
    """A rich progress bar on stderr; yields ``advance(n=1)``."""
    if not show:
        yield lambda *_a: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err, transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda *_a: bar.advance(task)


def _write_pdf(path: Path, build: Callable[..., None], label: str, many: bool) -> Path:
    from umpire.reports.files import write_atomic

    with progress_bar(f"{label}: pages", None, many) as advance:
        return write_atomic(path, lambda fh: build(fh, progress=advance))


def _check_all(paths: list[Path | None]) -> None:
    """Every file a command will write is checked before the first is written."""
    from umpire.reports.files import check_out

    for p in paths:
        if p is not None:
            check_out(p)


def _emit(path: Path | None, text: str, written: list[Path]) -> None:
    """Write ``text`` to ``path`` (whole or not at all), or to the terminal."""
    from umpire.reports.files import write_text_atomic

    if path is None:
        console.out(text, end="", highlight=False)
    else:
        written.append(write_text_atomic(path, text))


def _done(paths: list[Path]) -> None:
    for p in paths:
        console.print(f"wrote {p}")


def map_cmd(
    ctx: typer.Context,
    out: Path = typer.Option(..., "--out", help="FILE.svg, FILE.pdf or FILE.png."),
    side: str = _side_opt,
    player: str = _player_opt,
    paper_size: str = _paper_opt,
    dpi: int = typer.Option(150, "--dpi", min=36, max=600, help="A PNG's resolution (dots per inch)."),
    scenario: str = typer.Option(
        None, "--scenario", metavar="FILE",
        help="The table of a scenario (a file or a bundled name) before any game: terrain, set-up zones, units.",
    ),
) -> None:
    """Draw the map of the table to scale (with --side, only what that side knows).

    Terrain, stands (destroyed ones crossed out), the last turn's moves as trails, its fire and
    indirect-fire templates; in a side's map, enemy stands where it last saw them. With
    --scenario, the scenario's table as a game would start on it, checked as umpire new checks
    it, and nothing written but the map. The format follows the --out extension: SVG, PDF (a
    landscape page) or PNG (for a club chat or a web page)."""
    import dataclasses

    from umpire.reports.files import check_out, write_text_atomic

    check_out(out, (".svg", ".pdf", ".png"))
    paper_name = check_paper(paper_size)
    from umpire.reports.model import briefing

    if scenario is not None:
        from umpire.reports.scenario_map import scenario_report
        from umpire.resources import resolve_scenario

        report = scenario_report(resolve_scenario(scenario))
    else:
        report = _report(ctx)
    _check_side(report, side)
    viewer = _player(report, side, player)
    if viewer is not None:
        report = dataclasses.replace(briefing(report, viewer, player), zones=report.zones)
    if out.suffix.lower() == ".svg":
        from umpire.reports.tablemap import build_map, to_svg

        _done([write_text_atomic(out, to_svg(build_map(report, width=900)))])
        return
    if out.suffix.lower() == ".png":
        from umpire.reports.files import write_atomic
        from umpire.reports.tablemap import build_map
        from umpire.reports.tablemap_png import to_png

        png = to_png(build_map(report, width=900), dpi=dpi)
        _done([write_atomic(out, lambda fh: fh.write(png))])
        return
    from umpire.reports.pdf import map_pdf

    _done([_write_pdf(out, lambda fh, progress: map_pdf(report, fh, paper_name=paper_name, progress=progress),
                      "map", False)])


def _format(fmt: str | None, out: Path | None) -> str:
    """The format asked for, or the one the --out file's extension names; a mismatch is an error."""
    if fmt is not None and fmt not in FORMATS:
        raise unknown("format", fmt, FORMATS)
    by_ext = EXTENSIONS.get(out.suffix.lower()) if out is not None else None
    if out is not None and fmt is None:
        if by_ext is None:
            raise UmpireError(
                f"--out {out.name}: cannot tell the format from {out.suffix or 'a name without an extension'} "
                f"(allowed: {', '.join(EXTENSIONS)}; or give --format {'|'.join(FORMATS)})"
            )
        return by_ext
    if fmt is not None and out is not None and by_ext is not None and by_ext != fmt:
        ext = next(k for k, v in EXTENSIONS.items() if v == fmt)
        raise UmpireError(
            f"--format {fmt} does not match --out {out.name} (a {out.suffix} file is {by_ext}; "
            f"give --out with the {ext} extension, or leave out --format)"
        )
    return fmt or "text"


def report(
    ctx: typer.Context,
    side: str = _side_opt,
    turn: int = typer.Option(
        None, "--turn", parser=params.turn, metavar="N", help="Only the events of this turn (default: the whole game)."
    ),
    fmt: str = typer.Option(None, "--format", help="text, md, json or pdf (default: from the --out extension, "
                            "else text in the terminal)."),
    out: Path = typer.Option(None, "--out", help="Write to this file: .txt, .md, .json or .pdf."),
    player: str = _player_opt,
    paper_size: str = _paper_opt,
    all_sides: bool = typer.Option(False, "--all-sides", help="One briefing per side: FILE-SIDE.EXT for each."),
) -> None:
    """The umpire's report, or a side's briefing (--side) or one player's (--player), of the whole game or one turn.

    Orders as entered, what each unit did and saw (with the modifiers, dice and table cells of
    the reader's own actions), the losses, the units now, and in a PDF the map."""
    from umpire.reports.files import check_not_protected, check_out, per_side

    if out is not None:
        check_not_protected(out)  # before anything else: never a word about writing the game
    fmt = _format(fmt, out)
    paper_name = check_paper(paper_size)
    if fmt == "pdf" and out is None:
        raise UmpireError("--format pdf: give the file to write with --out FILE.pdf")
    if all_sides and (out is None or side is not None):
        raise UmpireError("--all-sides: give --out FILE (one file per side is written) and no --side")
    if out is not None:
        check_out(out)
    from umpire.reports.model import briefing

    full, stamped = _stamped(ctx, turn)
    _check_side(full, side)
    if all_sides and player is not None:
        raise UmpireError("--all-sides: give no --player (one briefing per side is written)")
    viewer = _player(full, side, player)
    jobs = [(per_side(out, s.id), stamped(briefing(full, s.id))) for s in full.sides] if all_sides else [
        (out, stamped(briefing(full, viewer, player) if viewer else full))]
    _check_all([p for p, _ in jobs])
    written: list[Path] = []
    with progress_bar("briefings", len(jobs), all_sides) as advance:
        for path, rep in jobs:
            _write_report(rep, path, fmt, paper_name, written)
            advance()
    _done(written)


def _write_report(rep: TurnReport, path: Path | None, fmt: str, paper_name: str, written: list[Path]) -> None:
    """Write one report in ``fmt`` at ``path`` (added to ``written``); text with no path goes to
    the terminal."""
    if fmt == "pdf":
        from umpire.reports.pdf import turn_report_pdf

        assert path is not None  # --format pdf is refused without --out
        written.append(_write_pdf(path, lambda fh, progress, r=rep: turn_report_pdf(
            r, fh, paper_name=paper_name, progress=progress), "report", len(rep.units) > MANY_UNITS))
    elif fmt == "json":

        _emit(path, json_text(rep.to_json()) + "\n", written)
    elif fmt == "md":
        from umpire.reports.turn_text import to_markdown

        _emit(path, to_markdown(rep), written)
    else:
        from umpire.reports.turn_text import render_report

        if path is None:
            console.print(render_report(rep))
        else:
            from umpire.reports.turn_text import plain_text

            _emit(path, plain_text(rep), written)


def roster(
    ctx: typer.Context,
    out: Path = typer.Option(..., "--out", help="FILE.pdf."),
    side: str = typer.Option(None, "--side", help="Only this side's units (default: every side)."),
    paper_size: str = _paper_opt,
    all_sides: bool = typer.Option(False, "--all-sides", help="One roster per side: FILE-SIDE.pdf for each."),
) -> None:
    """Print the roster: organisation, every unit's ratings or card, quality, status, hit boxes."""
    from umpire.reports.files import check_out, per_side
    from umpire.reports.model import briefing
    from umpire.reports.pdf import roster_pdf

    check_out(out, (".pdf",))
    paper_name = check_paper(paper_size)
    if all_sides and side is not None:
        raise UmpireError("--all-sides: give no --side (every side gets its own file)")
    rep = _report(ctx)
    _check_side(rep, side)
    jobs = [(per_side(out, s.id), [s.id]) for s in rep.sides] if all_sides else [(out, [side] if side else None)]
    _check_all([p for p, _ in jobs])
    written = []
    with progress_bar("rosters", len(jobs), all_sides) as advance:
        for path, sides in jobs:
            many = sum(1 for u in rep.units if sides is None or u.side in sides) > MANY_UNITS
            view = briefing(rep, sides[0]) if sides else rep  # a side's roster from what it knows
            written.append(_write_pdf(path, lambda fh, progress, s=sides, v=view: roster_pdf(
                v, fh, paper_name=paper_name, sides=s, progress=progress), "roster", many))
            advance()
    _done(written)


def orders_sheet(
    ctx: typer.Context,
    out: Path = typer.Option(..., "--out", help="FILE.pdf (the sheet to print) or FILE.yaml (the orders file "
                             "pre-filled, for umpire turn orders)."),
    side: str | None = typer.Option(None, "--side", help="This side's commands (default: every side)."),
    formation: str = typer.Option(None, "--formation", help="One sheet for this formation only."),
    turn: int = typer.Option(
        None, "--turn", parser=params.turn, metavar="N", help="The turn the orders are for (default: the current turn)."
    ),
    paper_size: str = _paper_opt,
    all_sides: bool = typer.Option(False, "--all-sides", help="One file per side: FILE-SIDE.pdf for each."),
    link: str = typer.Option(None, "--link", metavar="URL", help="The side's page: printed as a QR code."),
    player: str = typer.Option(None, "--player", help="One player's sheets (several players a side, MBT 21.3): "
                               "his units, his map and what his own units have seen."),
) -> None:
    """Print orders sheets: per side its map and what it has seen, then one sheet per command
    with every unit's position, order and allowance, boxes for the orders, the order codes and a
    signature line. With --out FILE.yaml, the side's orders file pre-filled instead: every unit
    with its fields commented, read back by umpire turn orders (left as it is, it changes nothing)."""
    from umpire.reports.files import check_out, per_side
    from umpire.reports.model import briefing
    from umpire.reports.pdf_orders import orders_sheet_pdf

    check_out(out, (".pdf", ".yaml", ".yml"))
    paper_name = check_paper(paper_size)
    if link is not None and (side is None or all_sides):
        raise UmpireError("--link: a link is one side's: give --side with it")
    if all_sides and (side is not None or formation is not None):
        raise UmpireError("--all-sides: give neither --side nor --formation")
    if turn is not None and turn < 1:
        raise UmpireError(f"--turn {turn}: turns start at 1")
    rep = _report(ctx)
    _check_side(rep, side)
    if player is not None and all_sides:
        raise UmpireError("--player: a player's sheets are his side's: give no --all-sides with it")
    side = _player(rep, side, player)  # a player's side, when he is named
    _check_formation(rep, side, formation)
    template = out.suffix.lower() in (".yaml", ".yml")
    if template and (formation is not None or turn is not None or (side is None and not all_sides)):
        raise UmpireError("--out FILE.yaml: the orders file is one side's for the current turn: give --side "
                          "(or --all-sides), and neither --formation nor --turn")
    jobs = [(per_side(out, s.id), s.id) for s in rep.sides] if all_sides else [(out, side)]
    _check_all([p for p, _ in jobs])
    written = []
    with progress_bar("orders sheets", len(jobs), all_sides) as advance:
        for path, sid in jobs:
            if template:
                written.append(_orders_file(rep, path, sid, player))
                advance()
                continue
            many = sum(1 for u in rep.units if sid is None or u.side == sid) > MANY_UNITS
            view = briefing(rep, sid, player) if sid else rep  # a side's (a player's) sheets from what it knows
            written.append(_write_pdf(path, lambda fh, progress, s=sid, v=view: orders_sheet_pdf(
                v, fh, side=s, formation=formation, turn=turn, paper_name=paper_name, link=link,
                progress=progress), "orders", many))
            advance()
    _done(written)


def _check_formation(rep: TurnReport, side: str | None, formation: str | None) -> None:
    """Refuse a formation that is not the side's (any side's, with no side given)."""
    if formation is not None:
        known = [f.id for f in rep.formations if side is None or f.side == side]
        if formation not in known:
            raise unknown("formation" + (f" of side {side}" if side else ""), formation, known)


def _orders_file(rep: TurnReport, path: Path, sid: str, player: str | None) -> Path:
    """The side's (a player's) orders file, pre-filled, written at ``path``."""
    from umpire.reports.files import write_text_atomic
    from umpire.reports.model import briefing
    from umpire.reports.orders_paper import side_form
    from umpire.turns.orders_form import template as yaml_text

    return write_text_atomic(path, yaml_text(side_form(rep.source.state, briefing(rep, sid, player))))


def register(app: typer.Typer) -> None:
    app.command("map")(map_cmd)
    app.command("report")(report)
    app.command("roster")(roster)
    app.command("orders-sheet")(orders_sheet)


__all__: list[Any] = ["register"]
