"""The application service: the one place that holds state, rules and store together.

A command becomes ``Game.act(kind, payload, dice)``: the handler for ``kind`` checks the payload
against the current state, calls the rules with recorded dice, and returns the new state; the
event, its rolls and the new snapshot are then appended in one transaction. Replay runs the same
handlers over the log with the recorded dice played back.
"""

from umpire.engine.game import ActionResult, Game
from umpire.engine.transaction import StaleError

__all__ = ["ActionResult", "Game", "StaleError"]
