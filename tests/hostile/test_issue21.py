"""What a file says is data (issue #21): one test or more per numbered point.

Points 10 (YAML booleans, digits, terrain within the table) and 11 (FIFOs, the size-limit
message) are the reader's, tested with it; of point 10 this file takes ``place`` on an
eliminated stand.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from tests.conftest import REPO, SCENARIOS
from tests.hostile import corpus as C
from umpire.cli import app

ORDERS = REPO / "data" / "orders"


def run(*args: object, input: str | None = None):  # noqa: A002
    return CliRunner().invoke(app, [str(a) for a in args], input=input)


def ok(*args: object):
    r = run(*args)
    C.assert_terminal_safe(r)
    return r


def refused(*args: object) -> str:
    """The one ``Error:`` line of a command that must refuse, with exit status 2."""
    r = run(*args)
    C.assert_terminal_safe(r, code=2)
    assert len(r.stderr.splitlines()) == 1, r.stderr
    return r.stderr.strip()


def scenario(tmp_path: Path, **names: str) -> Path:
    """hof-gap-meeting with ``unit_id=name`` names given to its units, and a wood named with
    control characters and markup."""
    d = yaml.safe_load((SCENARIOS / "hof-gap-meeting.yaml").read_text(encoding="utf-8"))
    d["terrain"][0]["name"] = 'Wald \x01\x1b[2J "><svg onload=alert(1)> [bold]'
    for s in d["sides"]:
        for f in s["formations"]:
            for u in f["units"]:
                u["name"] = names.get(u["id"].replace("-", "_"), u["name"])
    return C.write_yaml(tmp_path / "s.yaml", d)


@pytest.fixture
def game(tmp_path: Path) -> Path:
    db = tmp_path / "g.db"
    ok("--db", db, "new", scenario(tmp_path, a_1_64="A Coy [reserve]", b_1_64="B/1-64 [/1-64 attached]",
                                   c_4_8="C \x1b]0;pwned\x07 \x1b[2J <b>x</b> \x01\u202eevil"))
    return db


def _played(db: Path) -> Path:
    """The game with both sides' orders of turn 1 in and its phases resolved up to the Second
    Combat Phase's fire (the first seeded dice of the game)."""
    for side in ("nato", "pact"):
        ok("--db", db, "turn", "orders", ORDERS / f"{side}-turn1.yaml")
    for _ in range(6):
        ok("--db", db, "phase", "next")
    return db


# -- 1. rich markup in names --------------------------------------------------------------------

def test_1_markup_in_names_is_shown_as_it_is(game: Path) -> None:
    for args in (("status",), ("report",)):
        out = ok("--db", game, *args).stdout
        assert "A Coy [reserve]" in out and "B/1-64 [/1-64 attached]" in out


def test_1_a_campaign_named_in_markup(tmp_path: Path) -> None:
    d = yaml.safe_load((REPO / "campaigns" / "hof-autumn-1985.yaml").read_text(encoding="utf-8"))
    d["name"] = "Autumn [/] [bold]1985"
    season = _season(tmp_path, "maps/saale-north.yaml", d)
    assert "Autumn [/] [bold]1985" in ok("campaign", "new", tmp_path / "c.db", "--from", season).stdout


def test_1_the_console_keeps_styles_where_a_name_had_control_characters() -> None:
    from rich.text import Text

    from umpire.reports.screen import DataConsole

    buf = StringIO()
    con = DataConsole(file=buf, width=60, color_system="standard", force_terminal=True)
    con.print(Text.assemble(("A\x1b[2J", "bold"), " [red]x[/red] ", ("tail", "green")))
    out = buf.getvalue()
    # the only escape sequences are the console's own styles; the name's ESC is shown as ␛
    assert "A\u241b[2J" in out and "[red]x[/red]" in out and "\x1b[2J" not in out
    assert out.count("\x1b[1m") == 1 and "\x1b[32mtail" in out


