"""The second look: the part of the table a steep photo squeezes, redrawn from above and searched
again for the missing markers alone; a photo from above gets none."""

from __future__ import annotations

import dataclasses
import math

import pytest


def _flat(ppi: float):
    """The plane of a photo taken from straight above, ``ppi`` pixels an inch, no lens distortion."""
    from umpire.photo.plane import Plane

    return Plane((1 / ppi, 0.0, 0.0, 0.0, -1 / ppi, 48.0, 0.0, 0.0, 1.0), 0.0, (1800.0, 1200.0), 2163.0, 0.0)


def test_a_photo_from_above_is_not_looked_at_again():
    """50 pixels an inch everywhere: a half-inch marker's cell has 3.1 pixels, no part of the table
    is squeezed, and nothing is redrawn; a quarter-inch marker's has 1.6, and the whole table is."""
    from umpire.photo.rectify import MARGIN, look_again, squeezed_region

    plane = _flat(50.0)
    assert squeezed_region(plane, (72.0, 48.0), 0.5) is None
    assert look_again(None, plane, (72.0, 48.0), {10: 0.5}) == []  # the photo is not even looked at
    box = squeezed_region(plane, (72.0, 48.0), 0.25)
    assert box == pytest.approx((-MARGIN, -MARGIN, 72 + MARGIN, 48 + MARGIN))


@pytest.fixture(scope="module")
def steep():
    """40 random stands with half-inch markers at 6 megapixels from 48 degrees; the first stand's
    marker under a hand."""
    import numpy as np

    from tests.photo.scenes import crowded
    from tests.photo.synth import photograph

    rng = np.random.default_rng(2)
    table = crowded(rng, 40, 0.5)
    table = dataclasses.replace(table, hidden=(table.stands[0].marker,))
    photo, _ = photograph(table, 6.0, rng, tilt=48.0)
    return table, photo.data


def test_the_markers_a_steep_photo_squeezes_are_found_on_a_second_look(steep):
    """The photo's own passes miss a quarter of the markers at the far side; the second look finds
    some of them, each read where it is (a tenth of an inch, 3 degrees), the hidden one never."""
    from umpire.photo.family import find
    from umpire.photo.image import decode
    from umpire.photo.read import read_photo

    table, data = steep
    markers = {s.marker: (s.unit, s.size) for s in table.stands}
    reading = read_photo(data, (table.width, table.depth), markers, table.corner_size)
    first = {f.marker for f in find(decode(data, "photo").grey)}
    again = [s for s in reading.seen if s.marker not in first]
    assert len(again) >= 5
    truth = {s.unit: s for s in table.stands}
    for s in reading.seen:
        t = truth[s.unit]
        assert math.dist((s.x, s.y), (t.x, t.y)) < 0.1, s
        assert abs((s.facing - t.facing + 180) % 360 - 180) < 3.0, s
    assert table.stands[0].unit not in reading.seen_units()
    assert not reading.odd


def test_the_second_look_finds_only_what_the_photo_shows(steep):
    """Asked for the hidden marker and for markers no stand carries, it finds none of them (and no
    marker it was not asked for)."""
    from umpire.photo.family import find
    from umpire.photo.image import decode
    from umpire.photo.plane import fit
    from umpire.photo.rectify import look_again

    table, data = steep
    grey = decode(data, "photo").grey
    found = find(grey)
    sizes = {s.marker: s.size for s in table.stands}
    plane = fit(found, sizes, (grey.shape[1], grey.shape[0]), (table.width, table.depth), table.corner_size, "p")
    absent = {table.stands[0].marker: 0.5, 400: 0.5, 401: 0.5, 586: 0.5}
    assert look_again(grey, plane, (table.width, table.depth), absent) == []
