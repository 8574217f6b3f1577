"""How often an umpire command lets Python's cycle collector run.

A turn builds and drops big game states (thousands of stands and terrain pieces): with Python's
default thresholds the collector walks the whole heap again and again while almost nothing it
holds is a reference cycle, which cost a third of a big turn. A command runs for seconds and
ends, so it collects less often (every ``THRESHOLDS[0]`` new objects, not 700), and walks the
older objects (the game state it keeps) only after ``THRESHOLDS[1]`` of those collections, not
20: each such walk of a 600-a-side game took a twentieth of a second and found next to nothing.
What is freed by reference counting, nearly everything, is freed at once as before.
"""

from __future__ import annotations

import gc

THRESHOLDS = (20_000, 100, 50)


def for_a_command() -> None:
    """Set the collector's thresholds for one short-lived command (the ``umpire`` CLI)."""
    gc.set_threshold(*THRESHOLDS)