# -- 2. terminal escape sequences ---------------------------------------------------------------

def test_2_escape_sequences_never_reach_the_terminal(game: Path) -> None:
    _played(game)
    for args in (("status",), ("report",), ("log",), ("log", "1")):
        out = ok("--db", game, *args).stdout  # ok(): no control character in stdout or stderr
        if args[0] != "log":
            assert "C \u241b]0;pwned\u2407 \u241b[2J" in out


def test_2_an_error_naming_a_hostile_value_is_one_safe_line(game: Path) -> None:
    line = refused("--db", game, "place", "\x1b]0;x\x07", "1", "1")
    assert line.startswith("Error: unknown unit")


# -- 3. control characters in the SVG map -------------------------------------------------------

def test_3_the_map_is_well_formed_whatever_the_names_hold(game: Path, tmp_path: Path) -> None:
    ok("--db", game, "map", "--out", tmp_path / "m.svg")
    root = C.assert_svg_inert((tmp_path / "m.svg").read_text(encoding="utf-8"))
    assert root.find("{http://www.w3.org/2000/svg}title") is not None


def test_3_the_svg_writer_writes_text_and_attributes_as_text() -> None:
    from umpire.reports.mapshapes import Label, MapDrawing
    from umpire.reports.tablemap_draw import to_svg

    m = MapDrawing(100, 100, '<script>x</script>\x00')
    m.add("stand", '"><svg onload=alert(1)>', Label((1, 1), "\x1b]0;t\x07 <a href='javascript:x'>", 6))
    root = C.assert_svg_inert(to_svg(m))
    texts = [el.text for el in root.iter() if el.text]
    assert "<script>x</script>\u2400" in texts and "\u241b]0;t\u2407 <a href='javascript:x'>" in texts
    assert any(el.get("data-unit") == '"><svg onload=alert(1)>' for el in root.iter())


# -- 4. raw HTML in the Markdown report ---------------------------------------------------------

def test_4_html_in_a_name_is_escaped_in_the_markdown(game: Path, tmp_path: Path) -> None:
    ok("--db", game, "report", "--out", tmp_path / "r.md")
    text = (tmp_path / "r.md").read_text(encoding="utf-8")
    C.assert_markdown_inert(text)
    assert "&lt;b&gt;x&lt;/b&gt;" in text and "A Coy \\[reserve\\]" in text


# -- 5. a season colour that is not one ---------------------------------------------------------

def test_5_a_colour_that_is_not_one_is_refused_at_load(tmp_path: Path) -> None:
    d = yaml.safe_load((REPO / "campaigns" / "hof-autumn-1985.yaml").read_text(encoding="utf-8"))
    d["sides"][0]["color"] = "#0000fg"
    season = _season(tmp_path, "maps/saale-north.yaml", d)
    line = refused("campaign", "new", tmp_path / "c.db", "--from", season)
    assert line == (f"Error: {season}: line 11, column 3: sides[0].color: not a colour (allowed: #rrggbb, "
                    "e.g. #2456a6, or a colour word, e.g. blue) (input: '#0000fg')")


def test_5_a_stored_colour_that_is_not_one_is_drawn_in_the_side_s_turn() -> None:
    from umpire.campaign.charts import FALLBACK, side_colour

    assert side_colour("#0000fg", 1) == FALLBACK[1] and side_colour("#00ff00", 0) == "#00ff00"


# -- 6. ids used as file names ------------------------------------------------------------------

def test_6_a_side_id_that_is_a_path_is_refused_at_load(tmp_path: Path) -> None:
    d = yaml.safe_load((SCENARIOS / "hof-gap-meeting.yaml").read_text(encoding="utf-8"))
    d["sides"][0]["id"] = "../../escaped"
    line = refused("--db", tmp_path / "g.db", "new", C.write_yaml(tmp_path / "s.yaml", d))
    assert "sides[0].id: not an id umpire can use in file names" in line


