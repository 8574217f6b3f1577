"""Starting the console: the secret, the login link, the address, and uvicorn.

The server binds 127.0.0.1 unless told otherwise; ``--host 0.0.0.0`` (every address of the
machine, so another device on the club's network can reach it) is taken only when asked, with
a warning line. The secret is made afresh at each start (or read from ``UMPIRE_SERVE_SECRET``,
so a restart keeps the same link) and printed once, as the login link.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from umpire.errors import UmpireError

LOCAL = "127.0.0.1"
SECRET_ENV = "UMPIRE_SERVE_SECRET"
MIN_SECRET = 16  # characters of a secret given in the environment


def secret_from_env() -> str | None:
    """The secret set in ``UMPIRE_SERVE_SECRET``, if any. :raises UmpireError: if too short."""
    text = os.environ.get(SECRET_ENV, "").strip()
    if not text:
        return None
    if len(text) < MIN_SECRET:
        raise UmpireError(f"{SECRET_ENV}: a secret of {len(text)} characters is too easy to guess "
                          f"(allowed: at least {MIN_SECRET}; or leave it unset for a fresh one)")
    return text


def hosts_for(host: str) -> list[str] | None:
    """The host names the server answers to: its loopback names when it listens on loopback
    only; any (None) when it listens on a network, where the devices use its own address."""
    from umpire.serve.security import LOCAL_HOSTS

    if host in LOCAL_HOSTS:
        return list(LOCAL_HOSTS)
    return None


def serve(path: Path, host: str = LOCAL, port: int = 8000, say: Callable[[str], None] = print) -> None:
    """Run the console over the game file at ``path`` until Ctrl-C.

    :raises UmpireError: if the file is not a game file, or the port cannot be had.
    """
    import socket

    import uvicorn

    from umpire.serve.app import make_app
    from umpire.serve.security import new_secret

    if not 0 <= port <= 65535:
        raise UmpireError(f"--port {port}: not a port (allowed: 0-65535)")
    secret = secret_from_env() or new_secret()
    app = make_app(path, secret, hosts=hosts_for(host))
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise UmpireError(f"--host {host} --port {port}: cannot listen there ({exc.strerror}); "
                          "give another --port") from None
    port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    where = LOCAL if host in ("0.0.0.0", "::") else shown
    say(f"umpire serve: the console of {Path(path)} at http://{where}:{port}/")
    if hosts_for(host) is None:
        say(f"Warning: listening on {host}: any device that can reach this machine can ask for the console; "
            "it still needs the secret. Use it on the club's own network only, and stop it (Ctrl-C) when "
            "the game ends.")
        say(f"From another device: http://THIS-MACHINE'S-ADDRESS:{port}/login, with the secret below")
    say(f"Log in (keep this link to yourself): http://{where}:{port}/login?token={secret}")
    say("Stop with Ctrl-C.")
    config = uvicorn.Config(app, log_level="warning", access_log=False, server_header=False,
                            timeout_graceful_shutdown=2, lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])
