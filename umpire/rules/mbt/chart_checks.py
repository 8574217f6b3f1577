"""Completeness checks of the Game Card charts against their own axes.

A chart that passes ``umpire data check`` must never crash a procedure: every row a lookup can
land on exists, every column heading a row is read by is there, and the numbers rise the way
the chart's meaning needs (a LINE OF SIGHT CHART line begins after the line above ends; a unit
is seen no farther for being smaller). The chart models in :mod:`umpire.rules.mbt.data` call
these from their validators; each raises ``ValueError`` naming the field, as pydantic reports.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any


def contiguous(keys: Iterable[int], where: str, what: str, start: int | None = None) -> None:
    """``keys`` must run without a gap (from ``start`` if given).

    >>> contiguous([1, 2, 4], "rows", "hit number")
    Traceback (most recent call last):
    ...
    ValueError: rows: hit number 3 is missing (the lines must run 1-4 without a gap)
    """
    ks = sorted(keys)
    if not ks:
        raise ValueError(f"{where}: no {what} lines at all")
    first = ks[0] if start is None else start
    if ks[0] != first:
        raise ValueError(f"{where}: {what} {first} is missing (the lines must start at {first})")
    for k, expect in zip(ks, range(first, first + len(ks)), strict=True):
        if k != expect:
            raise ValueError(
                f"{where}: {what} {expect} is missing (the lines must run {first}-{ks[-1]} "
                "without a gap)"
            )


def covers(keys: Iterable[int], needed: Iterable[int], where: str, what: str) -> None:
    have = set(keys)
    for k in needed:
        if k not in have:
            raise ValueError(f"{where}: no line for {what} {k} (needed: {', '.join(map(str, needed))})")


def not_rising(values: Sequence[int], labels: Sequence[str], where: str, meaning: str) -> None:
    """Each value must be no more than the one before (``meaning`` says why)."""
    for i in range(1, len(values)):
        if values[i] > values[i - 1]:
            raise ValueError(
                f"{where}: {labels[i]} {values[i]} is more than {labels[i - 1]} {values[i - 1]} "
                f"({meaning})"
            )


def los_group(nums: Sequence[int]) -> tuple[int, int]:
    """The ranges a LINE OF SIGHT CHART cell's line covers at step 1 (13.2.1.4.1): first to
    second number of ``lo-hi-hd`` (the third is how far hull down reaches, 13.2.2.2), or the
    whole of a one- or two-number cell."""
    return nums[0], nums[1] if len(nums) == 3 else nums[-1]


def los_lines(columns: Sequence[int], lines: Mapping[int, Sequence[Any]], parse: Any) -> None:
    """Down each height-difference column the lines' groups rise: each begins after the one
    above ends (no range on two lines), and each column has at least one filled cell."""
    for i, col in enumerate(columns):
        prev: tuple[int, tuple[int, int]] | None = None
        for n in sorted(lines):
            cell = lines[n][i].v
            if cell is None:
                continue
            group = los_group(parse(cell))
            if prev is not None and group[0] <= prev[1][1]:
                raise ValueError(
                    f"lines.{n}[{i}]: {cell!r} overlaps line {prev[0]} (column {col}: ranges up "
                    f"to {prev[1][1]} are on that line; this one must start at {prev[1][1] + 1} "
                    "or later)"
                )
            prev = (n, group)
        if prev is None:
            raise ValueError(f"lines: column {col} has no filled cell")
