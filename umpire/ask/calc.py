"""``umpire calc``: one situation described in a case file, resolved without a game.

A case file is YAML with ``procedure`` and ``ruleset`` keys; the rest belongs to the procedure.
This is a public interface: the case formats are documented in docs/reference/calc.md (generated) and tested.

The dispatcher here picks the dice (``dice:`` in the case, ``--roll`` values, the umpire at a
prompt, or seeded random), records every roll, and hands the case to the procedure:

- ``measure`` is answered by the table geometry for any ruleset that measures on a table
  (:class:`~umpire.registry.Measuring`);
- every other procedure comes from the ruleset's own (:class:`~umpire.registry.QuickAnswers`).

A procedure is ``fn(case, dice, odds=bool) -> CalcAnswer``. It validates ``case`` itself
(pydantic, unknown fields rejected) and raises :class:`~umpire.errors.UmpireError` for bad input.
Each ruleset also lists its case models (``CASE_MODELS``), from which the answer names the
defaults a case leaned on (:mod:`umpire.ask.fields`).

Dice typed in (``--roll``, ``dice:``) may give a d10's or a d100's 0 face as ``0``: it reads as
10 (Auftragstaktik ruling A01, ``dice.d10_zero``) or 100 (MBT 4.2, "00").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from umpire.core.dice import Dice, GivenDice, RecordingDice, SeededDice
from umpire.errors import DataError, UmpireError, quoted, unknown
from umpire.rules.answer import CalcAnswer, CalcProcedure

if TYPE_CHECKING:
    from umpire.registry import Ruleset, Variant

__all__ = [
    "CalcAnswer", "CalcProcedure", "case_model", "procedure_names", "procedures_for", "read_question", "run_case",
    "spoken",
]


def names_of(rs: Ruleset) -> list[str]:
    """The procedures ``rs`` answers: ``measure`` if it measures on a table, and its own."""
    from umpire.registry import Measuring, QuickAnswers

    return (["measure"] if isinstance(rs, Measuring) else []) + (
        list(rs.case_models()) if isinstance(rs, QuickAnswers) else [])


def procedures_for(ruleset: str) -> dict[str, CalcProcedure]:
    from umpire.registry import Measuring, QuickAnswers, find_ruleset

    rs = find_ruleset(ruleset)
    procs: dict[str, CalcProcedure] = {"measure": _measure} if isinstance(rs, Measuring) else {}
    procs.update(rs.procedures() if isinstance(rs, QuickAnswers) else {})
    return procs


def case_model(ruleset: str, procedure: str) -> type[BaseModel] | None:
    """The pydantic model of ``procedure``'s cases under ``ruleset`` (None if unknown)."""
    from umpire.registry import Measuring, QuickAnswers, find_ruleset

    rs = find_ruleset(ruleset)
    if procedure == "measure" and isinstance(rs, Measuring):
        from umpire.geometry.measure import MeasureCase

        return MeasureCase
    return rs.case_models().get(procedure) if isinstance(rs, QuickAnswers) else None


def _procedure_name(word: str, names: Sequence[str]) -> str | None:
    """``close_combat`` or ``Close-Combat`` for ``close-combat``: hyphens and underscores alike."""
    key = word.strip().lower().replace("_", "-")
    return next((n for n in names if n.replace("_", "-") == key), None)


def procedure_names() -> dict[str, list[str]]:
    """Every calc procedure, with the rulesets that have it (``fire``: both)."""
    from umpire.registry import RULESETS

    out: dict[str, list[str]] = {}
    for rs in RULESETS:
        for p in names_of(rs):
            out.setdefault(p, []).append(rs.name)
    return out


def spoken(ruleset: str, procedure: str) -> str:
    """How a question names ``procedure`` of ``ruleset``: the ruleset said first when the
    procedure is another's without it (``mbt fire``, but ``sight``)."""
    owners = procedure_names().get(procedure, [])
    return procedure if not owners or owners[0] == ruleset else f"{ruleset} {procedure}"


def read_question(words: Sequence[str], *, ruleset: str | None = None) -> dict[str, Any]:
    """The case a one-line question describes: ``[RULESET] PROCEDURE WORDS...`` read onto the
    procedure's case model (:mod:`umpire.ask.line`), with ``ruleset`` and ``procedure`` keys as
    a case file has them. The ruleset is the one named first or by ``ruleset=``, else
    ``ruleset`` (the session's or ``--ruleset``), else the first that has the procedure
    (Auftragstaktik, then MBT: only the one asked about is loaded).

    :raises UmpireError: for an unknown ruleset or procedure, or words that do not read.
    """
    from umpire.ask.line import read_line
    from umpire.registry import RULESETS, find_ruleset

    words = list(words)
    if words and any(words[0].lower() in (rs.name, *rs.aliases) for rs in RULESETS):
        ruleset = find_ruleset(words.pop(0)).name
    named = next((w.partition("=")[2] for w in words if w.startswith("ruleset=")), None)
    if named:
        ruleset = find_ruleset(named).name
    if not words:
        raise UmpireError("give a procedure (umpire procedures lists them)")
    order = [find_ruleset(ruleset)] if ruleset is not None else list(RULESETS)
    for rs in order:
        proc = _procedure_name(words[0], names_of(rs))
        if proc is not None:
            break
    else:
        if ruleset is not None:
            owners = procedure_names().get(_procedure_name(words[0], list(procedure_names())) or "", [])
            if owners:
                whose = " and ".join([", ".join(owners[:-1]), owners[-1]] if len(owners) > 1 else owners)
                raise UmpireError(f"procedure {words[0]!r} is {whose}'s, not {order[0].name}'s "
                                  f"(give {owners[0]} {words[0]} ...)")
            raise unknown(f"procedure for {order[0].name}", words[0], names_of(order[0]))
        raise unknown("procedure", words[0], procedure_names())
    model = case_model(rs.name, proc)
    assert model is not None
    case: dict[str, Any] = {"ruleset": rs.name, "procedure": proc}
    rest = [w for w in words[1:] if not w.startswith("ruleset=")]
    case.update(read_line(model, rest, where=f"{rs.name} {proc}"))
    return case


