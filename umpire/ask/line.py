"""A calc case in one line, in the words said at the table, read onto the procedure's case model.

``umpire calc fire shooter=T-80B target=M1 range=7" aspect=side`` and ``umpire calc fire T-80B
M1A1 7 side`` build the same case dict a case file gives; the dispatcher then validates it the
same way, so both give the same answer. The grammar is generic over the case models:

- ``key=value`` sets a field; a dotted key reaches into a part of the case
  (``shooter.moved=true``, ``target.terrain=woods``); ``route[1].inches=3`` into an item of a
  list; under a mapping field the rest of the key is one name (``rulings.fire.flank_rear_shift_direction=literal``).
- A value is read as the case file would read it (``true``, ``7``, ``{rating: 3}``), except that a
  field of text or named choices keeps the word as typed; ``a,b`` is a list where the field takes one.
- Words without ``=`` fill the procedure's positional words, declared on its case model as
  ``words`` (a ClassVar): each goes to the first one not yet given that takes it, so a range and
  an aspect may come in either order. A positional word naming a part of the case (``shooter``)
  goes to that part's name field (``unit`` or ``card``; a stat line, text with ``|``, to
  ``statline``); one naming a list (``attackers``) takes every word left that fits it.
- A model without ``words`` gets its required fields, in order.

The answer opens with what the case named: the acting parts (``roles``, a ClassVar; else every
part with a name field), each as the ruleset read it (:func:`opening`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic_core import PydanticUndefined

from umpire.ask.fields import accepts_words, members, model_of
from umpire.errors import DataError, said

#: Where a word naming a stand or a card goes in a part of a case.
NAME_FIELDS = ("unit", "card")
#: What a case file's name ends with (``umpire calc FILE``).
FILE_SUFFIXES = (".yaml", ".yml", ".json")

_INDEX = re.compile(r"^([^\[\]]+)\[(\d+)\]$")


def is_case_file(word: str) -> bool:
    """A word that names a case file rather than a word of the one-line form."""
    return word == "-" or ("=" not in word and word.lower().endswith(FILE_SUFFIXES))


# --- the fields of a model ------------------------------------------------------------------


def fields_by_key(model: type[BaseModel]) -> dict[str, Any]:
    """The model's fields by the key a case gives them (their alias, else their name)."""
    return {info.alias or name: info for name, info in model.model_fields.items()}


def _list_item(annotation: Any) -> Any:
    """The item type of the list (or pair) a field takes, if it takes one."""
    for m in members(annotation):
        if get_origin(m) in (list, tuple):
            return get_args(m)[0]
    return None


def _is_dict(annotation: Any) -> bool:
    return any(get_origin(m) is dict for m in members(annotation))


def words_of(model: type[BaseModel]) -> tuple[str, ...]:
    """The positional words of ``model``'s one-line form: its ``words``, else its required
    fields (a part's required name field for a part)."""
    declared = getattr(model, "words", None)
    if isinstance(declared, tuple):
        return declared
    return tuple(
        key for key, info in fields_by_key(model).items()
        if info.is_required() and key not in ("ruleset", "procedure")
    )


def roles_of(model: type[BaseModel]) -> tuple[str, ...]:
    """The acting parts of a case (``shooter``, ``target``), named first in its answer."""
    declared = getattr(model, "roles", None)
    if isinstance(declared, tuple):
        return declared
    out = []
    for key, info in fields_by_key(model).items():
        sub = model_of(info.annotation)
        if key in NAME_FIELDS or (sub is not None and (set(sub.model_fields) & {*NAME_FIELDS, "statline"})):
            out.append(key)
    return tuple(out)


def form(model: type[BaseModel]) -> str:
    """The positional form as help shows it: ``SHOOTER TARGET RANGE ASPECT WEAPON``."""
    return " ".join(w.upper() + ("..." if _greedy(model, w) else "") for w in words_of(model))


