# ruff: noqa: E501  (the printed table is kept verbatim, one rulebook line per line)
"""The CRT, cell by cell, against the table as printed in the rules (COMBAT), empty cells
included, plus column selection, shifts, clamping and the ATGM caps (rulings A02-A07)."""

from __future__ import annotations

import pytest

from umpire.core.dice import ScriptedDice
from umpire.rules.auftragstaktik import crt
from umpire.rules.auftragstaktik.data import rulings, tables

# The table exactly as the rulebook prints it (tab-separated; an empty field is an empty cell).
PRINTED = """\
Anti-Tank (AT) fire\t-7 or less\t-4... -6\t-2-3\t-1\t0\t+1\t+2, +3\t+4..+6\t+7...+10\t+11...+15\t+16 and higher
Anti-Personnel (AP) fire\t-4\t-3\t-2\t-1\t0\t+1\t+2\t+3\t+4\t+5\t+6
12 or more\t1\t2\t2\t4\t4\t4\t4\t4\t4\t4\t4
11\t1\t1\t2\t2\t4\t4\t4\t4\t4\t4\t4
10\t1\t1\t1\t2\t2\t4\t4\t4\t4\t4\t4
9\t1\t1\t1\t1\t2\t2\t4\t4\t4\t4\t4
8\t\t1\t1\t1\t1\t2\t2\t4\t4\t4\t4
7\t\t\t1\t1\t1\t2\t2\t2\t4\t4\t4
6\t\t\t\t1\t1\t1\t1\t2\t2\t4\t4
5\t\t\t\t\t1\t1\t1\t2\t2\t2\t4
4\t\t\t\t\t1\t1\t1\t1\t1\t2\t2
3\t\t\t\t\t\t1\t1\t1\t1\t1\t2
2\t\t\t\t\t\t\t1\t1\t1\t1\t1
1 or less\t\t\t\t\t\t\t\t1\t1\t1\t1"""


def _printed() -> tuple[list[str], list[str], dict[str, list[int | None]]]:
    rows = PRINTED.split("\n")
    at = rows[0].split("\t")[1:]
    ap = rows[1].split("\t")[1:]
    cells = {}
    for line in rows[2:]:
        label, *vals = line.split("\t")
        cells[label] = [int(v) if v else None for v in vals]
    return at, ap, cells


def test_headers_match_the_text() -> None:
    at, ap, _ = _printed()
    t = tables()
    assert [c.at_printed for c in t.crt.columns] == at
    assert [c.ap_printed for c in t.crt.columns] == ap


ROWS = list(_printed()[2].items())


@pytest.mark.parametrize(("label", "cells"), ROWS, ids=[r[0] for r in ROWS])
def test_every_row_cell_by_cell(label: str, cells: list[int | None]) -> None:
    t = tables()
    row = next(r for r in t.crt.rows if r.printed == label)
    assert len(cells) == 11
    assert row.cells == cells


@pytest.mark.parametrize("label", [r[0] for r in ROWS])
def test_lookup_reads_every_cell(label: str) -> None:
    t, r = tables(), rulings()
    roll = 12 if label == "12 or more" else 1 if label == "1 or less" else int(label)
    printed = dict(ROWS)[label]
    for index in range(11):
        hits, cell = crt.lookup(index, roll, t, r, "AT")
        assert hits == (printed[index] or 0)
        assert cell.value == printed[index]
        assert cell.row == label


def test_rows_clamp_beyond_the_printed_rows() -> None:
    t, r = tables(), rulings()
    assert crt.lookup(10, 25, t, r, "AT")[1].row == "12 or more"
    assert crt.lookup(10, -6, t, r, "AT")[1].row == "1 or less"


@pytest.mark.parametrize(
    ("diff", "index"),
    [
        (-20, 0),
        (-7, 0),
        (-6, 1),
        (-5, 1),
        (-4, 1),
        (-3, 2),
        (-2, 2),
        (-1, 3),
        (0, 4),
        (1, 5),
        (2, 6),
        (3, 6),
        (4, 7),
        (6, 7),
        (7, 8),
        (10, 8),
        (11, 9),
        (15, 9),
        (16, 10),
        (30, 10),
    ],
)
def test_at_columns_from_the_differential(diff: int, index: int) -> None:
    assert crt.column_of(diff, tables(), "AT") == index


@pytest.mark.parametrize(
    ("diff", "index"), [(-9, 0), (-4, 0), (-3, 1), (0, 4), (3, 7), (6, 10), (9, 10)]
)
def test_ap_columns_from_the_differential(diff: int, index: int) -> None:
    assert crt.column_of(diff, tables(), "AP") == index


def test_shifts_move_whole_columns_then_clamp_then_cap() -> None:
    t, r = tables(), rulings()
    assert crt.pick_column(t, r, "AT", differential=0, shift=2).index == 6
    assert crt.pick_column(t, r, "AT", differential=0, shift=-9).index == 0
    assert crt.pick_column(t, r, "AT", differential=14, shift=4).index == 10
    capped = crt.pick_column(t, r, "AT", differential=14, shift=0, cap=crt.Cap(5, "gen 1"))
    assert capped.index == 5 and capped.notes


def test_shift_rulings() -> None:
    t = tables()
    pts = rulings({"crt.shift_mechanics": "differential_points"})
    # +4..+6 is one column: a 1R shift from +4 stays on it under the switch
    assert crt.pick_column(t, pts, "AT", differential=4, shift=1).index == 7
    left = rulings({"crt.clamp": "left_no_effect"})
    assert crt.pick_column(t, left, "AT", differential=-7, shift=-2).index is None
    stair = rulings({"crt.row4_blanks": "staircase"})
    assert crt.lookup(4, 4, t, stair, "AT")[0] == 0
    assert crt.lookup(4, 4, t, rulings(), "AT")[0] == 1


def test_dice_methods() -> None:
    t = tables()
    assert crt.die_bounds(t, rulings()) == (1, 10)
    assert crt.die_bounds(t, rulings({"dice.method": "2d6-2"})) == (0, 10)
    assert crt.die_bounds(t, rulings({"dice.d10_zero": "zero"})) == (0, 9)
    assert crt.roll(ScriptedDice([3, 4]), t, rulings({"dice.method": "2d6-2"}), "x") == 5
    assert crt.roll(ScriptedDice([10]), t, rulings({"dice.d10_zero": "zero"}), "x") == 0
