"""``python -m tests.third.registered ARGS``: umpire with Skirmish registered (the registry's
one line, for a process of its own: a session driven through a terminal)."""

from __future__ import annotations

import umpire.registry
from tests.third.ruleset import Skirmish

umpire.registry.RULESETS = (*umpire.registry.RULESETS, Skirmish())

if __name__ == "__main__":
    from umpire.cli import app

    app(prog_name="umpire")
