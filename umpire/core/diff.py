"""Where two JSON values differ, one line each: how a replay is compared with a stored state."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def json_diff(stored: Any, replayed: Any, path: str = "") -> Iterator[str]:
    """One line per place ``stored`` and ``replayed`` differ (``path``: where they are, as
    ``.units.a-1.pos``); mappings are walked key by key, anything else compared whole."""
    if isinstance(stored, dict) and isinstance(replayed, dict):
        for k in sorted(set(stored) | set(replayed), key=str):
            if k not in stored or k not in replayed:
                yield f"{path}.{k}: only in {'replay' if k in replayed else 'stored state'}"
            else:
                yield from json_diff(stored[k], replayed[k], f"{path}.{k}")
    elif stored != replayed:
        yield f"{path or '(state)'}: stored {stored!r}, replay {replayed!r}"
