"""Tab completion for ``umpire session``: procedures and commands first, then per word the
question's fields (``shooter.moved=``), their choices, unit and card names, and rulings.

Imported only by the session's prompt (prompt_toolkit is never loaded by a one-shot command).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal, get_args, get_origin

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

if TYPE_CHECKING:
    from umpire.cli.session import Session


def _quoted(text: str) -> str:
    return f'"{text}"' if any(c.isspace() for c in text) else text


class SessionCompleter(Completer):
    """What may come next on a session's line, from the case models and the bundled names."""

    def __init__(self, session: Session) -> None:
        self.session = session

    @cached_property
    def names(self) -> list[str]:
        from umpire.ask.lookup import names_for_completion

        names = names_for_completion()
        if self.session.state is not None:  # the units on the table, by id, first
            names = list(self.session.state.units) + names
        return names

    @cached_property
    def rulings(self) -> dict[str, list[str]]:
        from umpire.ask.lookup import ruling_rows

        return {r["name"]: list(r["choices"]) for r in ruling_rows()}

    @cached_property
    def procedures(self) -> list[str]:
        from umpire.ask.calc import procedure_names

        return list(procedure_names())

    def _model(self, words: list[str]) -> Any:
        from umpire.ask.calc import case_model, procedure_names
        from umpire.registry import RULESETS, find_ruleset

        ruleset = self.session.ruleset
        if words and any(words[0].lower() in (rs.name, *rs.aliases) for rs in RULESETS):
            ruleset, words = find_ruleset(words[0]).name, words[1:]
        if words and words[0] == "odds":
            words = words[1:]
        if not words:
            return None
        key = words[0].replace("_", "-")
        every = procedure_names()
        proc = next((p for p in every if p.replace("_", "-") == key), None)
        if proc is None:
            return None
        owners = every[proc]
        name = ruleset if ruleset in owners else owners[0]  # the first registered of those that have it
        return case_model(name, proc)

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        from umpire.cli.talk import split_line

        text = document.text_before_cursor
        try:
            words = split_line(text)
        except Exception:  # noqa: BLE001  (an open quote: complete the name inside it)
            words = split_line(text + '"')
        current = "" if not text or text[-1].isspace() else (words.pop() if words else "")
        start = -len(document.get_word_before_cursor(WORD=True)) if current else 0
        for option in self._options(words, current):
            if option.lower().replace('"', "").startswith(current.lower().replace('"', "")) or (
                    "=" not in current and current and current.lower() in option.lower()):
                yield Completion(option, start_position=start)

    def _options(self, words: list[str], current: str) -> Iterable[str]:
        from umpire.cli.session import COMMANDS
        from umpire.registry import RULESETS, answering

        if not words:
            return [*self.procedures, *COMMANDS, *(rs.name for rs in RULESETS)]
        head = words[-1]
        first = words[0].lower()
        if head in ("--ruling",) or first == "ruling":
            return self._ruling_options(current)
        if first in ("ruleset",):
            return [rs.name for rs in RULESETS]
        if first == "game":
            return [v.name for rs in answering() for v in rs.variants]
        if first == "explain":
            return [*self.rulings, *self.procedures, *(_quoted(n) for n in self.names)]
        if first in ("units", "cards"):
            return [_quoted(n) for n in self.names]
        if first == "rulings":
            return list(self.rulings)
        if first == "fields":
            return self.procedures
        if len(words) == 1 and any(first == rs.name for rs in RULESETS):
            return self.procedures
        model = self._model(words)
        if model is None:
            return []
        if "=" in current:
            return self._values(model, current)
        from umpire.ask.fields import field_lines

        keys = [f"{f.path}=" for f in field_lines(model) if "[]" not in f.path and f.path != "dice"]
        return [*(_quoted(n) for n in self.names), *self._choices(model), *keys,
                "--roll", "--odds", "--json", "--ruling"]

    def _ruling_options(self, current: str) -> list[str]:
        name, sep, _ = current.partition("=")
        if sep and name in self.rulings:
            return [f"{name}={c}" for c in self.rulings[name]]
        return [f"{n}=" for n in self.rulings]

    def _choices(self, model: Any) -> list[str]:
        """The named choices of the question's positional words (``side``, ``atgm``...)."""
        from umpire.ask.line import _walk, words_of

        out: list[str] = []
        for slot in words_of(model):
            out += _literal_words(_walk(model, slot)[1])
        return out

    def _values(self, model: Any, current: str) -> list[str]:
        from umpire.ask.line import NAME_FIELDS, _walk

        key = current.partition("=")[0]
        if key == "rulings" or key.startswith("rulings."):
            return [f"rulings.{n}={c}" for n, cs in self.rulings.items() for c in cs]
        _, annotation = _walk(model, key)
        leaf = key.split(".")[-1]
        from umpire.ask.fields import model_of

        if leaf in (*NAME_FIELDS, "statline") or (annotation is not None and model_of(annotation) is not None):
            return [f"{key}={_quoted(n)}" for n in self.names]
        return [f"{key}={w}" for w in _literal_words(annotation)]


def _literal_words(annotation: Any) -> list[str]:
    from umpire.ask.fields import members

    out: list[str] = []
    for m in members(annotation) if annotation is not None else []:
        if get_origin(m) is Literal:
            out += [str(a) for a in get_args(m)]
        elif m is bool:
            out += ["true", "false"]
    return out
