"""A random crowded table for the benchmarks: small woods, towns and hills scattered at random."""

from __future__ import annotations

import numpy as np

from umpire.geometry.facts import Feature

TABLE = (72.0, 48.0)


def terrain(rng: np.random.Generator, m: int) -> list[Feature]:
    """``m`` small hexagonal pieces (fewer if a random one is degenerate), in a fixed mix."""
    out = []
    for k in range(m):
        cx, cy = rng.uniform(0, TABLE[0]), rng.uniform(0, TABLE[1])
        r = rng.uniform(0.1, 0.6)
        ang = np.sort(rng.uniform(0, 2 * np.pi, 6))
        kind = ("woods", "town", "hill")[k % 3]
        coords = tuple(zip(cx + r * np.cos(ang), cy + r * np.sin(ang), strict=True))
        try:
            out.append(Feature(f"t{k}", kind, coords, height=1.0, is_hill=kind == "hill"))
        except ValueError:
            continue  # a degenerate random polygon; skip it
    return out