def run_case(
    case: Any,
    *,
    procedure: str | None = None,
    rolls: Sequence[int] | None = None,
    dice: Dice | None = None,
    odds: bool = False,
    where: str = "case",
    game: tuple[str, str] | None = None,
) -> tuple[CalcAnswer, RecordingDice]:
    """Resolve one case. ``procedure`` (from the command line) must agree with the file's.
    ``game`` is the user's choice of game (of a ruleset with more than one, its ``variants``)
    for cases that give none, and where it was set (``("basic", "from UMPIRE_MBT_GAME")``); a
    case that names no ruleset is the first one's of the registry.

    :raises UmpireError: for an unknown ruleset or procedure, or bad case contents.
    """
    from umpire.registry import QuickAnswers, default_ruleset, find_ruleset

    if not isinstance(case, dict):
        raise DataError(f"{where}: a case is a mapping with 'procedure' and 'ruleset' keys")
    case = dict(case)
    file_proc = case.pop("procedure", None)
    name = procedure or file_proc
    if name is None:
        raise DataError(f"{where}: procedure: missing field (required)")
    if procedure and file_proc and procedure != file_proc:
        raise UmpireError(f"{where}: procedure {file_proc!r} in the file, but {procedure!r} was asked for")
    rs = find_ruleset(case.pop("ruleset", default_ruleset().name))
    ruleset = rs.name
    procs = procedures_for(ruleset)
    if name not in procs:
        raise unknown(f"procedure for {ruleset}", name, procs)
    source, option = _dice_of(case.pop("dice", None), rolls, dice, where)
    recording = RecordingDice(source)
    case["ruleset"] = ruleset
    model = case_model(ruleset, name)
    chose = "set in the case"
    variants = rs.variants if isinstance(rs, QuickAnswers) else ()
    if isinstance(rs, QuickAnswers) and variants and model is not None and "game" in model.model_fields \
            and "game" not in case:
        case["game"], chose = game or (rs.default_variant, "the default")
    answer = procs[name](case, recording, odds=odds)
    if isinstance(source, GivenDice):
        source.check_all_used(option)
    if model is not None:
        from umpire.ask.fields import assumed
        from umpire.ask.line import opening

        try:
            checked = model.model_validate(case)
        except ValueError:
            checked = None
        if checked is not None:
            answer.assumed = [a for a in assumed(checked) if not a.startswith("game ")] + answer.assumed
        answer.resolved = opening(model, case, checked, rs.read_name if isinstance(rs, QuickAnswers) else _no_name,
                                  name)
    if answer.game is not None:
        _name_the_game(answer, answer.game, variants, chose)
    return answer, recording


def _dice_of(scripted: Any, rolls: Sequence[int] | None, dice: Dice | None, where: str) -> tuple[Dice, str]:
    """The dice a case is resolved with (``--roll`` values, else the case's ``dice:``, else
    ``dice``, else seeded ones), and the option that gave them.

    :raises DataError: for a ``dice:`` that is not a list of whole numbers.
    """
    option = f"{where}: dice"
    if rolls:
        scripted, option = list(rolls), "--roll"
    if scripted is None:
        return (dice if dice is not None else SeededDice()), option
    if not isinstance(scripted, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in scripted):
        raise DataError(f"{where}: dice: a list of whole numbers (input: {quoted(scripted)})")
    return GivenDice(scripted), option


def _name_the_game(answer: CalcAnswer, game: str, variants: Sequence[Variant], chose: str) -> None:
    """The game is named once, on the first line; who chose it only when someone did outside the
    case (the default is a default taken, said with the others)."""
    title = next((v.title for v in variants if v.name == game), game)
    answer.headline = title if chose in ("the default", "set in the case") else f"{title} ({chose})"
    if chose == "the default":
        answer.assumed.append(f"game {game}")
    if answer.resolved is not None:  # "MBT Advanced Game: M1A1 (USA-1B) -> ..."; "..., crash: ..."
        joiner = ": " if answer.resolved.get("roles") else ", "
        answer.resolved["line"] = f"{answer.headline}{joiner}{answer.resolved['line']}"


def _measure(case: dict[str, Any], dice: Dice, *, odds: bool) -> CalcAnswer:
    """The range, the aspect and the line of sight between two points or stands (any ruleset)."""
    from umpire.geometry.measure import measure_case
    from umpire.registry import measuring

    return CalcAnswer(data=measure_case(case, measuring))


def _no_name(text: str) -> tuple[str, bool] | None:
    """A ruleset with no names of its own reads none."""
    return None