def walk_key(model: type[BaseModel] | None, key: str) -> tuple[list[str | int], Any]:
    """``key`` as a path of keys and list indexes, and the annotation of the field it names
    (None where the model does not say)."""
    parts: list[str | int] = []
    annotation: Any = None
    segments = key.split(".")
    i = 0
    while i < len(segments):
        seg = segments[i]
        m = _INDEX.match(seg)
        name, index = (m.group(1), int(m.group(2))) if m else (seg, None)
        parts.append(name)
        info = fields_by_key(model).get(name) if model is not None else None
        annotation = info.annotation if info is not None else None
        if index is not None:
            parts.append(index)
            annotation = _list_item(annotation) if annotation is not None else None
        if annotation is not None and _is_dict(annotation) and model_of(annotation) is None and i + 1 < len(segments):
            parts.append(".".join(segments[i + 1:]))  # a mapping's key is one name, dots and all
            return parts, None
        model = model_of(annotation) if annotation is not None else None
        i += 1
    return parts, annotation


# --- values ---------------------------------------------------------------------------------


def _scalar(text: str, where: str) -> Any:
    from umpire.schema.reader import parse_yaml

    return parse_yaml(text, where) if text.strip() else ""


def _text_field(annotation: Any) -> bool:
    """A field that takes text or named choices and no number or true/false."""
    texts = numbers = False
    for m in members(annotation):
        if get_origin(m) in (list, tuple):
            m = _list_item(m)
        if m is str:
            texts = True
        elif get_origin(m) is Literal:
            for a in get_args(m):
                texts |= isinstance(a, str)
                numbers |= not isinstance(a, str)
        elif m in (bool, int, float):
            numbers = True
    return texts and not numbers


def value_for(annotation: Any, text: str, where: str) -> Any:
    """``text`` typed as the field it goes to expects (see the module's description)."""
    item = _list_item(annotation) if annotation is not None else None
    if item is not None and model_of(item) is None and ("," in text or not _takes_one(annotation)):
        return [value_for(item, part.strip(), where) for part in text.split(",") if part.strip()]
    if annotation is not None and _text_field(annotation):
        return text
    return _scalar(text, where)


def _takes_one(annotation: Any) -> bool:
    return any(get_origin(m) not in (list, tuple) for m in members(annotation))


# --- building the case ----------------------------------------------------------------------


def _put(case: dict[str, Any], parts: list[str | int], value: Any, key: str, *, more: bool = False) -> None:
    """Set ``value`` at ``parts``; ``more``: a list slot growing word by word."""
    cur: Any = case
    for here, nxt in zip(parts, parts[1:], strict=False):
        if isinstance(here, int):
            while len(cur) <= here:
                cur.append({})
            cur = cur[here]
            continue
        if here not in cur or not isinstance(cur[here], dict | list):
            cur[here] = [] if isinstance(nxt, int) else {}
        cur = cur[here]
    last = parts[-1]
    if isinstance(last, int):
        while len(cur) <= last:
            cur.append({})
        cur[last] = value
    elif isinstance(cur, dict):
        if last in cur and not isinstance(cur[last], dict) and not more:
            raise DataError(f"line: {key}: given twice")
        cur[last] = value
    else:
        raise DataError(f"line: {key}: not a field of a mapping")


def _greedy(model: type[BaseModel], slot: str) -> bool:
    _, annotation = walk_key(model, slot)
    return annotation is not None and _list_item(annotation) is not None and not _takes_one(annotation)


def _name_field(sub: type[BaseModel], word: str) -> str:
    fields = fields_by_key(sub)
    if "|" in word and "statline" in fields:
        return "statline"
    for f in NAME_FIELDS:
        if f in fields:
            return f
    return next((k for k, i in fields.items() if i.is_required()), next(iter(fields)))


