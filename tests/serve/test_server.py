"""Starting the console: what it prints, where it listens, and the secret it takes."""

from __future__ import annotations

import pytest

from umpire.errors import UmpireError


@pytest.fixture
def started(monkeypatch):
    """serve() up to the point where uvicorn would run (it returns at once instead)."""
    import uvicorn

    ran = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: ran.append(sockets[0].getsockname()))
    return ran


def test_local_by_default_with_a_login_link(game, started):
    from umpire.serve.server import serve

    lines: list[str] = []
    serve(game, port=0, say=lines.append)
    host, port = started[0]
    assert host == "127.0.0.1"
    assert lines[0] == f"umpire serve: the console of {game} at http://127.0.0.1:{port}/"
    assert not any(x.startswith("Warning") for x in lines)
    link = next(x for x in lines if x.startswith("Log in"))
    assert f"http://127.0.0.1:{port}/login?token=" in link and len(link.rsplit("=", 1)[1]) >= 43


def test_every_address_only_when_asked_and_with_a_warning(game, started):
    from umpire.serve.server import serve

    lines: list[str] = []
    serve(game, host="0.0.0.0", port=0, say=lines.append)
    assert started[0][0] == "0.0.0.0"
    assert any(x.startswith("Warning: listening on 0.0.0.0") for x in lines)


def test_a_secret_from_the_environment_is_kept_and_a_short_one_refused(game, started, monkeypatch):
    from umpire.serve.server import serve

    monkeypatch.setenv("UMPIRE_SERVE_SECRET", "a-long-enough-secret-of-ours")
    lines: list[str] = []
    serve(game, port=0, say=lines.append)
    assert any(x.endswith("token=a-long-enough-secret-of-ours") for x in lines)
    monkeypatch.setenv("UMPIRE_SERVE_SECRET", "short")
    with pytest.raises(UmpireError, match="too easy to guess"):
        serve(game, port=0, say=lines.append)


def test_the_cli_refuses_what_is_not_a_game_in_one_line(tmp_path):
    from tests.conftest import Cli

    r = Cli(tmp_path / "none.db")("serve")
    assert r.exit_code == 2 and r.stderr.startswith("Error: ") and "no game file there" in r.stderr


def test_links_makes_one_per_side_printed_with_its_qr_code_the_old_ones_revoked(game, started):
    from umpire.engine import Game, players
    from umpire.serve.server import serve

    lines: list[str] = []
    serve(game, port=0, say=lines.append, links=True, url="http://192.168.1.20:8000/", sheets=True)
    made = [x for x in lines if x.startswith(("NATO (nato): ", "Warsaw Pact (pact): "))]
    assert len(made) == 2 and all("http://192.168.1.20:8000/login?token=" in x for x in made)
    assert any("umpire orders-sheet --side nato --link 'http://192.168.1.20:8000/login?token=" in x for x in lines)
    assert any("▀" in x or "█" in x for x in lines)  # the QR code, drawn in the terminal
    g = Game.open(game)
    try:
        first = {x.side: x.id for x in players.links(g) if x.live}
        token = made[0].rsplit("token=", 1)[1]
        assert players.link_for(g, token).side == "nato"
    finally:
        g.close()
    serve(game, port=0, say=lines.append, links=True, url="http://192.168.1.20:8000")
    g = Game.open(game)
    try:
        assert players.link_for(g, token) is None  # renewed: the old link opens nothing
        assert not set(first.values()) & {x.id for x in players.links(g) if x.live}
    finally:
        g.close()
    with pytest.raises(UmpireError, match="--url"):
        serve(game, port=0, say=lines.append, url="ftp://x")