def _plant_side(db: Path, old: str, new: str) -> None:
    """Rename side ``old`` to ``new`` in a game file's stored state, as a hand-edited file would."""
    conn = sqlite3.connect(db)
    (state,) = conn.execute("select state from snapshot").fetchone()
    conn.execute("update snapshot set state = ?", (state.replace(f'"{old}"', json.dumps(new)),))
    conn.commit()
    conn.close()


@pytest.mark.parametrize("side", ["../../escaped", "blue/force"])
def test_6_report_all_sides_writes_inside_its_folder(tmp_path: Path, side: str) -> None:
    db = tmp_path / "g.db"
    ok("--db", db, "new", "hof-gap-meeting")
    _plant_side(db, "nato", side)
    inner = tmp_path / "inner" / "papers"
    inner.mkdir(parents=True)
    ok("--db", db, "report", "--all-sides", "--out", inner / "b.md")
    assert sorted(p.name for p in inner.iterdir()) == sorted(["b-pact.md", f"b-{_safe(side)}.md"])
    assert sorted(p.name for p in (tmp_path / "inner").iterdir()) == ["papers"]


def _safe(side: str) -> str:
    from umpire.text import safe_name

    return safe_name(side)


def test_6_safe_names_never_name_another_folder_and_never_meet() -> None:
    from umpire.text import safe_name

    ids = ["nato", "../../escaped", "blue/force", "blue%2Fforce", ".hidden", "a\\b", "\x00", "Т-80Б", "x" * 300]
    made = [safe_name(i) for i in ids]
    assert len(set(made)) == len(made)
    for name in made:
        assert "/" not in name and "\\" not in name and "\x00" not in name and not name.startswith(".")
        assert len(name) <= 89
    assert safe_name("nato") == "nato" and safe_name("Т-80Б") == "Т-80Б"


# -- 7. a season's scenario paths ---------------------------------------------------------------

def _season(tmp_path: Path, scenario: str, data: dict | None = None) -> Path:
    """The bundled Auftragstaktik season in ``tmp_path`` with its maps beside it (copied: a
    symbolic link out of the season's folder is refused), its north games on ``scenario``."""
    d = data or yaml.safe_load((REPO / "campaigns" / "hof-autumn-1985.yaml").read_text(encoding="utf-8"))
    (tmp_path / "maps").mkdir(exist_ok=True)
    for m in (REPO / "campaigns" / "maps").iterdir():
        (tmp_path / "maps" / m.name).write_bytes(m.read_bytes())
    for rnd in d["rounds"]:
        for g in rnd["games"]:
            if g["scenario"] == "maps/saale-north.yaml":
                g["scenario"] = scenario
    return C.write_yaml(tmp_path / "season.yaml", d)


@pytest.mark.parametrize(("scenario", "says"), [
    ("/etc/passwd", "not by an absolute path"),
    ("../outside.yaml", "leaves the season's folder"),
    ("maps/../../outside.yaml", "leaves the season's folder"),
    ("maps/link.yaml", "leaves the season's folder"),
])
def test_7_a_season_reads_no_file_outside_its_folder(tmp_path: Path, scenario: str, says: str) -> None:
    inner = tmp_path / "season"
    inner.mkdir()
    secret = tmp_path / "outside.yaml"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    season = _season(inner, scenario)
    (inner / "maps" / "link.yaml").symlink_to(secret)
    r = run("campaign", "new", inner / "c.db", "--from", season)
    assert r.exit_code == 2 and says in r.stderr and "Traceback" not in r.stderr
    assert "root:" not in r.stderr and "/bin/bash" not in r.stderr  # nothing of another file quoted
    assert not (inner / "c.db").exists()


