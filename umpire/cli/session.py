"""``umpire session``: one process for the evening, answering each question as it is typed.

The tables are read once, at the start; each line is then answered in milliseconds, through the
same functions as the one-shot commands (:func:`umpire.cli.calc.ask` and
:func:`~umpire.cli.calc.print_answer`, the look-ups' :func:`~umpire.cli.lookups.render_rows`), so
the session's answer to ``fire T-80B M1A1 7 side --roll 7`` is, byte for byte, what
``umpire calc fire T-80B M1A1 7 side --roll 7`` prints. At a terminal the line is edited with
prompt_toolkit (history, completion of procedures, fields, names and rulings); from a pipe the
lines are read as they come. A bad line is one ``Error:`` line and the session goes on.

Attached to a game file (``umpire --db FILE session``), a unit id on the table stands for that
unit as it is there (its stat line or card, quality, orders and hits), and a shot between two of
them takes its range and aspect from the table unless given. The game's commands (:data:`PLAYS`:
``move a-1-64 26 22``, ``phase next``, ``undo``...) are played on it: each line is the one-shot
command itself, run in this process (the same checks, words and events), on one game kept open
for the evening, whose state is read again before each line, so what another process wrote
meanwhile is seen, and whose every write goes through the engine's locked transaction. A
question that begins with a word of a game command (``fire``, ``hq``, ``morale``) is asked with
``calc`` before it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

import typer

from umpire.cli.context import holding
from umpire.cli.output import console
from umpire.errors import UmpireError

if TYPE_CHECKING:
    from umpire.ask.calc import CalcAnswer
    from umpire.core.state import GameState
    from umpire.engine import Game

HELP = """\
Ask as 'umpire calc' is asked, without 'umpire calc':
  fire T-80B M1A1 7 side --roll 7        mbt fire M1A1 T-72M1 12 APFSDS       shooter.moved=true
