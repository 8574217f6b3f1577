"""``umpire markers`` and ``umpire table read``: what they print, what they write, what they refuse."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import REPO
from umpire.cli import app


def run(db: Path, *args: str):
    return CliRunner().invoke(app, ["--db", str(db), *args])


def events(db: Path) -> int:
    from umpire.engine import Game

    game = Game.open(db)
    try:
        return game.last_seq()
    finally:
        game.close()


def one_error(res, *words: str) -> None:
    lines = res.output.strip().splitlines()
    assert res.exit_code != 0 and len(lines) == 1 and lines[0].startswith("Error: "), res.output
    for w in words:
        assert w in lines[0], (w, lines[0])


# -- the markers -------------------------------------------------------------------------------------
def test_markers_pdf_names_every_unit_and_keeps_which_is_which(fresh, tmp_path):
    from pypdf import PdfReader

    from umpire.engine import Game
    from umpire.engine.markers import kept_markers

    out = tmp_path / "markers.pdf"
    res = run(fresh, "markers", "--out", str(out), "--paper", "letter")
    assert res.exit_code == 0, res.output
    assert "4 corner markers (3\") and 9 stand markers (0.625\") on 3 pages" in res.output
    reader = PdfReader(out)
    assert len(reader.pages) == 3
    assert [round(float(v)) for v in reader.pages[0].mediabox[2:]] == [612, 792]  # Letter
    text = "".join(p.extract_text() for p in reader.pages)
    for uid in ("a-1-64", "b-1-64", "c-4-8", "hq-1-64", "hq-1tb", "t80-1", "t80-2", "t80-3", "mr-1"):
        assert uid in text
    assert "corner marker 0: near-left" in text and "two inches long" in text
    game = Game.open(fresh)
    kept = {k.unit: (k.marker, k.size) for k in kept_markers(game)}
    game.close()
    assert kept[None] == (3, 3.0) and kept["a-1-64"] == (4, 0.625) and len(kept) == 10
    # a lost marker printed again, larger: the same number, the new size kept
    res = run(fresh, "markers", "--out", str(tmp_path / "again.pdf"), "--unit", "hq-1-64", "--no-corners",
              "--size", "0.75")
    assert res.exit_code == 0 and "1 stand markers (0.75\") on 1 pages" in res.output
    game = Game.open(fresh)
    assert {k.unit: (k.marker, k.size) for k in kept_markers(game)}["hq-1-64"] == (7, 0.75)
    game.close()


def test_markers_of_a_scenario_write_nothing_but_the_pdf(tmp_path):
    out = tmp_path / "m.pdf"
    res = run(tmp_path / "none.db", "markers", "--scenario", "mbt-meeting", "--out", str(out))
    assert res.exit_code == 0, res.output
    assert "stand markers (0.375\")" in res.output and "a game started from this scenario reads them" in res.output
    assert out.exists() and not (tmp_path / "none.db").exists()


@pytest.mark.parametrize("args, words", [
    (["--paper", "a3"], ["unknown paper size 'a3'"]),
    (["--size", "5"], ["--size 5", "0.2 to 2 inches"]),
    (["--unit", "nope"], ["unit 'nope'"]),
    (["--out", "m.txt"], ["--out format"]),
])
def test_markers_refusals(fresh, tmp_path, args, words, monkeypatch):
    monkeypatch.chdir(tmp_path)
    one_error(run(fresh, "markers", *args), *words)
    assert not (tmp_path / "markers.pdf").exists()


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) renders the PDF")
def test_a_printed_marker_is_found_at_the_size_umpire_chose(fresh, tmp_path):
    """The PDF rendered as a printer would (pdftoppm, 200 dpi): every marker is found, each stand's
    black square 0.625" across, the corners' 3"."""
    import cv2

    from umpire.photo.family import find

    out = tmp_path / "m.pdf"
    assert run(fresh, "markers", "--out", str(out)).exit_code == 0
    subprocess.run(["pdftoppm", "-r", "200", "-gray", "-png", str(out), str(tmp_path / "page")], check=True)
    sizes = {}
    for png in sorted(tmp_path.glob("page-*.png")):
        grey = cv2.imread(str(png), cv2.IMREAD_GRAYSCALE)
        for f in find(grey):
            (x0, y0), (x1, y1) = f.corners[0], f.corners[1]
            sizes[f.marker] = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 / 200
    assert sorted(sizes) == list(range(13))
    for m, inches in sizes.items():
        assert inches == pytest.approx(3.0 if m < 4 else 0.625, abs=0.01), m


# -- reading a photo -----------------------------------------------------------------------------------
def test_read_shows_the_difference_and_writes_nothing(fresh, tmp_path, photo_4mp):
    (tmp_path / "p.jpg").write_bytes(photo_4mp)
    res = run(fresh, "table", "read", str(tmp_path / "p.jpg"), "--map", str(tmp_path / "d.svg"))
    assert res.exit_code == 0, res.output
    out = " ".join(res.output.split())
    assert "8 stands read: 1 moved, 1 turned, 1 moved and turned, 5 still, 1 not seen" in out
    for word in ("a-1-64", "moved", "t80-1", "turned", "mr-1", "not seen", "add --apply"):
        assert word in out
    assert events(fresh) == 0
    svg = (tmp_path / "d.svg").read_text()
    assert svg.count(">not seen<") == 1 and "#d81b60" in svg  # one stand not seen; an arrow


def test_apply_is_one_action_undone_whole_and_replayed_exactly(fresh, tmp_path, photo_4mp):
    from umpire.engine import Game

    (tmp_path / "p.jpg").write_bytes(photo_4mp)
    before = {u.id: (u.x, u.y, u.facing) for u in Game.open(fresh).state.units.values()}
    res = run(fresh, "table", "read", str(tmp_path / "p.jpg"), "--apply", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["applied"] == 1 and data["photo"]["kind"] == "JPEG"
    game = Game.open(fresh)
    st = game.state
    assert st.units["a-1-64"].x == pytest.approx(before["a-1-64"][0] + 3, abs=0.1)
    assert st.units["t80-1"].facing == pytest.approx((before["t80-1"][2] + 30) % 360, abs=2)
    assert (st.units["mr-1"].x, st.units["mr-1"].y) == before["mr-1"][:2]
    (e,) = game.events()
    assert e.kind == "table_read" and [s["unit"] for s in e.payload["stands"]] == ["a-1-64", "c-4-8", "t80-1"]
    assert e.payload["photo"]["sha256"] and e.payload["unseen"] == ["mr-1"]
    game.close()
    (tmp_path / "p.jpg").unlink()  # the replay reads the stored reading, never the photo
    res = run(fresh, "replay", "--check")
    assert res.exit_code == 0 and "gives the stored state exactly" in res.output
    log = run(fresh, "log").output
    assert "table read from a photo: 2 moved; 1 turned; 1 not seen" in " ".join(log.split())
    assert run(fresh, "undo").exit_code == 0
    after = {u.id: (u.x, u.y, u.facing) for u in Game.open(fresh).state.units.values()}
    assert after == before
    assert run(fresh, "replay", "--check").exit_code == 0


def test_amend_reads_another_photo_in_place_of_the_first(fresh, tmp_path, photo_4mp, demo_game):
    """#1 a reading, #2 a move after it; the reading amended by a photo where a-1-64 had not
    moved: a-1-64 stays, and the move of #2 is resolved again on top of it."""
    from tests.photo.photos import game_table, shoot
    from umpire.engine import Game

    (tmp_path / "p.jpg").write_bytes(photo_4mp)
    assert run(fresh, "table", "read", str(tmp_path / "p.jpg"), "--apply").exit_code == 0
    assert run(fresh, "move", "b-1-64", "22", "12").exit_code == 0
    other = shoot(game_table(demo_game, {"t80-1": (0.0, 0.0, 30.0)}), 4.0, seed=3, tilt=20.0, blur=0.6)
    (tmp_path / "q.jpg").write_bytes(other)
    one_error(run(fresh, "amend", "1", "table", "read", str(tmp_path / "q.jpg")), "give --apply")
    res = run(fresh, "amend", "1", "table", "read", str(tmp_path / "q.jpg"), "--apply")
    assert res.exit_code == 0, res.output
    st = Game.open(fresh).state
    assert (st.units["a-1-64"].x, st.units["a-1-64"].y) == (18.0, 21.0)
    assert (st.units["b-1-64"].x, st.units["b-1-64"].y) == (22.0, 12.0)
    assert run(fresh, "replay", "--check").exit_code == 0


