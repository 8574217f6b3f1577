"""``umpire campaign``: a club season in one file: new, status, next, import, forfeit, replace,
standings, print, report, undo, log, replay, doctor. A thin shell over :mod:`umpire.campaign`;
heavy modules are imported inside the commands."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.text import Text

from umpire.cli.app import new_app
from umpire.cli.file_checks import show_diagnosis, show_replay
from umpire.cli.output import console, print_json
from umpire.errors import DataError, UmpireError

if TYPE_CHECKING:
    from umpire.campaign.engine import Campaign

app = new_app(
    "Club campaigns: a season's forces, schedule and results in one file; games set up from it, "
    "results imported from any table, standings, printing, the season's story."
)

_file = typer.Argument(..., help="The campaign file (SQLite).", show_default=False)


def _open(path: Path) -> Campaign:
    from umpire.campaign.engine import Campaign
    from umpire.reports.files import protect_also

    protect_also(path)  # no output of this command is written over the campaign file
    return Campaign.open(path)


@app.command("new")
def new(
    file: Path = _file,
    season: str = typer.Option(..., "--from", help="A season file (YAML), or the name of a bundled one."),
    replace: bool = typer.Option(False, "--replace", help="Overwrite an existing campaign file."),
) -> None:
    """Start a campaign from a season file: its sides, players and forces, and the schedule."""
    from umpire.campaign.engine import Campaign
    from umpire.campaign.season import resolve_season
    from umpire.campaign.setup import load_season
    from umpire.inputs import refusal

    path = resolve_season(season)
    try:
        s, scenarios = load_season(path)
    except DataError as exc:
        raise refusal(path, "season", exc) from None
    c = Campaign.create(file, s, scenarios, replace=replace)
    st = c.state
    units = sum(len(f.units) for f in st.forces.values())
    console.print(Text.assemble(
        (st.name, "bold"), f" ({st.ruleset}): {len(st.forces)} players, {units} units, {st.rounds} rounds, "
        f"{len(st.games)} games, seed {st.seed}, campaign id {st.id} -> {c.path}"
    ))


@app.command("status")
def status(file: Path = _file, as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """Where the season stands: the round, games played and to play, each force's strength.

    A game corrected after its import is named, with the command that brings the correction in."""
    from umpire.campaign.freshness import check_games
    from umpire.campaign.views import render_status, status_json

    c = _open(file)
    files = check_games(c)
    if as_json:
        print_json(status_json(c.state, files))
    else:
        console.print(render_status(c.state, files, file))


@app.command("next")
def next_game(
    file: Path = _file,
    game: str = typer.Option(..., "--game", help="The scheduled game to set up (its id)."),
    out: Path = typer.Option(..., "--out", help="The game file to write (SQLite)."),
    replace: bool = typer.Option(False, "--replace", help="Overwrite an existing game file."),
) -> None:
    """Set up a scheduled game as a game file: the forces as they are (losses carried over), marked with its slot."""
    from umpire.campaign.commands import set_up

    game_file, text = set_up(_open(file), game, out, replace=replace)
    console.print(text)
    console.print(f"play it with: umpire --db {game_file.path} turn")


@app.command("import")
def import_cmd(
    file: Path = _file,
    games: list[Path] = typer.Argument(..., help="Finished game files (any order).", show_default=False),
    update: bool = typer.Option(False, "--update", help="Games already imported and corrected since: import them "
                                "again, with every later campaign action applied again on top."),
    drop_later: bool = typer.Option(False, "--drop-later", help="With --update: take back the later actions the "
                                    "corrected forces no longer allow (else nothing is written)."),
) -> None:
    """Bring finished games back: losses, damage, the result; then the between-games rules.

    --update brings in a game corrected after its import: the standings and forces are worked out
    again, every later round checked again, and what changed is said."""
    from umpire.campaign.commands import import_games

    if drop_later and not update:
        raise UmpireError("--drop-later: only with --update")
    c = _open(file)
    if update:
        _update(c, games, drop_later)
        return
    for done in import_games(c, games):
        console.print(f"#{done.seq} {done.summary}")
        for r in done.rolls:
            console.print(f"    {r.why}: d{r.sides} {', '.join(map(str, r.values))}", style="dim")


def _update(c: Campaign, games: list[Path], drop_later: bool) -> None:
    from umpire.campaign.update import changes_said, to_set_up_again, update_games

    done, same = update_games(c, games, drop_later=drop_later)
    for line in same:
        console.print(line)
    for u in done:
        console.print(f"#{u.seq} {u.summary}", soft_wrap=True)
        for ev, seq in u.replayed:
            console.print(f"  #{ev.seq} applied again as #{seq}: {ev.summary}", soft_wrap=True)
        for ev, why in u.dropped:
            console.print(f"  #{ev.seq} taken back, no longer valid: {why}", soft_wrap=True)
        said = changes_said(u)
        console.print("what changed:" if said else "the standings and forces are as they were")
        for line in said:
            console.print(f"  {line}", soft_wrap=True)
        for gid in to_set_up_again(u):
            console.print(f"game {gid} was set up from the forces before this update: set it up again with "
                          f"umpire campaign next {c.path} --game {gid} --out FILE --replace")


@app.command("standings")
def standings(file: Path = _file, as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """The standings by side and by player: played, won, drawn, lost, points, losses."""
    from umpire.campaign.standings import compute
    from umpire.campaign.views import render_standings

    table = compute(_open(file).state)
    if as_json:
        print_json(table.to_json())
    else:
        console.print(render_standings(table))


@app.command("print")
def print_cmd(
    file: Path = _file,
    out: Path = typer.Option(..., "--out", help="Folder for the papers (created; round-N/ inside it)."),
    paper_size: str = typer.Option("a4", "--paper", help="Paper size: a4 or letter."),
) -> None:
    """Print every player's roster and orders sheet for the next round (PDF), named to hand out."""
    from umpire.campaign.printing import plan_round, print_round
    from umpire.cli.paper import check_paper, progress_bar

    paper_name = check_paper(paper_size)
    papers = plan_round(_open(file), out)
    with progress_bar(f"round {papers.round}: rosters and orders sheets", len(papers.files), True) as advance:
        written = print_round(papers, paper_name=paper_name, advance=advance)
    for p in written:
        console.print(f"wrote {p}")


