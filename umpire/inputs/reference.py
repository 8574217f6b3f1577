"""The reference of every file format umpire reads, generated from the schema: ``umpire
formats [KIND]`` prints it, ``docs/formats.md`` is it (a test keeps the two the same).

Each kind is one table of fields, read off its pydantic model: the field's path in the file
(``sides[].formations[].units[].quality``; ``units.ID.order`` for a mapping by id), what it
accepts, its default, and the field's own description. The formats cannot drift from what
umpire reads: they are what it reads. A calc case is one table per procedure of each ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.ask.fields import FieldLine, field_lines
from umpire.errors import UmpireError
from umpire.inputs.kinds import find_kind, kinds


def reference() -> list[str]:
    """The kinds the reference covers, in the order it gives them: the scenario, the rulesets'
    orders files, a calc case, a season, then the rulesets' other files."""
    every = kinds()
    rulesets = [k for k in every.values() if k.file is not None and not k.file.unlisted]
    return ["scenario", *(k.name for k in rulesets if k.orders), "case", "season",
            *(k.name for k in rulesets if not k.orders)]


@dataclass(frozen=True)
class Section:
    """One format (or one procedure's case): its title, what it is, how it is read, its fields."""

    kind: str
    title: str
    about: str
    command: str
    fields: tuple[FieldLine, ...]


def sections(kind: str | None = None) -> list[Section]:
    """The reference of ``kind`` (every kind if None). :raises UmpireError: for an unknown kind."""
    listed = reference()
    every = kinds()
    names = [find_kind(kind).name if kind != "orders" else "orders"] if kind else listed
    if names == ["orders"]:
        names = [n for n in listed if every[n].orders]
    if names[0] not in listed:
        file = every[names[0]].file
        why = file.unlisted if file is not None else f"{names[0]} is not in the reference"
        raise UmpireError(f"formats: {why} (formats: {', '.join(listed)})")
    out: list[Section] = []
    for name in names:
        k = every[name]
        model = k.model()
        if name == "case":
            out += _cases()
        elif name == "scenario":
            out += _scenarios(k.title, k.command)
        elif model is not None:
            out.append(Section(name, name, k.title, k.command, tuple(field_lines(model, skip=()))))
    return out


def _scenarios(title: str, command: str) -> list[Section]:
    """The scenario every ruleset reads, then what each ruleset's scenario adds to it."""
    from umpire.registry import RULESETS, TrackedGame
    from umpire.schema.scenario import Scenario

    common = tuple(field_lines(Scenario, skip=()))
    out = [Section("scenario", "scenario", title, command, common)]
    paths = {f.path for f in common}
    for rs in RULESETS:
        if not isinstance(rs, TrackedGame):
            continue
        added = tuple(f for f in field_lines(rs.scenario_model(), skip=()) if f.path not in paths)
        if added:
            out.append(Section("scenario", f"scenario: {rs.name}", f"what a scenario of {rs.name} adds ({rs.title})",
                               command, added))
    return out


def _cases() -> list[Section]:
    from umpire.ask.calc import case_model, names_of
    from umpire.registry import RULESETS

    out = []
    for rs in RULESETS:
        for procedure in names_of(rs):
            model = case_model(rs.name, procedure)
            if model is None:
                continue
            out.append(Section(
                "case", f"case: {rs.name} {procedure}", f"a {procedure} case ({rs.title})",
                f"umpire calc {procedure} FILE", (
                    FieldLine("procedure", procedure, None, "the procedure the case is for"),
                    *field_lines(model, skip=()),
                )))
    return out


def markdown(kind: str | None = None) -> str:
    """The reference as Markdown (``docs/formats.md`` is ``markdown()``)."""
    lines = [
        "# File formats",
        "",
        "Generated from the schema by `umpire formats --markdown` (a test keeps this page the same as",
        "what umpire reads): every field of every file umpire reads, what it accepts, its default and",
        "what it is. `umpire check FILE` checks a file against it, and says every problem at once.",
        "A field written `units.ID.order` is a mapping by id (`units: {a-1-64: {order: DA}}`);",
        "`sides[].id` is a field of each item of a list. A fixed choice (`a | b`) is read case-blind,",
        "in British or American spelling (`decentralised`, `armor_mm`).",
        "",
    ]
    for s in sections(kind):
        lines += [f"## {s.title}", "", f"{s.about[:1].upper()}{s.about[1:]}; read by `{s.command}`.", "",
                  "| field | accepts | default | what it is |", "|---|---|---|---|"]
        for f in s.fields:
            default = "required" if f.default is None else (f.default or '""')
            lines.append(f"| `{f.path}` | {_cell(f.accepts)} | {_cell(default)} | {_cell(f.text)} |")
        lines.append("")
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