def _placed(model: type[BaseModel], slot: str, word: str, where: str) -> tuple[list[str | int], Any, str | None]:
    """Where a positional ``word`` for ``slot`` goes and as what value (a list slot: the items
    to add); and why it does not fit there (None: it fits; "": it is not that kind of word; else
    what is wrong with it there: ``cannot be negative``)."""
    parts, annotation = walk_key(model, slot)
    if annotation is None:
        return parts, _scalar(word, where), None
    item = _list_item(annotation)
    if item is not None and not _takes_one(annotation):
        part = model_of(item)
        reader = getattr(part, "read_said", None)
        if callable(reader):  # the word is the part, as said: woods:3
            try:
                return parts, [reader(word)], None
            except ValueError as exc:
                return parts, [], str(exc) if ":" in word else ""
        if part is not None:  # one more part named by the word: attackers T-80B T-72
            name = _name_field(part, word)
            return parts, [{name: value_for(fields_by_key(part)[name].annotation, word, where)}], None
        items = [value_for(item, w.strip(), where) for w in word.split(",") if w.strip()]
        return parts, items, _misfit(model, parts, items) if items else ""
    sub = model_of(annotation)
    if sub is not None:  # a part named by the word: checked with the case
        return [*parts, _name_field(sub, word)], word, None
    value = value_for(annotation, word, where)
    return parts, value, _misfit(model, parts, value)


#: What a bound a value breaks says of it.
_BOUNDS = {"greater_than_equal": ("ge", "at least"), "greater_than": ("gt", "more than"),
           "less_than_equal": ("le", "at most"), "less_than": ("lt", "less than")}


def _misfit(model: type[BaseModel], parts: list[str | int], value: Any) -> str | None:
    """Why ``value`` does not pass the field at ``parts`` (its own validation, nothing else):
    None when it does, "" when it is not a value of that kind, else what is wrong with it (a
    number beyond the field's bounds: ``cannot be negative``)."""
    parent: type[BaseModel] | None = model
    for p in parts[:-1]:
        if isinstance(p, int) or parent is None:
            continue
        info = fields_by_key(parent).get(p)
        parent = model_of(info.annotation) if info is not None else None
    leaf = parts[-1]
    if parent is None or isinstance(leaf, int):
        return None
    try:
        parent.model_validate({leaf: value})
    except ValidationError as exc:
        errors = [e for e in exc.errors() if e["loc"][:1] == (leaf,) and e["type"] != "missing"]
        if not errors:
            return None
        bound = next((e for e in errors if e["type"] in _BOUNDS), None)
        if bound is None:
            return ""
        key, words = _BOUNDS[bound["type"]]
        limit = (bound.get("ctx") or {}).get(key)
        if key == "ge" and limit == 0:
            return "cannot be negative (allowed: 0 or more)"
        return f"out of range (allowed: {words} {said(limit)})"
    return None


def _takes(model: type[BaseModel], slot: str) -> str:
    """What a positional word takes, as ``calc fields`` says it (``front | flank | rear``)."""
    head, _, leaf = slot.rpartition(".")
    parent: Any = model
    if head:
        _, annotation = walk_key(model, head)
        parent = model_of(annotation) if annotation is not None else None
    info = fields_by_key(parent).get(leaf) if parent is not None else None
    if info is None:
        return "a value"
    part = model_of(info.annotation)
    if part is not None and set(part.model_fields) & {*NAME_FIELDS, "statline"}:
        return "a unit or card name"
    if part is not None and getattr(part, "read_said", None) is not None:
        return (part.__doc__ or "").split(":")[-1].strip().rstrip(".") or "a part"
    return accepts_words(info.annotation, info)


def read_line(model: type[BaseModel], words: Sequence[str], where: str = "line") -> dict[str, Any]:
    """The case ``words`` describe (without its ``ruleset`` and ``procedure``).

    :raises DataError: for a word that fits no positional word left, or a key given twice.
    """
    case: dict[str, Any] = {}
    loose: list[str] = []
    for word in words:
        key, sep, text = word.partition("=")
        if not sep or not key.strip():
            loose.append(word)
            continue
        key = key.strip()
        parts, value = _keyed(model, key, text.strip(), where)
        _put(case, parts, value, key)
    slots = list(words_of(model))
    filled: set[str] = {s for s in slots if _given(model, case, s)}
    for word in loose:
        near: list[tuple[str, str]] = []
        for slot in slots:
            greedy = _greedy(model, slot)
            if slot in filled and not greedy:
                continue
            parts, value, why = _placed(model, slot, word, f"{where}: {slot}")
            if why is not None:
                if why:
                    near.append((slot, why))
                continue
            if near and _text_field(walk_key(model, slot)[1]):  # -5: a range out of bounds, not a word
                raise DataError(f"{where}: {near[0][0]} {word}: {near[0][1]}")
            if greedy:
                _put(case, parts, _merged(list(_get(case, parts, [])), value), slot, more=True)
            else:
                _put(case, parts, value, slot)
            filled.add(slot)
            break
        else:
            if near:  # a word of the kind a word left takes, but not a value it allows: say so
                slot, why = near[0]
                raise DataError(f"{where}: {slot} {word}: {why}")
            left = [s for s in slots if s not in filled or _greedy(model, s)]
            allowed = "; ".join(f"{s}: {_takes(model, s)}" for s in left) if left else "none left"
            raise DataError(
                f"{where}: {word!r}: fits none of the words left ({allowed}); or give it as FIELD=VALUE "
                f"(umpire calc fields {where.split(': ')[0]})"
            )
    return case