def test_the_photos_that_cannot_be_read(fresh, tmp_path, photo_three_corners):
    """A missing corner marker, a photo of something else, a 100-megapixel image, a truncated
    JPEG, no file: one Error line each, and nothing written."""
    from tests.photo.test_image import jpeg, with_jpeg_size

    cases = {
        "corner.jpg": (photo_three_corners, ["corner.jpg", "far-right", "not found"]),
        "else.jpg": (jpeg(1200, 900), ["else.jpg", "no corner marker found"]),
        "huge.jpg": (with_jpeg_size(jpeg(), 12000, 8400), ["huge.jpg", "101 megapixels", "more than umpire reads"]),
        "cut.jpg": (photo_three_corners[: len(photo_three_corners) // 2], ["cut.jpg", "truncated JPEG"]),
        "notes.txt": (b"a shopping list", ["notes.txt", "not a JPEG or PNG photo"]),
    }
    before = fresh.read_bytes()
    for name, (data, words) in cases.items():
        (tmp_path / name).write_bytes(data)
        one_error(run(fresh, "table", "read", str(tmp_path / name), "--apply"), *words)
    one_error(run(fresh, "table", "read", str(tmp_path / "none.jpg")), "none.jpg", "file not found")
    assert fresh.read_bytes() == before


def test_a_reading_that_would_overlap_or_leave_the_table_is_refused_whole(fresh):
    """The action's own checks, as place's: a base overlapping another (deeper than contact),
    a stand off the table, an eliminated unit's marker; nothing written."""
    from umpire.engine import Game
    from umpire.errors import UmpireError

    game = Game.open(fresh)
    a = game.state.units["a-1-64"]
    cases = [
        ({"unit": "b-1-64", "x": a.x + 0.5, "y": a.y, "facing": 90.0}, "would overlap a-1-64"),
        ({"unit": "b-1-64", "x": 72.5, "y": 10.0, "facing": 0.0}, "off the table"),
    ]
    for stand, words in cases:
        with pytest.raises(UmpireError, match=words):
            game.act("table_read", {"stands": [stand], "unseen": [], "odd": []})
    with pytest.raises(UmpireError, match="stand 1: x 'a' is not a number"):
        game.act("table_read", {"stands": [{"unit": "b-1-64", "x": "a", "y": 1, "facing": 0}]})
    assert game.last_seq() == 0
    game.close()


def test_markers_and_read_help_import_no_opencv():
    import os
    import sys

    probe = ("import sys, runpy\nsys.argv = ['umpire'] + ARGS\ntry:\n    runpy.run_module('umpire', "
             "run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "print('cv2' in sys.modules, 'numpy' in sys.modules)\n")
    for args in (["--help"], ["markers", "--help"], ["table", "read", "--help"]):
        out = subprocess.run([sys.executable, "-c", probe.replace("ARGS", repr(args))], capture_output=True,
                             text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, check=True).stdout
        assert out.strip().splitlines()[-1] == "False False", args


@pytest.mark.no_camera
def test_without_the_camera_extra_a_command_says_how_to_install_it(tmp_path):
    """OpenCV made unimportable: umpire imports, and the commands that need it say so in one line."""
    import os
    import sys

    (tmp_path / "cv2.py").write_text("raise ImportError('no OpenCV here')\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(REPO)])}
    db = tmp_path / "g.db"
    subprocess.run([sys.executable, "-m", "umpire", "--db", str(db), "new", "hof-gap-meeting"], env=env,
                   check=True, capture_output=True)
    (tmp_path / "p.jpg").write_bytes(b"\xff\xd8\xff")
    for args in (["table", "read", str(tmp_path / "p.jpg")], ["markers", "--out", str(tmp_path / "m.pdf")]):
        res = subprocess.run([sys.executable, "-m", "umpire", "--db", str(db), *args], env=env, capture_output=True,
                             text=True)
        lines = (res.stdout + res.stderr).strip().splitlines()
        assert res.returncode != 0 and len(lines) == 1, lines
        assert lines[0].startswith("Error: ") and 'pip install "umpire[camera]"' in lines[0], lines
