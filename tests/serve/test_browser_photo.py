"""The console takes a photo of the table on a phone-sized page: the photo uploaded (the file
input a phone opens its camera from), the difference shown on a map, applied on the umpire's
click as one action that undo takes back and replay rebuilds exactly; a photo that cannot be
read says why on the page, with nothing written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.serve.conftest import new_game
from tests.serve.live import serving

pytest.importorskip("cv2", reason='OpenCV is not installed: pip install -e ".[dev]" (the camera extra)')

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    path = new_game(tmp_path_factory.mktemp("photo") / "game.db")
    with serving(path) as live:
        yield live


@pytest.fixture(scope="module")
def photos(live, tmp_path_factory) -> dict[str, Path]:
    from tests.photo.photos import game_table, shoot

    folder = tmp_path_factory.mktemp("photos")
    moved = folder / "table.jpg"
    moved.write_bytes(shoot(game_table(live.path, {"a-1-64": (4.0, 2.0, 0.0), "t80-2": (0.0, 0.0, -40.0)}), 4.0,
                            seed=8, tilt=15.0, blur=0.6))
    corner = folder / "three-corners.jpg"
    corner.write_bytes(shoot(game_table(live.path, corners_left_out=(0,)), 2.0, seed=9, tilt=5.0))
    return {"moved": moved, "corner": corner}


def _positions(path: Path) -> dict[str, tuple]:
    from umpire.engine import Game

    g = Game.open(path)
    try:
        return {u.id: (u.x, u.y, u.facing) for u in g.state.units.values()}
    finally:
        g.close()


def test_a_photo_taken_on_a_phone_is_shown_then_applied_and_undone(live, browser, photos):
    from umpire.engine import Game

    before = _positions(live.path)
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    shots = os.environ.get("UMPIRE_SCREENSHOTS")  # where to keep the screenshots to look at, if anywhere
    try:
        page.goto(live.login)
        page.wait_for_selector("#map svg")
        file_input = page.locator("#photo-file")
        assert file_input.get_attribute("accept") == "image/*"
        assert file_input.get_attribute("capture") == "environment"  # a phone opens its camera
        # a photo that does not show the whole table: why, on the page, nothing written
        file_input.set_input_files(str(photos["corner"]))
        page.wait_for_selector("#photo-answer.refused")
        assert "corner marker near-left" in page.locator("#photo-answer").inner_text()
        assert page.locator("#photo-apply").is_hidden()
        # the photo of the table: the difference, on a map with its arrows
        file_input.set_input_files(str(photos["moved"]))
        page.wait_for_selector("#photo-result .photo-map svg", timeout=60_000)
        text = page.locator("#photo-result").inner_text()
        assert "a-1-64" in text and "moved" in text and "t80-2" in text and "turned" in text
        assert page.locator("#photo-result svg polygon[fill='#d81b60']").count() >= 1  # an arrowhead
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]  # nothing sideways
        apply_btn = page.locator("#photo-apply")
        box = apply_btn.bounding_box()
        assert box is not None and box["height"] >= 44
        if shots:
            page.locator("#photocard").screenshot(path=str(Path(shots) / "photo-phone.png"))
        assert _positions(live.path) == before  # shown, not written
        apply_btn.click()
        page.wait_for_selector("#photo-answer.done")
        assert "table read from a photo" in page.locator("#photo-answer").inner_text()
        page.locator("#log", has_text="table read from a photo").wait_for()  # the page shows the game as it is now
        if shots:
            page.screenshot(path=str(Path(shots) / "photo-phone-applied.png"), full_page=False)
        after = _positions(live.path)
        assert after["a-1-64"][0] == pytest.approx(before["a-1-64"][0] + 4.0, abs=0.1)
        assert after["t80-2"][2] == pytest.approx((before["t80-2"][2] - 40.0) % 360, abs=2.0)
        g = Game.open(live.path)
        try:
            assert [e.kind for e in g.events()] == ["table_read"]
            assert g.check() == []  # replay --check holds
            g.undo()
        finally:
            g.close()
        assert _positions(live.path) == before
    finally:
        ctx.close()


def test_the_photo_routes_are_the_umpires_and_bounded(tmp_path):
    """Without the session and its token nothing is read; a body over the limit is refused from
    its stated length; nothing to apply before a photo is read."""
    from tests.serve.conftest import Client

    path = new_game(tmp_path / "game.db")
    outsider = Client(path, login=False)
    r = outsider.http.post("/console/photo", content=b"\xff\xd8\xff", headers={"content-type": "image/jpeg"})
    assert r.status_code == 401
    c = Client(path)
    r = c.http.post("/console/photo", content=b"\xff\xd8\xff", headers={"content-type": "image/jpeg"})
    assert r.status_code == 403  # no token
    r = c.http.post("/console/photo", content=b"\xff\xd8\xff" + b"\x00" * 16,
                    headers={"x-csrf-token": c.csrf, "content-length": str(41 * 1024 * 1024)})
    assert r.status_code == 413 and "too large" in r.json()["error"]
    # a photo is larger than any other request: past the server's limit of a body, within its own
    big = b"\xff\xd8\xff" + b"\x00" * (3 * 1024 * 1024)
    r = c.http.post("/console/photo", content=big, headers={"x-csrf-token": c.csrf})
    assert r.status_code == 400 and "too large" not in r.json()["error"], r.json()
    r = c.http.post("/console/photo/apply", content=big, headers={"x-csrf-token": c.csrf})
    assert r.status_code == 413  # the photo's limit is the photo route's alone
    r = c.http.post("/console/photo", content=b"a shopping list", headers={"x-csrf-token": c.csrf})
    assert r.status_code == 400 and "not a JPEG or PNG photo" in r.json()["error"]
    r = c.post("/console/photo/apply", {})
    assert r.status_code == 400 and "no photo read to apply" in r.json()["error"]
