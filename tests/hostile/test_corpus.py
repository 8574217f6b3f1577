"""The hostile-names corpus through every command and output of both rulesets and the campaign
(issue #21, acceptance): no traceback, no markup read, no control character on the terminal,
every SVG and HTML well-formed and inert, Markdown with no HTML, JSON keeping the names exactly,
every file written inside its folder.

Each scenario spreads the corpus over its names (the scenario's, the sides', formations',
units', terrain's) and adds units whose ids are hostile too, so every kind goes through every
command once rather than every name through every command.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from tests.conftest import REPO, SCENARIOS
from tests.hostile import corpus as C
from umpire.cli import app

ORDERS = REPO / "data" / "orders"


def _cli(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def ok(*args: object, code: int = 0):
    r = _cli(*args)
    C.assert_terminal_safe(r, code=code)
    return r


def _renamed(scenario: str, names: list[str]) -> tuple[dict, Iterator[str]]:
    """A bundled scenario with every terrain piece, side, formation and unit named from ``names``
    in turn; and the names left."""
    d = yaml.safe_load((SCENARIOS / scenario).read_text(encoding="utf-8"))
    pool = iter(names * 3)
    for t in d["terrain"]:
        t["name"] = next(pool)
    for s in d["sides"]:
        s["name"] = next(pool)
        for f in s["formations"]:
            f["name"] = next(pool)
            for u in f["units"]:
                u["name"] = next(pool)
    return d, pool


def _hostile_at() -> dict:
    d, pool = _renamed("hof-gap-meeting.yaml", C.NAMES)
    d["name"] = "Hof [bold]Gap[/] <script>alert(1)</script> \x1b]0;t\x07"
    d["description"] = next(pool) + " " + next(pool)
    tf = d["sides"][0]["formations"][0]["units"]
    for i, uid in enumerate(C.IDS):
        tf.append({"id": uid, "name": next(pool), "type": "M1A1 Company", "at": [4 + 2.5 * i, 44], "facing": 90})
    tf[1]["name"], tf[2]["name"] = "A Coy [reserve]", "B/1-64 [/1-64 attached]"
    tf[3]["name"] = C.LONGEST
    return d


def _hostile_mbt() -> dict:
    d, _ = _renamed("mbt-basic-a.yaml", C.NAMES[::-1])
    d["name"] = "MBT [/] " + C.HTML[1]
    return d


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder to run in; afterwards nothing may have been written beside it."""
    w = tmp_path / "work"
    w.mkdir()
    monkeypatch.chdir(w)
    yield w
    assert sorted(p.name for p in tmp_path.iterdir()) == ["work"], "a file was written outside the folder"


def _outputs(db: Path, side: str, folder: Path) -> None:
    """Every report format, the maps, the roster and the orders sheet of the game ``db``."""
    ok("--db", db, "report")
    for ext in ("txt", "md", "json", "pdf"):
        ok("--db", db, "report", "--out", folder / f"r.{ext}")
    ok("--db", db, "report", "--side", side, "--out", folder / "b.md")
    ok("--db", db, "report", "--all-sides", "--out", folder / "all.md")
    ok("--db", db, "map", "--out", folder / "m.svg")
    ok("--db", db, "map", "--side", side, "--out", folder / "ms.svg")
    ok("--db", db, "map", "--out", folder / "m.pdf")
    ok("--db", db, "roster", "--out", folder / "ro.pdf")
    ok("--db", db, "orders-sheet", "--out", folder / "os.pdf")
    ok("--db", db, "map", "--side", side, "--out", folder / "m.png")
    ok("--db", db, "orders-sheet", "--side", side, "--out", folder / "t.yaml")
    ok("--db", db, "turn", "print", "--out", folder.parent / f"{folder.name}-turn")
    printed = sorted((folder.parent / f"{folder.name}-turn").rglob("*.md"))
    assert printed and all(C.assert_markdown_inert(p.read_text(encoding="utf-8")) is None for p in printed)
    for p in folder.iterdir():
        if p.suffix in (".png", ".yaml"):
            continue
        text = p.read_text(encoding="utf-8") if p.suffix != ".pdf" else ""
        if p.suffix == ".svg":
            C.assert_svg_inert(text)
        elif p.suffix == ".md":
            C.assert_markdown_inert(text)
        elif p.suffix == ".txt":
            assert not C.CONTROL.search(text)
        elif p.suffix == ".json":
            C.assert_json_keeps(text)
        else:
            from pypdf import PdfReader

            assert len(PdfReader(p).pages) >= 1