@pytest.mark.parametrize("scenario", ["maps/saale-north", "./maps/saale-north.yaml", "hof-gap-meeting"])
def test_7_files_in_the_folder_and_bundled_scenarios_are_read(tmp_path: Path, scenario: str) -> None:
    r = run("campaign", "new", tmp_path / "c.db", "--from", _season(tmp_path, scenario))
    assert r.exit_code == 0 or "deploy" in r.stderr, r.stderr  # a bundled table may not fit the boxes


# -- 8. demo --out over a real game -------------------------------------------------------------

def test_8_demo_refuses_a_folder_holding_a_game_then_replaces_it_when_told(tmp_path: Path) -> None:
    club = tmp_path / "club"
    club.mkdir()
    ok("--db", club / "game.db", "new", "hof-gap-meeting", "--seed", "7")
    before = (club / "game.db").read_bytes()
    line = refused("demo", "--out", club)
    assert line == (f"Error: --out {club}: holds a game already ({club / 'game.db'}); give another folder, "
                    "or --replace to build the demo over it")
    assert (club / "game.db").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club"]  # no temporary folder left
    r = ok("demo", "--out", club, "--replace")
    assert str(club / "campaign" / "season.db") in r.stdout.replace("\n", "")
    assert "seed 1985" in ok("--db", club / "game.db", "status").stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club"]


