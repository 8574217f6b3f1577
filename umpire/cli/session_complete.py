"""Tab completion for ``umpire session``: procedures and commands first, then per word what the
question's next word may be, in the ruleset the line is in (named first, set for the session,
else the first that has the procedure): the unit or card names of that ruleset for a part, the
words a field reads for a choice (``side`` as well as ``flank``), and the words a case model
offers from what was typed (an MBT firer's ammunition, from its card); then fields
(``shooter.moved=``), their choices, and rulings. Words that begin as typed come first; a name
holding the typed letters elsewhere is offered only when none begins so.

Imported only by the session's prompt (prompt_toolkit is never loaded by a one-shot command).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Literal, get_args, get_origin

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

if TYPE_CHECKING:
    from umpire.cli.session import Session

#: Options of a question that take the next word as their value.
VALUED = ("--roll", "--ruling", "--ruleset")
FLAGS = ("--roll", "--odds", "--json", "--ruling")


def _quoted(text: str) -> str:
    return f'"{text}"' if any(c.isspace() for c in text) else text


def _key(text: str) -> str:
    return text.lower().replace('"', "")


class SessionCompleter(Completer):
    """What may come next on a session's line, from the case models and the bundled names."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._names: dict[str | None, list[str]] = {}
        self._rulings: dict[str, list[str]] | None = None
        self._procedures: list[str] | None = None

    def names(self, ruleset: str | None) -> list[str]:
        """The unit and card names of ``ruleset`` (every ruleset's for None), the units on the
        session's table first."""
        if ruleset not in self._names:
            from umpire.ask.lookup import names_for_completion

            names = names_for_completion(ruleset)
            state = self.session.state
            if state is not None and ruleset in (None, state.ruleset):
                names = list(state.units) + names
            self._names[ruleset] = names
        return self._names[ruleset]

    @property
    def rulings(self) -> dict[str, list[str]]:
        if self._rulings is None:
            from umpire.ask.lookup import ruling_rows

            self._rulings = {r["name"]: list(r["choices"]) for r in ruling_rows()}
        return self._rulings

    @property
    def procedures(self) -> list[str]:
        if self._procedures is None:
            from umpire.ask.calc import procedure_names

            self._procedures = list(procedure_names())
        return self._procedures

    def _question(self, words: list[str]) -> tuple[str | None, str | None, list[str]]:
        """(the ruleset, the procedure, the words after it) of a question's words."""
        from umpire.ask.calc import procedure_names
        from umpire.registry import RULESETS, find_ruleset

        ruleset = self.session.ruleset
        if words and any(words[0].lower() in (rs.name, *rs.aliases) for rs in RULESETS):
            ruleset, words = find_ruleset(words[0]).name, words[1:]
        if words and words[0] == "odds":
            words = words[1:]
        if not words:
            return ruleset, None, []
        key = words[0].replace("_", "-")
        every = procedure_names()
        proc = next((p for p in every if p.replace("_", "-") == key), None)
        if proc is None:
            return ruleset, None, []
        owners = every[proc]
        name = ruleset if ruleset in owners else owners[0]
        rest: list[str] = []
        skip = False
        for w in words[1:]:
            if skip:
                skip = False
            elif w.startswith("--"):
                skip = w in VALUED
            else:
                rest.append(w)
        return name, proc, rest

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        from umpire.cli.talk import split_line

        text = document.text_before_cursor
        try:
            words = split_line(text)
        except Exception:  # noqa: BLE001  (an open quote: complete the name inside it)
            words = split_line(text + '"')
        current = "" if not text or text[-1].isspace() else (words.pop() if words else "")
        start = -len(document.get_word_before_cursor(WORD=True)) if current else 0
        for option in self.matches(words, current):
            yield Completion(option, start_position=start)

    def matches(self, words: list[str], current: str) -> list[str]:
        """The options for ``current`` after ``words``, each once: those that begin as typed,
        else (a name typed in part, no ``=``) those that hold it."""
        options = list(dict.fromkeys(self._options(words, current)))
        typed = _key(current)
        begins = [o for o in options if _key(o).startswith(typed)]
        if begins or not typed or "=" in current:
            return begins
        return [o for o in options if typed in _key(o)]

    def _options(self, words: list[str], current: str, question: bool = False) -> Iterable[str]:
        from umpire.registry import RULESETS, answering

        playing = self.session.game is not None and not question  # after 'calc': a question
        if not words:
            return [*(self.session.plays if playing else ()), *self.procedures, *self.session.commands,
                    *(("calc",) if playing else ()), *(rs.name for rs in RULESETS)]
        head = words[-1]
        first = words[0].lower()
        if first == "calc":
            return self._options(words[1:], current, question=True)
        if playing:
            if first in self.session.plays:
                return self._play_options(words, current)
        if head == "--ruling" or first == "ruling":
            return self._ruling_options(current)
        if head == "--ruleset" or first == "ruleset":
            return [rs.name for rs in RULESETS]
        if first == "game":
            return [v.name for rs in answering() for v in rs.variants]
        if first == "explain":
            return [*self.rulings, *self.procedures, *(_quoted(n) for n in self.names(self.session.ruleset))]
        if first in ("units", "cards"):
            return [_quoted(n) for n in self.names(None)]
        if first == "rulings":
            return list(self.rulings)
        if first == "fields":
            return [*self.procedures, *(rs.name for rs in RULESETS)] if len(words) == 1 else self.procedures
        if len(words) == 1 and any(first == rs.name for rs in RULESETS):
            return self.procedures
        ruleset, proc, rest = self._question(words)
        if proc is None or ruleset is None:
            return []
        from umpire.ask.calc import case_model

        model = case_model(ruleset, proc)
        if model is None:
            return []
        if "=" in current:
            return self._values(model, current, ruleset)
        from umpire.ask.fields import field_lines
        from umpire.ask.line import read_so_far

        case, left = read_so_far(model, rest)
        nexts: list[str] = []
        for slot in left:
            nexts += self._slot_words(model, slot, case, ruleset)
        keys = [f"{f.path}=" for f in field_lines(model) if "[]" not in f.path and f.path != "dice"]
        return [*nexts, *keys, *FLAGS]

    def _play_options(self, words: list[str], current: str) -> list[str]:
        """What a game command's next word may be: its subcommands, the ids on the table (the
        battalions first for ``hq`` and ``morale``; terrain pieces too where a spot is read:
        ``--at``, ``--contact``, ``measure``), and its options, from the command itself."""
        command = _command(self.session.umpire_command(), words)
        subcommands = getattr(command, "commands", None)
        if isinstance(subcommands, dict):
            return sorted(subcommands)
        state = self.session.state
        units = list(state.units) if state is not None else []
        terrain = [t.id for t in state.terrain] if state is not None else []
        formations = [f.id for f in state.formations] if state is not None else []
        options = [o for p in getattr(command, "params", ()) for o in getattr(p, "opts", ()) if o.startswith("--")]
        first, head = words[0].lower(), words[-1]
        if head in ("--at", "--contact", "--direction"):
            return [*units, *terrain]
        if head.startswith("--"):
            return []
        if first in ("hq", "morale"):
            return [*formations, *options]
        if first == "measure":
            return [*units, *terrain, *options]
        return [*units, *options]

    def _slot_words(self, model: Any, slot: str, case: dict[str, Any], ruleset: str) -> list[str]:
        """What positional word ``slot`` takes: a part's names, a choice's words, or the words
        the case model offers from the case so far."""
        from umpire.ask.fields import model_of
        from umpire.ask.line import NAME_FIELDS, slot_type

        offered = getattr(model, "offered", None)
        if callable(offered):
            words = offered(slot, case)
            if words is not None:
                return [_quoted(w) for w in words]
        annotation, metadata = slot_type(model, slot)
        part = model_of(annotation) if annotation is not None else None
        named = set(part.model_fields) & {*NAME_FIELDS, "statline"} if part is not None else set()
        if named or slot.split(".")[-1] in NAME_FIELDS:
            return [_quoted(n) for n in self.names(ruleset)]
        return _literal_words(annotation, metadata)

    def _ruling_options(self, current: str) -> list[str]:
        name, sep, _ = current.partition("=")
        if sep and name in self.rulings:
            return [f"{name}={c}" for c in self.rulings[name]]
        return [f"{n}=" for n in self.rulings]

    def _values(self, model: Any, current: str, ruleset: str) -> list[str]:
        from umpire.ask.fields import model_of
        from umpire.ask.line import NAME_FIELDS, slot_type, walk_key

        key = current.partition("=")[0]
        if key == "rulings" or key.startswith("rulings."):
            return [f"rulings.{n}={c}" for n, cs in self.rulings.items() for c in cs]
        _, annotation = walk_key(model, key)
        leaf = key.split(".")[-1]
        if leaf in (*NAME_FIELDS, "statline") or (annotation is not None and model_of(annotation) is not None):
            return [f"{key}={_quoted(n)}" for n in self.names(ruleset)]
        return [f"{key}={w}" for w in _literal_words(*slot_type(model, key))]


def _command(command: Any, words: list[str]) -> Any:
    """The click command ``words`` name under ``command`` (the ``umpire`` app's): a group for
    ``turn``, ``phase`` alone; its subcommand once named."""
    for w in words:
        subs = getattr(command, "commands", None)
        if not isinstance(subs, dict) or w not in subs:
            break
        command = subs[w]
    return command


def _literal_words(annotation: Any, metadata: Iterable[Any] = ()) -> list[str]:
    """The words a field of named choices reads: its choices, and the other words its reader
    takes (``side`` for ``flank``), a plural left out where its word is there."""
    from umpire.ask.fields import members
    from umpire.rules.vocab import WordReader

    out: list[str] = []
    for m in members(annotation) if annotation is not None else []:
        if get_origin(m) is Literal:
            out += [str(a) for a in get_args(m)]
        elif m is bool:
            out += ["true", "false"]
    for meta in [*metadata, *getattr(annotation, "__metadata__", ())]:
        reader = getattr(meta, "func", None)
        if isinstance(reader, WordReader):
            out += list(reader.words)
    return [w for w in dict.fromkeys(out) if not (w.endswith("s") and w[:-1] in out)]
