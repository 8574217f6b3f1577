"""``umpire calc``: resolve one situation from a case file, no game needed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from umpire.cli import params
from umpire.cli.context import Settings, game_default
from umpire.cli.output import console, print_json
from umpire.errors import DataError, UmpireError, shown
from umpire.reports.screen import table as grid

if TYPE_CHECKING:
    from umpire.ask.calc import CalcAnswer


WORDS_HELP = (
    "A case file (its procedure read from it; '-' reads standard input), PROCEDURE FILE, or the "
    "question in one line: [RULESET] PROCEDURE then positional words and FIELD=VALUE words "
    "(umpire calc fire T-80B M1A1 7 side; umpire calc fields PROCEDURE lists them). "
    "'fields PROCEDURE' lists a case's fields."
)


def calc(
    ctx: typer.Context,
    words: list[str] = typer.Argument(None, metavar="[RULESET] PROCEDURE [WORDS]... | [PROCEDURE] FILE",
                                      help=WORDS_HELP, show_default=False),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    odds: bool = typer.Option(False, "--odds", help="Also list the exact odds of every outcome."),
    roll: list[int] = params.roll_option(
        "A die value, in the order used (repeat); 0 is a d10's 10, a d100's 100."
    ),
    ruling: list[str] = typer.Option(None, "--ruling", help="NAME=CHOICE, overriding a default ruling."),
    ruleset: str = typer.Option(None, "--ruleset", help="The ruleset, for a procedure several have (default: "
                                "the first umpire lists); with 'fields', the one to list (default: every one)."),
) -> None:
    """Resolve one case: every modifier with its rule, the dice, the table cell, the outcome.

    The case is a file or one line of words: 'umpire calc fire T-80B M1A1 7 side --roll 7', or
    'umpire calc mbt fire USSR-2A FRG-1A 5 APFSDS firer.turret=buttoned'. Positional words fill
    the procedure's words in order (a word that does not fit one goes to the next that takes it);
    FIELD=VALUE sets any field of the case, dotted into its parts (shooter.moved=true).

    'umpire calc fields PROCEDURE' lists the fields a case may hold, their allowed values and
    the defaults taken when a field is left out. MBT cases without game: use the Advanced Game,
    or the game set by UMPIRE_MBT_GAME or the config file (docs/reference/mbt.md).
    """
    words = list(words or [])
    _no_unknown_option(words)
    if not words:
        raise UmpireError("calc: give a case file or a question (umpire calc fire T-80B M1A1 7 side); "
                          "see 'umpire calc --help'")
    if words[0] == "fields":
        fields_of(words[1:], ruleset, as_json)
        return
    settings: Settings = ctx.find_root().obj
    answer = ask(words, rolls=roll, odds=odds, rulings=ruling, ruleset=ruleset,
                 dice=settings.dice_for(None) if settings is not None else None)
    print_answer(answer, as_json=as_json)


OPTIONS = ("--json", "--odds", "--roll", "--ruling", "--ruleset", "--help", "-h")


def _no_unknown_option(words: list[str]) -> None:
    """A word that looks like an option and is none (``--rol``) is refused as the option parser
    would, the closest named; a number (``-3``) is a word of the question."""
    from difflib import get_close_matches


    for w in words:
        if w.startswith("-") and len(w) > 1 and not w[1:2].isdigit() and not w[1:2] == ".":
            close = get_close_matches(w.partition("=")[0], OPTIONS, n=1)
            hint = f"did you mean {close[0]}? " if close else ""
            raise UmpireError(f"calc: no option {w!r} ({hint}allowed: {', '.join(OPTIONS[:-1])}; "
                              "see 'umpire calc --help')")


def read_case(words: list[str], *, ruleset: str | None = None) -> tuple[Any, str]:
    """The case ``words`` give, and where it came from: a file (``FILE`` or ``PROCEDURE FILE``)
    or the one-line form. A procedure named beside a file must agree with the file's."""
    from umpire.ask.calc import read_question
    from umpire.ask.line import is_case_file
    from umpire.schema.load import read_yaml

    if len(words) <= 2 and is_case_file(words[-1]) or (len(words) == 1 and "=" not in words[0]
                                                        and Path(words[0]).is_file()):
        path = words[-1]
        data = read_yaml(Path(path))
        where = "<stdin>" if path == "-" else shown(path)
        if len(words) == 2:
            if not isinstance(data, dict):
                raise DataError(f"{where}: a case is a mapping with 'procedure' and 'ruleset' keys")
            asked, in_file = words[0], data.get("procedure")
            if in_file is not None and str(in_file).replace("_", "-") != asked.replace("_", "-"):
                raise UmpireError(f"{where}: procedure {in_file!r} in the file, but {asked!r} was asked for")
            data.setdefault("procedure", asked)
        return data, where
    return read_question(words, ruleset=ruleset), "line"