def test_8_a_demo_that_fails_half_way_leaves_the_folder_as_it_was(tmp_path: Path, monkeypatch) -> None:
    import umpire.demo.run as demo

    def broken(out: Path):
        (out / "game.db").write_bytes(b"half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(demo, "_build", broken)
    club = tmp_path / "club"
    r = run("demo", "--out", club)
    assert r.exit_code != 0
    assert sorted(p.name for p in tmp_path.iterdir()) == []


# -- 9. planted files and forged dice -----------------------------------------------------------

PLANTS = {
    "trigger": ("create trigger forge after insert on rolls begin update rolls set vals = '[6]'; end",
                "trigger 'forge' on table 'rolls'"),
    "view": ("create view v as select * from events", "view 'v'"),
    "table": ("create table notes (x)", "table 'notes'"),
    "index": ("create index idx_kind on events (kind)", "index 'idx_kind' on table 'events'"),
    "column": ("alter table units add column extra", "column 'extra' of table 'units'"),
    # the players' tables too: a trigger that keeps a digest of its own against every renewal
    "links trigger": ("create trigger keep after update on links begin update links set revoked = null; end",
                      "trigger 'keep' on table 'links'"),
    "links column": ("alter table links add column token", "column 'token' of table 'links'"),
}


@pytest.mark.parametrize("plant", PLANTS)
def test_9_a_planted_object_is_named_by_the_doctor_and_refuses_writes(game: Path, plant: str) -> None:
    sql, name = PLANTS[plant]
    conn = sqlite3.connect(game)
    conn.execute(sql)
    conn.commit()
    conn.close()
    before = game.read_bytes()
    line = refused("--db", game, "place", "a-1-64", "20", "20")
    assert line == (f"Error: {game}: the game file holds what umpire did not make ({name}); nothing was "
                    "written ('umpire doctor' lists it)")
    assert game.read_bytes() == before
    r = run("--db", game, "doctor")
    assert r.exit_code == 2 and f"  {name} that umpire did not make" in r.stdout
    assert "replay was not tried" not in r.stdout  # the rest of the file is still checked
    ok("--db", game, "status")  # reading is still possible


def _forge_first_seeded_roll(db: Path) -> tuple[int, str]:
    conn = sqlite3.connect(db)
    rid, seq, vals, key, sides = conn.execute(
        "select id, seq, vals, key, sides from rolls where typed = 0 order by id limit 1").fetchone()
    faces = json.loads(vals)
    faces[0] = faces[0] % sides + 1
    conn.execute("update rolls set vals = ? where id = ?", (json.dumps(faces), rid))
    conn.commit()
    conn.close()
    return seq, key


def test_9_a_seeded_die_edited_by_hand_is_named_by_action_and_key(game: Path) -> None:
    _played(game)
    assert "healthy" in ok("--db", game, "doctor").stdout
    seq, key = _forge_first_seeded_roll(game)
    r = run("--db", game, "doctor")
    assert r.exit_code == 2
    assert f"  event #{seq} (auftragstaktik.phase): the roll for" in r.stdout and f"keyed {key} shows" in r.stdout
    r = run("--db", game, "replay", "--check", "--json")
    assert r.exit_code == 1
    found = json.loads(r.stdout)
    assert found["dice_agree"] is False and len(found["dice_differences"]) == 1
    assert found["dice_differences"][0].startswith(f"event #{seq} (auftragstaktik.phase): the roll for")


def test_9_dice_typed_in_stay_as_typed(game: Path) -> None:
    ok("--db", game, "hq", "tf-1-64", "--roll", "4")
    r = ok("--db", game, "doctor")
    assert "healthy" in r.stdout and "1 roll was typed in (--roll, --dice manual): kept as typed" in r.stdout
    assert "4 typed" in ok("--db", game, "log", "1").stdout
    assert json.loads(ok("--db", game, "replay", "--check", "--json").stdout)["dice_agree"] is True


def test_9_new_replace_replaces_only_a_game_file(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("my notes\n", encoding="utf-8")
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("create table accounts (x)")
    conn.commit()
    conn.close()
    for path, what in ((text, "not an SQLite file"), (other, "an SQLite file without umpire's tables")):
        before = path.read_bytes()
        line = refused("--db", path, "new", "hof-gap-meeting", "--replace")
        assert line == (f"Error: --db {path}: not an umpire game file ({what}); --replace replaces only a game "
                        "file (remove the file yourself if it is to go)")
        assert path.read_bytes() == before
    game = tmp_path / "g.db"
    ok("--db", game, "new", "hof-gap-meeting")
    ok("--db", game, "new", "hof-gap-meeting", "--replace", "--seed", "3")
    assert "seed 3" in ok("--db", game, "status").stdout


# -- 10. place on an eliminated stand ----------------------------------------------------------

def test_10_an_eliminated_stand_cannot_be_placed(game: Path) -> None:
    conn = sqlite3.connect(game)
    (state,) = conn.execute("select state from snapshot").fetchone()
    data = json.loads(state)
    data["units"]["t80-1"]["status"] = "eliminated"
    conn.execute("update snapshot set state = ?", (json.dumps(data, sort_keys=True),))
    conn.commit()
    conn.close()
    before = game.read_bytes()
    line = refused("--db", game, "place", "t80-1", "30", "30")
    assert line.startswith("Error: unit t80-1 is eliminated and cannot be placed")
    assert game.read_bytes() == before


# -- 12. temporary files of killed writes; campaign next on a full disk -------------------------

def _dead_pid() -> int:
    p = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(p.stdout)


def test_12_a_killed_write_s_temporary_file_goes_with_the_next_write(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    dead = tmp_path / f".x.pdf.{_dead_pid()}-k1ll3d_x.part"
    alive = tmp_path / f".x.pdf.{os.getppid()}-busy_now.part"  # a write still under way
    dead.write_bytes(b"%PDF-1.4 half")
    alive.write_bytes(b"%PDF-1.4 half")
    ok("--db", game, "report", "--out", out)
    assert out.is_file() and not dead.exists() and alive.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part") and p != alive]


def test_12_a_failed_write_leaves_no_temporary_file(game: Path, tmp_path: Path, monkeypatch) -> None:
    import umpire.reports.pdf_report as pdf_report

    def full(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pdf_report, "turn_report_pdf", full)
    import umpire.reports.pdf as pdf

    monkeypatch.setattr(pdf, "turn_report_pdf", full)
    r = run("--db", game, "report", "--out", tmp_path / "x.pdf")
    assert r.exit_code == 2 and "cannot write" in r.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".x.pdf")] == []
