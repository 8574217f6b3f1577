"""Which marker is which and where it lies: pure values, hand-checked."""

from __future__ import annotations

import pytest

from umpire.errors import UmpireError
from umpire.photo.layout import CORNERS, COUNT, FIRST_STAND, assign, card, corner_square, size_for_base

pytestmark = pytest.mark.no_camera  # none of this needs OpenCV


def test_sizes_for_the_bases_the_rulesets_use():
    assert size_for_base((1.5, 1.0)) == 0.625  # Auftragstaktik's company
    assert size_for_base((1.0, 1.0)) == 0.625  # its platoon
    assert size_for_base((0.5, 0.75)) == 0.375  # an MBT model
    assert size_for_base((4.0, 4.0)) == 1.0  # no larger than an inch
    assert size_for_base((0.2, 0.2)) == 0.25  # the smallest, even if it overhangs
    for base in ((1.5, 1.0), (1.0, 1.0), (0.5, 0.75)):
        w, h = card(size_for_base(base))
        assert w <= base[0] and h <= base[1]


def _area(pts):
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True)) / 2


@pytest.mark.parametrize("marker", range(len(CORNERS)))
def test_corner_squares_lie_in_their_corners_clockwise(marker):
    """Each corner marker's square lies its margin in from both edges of its own corner, listed
    clockwise as seen from above (as the detector lists a marker's corners)."""
    pts = list(corner_square(marker, (72.0, 48.0), 3.0))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    assert max(xs) - min(xs) == pytest.approx(3.0) and max(ys) - min(ys) == pytest.approx(3.0)
    name = CORNERS[marker]
    assert (min(xs) == pytest.approx(0.375)) if name.endswith("left") else (max(xs) == pytest.approx(72 - 0.375))
    assert (min(ys) == pytest.approx(0.375)) if name.startswith("near") else (max(ys) == pytest.approx(48 - 0.375))
    assert _area(pts) < 0  # clockwise with y towards the far edge
    corner = (0.0 if name.endswith("left") else 72.0, 0.0 if name.startswith("near") else 48.0)
    assert min(pts, key=lambda p: (p[0] - corner[0]) ** 2 + (p[1] - corner[1]) ** 2) == pts[0]


def test_assignment_keeps_what_was_kept_and_fills_in_order():
    assert assign(["a", "b", "c"]) == {"a": FIRST_STAND, "b": FIRST_STAND + 1, "c": FIRST_STAND + 2}
    assert assign(["a", "b", "c"], {"c": FIRST_STAND}) == {"a": FIRST_STAND + 1, "b": FIRST_STAND + 2,
                                                           "c": FIRST_STAND}
    with pytest.raises(UmpireError, match="583 markers for stands"):
        assign([f"u{i}" for i in range(COUNT)])
