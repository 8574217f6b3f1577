"""A console served for real (uvicorn in a thread, on a free port of 127.0.0.1), and Chromium.

One server and one browser per test module: both take a second or two to start.
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

SECRET = "test-secret-of-the-umpire-0123456789"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@dataclass
class Live:
    url: str
    path: Path
    secret: str = SECRET

    @property
    def login(self) -> str:
        return f"{self.url}/login?token={self.secret}"


@contextmanager
def serving(path: Path, secret: str = SECRET, poll: tuple[float, float] | None = None) -> Iterator[Live]:
    """The console over ``path`` at a free port, until the block ends (``poll``: a side's page's
    first and longest wait between its questions)."""
    import uvicorn

    from umpire.serve.app import make_app
    from umpire.serve.server import hosts_for

    app = make_app(path, secret, hosts=hosts_for("127.0.0.1"), poll=poll)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60  # a busy machine starts it slowly; it only waits as long as it takes
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield Live(f"http://127.0.0.1:{port}", Path(path))
    finally:
        server.should_exit = True
        thread.join(5)
        sock.close()


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None