def _keyed(model: type[BaseModel], key: str, text: str, where: str) -> tuple[list[Any], Any]:
    """Where a KEY=VALUE word goes in the case and what it puts there: a part named
    (shooter=T-80B), items of a list named (one, or several by commas), or a value read.

    :raises DataError: for a value that does not read.
    """
    parts, annotation = walk_key(model, key)
    part = model_of(annotation) if annotation is not None else None
    if part is None or text.startswith(("{", "[")):
        return parts, value_for(annotation, text, f"{where}: {key}")
    if _list_item(annotation) is None or _takes_one(annotation):  # shooter=T-80B: the part's name
        return [*parts, _name_field(part, text)], text
    reader = getattr(part, "read_said", None)
    try:
        return parts, [reader(t) if callable(reader) else {_name_field(part, t): t}
                       for t in (x.strip() for x in text.split(",")) if t]
    except ValueError as exc:
        raise DataError(f"{where}: {key}: {exc}") from None


def _merged(items: list[Any], value: list[Any]) -> list[Any]:
    """A greedy word's items added to those already given: an item given by key
    (route[1].inches=2) is filled, not passed."""
    for v in value:
        gap = next((i for i, it in enumerate(items) if isinstance(v, dict) and isinstance(it, dict)
                    and not set(v) & set(it)), None)
        if gap is None:
            items.append(v)
        else:
            items[gap] = {**v, **items[gap]}
    return items


MISSING = ": missing field (required)"


def one_line(message: str, model: type[BaseModel], procedure: str) -> str:
    """A question's problems as one line, as a line typed at the table gets one answer: the
    words it still needs named together, with its one-line form (``fire: give SHOOTER, TARGET
    and RANGE (fire SHOOTER TARGET RANGE ASPECT WEAPON)``), then the other problems, each once.

    >>> from umpire.rules.auftragstaktik.cases import FireCase
    >>> problems = "case: shooter: missing field (required)", "case: target: missing field (required)"
    >>> one_line("\\n".join(problems), FireCase, "fire")
    'case: fire: give SHOOTER and TARGET (fire SHOOTER TARGET RANGE ASPECT WEAPON; umpire calc fields fire)'
    """
    lines = list(dict.fromkeys(line.removeprefix("case: ").removeprefix("(top level): ")
                               for line in message.splitlines() if line.strip()))
    missing = [line.removesuffix(MISSING).upper() for line in lines if line.endswith(MISSING)]
    rest = [line for line in lines if not line.endswith(MISSING)]
    parts = []
    if missing:
        names = missing[0] if len(missing) == 1 else f"{', '.join(missing[:-1])} and {missing[-1]}"
        parts.append(f"{procedure}: give {names} ({procedure} {form(model)}; umpire calc fields {procedure})")
    return "case: " + "; ".join(parts + rest)


def read_so_far(model: type[BaseModel], words: Sequence[str]) -> tuple[dict[str, Any], list[str]]:
    """What the words typed so far make of a case, and the positional words still open (a list
    word stays open): what the next word may be. Words that do not read leave every word open.
    """
    try:
        case = read_line(model, words)
    except DataError:
        return {}, list(words_of(model))
    return case, [s for s in words_of(model) if _greedy(model, s) or not _given(model, case, s)]


