"""Play whole turns from orders files: the demo, the golden game and the benchmarks use it.

Each turn enters every side's orders file (in the order given) and resolves the phases up to
the next turn's Orders Phase, with the game's keyed dice (unless dice are given), so the game
repeats exactly from its scenario and seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from umpire.core.dice import Dice


def play_turn(game: object, orders: Sequence[Path], dice: Dice | None = None) -> list[int]:
    """Enter ``orders`` and resolve the turn; returns the event numbers."""
    seqs = []
    rules = game.turn_rules()  # type: ignore[attr-defined]
    for path in orders:
        payload = rules.read_orders(Path(path), game.state)  # type: ignore[attr-defined]
        seqs.append(game.act("auftragstaktik.orders", payload, dice).seq)  # type: ignore[attr-defined]
    turn = game.state.turn  # type: ignore[attr-defined]
    while game.state.turn == turn:  # type: ignore[attr-defined]
        seqs.append(game.act("auftragstaktik.phase", {}, dice).seq)  # type: ignore[attr-defined]
    return seqs


def orders_dir() -> Path:
    from umpire.resources import resource_dir

    return resource_dir("data") / "orders"


def demo_orders(turn: int) -> list[Path]:
    """The bundled scripted orders of the demo game for ``turn`` (NATO's, then the Pact's)."""
    folder = orders_dir()
    return [folder / f"nato-turn{turn}.yaml", folder / f"pact-turn{turn}.yaml"]
