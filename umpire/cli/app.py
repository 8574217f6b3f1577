"""The Typer application class every command group uses.

:class:`UmpireGroup` runs click in non-standalone mode so that every user mistake, whether it is
an :class:`~umpire.errors.UmpireError` from the library or a click usage error (a facing that is
not a number), ends as one ``Error:`` line on stderr and exit status 2, and never a traceback.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar

import typer
from typer.core import TyperGroup

from umpire.cli.output import fail
from umpire.errors import UmpireError


def _click_exception_modules() -> list[ModuleType]:
    # Newer Typer releases carry their own copy of click (typer._click) and raise its errors;
    # older ones use the click package. Only the one in use is imported (click costs time).
    for name in ("typer._click.exceptions", "click.exceptions"):
        try:
            return [importlib.import_module(name)]
        except ImportError:
            continue
    return []


_CLICK = _click_exception_modules()
_CLICK_ERRORS = tuple(m.ClickException for m in _CLICK)
_NO_ARGS = tuple(m.NoArgsIsHelpError for m in _CLICK if hasattr(m, "NoArgsIsHelpError"))
_ABORT = (typer.Abort, *(m.Abort for m in _CLICK if hasattr(m, "Abort")))


class UmpireGroup(TyperGroup):
    def main(  # type: ignore[override]
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            rv = super().main(
                args=args, prog_name=prog_name, complete_var=complete_var,
                standalone_mode=False, **extra,
            )
        except UmpireError as exc:
            fail(str(exc))
        except _NO_ARGS as exc:
            # the help was worked out (and, in rich mode, printed) when the error was made
            text = exc.format_message()
            if text:
                typer.echo(text)
            raise SystemExit(0) from None
        except _CLICK_ERRORS as exc:
            ctx = getattr(exc, "ctx", None)
            where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            fail(exc.format_message().replace("\n", " ") + where)
        except _ABORT:
            sys.stderr.write("Aborted.\n")
            raise SystemExit(1) from None
        code = rv if isinstance(rv, int) else 0
        if standalone_mode:
            raise SystemExit(code)
        return rv


def hoist_global(args: list[str], option: str = "--db") -> list[str]:
    """Move ``option VALUE`` (or ``option=VALUE``) given after the command to the front, so a
    global option works wherever it is typed (``umpire new SCENARIO --db g.db``). Nothing after
    a ``--`` is touched.

    >>> hoist_global(["new", "hof", "--db", "g.db"])
    ['--db', 'g.db', 'new', 'hof']
    >>> hoist_global(["status", "--db=g.db", "--json"])
    ['--db=g.db', 'status', '--json']
    """
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            rest += args[i:]
            break
        if a == option and i + 1 < len(args):
            front += args[i : i + 2]
            i += 2
            continue
        if a.startswith(option + "="):
            front.append(a)
        else:
            rest.append(a)
        i += 1
    return front + rest


class RootGroup(UmpireGroup):
    """The ``umpire`` command itself: ``--db`` is taken before or after the game command."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return super().parse_args(ctx, hoist_global(list(args)))


F = TypeVar("F", bound=Callable[..., Any])


def reflow(text: str) -> str:
    r"""Help text as the terminal should wrap it: each paragraph of a docstring on one line, and
    each list item ("- ...") on a line of its own. Typer's rich help keeps every line break of
    a docstring, so a paragraph wrapped in the source would show broken at the source's width.

    >>> reflow("Take back the last action,\n    or the last amendment.\n\n    - one\n      item\n    - two")
    'Take back the last action, or the last amendment.\n\n- one item\n- two'
    """
    paragraphs = []
    for para in inspect.cleandoc(text).split("\n\n"):
        lines: list[str] = []
        for line in para.splitlines():
            line = line.strip()
            if lines and not line.startswith("- "):
                lines[-1] += " " + line
            else:
                lines.append(line)
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


class UmpireTyper(typer.Typer):
    """A Typer app whose commands' help is their docstring reflowed (:func:`reflow`)."""

    def command(self, name: str | None = None, **kwargs: Any) -> Callable[[F], F]:
        parent = super().command

        def register(fn: F) -> F:
            if kwargs.get("help") is None and fn.__doc__:
                kwargs["help"] = reflow(fn.__doc__)
            return parent(name, **kwargs)(fn)

        return register


def new_app(help_text: str, *, cls: type[UmpireGroup] = UmpireGroup, **kwargs: Any) -> typer.Typer:
    """A Typer app (one per command group) with umpire's defaults."""
    settings = {"help_option_names": ["-h", "--help"], **kwargs.pop("context_settings", {})}
    return UmpireTyper(
        help=reflow(help_text),
        cls=cls,
        no_args_is_help=True,
        add_completion=kwargs.pop("add_completion", False),
        context_settings=settings,
        pretty_exceptions_show_locals=False,
        rich_markup_mode="rich",
        **kwargs,
    )