def slot_type(model: type[BaseModel], slot: str) -> tuple[Any, list[Any]]:
    """The annotation of the field a positional word ``slot`` fills (None if the model does not
    say), and the field's metadata (its readers: pydantic keeps them apart from the annotation)."""
    head, _, leaf = slot.rpartition(".")
    parent: Any = model
    if head:
        _, annotation = walk_key(model, head)
        parent = model_of(annotation) if annotation is not None else None
    info = fields_by_key(parent).get(leaf) if parent is not None else None
    return (info.annotation, list(info.metadata)) if info is not None else (None, [])


def _get(case: dict[str, Any], parts: list[str | int], default: Any) -> Any:
    cur: Any = case
    for p in parts:
        try:
            cur = cur[p]
        except (KeyError, IndexError, TypeError):
            return default
    return cur


def _given(model: type[BaseModel], case: dict[str, Any], slot: str) -> bool:
    """Whether a key=value word already gave what positional ``slot`` stands for (for a part:
    its name or stat line)."""
    parts, annotation = walk_key(model, slot)
    sub = model_of(annotation) if annotation is not None else None
    if sub is not None and _takes_one(annotation):
        return any(_present(case, [*parts, f]) for f in (*NAME_FIELDS, "statline") if f in fields_by_key(sub))
    return _present(case, parts)


def _present(case: dict[str, Any], parts: list[str | int]) -> bool:
    return _get(case, parts, PydanticUndefined) is not PydanticUndefined


# --- what the answer opens with -------------------------------------------------------------

#: ``read_name(text) -> (the name read, whether the text was that name as such)``, or None
#: when the ruleset knows no unit or card by that text.
NameReader = Callable[[str], "tuple[str, bool] | None"]


def _role(value: Any, read_name: NameReader, role: str = "") -> tuple[str, str | None]:
    """(what a part of the case was read as, the text typed when it was read as something else)."""
    if isinstance(value, list):
        parts = [_role(v, read_name, role) for v in value]
        return " + ".join(p[0] for p in parts), None
    if isinstance(value, dict):
        for f in NAME_FIELDS:
            if isinstance(value.get(f), str):
                return _role(value[f], read_name, role)
        if isinstance(value.get("statline"), str):
            name = value.get("name")
            head = " | ".join(p.strip() for p in value["statline"].split("|")[:3])
            return (str(name) if name else f"stat line {head}"), None
        at = value.get("at")
        if isinstance(at, list | tuple) and len(at) == 2:
            return f"({at[0]:g}, {at[1]:g})" if all(isinstance(v, int | float) for v in at) else str(at), None
        facts = ", ".join(f"{k} {said(v)}" for k, v in value.items())
        return (f"{role} ({facts})" if role and facts else facts or role or "-"), None
    text = str(value)
    found = read_name(text) if isinstance(value, str) else None
    if found is None:
        return text, None
    name, exact = found
    return name, None if exact else text


def opening(model: type[BaseModel], case: dict[str, Any], checked: BaseModel | None,
            read_name: NameReader, procedure: str) -> dict[str, Any]:
    """What an answer opens with: the acting parts as read (``T-80B Company -> M1A1 Company
    ('Abrams' read as M1A1 Company)``), or, for a case with none, the facts its positional
    words name (``entrench: level hasty, quality regular, stand troop``)."""
    roles = [r for r in roles_of(model) if r in case]
    read: list[dict[str, Any]] = []
    for r in roles:
        name, typed = _role(case[r], read_name, r)
        read.append({"role": r, "read_as": name, **({"typed": typed} if typed is not None else {})})
    if read:
        line = " -> ".join(x["read_as"] for x in read)
        notes = [f"{x['typed']!r} read as {x['read_as']}" for x in read if "typed" in x]
        if notes:
            line += " (" + "; ".join(notes) + ")"
        return {"line": line, "roles": read}
    facts = []
    for slot in words_of(model):
        value: Any = checked
        for p in slot.split("."):
            value = getattr(value, p, None) if isinstance(value, BaseModel) else (
                value.get(p) if isinstance(value, dict) else None)
        if value is not None and not isinstance(value, BaseModel | dict | list):
            facts.append((slot if value else f"not {slot}") if isinstance(value, bool) else f"{slot} {said(value)}")
    return {"line": f"{procedure}: " + (", ".join(facts) or "as given"), "roles": []}