def test_an_auftragstaktik_game_of_hostile_names(work: Path) -> None:
    scenario = C.write_yaml(work / "hostile.yaml", _hostile_at())
    db = work / "g.db"
    r = ok("--db", db, "new", scenario)
    assert "Hof [bold]Gap[/] <script>alert(1)</script>" in r.stdout  # markup shown, not read
    st = ok("--db", db, "status").stdout
    assert "A Coy [reserve]" in st and "B/1-64 [/1-64 attached]" in st and "[bold]id" in st
    assert "\u241b]0;x\u2407id" in st  # the escape shown as ␛ and ␇
    data = C.assert_json_keeps(ok("--db", db, "status", "--json").stdout, *C.IDS, "A Coy [reserve]", C.LONGEST)
    assert data["units"]["\x1b]0;x\x07id"]["id"] == "\x1b]0;x\x07id"  # the data exactly as given
    ok("--db", db, "measure", C.IDS[0], C.IDS[2])
    ok("--db", db, "place", C.IDS[4], "6", "40")
    for side in ("nato", "pact"):
        ok("--db", db, "turn", "orders", ORDERS / f"{side}-turn1.yaml")
    for _ in range(4):  # orders, first movement, first combat, reaction
        ok("--db", db, "phase", "next")
    ok("--db", db, "turn")
    ok("--db", db, "log")
    ok("--db", db, "log", "1")
    ok("--db", db, "replay", "--check")
    ok("--db", db, "doctor")
    out = work / "out"
    out.mkdir()
    _outputs(db, "nato", out)
    assert {p.name for p in out.iterdir()} >= {"all-nato.md", "all-pact.md"}
    import yaml

    from umpire.engine import Game

    state = Game.open(db).state  # the pre-filled orders file: YAML, every stand of the side by its id as given
    got = yaml.safe_load((out / "t.yaml").read_text(encoding="utf-8"))
    alive = {u.id for u in state.units_of("nato") if u.placed and u.status not in ("eliminated", "surrendered")}
    assert set(got["units"]) == alive and got["side"] == "nato"


def test_an_mbt_game_of_hostile_names(work: Path) -> None:
    scenario = C.write_yaml(work / "hostile.yaml", _hostile_mbt())
    db = work / "g.db"
    ok("--db", db, "new", scenario)
    ok("--db", db, "status")
    ok("--db", db, "phase", "next")
    for side in ("nato", "ussr"):
        ok("--db", db, "turn", "orders", ORDERS / "mbt" / f"turn1-{side}.yaml")
    for _ in range(3):  # command, fire, movement
        ok("--db", db, "phase", "next")
    ok("--db", db, "log")
    ok("--db", db, "replay", "--check")
    out = work / "out"
    out.mkdir()
    _outputs(db, "ussr", out)


def _hostile_season(folder: Path) -> Path:
    src = REPO / "campaigns" / "hof-autumn-1985.yaml"
    d = yaml.safe_load(src.read_text(encoding="utf-8"))
    pool = iter(C.NAMES * 4)
    d["name"], d["description"] = "Season [bold]x[/] <script>s</script>", next(pool)
    for s in d["sides"]:
        s["name"] = next(pool)
    for p in d["players"]:
        p["name"] = next(pool)
        p["force"]["name"] = next(pool)
        for u in p["force"]["units"]:
            u["name"] = next(pool)
    for rnd in d["rounds"]:
        rnd["name"] = next(pool)
        for g in rnd["games"]:
            g["name"], g["table"] = next(pool), next(pool)
    (folder / "maps").mkdir()
    for m in (REPO / "campaigns" / "maps").iterdir():
        (folder / "maps" / m.name).write_bytes(m.read_bytes())
    return C.write_yaml(folder / "season.yaml", d)


