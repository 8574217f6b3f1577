"""Numbers on the command line, read by the strict number reader (:mod:`umpire.schema.numbers`).

Click's own ``int()``/``float()`` would take ``1_0`` as 10, ``nan``, ``inf`` and ``1e400``; these
parsers take plain decimals in range only, and a mistake is one ``Error:`` line naming the option,
the value and what is allowed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

from umpire.schema.limits import MAX_NUMBER, MAX_SEED
from umpire.schema.numbers import parse_float, parse_int


def _wrap(read: Callable[[str], float | int]) -> Callable[[str], float | int]:
    def parse(text: str) -> float | int:
        if not isinstance(text, str):  # a default value, already a number
            return text
        try:
            return read(text)
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None

    return parse


#: Inches, degrees: any plain decimal up to MAX_NUMBER in size (the command checks the rest).
number = _wrap(lambda t: parse_float(t, lo=-MAX_NUMBER, hi=MAX_NUMBER))
#: A die value for ``--roll`` (the dice check it against the die that uses it).
die = _wrap(lambda t: parse_int(t, lo=0, hi=100))  # 0: a d10's or a d100's 0 face
#: A turn number.
turn = _wrap(lambda t: parse_int(t, lo=1, hi=MAX_NUMBER))
#: A game's seed: an integer SQLite can store.
seed = _wrap(lambda t: parse_int(t, lo=0, hi=MAX_SEED))


def roll_option(help_text: str = "A die value, in the order used (repeat).") -> Any:
    """The ``--roll N`` option (repeatable): die values for the action, in the order used."""
    return typer.Option(None, "--roll", parser=die, metavar="N", help=help_text)
