"""The table from a photo: ``umpire markers`` prints the markers, ``umpire table read PHOTO`` reads
a photo of the table against the game and, with ``--apply``, makes it one action.

OpenCV comes with the optional extra ``umpire[camera]``; both commands say in one line how to
install it when it is missing, and nothing else of umpire needs it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from umpire.cli.app import new_app
from umpire.cli.output import console, print_json
from umpire.errors import UmpireError, unknown

if TYPE_CHECKING:
    from umpire.cli.context import Settings
    from umpire.core.state import GameState
    from umpire.photo.compare import Difference

app = new_app("The real table: read a photo of it against the game (umpire markers prints the markers).")


def _settings(ctx: typer.Context) -> Settings:
    settings: Settings = ctx.find_root().obj
    return settings


def markers(
    ctx: typer.Context,
    out: Path = typer.Option(Path("markers.pdf"), "--out", help="The PDF to write."),
    scenario: str = typer.Option(
        None, "--scenario", metavar="FILE",
        help="The markers of a scenario (a file or a bundled name) before any game: a game started from it reads them.",
    ),
    paper_size: str = typer.Option("a4", "--paper", help="Paper size: a4 or letter."),
    size: float = typer.Option(
        None, "--size", metavar="INCHES",
        help="The side of every stand's marker (default: the largest that fits its base: 0.625\" on a 1.5\" x 1\" "
             "base, 0.375\" on MBT's 0.5\" x 0.75\").",
    ),
    corner_size: float = typer.Option(None, "--corner-size", metavar="INCHES",
                                      help="The side of the four corner markers (default 3\")."),
    units: list[str] = typer.Option(None, "--unit", metavar="ID", help="Only this unit's marker (repeat); "
                                    "with --no-corners, a lost marker printed again."),
    side: str = typer.Option(None, "--side", help="Only this side's units."),
    corners: bool = typer.Option(True, "--corners/--no-corners", help="Print the four corner markers too."),
) -> None:
    """Print the markers for reading the table from a photo: four corner markers and one a stand.

    Each stand's marker is labelled with its unit's id and sized for its base; which marker is
    which unit is kept in the game file (with --scenario, nothing is written but the PDF: a game
    started from the scenario reads the same markers). Needs the camera extra:
    pip install "umpire\\[camera]"."""
    from umpire.engine.markers import keep_markers, kept_markers, planned
    from umpire.photo import cv2
    from umpire.photo.layout import CORNER_RANGE, check_size
    from umpire.reports.files import check_out, write_atomic
    from umpire.reports.markers_pdf import PAPERS, StandMarker, markers_pdf

    cv2()  # before anything is written: the cells of the markers come from OpenCV
    check_out(out, (".pdf",))
    if paper_size.lower() not in PAPERS:
        raise unknown("paper size", paper_size, PAPERS)
    if size is not None:
        check_size(size)
    if corner_size is not None:
        check_size(corner_size, "--corner-size", *CORNER_RANGE)
    game = None if scenario is not None else _settings(ctx).open_game()
    state = game.state if game is not None else _scenario_state(scenario)
    ids = _marked(state, units or [], side)
    if not ids and not corners:
        raise UmpireError("markers: nothing to print (no unit chosen, and --no-corners)")
    mset = planned(state, kept_markers(game) if game is not None else [], size, corner_size, only=ids)
    stands = [StandMarker(u, *mset.units[u]) for u in ids]
    if game is not None:
        keep_markers(game, mset, ids)
    pages: list[int] = []
    write_atomic(out, lambda fh: pages.append(markers_pdf(fh, title=state.name, stands=stands,
                                                          corner_size=mset.corner_size, paper_name=paper_size.lower(),
                                                          corners=corners)))
    what = [f'4 corner markers ({mset.corner_size:g}")'] if corners else []
    if stands:
        what.append(f"{len(stands)} stand markers ({', '.join(f'{s:g}' for s in sorted({s.size for s in stands}))}\")")
    kept_in = f"; which is which kept in {game.path}" if game is not None else \
        " (a game started from this scenario reads them)"
    console.print(f"wrote {out}: {' and '.join(what)} on {pages[0]} pages{kept_in}", soft_wrap=True)


def _scenario_state(scenario: str) -> GameState:
    """The state a game started from ``scenario`` (a file or a bundled name) begins in."""
    from umpire.registry import initial_state, load_scenario
    from umpire.resources import resolve_scenario

    return initial_state(load_scenario(resolve_scenario(scenario)), seed=0)


def _marked(state: GameState, units: list[str], side: str | None) -> list[str]:
    """The units whose markers are printed: those named (every one still in the game if none
    is), of ``side`` if given.

    :raises UmpireError: for a side or a unit the game does not have.
    """
    if side is not None and side not in state.side_ids():
        raise unknown("side", side, state.side_ids())
    chosen = []
    for uid in units:
        if uid not in state.units:
            raise unknown("unit", uid, state.units)
        chosen.append(uid)
    return [u.id for u in state.units.values() if (not chosen or u.id in chosen) and (side is None or u.side == side)
            and (chosen or u.status not in ("eliminated", "surrendered"))]


def read(
    ctx: typer.Context,
    photo: Path = typer.Argument(..., metavar="PHOTO", help="A photo of the table (JPEG or PNG) showing its four "
                                 "corner markers."),
    apply: bool = typer.Option(False, "--apply", help="Put the stands where the photo shows them: one action "
                               "(umpire undo takes it back)."),
    skip: list[str] = typer.Option(None, "--skip", metavar="UNIT", help="Leave this unit where the game has it "
                                   "(repeat)."),
    map_out: Path = typer.Option(None, "--map", metavar="FILE", help="Draw the difference on the map: FILE.svg or "
                                 "FILE.png."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Read a photo of the table: every stand's position and facing from its marker, against the game.

    Lists the stands the photo shows moved or turned (with how sure the reading is), those it
    did not see and the markers it could not read; --map draws an arrow for each stand moved.
    A marker too small, blurred or hidden is not seen, never guessed: place that stand by hand.
    --apply makes the reading one action in the log, refused whole if a stand would be off the
    table or overlap another (bases read a hair into each other are put in contact). Needs the
    camera extra: pip install "umpire\\[camera]"."""
    from umpire.photo import cv2
    from umpire.photo.image import MAX_BYTES
    from umpire.schema.reader import read_bytes

    cv2()
    if _settings(ctx).amend is not None and not apply:
        raise UmpireError("amend: give --apply to put the corrected reading in place of the action")
    game = _settings(ctx).open_game()
    state = game.state
    for uid in skip or []:
        if uid not in state.units:
            raise unknown("unit", uid, state.units)
    if map_out is not None:
        from umpire.reports.files import check_out

        check_out(map_out, (".svg", ".png"), "--map")
    from umpire.engine.photo import read_against

    data = read_bytes(photo, MAX_BYTES)
    diff, facts = read_against(game, data, photo.name, skip or [])
    if apply:
        from umpire.engine.photo import apply as apply_reading

        res = apply_reading(game, diff, facts)
    else:
        res = None
    if map_out is not None:
        _write_map(game, diff, map_out)
    if as_json:
        print_json({**difference_json(diff), "photo": facts, "applied": res.seq if res else None})
        return
    _print_reading(diff, res, map_out)


