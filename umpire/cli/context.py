"""What the global options say, shared by every command through ``ctx.obj``."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from umpire.core.dice import Dice, GivenDice, ManualDice
from umpire.errors import DiceError, UmpireError
from umpire.text import visible

if TYPE_CHECKING:
    from umpire.engine import Game
    from umpire.registry import Ruleset


@dataclass
class Settings:
    db: Path
    dice: str = "seeded"  # seeded | manual
    amend: tuple[int, bool] | None = None  # umpire amend N: (N, --drop-invalid)
    game: Game | None = None  # the game an amendment is made on (one for the whole command)

    def open_game(self) -> Game:
        """The game file given by --db (``umpire.engine.Game``); under ``umpire amend N`` the
        game set to amend #N (its state is the state before #N; an action amends #N)."""
        from umpire.engine import Game

        if self.amend is None:
            held = _HELD.get(self.db.resolve())
            return held if held is not None else Game.open(self.db)
        if self.game is None:
            n, drop = self.amend
            self.game = Game.open(self.db).amending(n, drop_invalid=drop)
        return self.game

    def dice_for(self, rolls: Sequence[int] | None) -> Dice | None:
        """The dice for one action: ``--roll`` values, the umpire's own dice, or ``None``: the
        game's keyed dice in a tracked game, fresh random dice for a quick answer."""
        if rolls:
            return GivenDice(rolls)
        if self.dice == "manual":
            return ManualDice(ask_umpire)
        return None


#: The games a session keeps open between its commands, by the --db path they were opened with
#: (:func:`holding`): a command on one of them takes it rather than opening the file again.
_HELD: dict[Path, Game] = {}


@contextmanager
def holding(game: Game) -> Iterator[None]:
    """While the block runs, a command whose --db is ``game``'s file takes ``game`` itself: its
    state is read again (what another process wrote since is seen; the text this process last
    read or wrote is not parsed twice) and every write still goes through its transaction."""
    game.refresh()
    key = game.path.resolve()
    _HELD[key] = game
    try:
        yield
    finally:
        _HELD.pop(key, None)


def config_path() -> Path:
    """The user's config file: ``$XDG_CONFIG_HOME/umpire/config.yaml`` (``~/.config/...``)."""
    import os

    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "umpire" / "config.yaml"


def game_default(rs: Ruleset) -> tuple[str, str] | None:
    """The game of ``rs`` (one of its ``variants``) a user chose for calc cases that give none,
    and where: the ruleset's environment variable (``UMPIRE_MBT_GAME``), else its key in the
    config file (``mbt_game:``); None if neither, or if the ruleset has one game.

    :raises UmpireError: for a value that is not one of its games.
    """
    import os

    from umpire.registry import QuickAnswers

    if not isinstance(rs, QuickAnswers) or not rs.variants:
        return None
    env, key = rs.variant_setting
    value, where = os.environ.get(env), env
    path = config_path()
    if not value and path.is_file():
        from umpire.schema.load import read_yaml

        data = read_yaml(path)
        value = data.get(key) if isinstance(data, dict) else None
        where = f"{key} in {path}"
    if not value:
        return None
    game = str(value).strip().lower()
    games = [v.name for v in rs.variants]
    if game not in games:
        raise UmpireError(f"{where}: {value!r} is not a game of {rs.name} (allowed: {', '.join(games)})")
    return game, f"from {where}"


def ask_umpire(sides: int, count: int, why: str) -> list[int]:
    """Prompt the umpire for dice rolled by hand (``--dice manual``), on standard error, so that
    standard output holds the answer alone (``--dice manual ... --json`` is JSON).

    :raises DiceError: if standard input ends before the dice are given (nothing is written).
    """
    import sys


    label = f"{count}d{sides}" if count > 1 else f"d{sides}"
    allowed = "1-100, '00' = 100" if sides == 100 else f"1-{sides}, a 0 face is {sides}"
    while True:
        sys.stderr.write(f"Roll {label} for {visible(why)} ({allowed}): ")
        sys.stderr.flush()
        line = sys.stdin.readline()
        if not line:
            sys.stderr.write("\n")
            raise DiceError(
                f"--dice manual: the dice were not given (standard input ended at the {label} for {why!r}); "
                "nothing was written"
            )
        text = line.strip()
        parts = text.replace(",", " ").split()
        try:
            values = [_read_face(p, sides) for p in parts]
        except ValueError:
            sys.stderr.write(f"  read {text!r}: give {count} whole number(s), {allowed}\n")
            continue
        if len(values) == count and all(1 <= v <= sides for v in values):
            return values
        sys.stderr.write(f"  read {text!r}: give {count} value(s), {allowed}\n")


def _read_face(text: str, sides: int) -> int:
    from umpire.schema.numbers import parse_int

    value = parse_int(text, lo=0, hi=sides)
    if value == 0 and text.strip() in {"0", "00"} and sides in (10, 100):
        return sides
    return value
