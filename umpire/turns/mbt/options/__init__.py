"""The MBT options over the tracked game (17-22), each a part of the MBT ruleset that the
scenario switches on (``mbt: {options: [...]}``); generic code never asks for one.

- :mod:`.plots` artillery plots in the orders file and their checks (19.2)
- :mod:`.artillery_step` the Artillery Step: plots impact at the start of the Fire phase (19.3)
- :mod:`.minefields` minefield attacks on units that entered enemy minefields (17.5)
- :mod:`.orders` command points spent by the orders (21.1); :mod:`.messages` radio messages between
  a side's players (21.3.3.2); :mod:`.command_step` jamming and the messages due when the Mark
  Orders Step opens (21.2, 24.4.2)
- :mod:`.air_phase` air strikes ordered in the orders file, flown in the Air Phase (20.1)
- :mod:`.helicopters` helicopter orders, checked and kept (20.2); :mod:`.helicopters_air` the
  helicopters' Air Phase: their moves, rockets and who sees them (20.2.2, 20.2.3)
- :mod:`.anti_aircraft` AA fire and special combats against helicopters (20.3, 20.4)

The state they keep is typed (:mod:`.state`) and lives in the MBT block of the game state.
"""

from __future__ import annotations

from umpire.core.state import GameState
from umpire.rules.mbt.state import MbtGame


def played(state: GameState) -> list[str]:
    """The options this game plays."""
    return list(MbtGame.of(state).options or [])


def on(state: GameState, name: str) -> bool:
    return name in played(state)