@dataclass(frozen=True)
class InSession:
    """What a session adds to a question: the ``game`` for cases of a ruleset of several games
    that name none (and who set it), ``fill`` completing a case from the game's table
    (:func:`umpire.cli.talk.fill_from_table`), and the ``standing`` rulings switched for the
    whole session, by ruleset (a case's own rulings come before them)."""

    game: tuple[str, str] | None = None
    fill: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    standing: dict[str, dict[str, str]] | None = None


def ask(
    words: list[str],
    *,
    rolls: list[int] | None = None,
    odds: bool = False,
    rulings: list[str] | dict[str, str] | None = None,
    ruleset: str | None = None,
    dice: Any = None,
    session: InSession = InSession(),
) -> CalcAnswer:
    """Answer one question, from a case file or from words (:func:`read_case`): what
    ``umpire calc`` and the session both do. ``rulings`` (NAME=CHOICE words, or a mapping)
    override the case's; a case of a ruleset of several games that names none is played in the
    session's game, else the user's choice (:func:`~umpire.cli.context.game_default`).

    :raises UmpireError: for anything that does not read or resolve.
    """
    game, fill, standing = session.game, session.fill, session.standing
    from umpire.ask.calc import run_case
    from umpire.registry import default_ruleset, find_ruleset

    data, where = read_case(words, ruleset=ruleset)
    if fill is not None and isinstance(data, dict):
        data = fill(data)
    rs = find_ruleset(str(data["ruleset"])) if isinstance(data, dict) and data.get("ruleset") else default_ruleset()
    if standing and isinstance(data, dict):
        mine = standing.get(rs.name, {})
        if mine:
            data["rulings"] = {**mine, **(data.get("rulings") or {})}
    if rulings:
        if not isinstance(data, dict):
            raise DataError(f"{where}: a case is a mapping")
        data["rulings"] = _overridden(dict(data.get("rulings") or {}), rulings)
    try:
        answer, _recorded = run_case(data, rolls=rolls, dice=dice, odds=odds, where=where,
                                     game=game or game_default(rs))
    except DataError as exc:
        if where == "line":
            from umpire.ask.calc import case_model, spoken
            from umpire.ask.line import one_line

            proc = str(data.get("procedure"))
            model = case_model(rs.name, proc)
            raise (DataError(one_line(str(exc), model, spoken(rs.name, proc))) if model is not None else exc) from None
        from umpire.inputs import refusal

        raise refusal(words[-1], "case", exc) from None  # the first problem, and how many more
    return answer


def _overridden(overrides: dict[str, Any], rulings: list[str] | dict[str, str]) -> dict[str, Any]:
    """A case's rulings with ``rulings`` (NAME=CHOICE words, or a mapping) put over them.

    :raises DataError: for a word that is not NAME=CHOICE.
    """
    if isinstance(rulings, dict):
        return {**overrides, **rulings}
    for item in rulings:
        name, sep, choice = item.partition("=")
        if not sep:
            raise DataError(f"--ruling {item!r}: give NAME=CHOICE")
        overrides[name.strip()] = choice.strip()
    return overrides