def test_a_campaign_of_hostile_names(work: Path) -> None:
    season = _hostile_season(work)
    c = work / "c.db"
    ok("campaign", "new", c, "--from", season)
    ok("campaign", "status", c)
    C.assert_json_keeps(ok("campaign", "status", c, "--json").stdout, "Season [bold]x[/] <script>s</script>")
    for game in ("r1-north", "r1-south"):
        ok("campaign", "next", c, "--game", game, "--out", work / f"{game}.db")
        ok("--db", work / f"{game}.db", "status")
        ok("--db", work / f"{game}.db", "end", "--reason", C.HTML[0] + " " + C.ESCAPES[0])
    ok("campaign", "import", c, work / "r1-north.db", work / "r1-south.db")
    ok("campaign", "standings", c)
    ok("campaign", "standings", c, "--json")
    ok("campaign", "log", c)
    ok("campaign", "replay", c, "--check")
    ok("campaign", "doctor", c)
    ok("campaign", "print", c, "--out", work / "papers")
    ok("campaign", "report", c, "--out", work / "story")
    story = work / "story"
    C.assert_html_inert((story / "season.html").read_text(encoding="utf-8"))
    C.assert_markdown_inert((story / "season.md").read_text(encoding="utf-8"))
    for svg in ("strength.svg", "losses.svg"):
        C.assert_svg_inert((story / svg).read_text(encoding="utf-8"))
    assert len(list((work / "papers" / "round-2").glob("*.pdf"))) == 16  # a roster and orders a player


def test_rate_a_spec_of_hostile_name(work: Path) -> None:
    spec = C.write_yaml(work / "spec.yaml", {
        "name": "B/1-64 [/1-64 attached] \x1b[2J", "vehicles": 10, "speed_kph": 70, "move_in": 10,
        "mobility": "tracked", "armour_mm": 500, "gun": {"penetration_mm": 480, "fire_control": "g",
                                                          "stabilization": "g"}})
    assert "B/1-64 [/1-64 attached] \u241b[2J" in ok("rate", spec).stdout
    assert C.assert_json_keeps(ok("rate", spec, "--json").stdout)["name"] == "B/1-64 [/1-64 attached] \x1b[2J"


@pytest.mark.parametrize("where", ["name", "unit"])
def test_a_name_of_100k_characters_is_one_line(work: Path, where: str) -> None:
    d = copy.deepcopy(_hostile_at())
    if where == "name":
        d["name"] = C.TOO_LONG
    else:
        d["sides"][0]["formations"][0]["units"][0]["name"] = C.TOO_LONG
    r = ok("--db", work / "g.db", "new", C.write_yaml(work / "long.yaml", d), code=2)
    said = "name: too long: a text of 100,000 characters (allowed: at most 10,000"
    assert len(r.stderr.splitlines()) == 1 and said in r.stderr
    assert not (work / "g.db").exists()


@pytest.mark.parametrize("side", C.PATHS)
def test_a_side_id_that_is_a_path_is_refused_at_load(work: Path, side: str) -> None:
    d = _hostile_at()
    d["sides"][0]["id"] = side
    r = ok("--db", work / "g.db", "new", C.write_yaml(work / "s.yaml", d), code=2)
    assert "sides[0].id: not an id umpire can use in file names" in r.stderr


def test_calc_of_a_case_with_hostile_ids_and_names(work: Path) -> None:
    case = yaml.safe_load((REPO / "data" / "cases" / "measure.yaml").read_text(encoding="utf-8"))
    case["terrain"][0]["id"] = "B/1-64 [/1-64 attached] \x1b]0;t\x07"
    path = C.write_yaml(work / "m.yaml", case)
    assert "blocked by B/1-64 [/1-64 attached] \u241b]0;t\u2407" in ok("calc", "measure", path).stdout
    C.assert_json_keeps(ok("calc", "measure", path, "--json").stdout, "B/1-64 [/1-64 attached] \x1b]0;t\x07")
    fire = yaml.safe_load((REPO / "data" / "cases" / "fire.yaml").read_text(encoding="utf-8"))
    fire["shooter"] = {"unit": "[/] \x1b[2J <script>", "orders": "HA"}
    r = ok("calc", "fire", C.write_yaml(work / "f.yaml", fire), code=2)
    assert "[/] \\x1b[2J <script>" in r.stderr or "[/] \u241b[2J <script>" in r.stderr
