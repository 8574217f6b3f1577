"""The pieces of a session's line: its words and options, the explanations, the game's table.

Kept apart from :mod:`umpire.cli.session` (the loop and the prompt) so that each stays small.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from umpire.cli.output import console
from umpire.errors import UmpireError, shown
from umpire.reports.screen import table as grid
from umpire.text import clipped, visible

if TYPE_CHECKING:
    from umpire.core.state import GameState, UnitState


def split_line(line: str) -> list[str]:
    """A line's words as a shell would give them for the cases an umpire types: a word in quotes
    (``"T-80B Company"``, ``shooter="M1A1 Company"``) is one word; a quote inside a word is
    kept (``range=7"``, the inch mark).

    >>> split_line('fire "T-80B Company" target=\\'M1 Company\\' range=7" side')
    ['fire', 'T-80B Company', 'target=M1 Company', 'range=7"', 'side']
    """
    words: list[str] = []
    cur, quote, started = "", "", False
    for ch in line:
        if quote:
            if ch == quote:
                quote = ""
            else:
                cur += ch
        elif ch.isspace():
            if started:
                words.append(cur)
            cur, started = "", False
        elif ch in "\"'" and (not started or cur.endswith("=")):
            quote, started = ch, True
        else:
            cur += ch
            started = True
    if quote:
        raise UmpireError(f"line: a quote ({quote}) is not closed")
    if started:
        words.append(cur)
    return words


@dataclass
class Question:
    """A question's words and the options typed with it, as ``umpire calc`` takes them."""

    words: list[str] = field(default_factory=list)
    rolls: list[int] = field(default_factory=list)
    odds: bool = False
    as_json: bool = False
    rulings: dict[str, str] = field(default_factory=dict)
    ruleset: str | None = None


def question_options(words: list[str]) -> Question:
    """Take ``--roll N``, ``--odds``, ``--json``, ``--ruling N=C`` and ``--ruleset R`` out of
    ``words``.

    :raises UmpireError: for an option without its value, a die that is not one, an unknown option.
    """
    from umpire.schema.numbers import parse_int

    q = Question()
    i = 0
    while i < len(words):
        w = words[i]
        name, eq, inline = w.partition("=")
        if name in ("--roll", "--ruling", "--ruleset"):
            if eq:
                value = inline
            elif i + 1 < len(words):
                i += 1
                value = words[i]
            else:
                raise UmpireError(f"{name}: give its value ({name} {'N' if name == '--roll' else 'VALUE'})")
            if name == "--roll":
                try:
                    q.rolls.append(parse_int(value, lo=0, hi=100))
                except ValueError as exc:
                    raise UmpireError(f"--roll: {exc}") from None
            elif name == "--ruling":
                n, sep, c = value.partition("=")
                if not sep:
                    raise UmpireError(f"--ruling {value!r}: give NAME=CHOICE")
                q.rulings[n.strip()] = c.strip()
            else:
                q.ruleset = value
        elif w == "--odds":
            q.odds = True
        elif w == "--json":
            q.as_json = True
        elif w.startswith("--"):
            raise UmpireError(f"no option {w!r} in a question (allowed: --roll, --odds, --json, --ruling, --ruleset)")
        else:
            q.words.append(w)
        i += 1
    return q


def check_ruling(item: str, ruleset: str | None) -> tuple[str, str, str]:
    """``NAME=CHOICE`` checked against the rulings books (``NAME=``: back to the default): the
    ruleset whose ruling it is, the name and the choice.

    :raises UmpireError: for an unknown ruling or a choice it does not offer, suggesting the closest.
    """
    from umpire.core.rulings import unknown_ruling
    from umpire.registry import RULESETS, find_ruleset

    name, sep, choice = item.partition("=")
    name, choice = name.strip(), choice.strip()
    if not sep:
        raise UmpireError(f"ruling {item!r}: give NAME=CHOICE (or NAME= for its default)")
    wanted = find_ruleset(ruleset).name if ruleset else None
    books = {rs.name: rs.rulings_book().by_name() for rs in RULESETS if wanted in (None, rs.name)}
    owner = next((rs for rs, b in books.items() if name in b), None)
    if owner is None:
        raise unknown_ruling(name, [n for b in books.values() for n in b])
    found = books[owner][name]
    if choice and choice not in found.choices:
        raise UmpireError(f"ruling {name}: no choice {choice!r} (allowed: {', '.join(found.choices)})")
    return owner, name, choice


def explain_name(name: str, ruleset: str | None) -> None:
    """What ``name`` is: a ruling in full, a procedure's fields, the units or cards it finds."""
    from umpire.ask.lookup import look_up, ruling_rows
    from umpire.cli.calc import print_fields
    from umpire.cli.lookups import render_rows

    exact = [r for r in ruling_rows() if r["name"] == name]
    if exact:
        console.print(render_rows("rulings", exact[:1]))
        return
    from umpire.ask.calc import procedure_names

    if name.replace("_", "-") in {p.replace("_", "-") for p in procedure_names()}:
        procedure = next(p for p in procedure_names() if p.replace("_", "-") == name.replace("_", "-"))
        print_fields(procedure, ruleset, False)
        return
    for kind in ("units", "rulings"):
        try:
            rows = look_up(kind, name)
        except UmpireError:
            continue
        console.print(render_rows(kind, rows))
        return
    raise UmpireError(f"explain: nothing called {name!r} (a ruling, a procedure, a unit or a card)")


def explain_case(words: list[str], ruleset: str | None, fill: Any) -> None:
    """How the last question was read: every field of its case, as given or as its default."""
    from umpire.ask.calc import case_model
    from umpire.cli.calc import read_case
    from umpire.registry import QuickAnswers, default_ruleset, find_ruleset
    from umpire.schema.load import validate

    data, where = read_case(words, ruleset=ruleset)
    if fill is not None:
        data = fill(data)
    case = {k: v for k, v in data.items() if k not in ("procedure", "dice")}
    rs = find_ruleset(str(case["ruleset"])) if case.get("ruleset") else default_ruleset()
    name = rs.name
    model = case_model(name, str(data.get("procedure")))
    if model is None:
        raise UmpireError(f"explain: no procedure {data.get('procedure')!r} for {name}")
    case["ruleset"] = name
    if isinstance(rs, QuickAnswers) and rs.variants and "game" in model.model_fields and "game" not in case:
        case["game"] = rs.default_variant  # as the answer takes it (an Advanced-only procedure has no basic)
    checked = validate(model, case, where)
    table = grid(f"{name} {data.get('procedure')}: the case as read")
    for col in ("field", "value", ""):
        table.add_column(col)
    for path, value in _flat(checked.model_dump(by_alias=True, exclude={"ruleset"})):
        table.add_row(path, _shown(value), "given" if _has(case, path) else "default")
    console.print(table)


def _flat(value: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(value, dict) and value:
        return [x for k, v in value.items() for x in _flat(v, f"{prefix}{k}." if prefix or k else "")]
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return [x for i, v in enumerate(value) for x in _flat(v, f"{prefix[:-1]}[{i}].")]
    return [(prefix[:-1], value)]


def _has(case: Any, path: str) -> bool:
    import re

    cur = case
    for part in re.split(r"\.|\[(\d+)\]\.?", path):
        if part is None or part == "":
            continue
        key: Any = int(part) if part.isdigit() and isinstance(cur, list) else part
        try:
            cur = cur[key]
        except (KeyError, IndexError, TypeError):
            return False
    return True


def _shown(value: Any) -> str:
    from umpire.ask.fields import show

    if isinstance(value, float):
        return f"{value:g}"
    return show(value) if value is not None else "-"


# --- the game on the table ------------------------------------------------------------------


def _as_part(u: UnitState, fields: set[str]) -> dict[str, Any]:
    """A unit on the table as a part of a case: what it is and its state there."""
    out: dict[str, Any] = {}
    if "card" in fields and u.card:
        out["card"] = u.card
    elif u.statline and "statline" in fields:
        out["statline"] = u.statline
        if "name" in fields:
            out["name"] = f"{u.id} ({u.name})"
    elif u.type and "unit" in fields:
        out["unit"] = u.type
    for f in ("quality", "hits"):
        if f in fields:
            out[f] = getattr(u, f)
    if "orders" in fields and u.orders:
        out["orders"] = u.orders
    return out


def fill_from_table(state: GameState, case: dict[str, Any]) -> dict[str, Any]:
    """``case`` with each of its acting parts named by a unit id of the table made that unit
    (its stat line or card, quality, orders, hits) and, between two units on the table, the
    range and aspect measured there unless given. Reads the state only."""
    from umpire.ask.calc import case_model
    from umpire.ask.fields import model_of
    from umpire.ask.line import NAME_FIELDS, fields_by_key, roles_of
    from umpire.registry import TrackedGame, default_ruleset, find_ruleset

    rs = find_ruleset(str(case["ruleset"])) if case.get("ruleset") else default_ruleset()
    ruleset = rs.name
    model = case_model(ruleset, str(case.get("procedure")))
    if model is None or ruleset != state.ruleset:
        return case
    units = state.units
    case = {k: (dict(v) if isinstance(v, dict) else v) for k, v in case.items()}
    fields = fields_by_key(model)
    on_table: list[UnitState] = []
    for role in roles_of(model):
        value, info = case.get(role), fields.get(role)
        sub = model_of(info.annotation) if info is not None else None
        if isinstance(value, dict) and sub is not None:
            key = next((f for f in NAME_FIELDS if isinstance(value.get(f), str) and value[f] in units), None)
            if key is not None:
                u = units[value.pop(key)]
                case[role] = {**_as_part(u, set(fields_by_key(sub))), **value}
                on_table.append(u)
        elif isinstance(value, str) and value in units:
            u = units[value]
            case[role] = u.card or u.type or value
            on_table.append(u)
    if len(on_table) == 2 and all(u.placed for u in on_table) and isinstance(rs, TrackedGame):
        from umpire.geometry.game import measure_in_game

        facts = measure_in_game(state, on_table[0].id, on_table[1].id, rs)
        for name, value in (("range", facts["center_distance"] if rs.measures_centres else facts["distance"]),
                            ("distance", facts["distance"]), ("aspect", facts["aspect"]), ("angle", facts["aspect"])):
            if name in fields and name not in case:
                case[name] = round(float(value), 2) if isinstance(value, int | float) else value
        for name, value in rs.table_case(state).items():  # what a case on this table takes from the game
            if name in fields and name not in case:
                case[name] = value
    return case


def warm_up() -> None:
    """Read every table, card and book once, so the first question is as quick as the rest."""
    from umpire.ask.lookup import names_for_completion, procedure_rows, ruling_rows
    from umpire.registry import answering

    for rs in answering():
        rs.warm_up()
    names_for_completion()
    procedure_rows()
    ruling_rows()


def report_error(exc: BaseException) -> None:
    """A line that could not be answered, as one ``Error:`` line (the one-shot commands' words,
    its problems joined: one line typed, one line back); the session goes on."""
    text = str(exc) if isinstance(exc, UmpireError) else f"{type(exc).__name__}: {exc} (a bug in umpire)"
    sys.stdout.flush()
    problems = [line.strip() for line in text.splitlines() if line.strip()]
    sys.stderr.write(f"Error: {visible(clipped(shown('; '.join(dict.fromkeys(problems)) or '(no message)')))}\n")
    sys.stderr.flush()
