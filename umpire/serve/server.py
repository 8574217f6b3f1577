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


def network_address() -> str | None:
    """This machine's address on its network (the one a route out would leave from; nothing is
    sent), or None if it has none."""
    import socket

    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.254.254.254", 1))
        address = s.getsockname()[0]
    except OSError:
        return None
    finally:
        s.close()
    return None if address.startswith("127.") else str(address)


def check_url(url: str) -> str:
    """:raises UmpireError: if ``url`` is not an http(s) address a device can open."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise UmpireError(f"--url {url!r}: not the server's address (allowed: http://HOST:PORT, as a device opens it)")
    return url.rstrip("/")


def print_links(path: Path, base: str, say: Callable[[str], None], sheets: bool = False) -> None:
    """A new link for every side (its old ones revoked), each printed with its QR code (and, with
    ``sheets``, the command that prints the side's orders sheet carrying it)."""
    import io

    import segno

    from umpire.engine import Game, players

    game = Game.open(path)
    try:
        made = [players.make_link(game, s.id) + (s.name,) for s in game.state.sides]
    finally:
        game.close()
    for link, token, name in made:
        url = f"{base}/login?token={token}"
        out = io.StringIO()
        segno.make(url, error="m").terminal(out=out, compact=True)
        say(f"{name} ({link.side}): {url}")
        if sheets:
            say(f"  its orders sheet with this link: umpire orders-sheet --side {link.side} --link '{url}'")
        say(out.getvalue().rstrip("\n"))


def serve(path: Path, host: str = LOCAL, port: int = 8000, say: Callable[[str], None] = print,
          links: bool = False, url: str | None = None, sheets: bool = False) -> None:
    """Run the console over the game file at ``path`` until Ctrl-C (with ``links``: a new link
    for every side first, printed with its QR code; ``url``: the address the links name).

    :raises UmpireError: if the file is not a game file, or the port cannot be had.
    """
    import socket

    import uvicorn

    from umpire.serve.app import make_app
    from umpire.serve.security import new_secret

    if not 0 <= port <= 65535:
        raise UmpireError(f"--port {port}: not a port (allowed: 0-65535)")
    secret = secret_from_env() or new_secret()
    base = check_url(url) if url else None
    app = make_app(path, secret, hosts=hosts_for(host), base_url=base)
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
    if base is None:
        lan = network_address() if host in ("0.0.0.0", "::") else None
        base = f"http://{lan or where}:{port}"
        app.state.site.base_url = base
    if links:
        if hosts_for(host) is not None:
            say("Warning: the server listens on this machine only: the sides' devices cannot open these links "
                "(start it with --host 0.0.0.0)")
        print_links(Path(path), base, say, sheets)
    say("Stop with Ctrl-C.")
    config = uvicorn.Config(app, log_level="warning", access_log=False, server_header=False,
                            timeout_graceful_shutdown=2, lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])
