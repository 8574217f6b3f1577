"""Where the bundled data folders are.

In a checkout (or an editable install) they are the top-level folders ``rulesets/``, ``data/``,
``templates/`` and ``campaigns/``. A wheel carries them inside the package, under
``umpire/_bundled/`` (see ``pyproject.toml``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

Folder = Literal["rulesets", "data", "templates", "campaigns"]

_PACKAGE = Path(__file__).resolve().parent


@lru_cache(maxsize=8)
def resource_dir(name: Folder) -> Path:
    """Return the folder holding the bundled ``name`` data (found once: a turn asks for its
    charts thousands of times)."""
    bundled = _PACKAGE / "_bundled" / name
    if bundled.is_dir():
        return bundled
    return _PACKAGE.parent / name


def ruleset_dir(ruleset: str) -> Path:
    """Return ``rulesets/<ruleset>/``."""
    return resource_dir("rulesets") / ruleset