@app.command("report")
def report(
    file: Path = _file,
    out: Path = typer.Option(..., "--out", help="Folder for the season's story (created)."),
    paper_size: str = typer.Option("a4", "--paper", help="Paper size: a4 or letter."),
) -> None:
    """The season's story: every game, the standings and charts, as Markdown, PDF and one HTML page."""
    from umpire.campaign.story_files import write_story
    from umpire.cli.paper import check_paper

    for p in write_story(_open(file), out, paper_name=check_paper(paper_size)):
        console.print(f"wrote {p}")


@app.command("forfeit")
def forfeit(
    file: Path = _file,
    game: str = typer.Option(..., "--game", help="The scheduled game that will not be played (its id)."),
    side: str = typer.Option(..., "--side", help="The side that forfeits it (cannot field its players)."),
    reason: str = typer.Option("", "--reason", help="Why, for the log and the season's story."),
) -> None:
    """Record a game a side forfeits: scored by ruling campaign.forfeit, nobody's forces change."""
    (done,) = _open(file).act([("campaign.forfeit", {"game": game, "side": side, "reason": reason})])
    console.print(f"#{done.seq} {done.summary}", soft_wrap=True)


@app.command("replace")
def replace(
    file: Path = _file,
    player: str = typer.Option(..., "--player", help="The player who drops out (their id in the season)."),
    name: str = typer.Option(..., "--name", help="The name of the player who takes over the force."),
) -> None:
    """Another player takes over a force from the round being played on (ruling campaign.stand_in)."""
    (done,) = _open(file).act([("campaign.replace", {"player": player, "name": name})])
    console.print(f"#{done.seq} {done.summary}", soft_wrap=True)


@app.command("undo")
def undo(file: Path = _file) -> None:
    """Take back the last campaign action (it stays in the log, marked as undone)."""
    ev = _open(file).undo()
    console.print(f"undone #{ev.seq} {ev.kind}: {ev.summary}", soft_wrap=True)


@app.command("log")
def log(
    file: Path = _file,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    rolls: bool = typer.Option(True, "--rolls/--no-rolls", help="Show the keyed dice of each action."),
) -> None:
    """List the campaign's actions with their keyed dice, undone ones struck through."""
    from umpire.campaign.views import log_json, render_log

    events = _open(file).events()
    if as_json:
        print_json(log_json(events))
    else:
        console.print(render_log(events, rolls=rolls))


@app.command("replay")
def replay(
    file: Path = _file,
    check: bool = typer.Option(
        False, "--check", help="Compare the replay with the stored state; exit 1 if they differ."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Rebuild the campaign from its season and its log."""
    c = _open(file)
    diffs = c.check()
    n = len(c.events())
    show_replay(n, diffs, check=check, as_json=as_json, forged=c.forged)


@app.command("doctor")
def doctor(file: Path = _file) -> None:
    """List everything wrong with the campaign file (exit 0 if it is healthy, 2 if not); writes nothing."""
    from umpire.campaign.doctor import diagnose

    found = diagnose(file)
    show_diagnosis(file, found, "campaign")