def _print_reading(diff: Difference, res: Any, map_out: Path | None) -> None:
    """The reading against the game in the terminal: the stands moved, the odd ones, how well
    the corners fit, the action written (or how to write it), the map drawn."""
    from umpire.reports.photo import odd_lines, render_difference

    console.print(render_difference(diff))
    for line in odd_lines(diff):
        console.print(f"  {line}", soft_wrap=True)
    r = diff.reading
    console.print(f"photo {r.width} x {r.height}: the corner markers fit the table to {r.residual:.2f}\"",
                  style="dim")
    if res is not None:
        console.print(f"#{res.seq} {res.summary}", soft_wrap=True)
    elif diff.changing:
        console.print("nothing written: add --apply to put the stands where the photo shows them", style="dim")
    if map_out is not None:
        console.print(f"wrote {map_out}")


def difference_json(diff: Difference) -> dict[str, Any]:
    r = diff.reading
    return {
        "summary": diff.summary(),
        "stands": [{"unit": x.unit, "what": x.what, "before": x.before, "after": x.after,
                    "distance": round(x.distance, 3), "turn": round(x.turn, 2), "error": x.error,
                    "turn_error": x.turn_error, "sure": x.sure, "note": x.note} for x in diff.rows],
        "markers_not_read": [{"marker": o.marker, "why": o.why, "x": o.x, "y": o.y} for o in diff.odd],
        "fit": {"residual": r.residual, "distortion": r.distortion, "width": r.width, "height": r.height},
    }


def _write_map(game: Any, diff: Difference, out: Path) -> None:
    from umpire.reports.files import write_atomic, write_text_atomic
    from umpire.reports.model import report_for_game
    from umpire.reports.photo import difference_map

    with game.file.read():
        report = report_for_game(game)
    drawing = difference_map(report, diff)
    if out.suffix.lower() == ".svg":
        from umpire.reports.tablemap import to_svg

        write_text_atomic(out, to_svg(drawing), "--map")
    else:
        from umpire.reports.tablemap_png import to_png

        png = to_png(drawing, dpi=150)
        write_atomic(out, lambda fh: fh.write(png), "--map")


def register(root: typer.Typer) -> None:
    root.command("markers")(markers)
    app.command("read")(read)
    root.add_typer(app, name="table")
