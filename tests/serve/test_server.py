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