Options of a question: --roll N (repeat), --odds, --json, --ruling NAME=CHOICE, --ruleset NAME.
  odds [QUESTION]        the odds of the last question (or of this one)
  explain [NAME]         how the last question was read, field by field; or what a ruling,
                         procedure, unit or card is
  units|cards|rulings|procedures [QUERY]   look up names, as the one-shot commands do
  fields [RULESET] PROCEDURE   the fields a case may hold
  ruleset NAME           the ruleset for procedures several have (now: {ruleset})
  game basic|advanced    the MBT game for cases that name none (now: {game})
  ruling NAME=CHOICE     switch a ruling for the session; 'ruling NAME=' switches it back;
                         'ruling' lists the session's
  help, quit (or Ctrl-D){plays}"""

PLAYS_HELP = """
On the game file ({db}), the game's commands as 'umpire' takes them, without 'umpire':
  {commands}
  (a question that begins with one of these words: 'calc' before it, e.g. calc fire a-1-64 t80-1)"""

#: The game's commands a session on a game file plays (each as its one-shot command runs).
PLAYS = ("place", "move", "order", "fire", "hq", "morale", "turn", "phase", "undo", "redo", "amend", "status",
         "measure", "log")

_COMMAND: dict[str, Any] = {}  # the click command of the whole 'umpire' app, made once

#: Lines of the history file the arrows recall (the newest).
HISTORY_KEPT = 500

COMMANDS = ("odds", "explain", "units", "cards", "rulings", "procedures", "fields", "ruleset", "game",
            "ruling", "help", "quit", "exit")


@dataclass
class Session:
    """What the session keeps between lines: its choices and the last question."""

    ruleset: str | None = None
    variant: str | None = None  # the MBT game ('basic', 'advanced') set for the session
    rulings: dict[str, dict[str, str]] = field(default_factory=dict)  # by ruleset
    dice: Any = None
    state: GameState | None = None
    last: list[str] | None = None
    last_answer: CalcAnswer | None = None
    #: the game file the session plays on (``--db``), kept open for the evening; its --dice
    game: Game | None = None
    dice_mode: str = "seeded"
    plays: tuple[str, ...] = PLAYS  # the game's commands it plays on a game file
    _file: tuple[int, int] | None = None  # the game file's device and inode when opened
    #: the words a line may begin with beside a question (its completer offers them)
    commands: ClassVar[tuple[str, ...]] = COMMANDS

    # -- one line ---------------------------------------------------------------------------
    def answer(self, line: str) -> bool:
        """Answer one line; False when the session should end.

        :raises UmpireError: for a line that does not read or resolve.
        """
        from umpire.cli.talk import split_line

        words = split_line(line)
        if words and words[0] == "umpire":
            words = words[1:]
        if words and words[0] == "calc":  # a question, whatever its first word
            if words[1:]:
                self._ask(words[1:])
            return True
        if not words:
            return True
        head, rest = words[0].lower(), words[1:]
        if self.game is not None and head in PLAYS:
            self._play(words)
            return True
        if head in ("quit", "exit", "q"):
            return False
        if head in ("help", "?"):
            from umpire.registry import default_ruleset

            plays = "" if self.game is None else PLAYS_HELP.format(db=self.game.path, commands=", ".join(PLAYS))
            console.print(HELP.format(ruleset=self.ruleset or default_ruleset().name,
                                      game=self.variant or "the default", plays=plays),
                          markup=False, highlight=False)
        elif head in ("units", "cards", "rulings", "procedures"):
            self._look_up(head, rest)
        elif head == "fields":
            from umpire.cli.calc import fields_of

            fields_of(rest, self.ruleset, False, where="fields")
        elif head == "ruleset":
            self._set_ruleset(rest)
        elif head == "game":
            self._set_game(rest)
        elif head == "ruling":
            self._set_ruling(rest)
        elif head == "odds":
            self._ask(rest or self._again(), odds=True)
        elif head == "explain":
            self._explain(rest)
        else:
            self._ask(words)
        return True

    def _again(self) -> list[str]:
        if self.last is None or self.last_answer is None:
            raise UmpireError("no question asked yet (ask one, then 'odds')")
        res = self.last_answer.resolution
        words = [w for w in self.last if w != "--odds"]
        if res is not None and res.rolls and "--roll" not in words:  # the same dice, so the same answer
            words += [a for r in res.rolls for v in r.values for a in ("--roll", str(v))]
        return words

    def _ask(self, words: list[str], *, odds: bool = False) -> None:
        from umpire.cli.calc import InSession, ask, print_answer
        from umpire.cli.talk import question_options

        q = question_options(words)
        game = (self.variant, "set for the session") if self.variant else None
        self._read_table()
        fill = self._from_table if self.state is not None else None
        answer = ask(q.words, rolls=q.rolls, odds=odds or q.odds, rulings=q.rulings, ruleset=q.ruleset or self.ruleset,
                     dice=self.dice, session=InSession(game, fill, self.rulings))
        self.last, self.last_answer = words, answer
        print_answer(answer, as_json=q.as_json)

    def _look_up(self, kind: str, rest: list[str]) -> None:
        from umpire.ask.lookup import look_up
        from umpire.cli.lookups import render_rows

        console.print(render_rows(kind, look_up(kind, " ".join(rest) or None, None)))

    def _set_ruleset(self, rest: list[str]) -> None:
        from umpire.registry import RULESETS, find_ruleset

        if len(rest) != 1:
            raise UmpireError(f"ruleset: give one ({' or '.join(rs.name for rs in RULESETS)})")
        self.ruleset = find_ruleset(rest[0]).name
        console.print(f"ruleset: {self.ruleset}", markup=False)

    def _set_game(self, rest: list[str]) -> None:
        from umpire.registry import answering

        games = [v.name for rs in answering() for v in rs.variants]
        if len(rest) != 1 or rest[0].lower() not in games:
            raise UmpireError(f"game: give one of {', '.join(games)}")
        self.variant = rest[0].lower()
        console.print(f"MBT game: {self.variant}", markup=False)

    def _set_ruling(self, rest: list[str]) -> None:
        from umpire.cli.talk import check_ruling

        for item in rest:
            ruleset, name, choice = check_ruling(item, self.ruleset)
            mine = self.rulings.setdefault(ruleset, {})
            if choice:
                mine[name] = choice
            else:
                mine.pop(name, None)
        shown = ", ".join(f"{k}={v}" for rs in sorted(self.rulings) for k, v in sorted(self.rulings[rs].items())
                          ) or "none (every ruling its default)"
        console.print(f"rulings for the session: {shown}", markup=False, soft_wrap=True)

    def _explain(self, rest: list[str]) -> None:
        from umpire.cli.talk import explain_case, explain_name

        if rest:
            explain_name(" ".join(rest), self.ruleset)
            return

        if self.last is None:
            raise UmpireError("no question asked yet (ask one, then 'explain'; or explain NAME)")
        from umpire.cli.talk import question_options

        self._read_table()
        explain_case(question_options(self.last).words, self.ruleset, self._from_table if self.state else None)

    # -- the game's commands ----------------------------------------------------------------
    def _play(self, words: list[str]) -> None:
        """One game command, as ``umpire --db FILE --dice MODE WORDS...`` runs it, on the game
        kept open (its state read again first). A mistake ends it with one ``Error:`` line
        (and SystemExit, which the session's loop takes)."""
        self._same_file()
        assert self.game is not None
        with holding(self.game):
            self.umpire_command().main(args=["--db", str(self.game.path), "--dice", self.dice_mode, *words],
                                  prog_name="umpire", standalone_mode=False)

    @staticmethod
    def umpire_command() -> Any:
        """The click command of the whole ``umpire`` app, made once: the session plays the game's
        commands through it, and its completer reads their options."""
        command = _COMMAND.get("umpire")
        if command is None:
            from typer.main import get_command

            from umpire.cli import app  # lazy: the package makes its app after loading this module

            command = _COMMAND["umpire"] = get_command(app)
        return command

    def _read_table(self) -> None:
        """The table as the game file holds it now (another process may have written it)."""
        if self.game is not None:
            self._same_file()
            self.game.refresh()
            self.state = self.game.state

    def _same_file(self) -> None:
        """The game kept open is the file at its path still: one made anew there since
        (``umpire new --replace``) is opened in its place."""
        from umpire.engine import Game

        assert self.game is not None
        try:
            now = self.game.path.stat()
        except OSError:
            return  # gone: the command says so, in its words
        if self._file is None:
            self._file = (now.st_dev, now.st_ino)
        elif (now.st_dev, now.st_ino) != self._file:
            self.game.close()
            self.game, self._file = Game.open(self.game.path), (now.st_dev, now.st_ino)

    # -- the game on the table --------------------------------------------------------------
    def _from_table(self, case: dict[str, Any]) -> dict[str, Any]:
        from umpire.cli.talk import fill_from_table

        assert self.state is not None
        return fill_from_table(self.state, case)


def session(
    ctx: typer.Context,
    ruleset: str = typer.Option(None, "--ruleset",
                                help="The ruleset for procedures several have (default: the first umpire lists)."),
    game: str = typer.Option(None, "--game", help="basic or advanced: the MBT game for cases that name none."),
    ruling: list[str] = typer.Option(None, "--ruling", help="NAME=CHOICE for the whole session (repeat)."),
) -> None:
    """Answer questions as they are typed, all evening: the tables read once, each answer at once.

    Each line is what you would type after 'umpire calc' (fire T-80B M1A1 7 side --roll 7), or
    odds, explain, a look-up (units abrams), ruleset, game or ruling to set for the session;
    'help' lists them. Tab completes procedures, fields, unit and card names and rulings; the
    arrows recall earlier lines. With --db (before or after 'session') it plays a game file: the
    game's commands (move a-1-64 26 22, phase next, undo...) are typed as after 'umpire', each
    exactly as the one-shot command, and what another command wrote meanwhile is seen; unit ids
    on its table stand for those units in a question, and a shot between two takes its range
    from the table ('calc fire a-1-64 t80-1': 'calc' first where a question begins with a
    command's word). Ctrl-D or 'quit' ends it.
    """
    from umpire.cli.talk import warm_up

    settings = ctx.find_root().obj
    s = Session(dice=settings.dice_for(None))
    try:
        if ruleset:
            s._set_ruleset([ruleset])
        if game:
            s._set_game([game])
        if ruling:
            s._set_ruling(list(ruling))
    except UmpireError as exc:
        raise UmpireError(f"session: {exc}") from None
    root = ctx.find_root()
    source = root.get_parameter_source("db")
    if source is not None and source.name != "DEFAULT":
        from umpire.engine import Game

        s.game, s.dice_mode = Game.open(settings.db), settings.dice
        s._same_file()
        s.state = s.game.state
    warm_up()
    run(s, interactive=sys.stdin.isatty() and sys.stdout.isatty())


def read_line(stream: Any, most: int) -> tuple[str, int]:
    """The next line of ``stream`` (empty at its end) and its length: a line longer than ``most``
    characters is read no further than that and skipped to its end a piece at a time, never held
    whole; the text returned is then empty and the length says what it was."""
    line = stream.readline(most + 1)
    if len(line) <= most or line.endswith("\n"):
        return line, len(line.rstrip("\n"))
    size = len(line)
    while True:
        piece = stream.readline(64 * 1024)
        size += len(piece)
        if not piece or piece.endswith("\n"):
            return "\n", size - (1 if piece.endswith("\n") else 0)


def run(s: Session, *, interactive: bool) -> None:
    """Read and answer lines until the end of input or 'quit'. A line longer than
    :data:`~umpire.schema.limits.MAX_TEXT` characters is refused as it is read, unread."""
    from umpire.cli.talk import report_error
    from umpire.schema.limits import MAX_TEXT

    prompt = _prompter(s) if interactive else None
    while True:
        try:
            if prompt is not None:
                line = prompt()
                size = len(line)
            else:
                line, size = read_line(sys.stdin, MAX_TEXT)
        except EOFError:
            break
        except KeyboardInterrupt:
            continue  # Ctrl-C drops the line being typed, as a shell does
        if prompt is None and not line:
            break
        if size > MAX_TEXT:
            report_error(UmpireError(f"a line of {size:,} characters (at most {MAX_TEXT:,}); it was not read"))
            continue
        try:
            if not s.answer(line.rstrip("\n")):
                break
        except SystemExit:  # a command's own exit (none should): the session goes on
            pass
        except Exception as exc:  # noqa: BLE001  (a user's mistake: one line; a bug: one line too)
            report_error(exc)
        sys.stdout.flush()


def _prompter(s: Session) -> Any:
    """The prompt_toolkit line editor: history kept in the cache folder, completion."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from umpire.cli.session_complete import SessionCompleter
    from umpire.schema.cache import cache_dir

    class RecentHistory(FileHistory):
        """The history file, its last :data:`HISTORY_KEPT` lines recalled: the editor walks every
        line it recalls at each prompt, and a season of evenings is many lines."""

        def load_history_strings(self) -> Any:
            from itertools import islice

            return list(islice(super().load_history_strings(), HISTORY_KEPT))

    folder = cache_dir()
    history: Any = InMemoryHistory()
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            history = RecentHistory(str(folder / "session-history"))
        except OSError:
            pass
    ps: Any = PromptSession(history=history, completer=SessionCompleter(s), complete_while_typing=False)
    # one event loop for the evening: the editor runs on it line after line, rather than a new
    # loop made and closed for every line (what PromptSession.prompt does)
    import asyncio

    loop = asyncio.new_event_loop()

    def ask() -> str:
        return str(loop.run_until_complete(ps.prompt_async("umpire> ")))

    return ask
