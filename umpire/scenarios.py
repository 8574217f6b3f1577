"""Bundled example scenarios (``data/scenarios/``), found by name or file path."""

from __future__ import annotations

from pathlib import Path

from umpire.errors import UmpireError, unknown
from umpire.resources import resource_dir


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
