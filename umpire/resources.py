"""Where the bundled data folders are, and the bundled example scenarios by name.

In a checkout (or an editable install) they are the top-level folders ``rulesets/``, ``data/``,
``templates/`` and ``campaigns/``. A wheel carries them inside the package, under
``umpire/_bundled/`` (see ``pyproject.toml``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from umpire.errors import UmpireError, unknown

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


def bundled_scenarios() -> dict[str, Path]:
    folder = resource_dir("data") / "scenarios"
    return {p.stem: p for p in sorted(folder.glob("*.yaml"))}


def resolve_scenario(name_or_path: str) -> Path:
    """A path that exists, or the bundled scenario of that name.

    :raises UmpireError: if neither (suggesting bundled names).
    """
    path = Path(name_or_path)
    if name_or_path == "-" or path.is_file():  # '-': standard input
        return path
    known = bundled_scenarios()
    key = path.stem if path.suffix in (".yaml", ".yml") else name_or_path
    if key in known:
        return known[key]
    if path.suffix or "/" in name_or_path:
        raise UmpireError(f"scenario: no file {name_or_path!r} (bundled scenarios: {', '.join(known)})")
    raise unknown("scenario", name_or_path, known)