def print_answer(answer: CalcAnswer, *, as_json: bool = False) -> None:
    """Print an answer as ``umpire calc`` does (the session prints through this too, so both
    give the same text): what it resolved, the game, the result explained, the defaults taken."""
    if as_json:
        print_json(answer.to_json())
        return
    from umpire.reports.terminal import render_calc

    if answer.resolved is not None:
        console.print(answer.resolved["line"], markup=False, style="bold", soft_wrap=True)
    elif answer.headline:
        console.print(answer.headline, markup=False, style="bold", soft_wrap=True)
    console.print(render_calc(answer))
    if answer.assumed:
        console.print(
            "assumed (not in the case): " + ", ".join(answer.assumed), style="dim", soft_wrap=True
        )


def fields_of(words: list[str], ruleset: str | None, as_json: bool, *, where: str = "calc fields") -> None:
    """``fields [RULESET] PROCEDURE``: the ruleset named first as a question names it
    (``fields mbt sight``), else ``ruleset``."""
    from umpire.ask.calc import names_of, procedure_names
    from umpire.registry import RULESETS, find_ruleset

    words = list(words)
    if words and any(words[0].lower() in (rs.name, *rs.aliases) for rs in RULESETS):
        ruleset = find_ruleset(words.pop(0)).name
        if not words:
            procs = names_of(find_ruleset(ruleset))
            raise UmpireError(f"{where} {ruleset}: give one of its procedures ({', '.join(procs)})")
    if len(words) != 1:
        raise UmpireError(f"{where}: give one procedure, the ruleset first if you like ({where} fire; "
                          f"{where} mbt sight)")
    key = words[0].strip().lower().replace("_", "-")
    # the ruleset's own names first: MBT's counter_battery is not Auftragstaktik's counter-battery
    known = names_of(find_ruleset(ruleset)) if ruleset else procedure_names()
    name = next((p for p in known if p.replace("_", "-") == key), words[0])
    print_fields(name, ruleset, as_json)


def print_fields(procedure: str, ruleset: str | None, as_json: bool) -> None:
    """``umpire calc fields PROCEDURE``: the case fields, what each accepts, its default."""
    from umpire.ask.calc import case_model, names_of, spoken
    from umpire.ask.fields import field_lines
    from umpire.registry import RULESETS, find_ruleset

    names = [find_ruleset(ruleset).name] if ruleset else [rs.name for rs in RULESETS]
    found = [(n, m) for n in names if (m := case_model(n, procedure)) is not None]
    if not found:
        known = sorted({p for n in names for p in names_of(find_ruleset(n))})
        raise UmpireError(f"calc fields: no procedure {procedure!r} (allowed: {', '.join(known)})")
    if as_json:
        print_json({
            n: [{"field": f.path, "accepts": f.accepts, "default": f.default, "about": f.text} for f in field_lines(m)]
            for n, m in found
        })
        return
    from umpire.ask.line import form

    for n, model in found:
        asked = spoken(n, procedure)  # "mbt fire": the ruleset said first where another has it too
        console.print(
            f"{n} {procedure} in one line: umpire calc {asked} {form(model)} [FIELD=VALUE]...\n"
            "  Positional words fill these in order (a word that does not fit one goes to the next that takes it); "
            "a part's word is its unit or card name (a stat line with | goes to statline). FIELD=VALUE sets any "
            "field below, dotted into parts (shooter.moved=true, route[0].inches=3, rulings.NAME=CHOICE); "
            "a,b is a list; values read as in a case file."
            + (" A stretch of the route is TERRAIN:INCHES (woods:3) or INCHES." if "route" in model.model_fields
               else ""),
            markup=False, soft_wrap=False,
        )
        table = grid(f"{n} {procedure}: case fields")
        table.add_column("field")
        table.add_column("accepts")
        table.add_column("default (if left out)")
        table.add_column("what it is")
        for f in field_lines(model):
            table.add_row(f.path, f.accepts, "required" if f.default is None else f.default, f.text)
        console.print(table)
