"""docs/keyed-dice.md's example session runs as written and prints what the page shows."""

from __future__ import annotations

import re
import shlex

from tests.conftest import REPO, Cli

DOC = REPO / "docs" / "keyed-dice.md"


def _sessions() -> list[list[tuple[str, list[str]]]]:
    """Each console block: its commands, each with the lines it is shown to print."""
    out = []
    for block in re.findall(r"```console\n(.*?)```", DOC.read_text(), re.S):
        steps: list[tuple[str, list[str]]] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
        out.append(steps)
    return out


def test_the_example_session_prints_what_the_page_shows(tmp_path, monkeypatch):
    monkeypatch.chdir(REPO)
    cli = Cli(tmp_path / "game.db")
    (first, refused) = _sessions()
    for command, shown in first:
        args = shlex.split(command.split("#")[0])[1:]
        times = int(re.search(r"# (\w+) times", command).group(1) == "four") * 4 if "times" in command else 1
        for _ in range(times):
            r = cli(*args)
            assert r.exit_code == 0, (command, r.stderr)
        if shown:
            assert r.output.splitlines() == shown, command
    (command, shown), = refused
    other = Cli(tmp_path / "other.db")
    for line in ("new hof-gap-meeting", "turn orders data/orders/nato-turn1.yaml",
                 "turn orders data/orders/pact-turn1.yaml", *["phase next"] * 4, "move a-1-64 30 22",
                 "phase next", "fire a-1-64 t80-1"):
        assert other(*shlex.split(line)).exit_code == 0, line
    before = other.db.read_bytes()
    r = other(*shlex.split(command)[1:])
    assert r.exit_code == 2 and r.stderr.splitlines() == shown
    assert other.db.read_bytes() == before
