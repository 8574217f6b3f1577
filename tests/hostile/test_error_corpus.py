"""Every command that reads a file, given what a hostile or careless file can be: a link to a
system file, a line of a megabyte, a drawing of a million points, YAML nested a hundred thousand
deep. Each is answered with one short ``Error:`` line that quotes nothing of the system file,
within a second of work and 100 MB (docs/input-limits.md).

The commands run in a subprocess, each measured there (:mod:`tests.hostile.measured`): its CPU
time, so that a busy machine does not fail the test, within the second the limit promises, and
the process's peak memory within 100 MB.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import at_scenario
from tests.hostile.measured import Case, Measured, run

SECRET = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
MILLION = 1_000_000
MOST_CPU = 1.0  # seconds of CPU, starting Python and importing umpire not counted
MOST_MB = 100
MOST_CHARS = 400  # of an error line, beside the file's name


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("corpus")
    (root / "etc").mkdir()
    (root / "etc" / "passwd").write_text(SECRET, encoding="utf-8")
    here = root / "here"
    here.mkdir()
    out: dict[str, Path] = {}
    for ext in ("yaml", "svg", "geojson", "db"):
        (here / f"linked.{ext}").symlink_to(root / "etc" / "passwd")
        out[f"linked.{ext}"] = here / f"linked.{ext}"
    line = "x" * MILLION
    out["line.yaml"] = here / "line.yaml"
    out["line.yaml"].write_text(f"name: {line}\n", encoding="utf-8")
    out["line.svg"] = here / "line.svg"
    out["line.svg"].write_text(f"<svg {line}", encoding="utf-8")
    out["line.geojson"] = here / "line.geojson"
    out["line.geojson"].write_text(json.dumps({"type": "FeatureCollection", "name": line}), encoding="utf-8")
    out["line.db"] = here / "line.db"
    out["line.db"].write_text(line, encoding="utf-8")
    out["line.txt"] = here / "line.txt"
    out["line.txt"].write_text(f"fire {line}\n", encoding="utf-8")
    points = ", ".join(f"[{i % 70}, {i % 40}]" for i in range(MILLION))
    scenario = at_scenario().read_text(encoding="utf-8")
    out["drawing.yaml"] = here / "drawing.yaml"
    out["drawing.yaml"].write_text(scenario.replace("terrain:\n", f"terrain:\n- {{id: huge, type: woods, polygon: "
                                                                    f"[{points}]}}\n", 1), encoding="utf-8")
    path = " ".join(f"L{i % 70} {i % 40}" for i in range(MILLION))
    out["drawing.svg"] = here / "drawing.svg"
    out["drawing.svg"].write_text('<svg xmlns="http://www.w3.org/2000/svg" width="72in" height="48in" viewBox="0 0 '
                                  f'72 48"><path id="w1" class="woods" d="M0 0 {path}"/></svg>', encoding="utf-8")
    out["drawing.geojson"] = here / "drawing.geojson"
    out["drawing.geojson"].write_text(json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"type": "woods"},
         "geometry": {"type": "Polygon", "coordinates": [[[i % 70, i % 40] for i in range(MILLION)]]}}]}),
        encoding="utf-8")
    out["drawing.txt"] = here / "drawing.txt"
    out["drawing.txt"].write_text(f"measure {{a: [{points}]}}\n", encoding="utf-8")
    deep = "[" * 100_000 + "]" * 100_000
    for ext in ("yaml", "geojson", "txt"):
        out[f"deep.{ext}"] = here / f"deep.{ext}"
        out[f"deep.{ext}"].write_text(("measure " if ext == "txt" else "") + deep + "\n", encoding="utf-8")
    out["game.db"] = root / "game.db"
    assert run([Case(["--db", str(out["game.db"]), "new", str(at_scenario())])])[0].code == 0
    return out


YAML = ("linked.yaml", "line.yaml", "drawing.yaml", "deep.yaml")
TERRAIN = ("linked.svg", "line.svg", "drawing.svg", "linked.geojson", "line.geojson", "drawing.geojson", "deep.geojson")
COMMANDS = {
    "new": (YAML, lambda f, g: ["--db", f.parent / "new.db", "new", f]),
    "check": (YAML, lambda f, g: ["check", f]),
    "check --kind scenario": (YAML, lambda f, g: ["check", "--kind", "scenario", f]),
    "turn orders": (YAML, lambda f, g: ["--db", g, "turn", "orders", f]),
    "check against a game": (YAML, lambda f, g: ["--db", g, "check", f]),
    "calc": (YAML, lambda f, g: ["calc", f]),
    "rate": (YAML, lambda f, g: ["rate", f]),
    "data check": (YAML, lambda f, g: ["data", "check", f]),
    "campaign new": (YAML, lambda f, g: ["campaign", "new", f.parent / "c.db", "--from", f]),
    "terrain import": (TERRAIN, lambda f, g: ["terrain", "import", f]),
    "status": (("linked.db", "line.db"), lambda f, g: ["--db", f, "status"]),
    "campaign status": (("linked.db", "line.db"), lambda f, g: ["campaign", "status", f]),
}
STDIN = {"calc -": (YAML, ["calc", "-"]), "session": (("line.txt", "drawing.txt", "deep.txt"), ["session"])}
CASES = [(cmd, name) for cmd, (names, _) in {**COMMANDS, **STDIN}.items() for name in names]


@pytest.fixture(scope="module")
def answers(files: dict[str, Path]) -> dict[tuple[str, str], Measured]:
    cases = []
    for command, name in CASES:
        f = files[name]
        if command in STDIN:
            cases.append(Case([str(a) for a in STDIN[command][1]], stdin=str(f), cwd=str(f.parent)))
        else:
            cases.append(Case([str(a) for a in COMMANDS[command][1](f, files["game.db"])], cwd=str(f.parent)))
    return dict(zip(CASES, run(cases), strict=True))


@pytest.mark.parametrize(("command", "name"), CASES)
def test_a_command_reading_a_file_answers_in_one_short_line(answers, command: str, name: str) -> None:
    r = answers[(command, name)]
    what = f"{command} {name}: {r.cpu:.2f} s, {r.alone_mb:.0f} MB ({r.grew_mb:+.0f} MB)"
    if command.startswith("check"):  # the check's report: the file's problems, on standard output
        assert r.code != 0 and not r.stderr, (what, r.stderr)
        lines = [ln for ln in r.stdout.splitlines() if not ln.startswith("note:")]
        assert 2 <= len(lines) <= 3, (what, r.stdout[:2000])
        said = lines[1]
    else:
        lines = r.errors()
        assert len(lines) == 1 and lines[0].startswith("Error: "), (what, r.stderr[:2000])
        assert r.code == (0 if command == "session" else 2), (what, r.code)
        said = lines[0]
    assert len(said) <= MOST_CHARS + len(str(name)) + 200, (what, len(said), said[:500])
    for part in ("root:x:0", "/bin/bash", "/usr/sbin/nologin"):
        assert part not in r.stdout + r.stderr, (what, said)
    assert r.cpu <= MOST_CPU, (what, said)
    assert r.alone_mb <= MOST_MB, (what, said)
