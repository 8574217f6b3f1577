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
        if shown:  # the page's commands use the default game file; these, one in a temporary folder
            assert r.output.replace(f"--db {cli.db} ", "").splitlines() == shown, command
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


def test_the_pages_python_makes_the_dice_and_the_campaign_game_seeds_umpire_makes():
    """The functions docs/keyed-dice.md prints, run as written, give umpire's dice and the seed
    ``campaign next`` gives every game of both bundled seasons (#26 item 9: the page once said a
    game's seed was die 0 of a roll, which it is not)."""
    from umpire.campaign.season import resolve_season
    from umpire.campaign.setup import game_seed, load_season
    from umpire.core.dice import keyed_values

    page = DOC.read_text()
    names: dict = {}
    for block in re.findall(r"```python\n(.*?)```", page, re.S):
        exec(block, names)  # noqa: S102 - the page's own code
    assert names["die"](4711, "t1/Initiative/initiative/nato#0", 0, 10) == 5
    assert [names["die"](7, "k", i, 6) for i in range(3)] == list(keyed_values(7, "k", 6, 3))
    for season in ("hof-autumn-1985", "fulda-1989"):
        s, _ = load_season(resolve_season(season))
        for _, g in s.games():
            assert names["game_seed"](s.seed, g.id) == game_seed(s.seed, g.id), (season, g.id)
    quoted = re.search(r"sets up game `r1-north` with seed (\d+)", page)
    assert quoted and int(quoted.group(1)) == game_seed(1985, "r1-north")
