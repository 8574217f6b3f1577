"""Who may use the server, and the checks every request passes.

- **Secrets, one per role.** :class:`Keys` holds the umpire's secret (the console); each side's
  links (role ``side:nato``, its pages under ``/side/nato``) are kept in the game file, as
  digests too (:mod:`umpire.engine.players`). A secret is a long random token
  (``secrets.token_urlsafe``), kept only as its SHA-256 and compared in constant time.
- **Sessions.** Logging in (the link printed at start, or the secret typed into the login
  page) makes a server-side :class:`Session` (its role and its CSRF token); the browser holds
  only its random id, in a cookie that is ``HttpOnly`` and ``SameSite=Strict``. Sessions are
  kept per holder (the umpire's secret, each link), a few each: logging in again and again with
  one link ends that link's oldest sessions, never the umpire's or another side's.
- **The door** (:class:`Door`): a link opens at most :data:`DOOR_MOST` sessions a minute, and an
  address that gives secrets no link or role has is refused after :data:`DOOR_MOST` a minute
  (429, nothing looked up).
- **The guard** (:class:`Guard`, an ASGI middleware): every path but the login page and the
  static files needs a session of the role its prefix names (``/console``: the umpire); every
  request that may write (any method but GET and HEAD) must come from the server's own pages:
  ``Sec-Fetch-Site`` (when the browser sends it) is ``same-origin``, ``Origin`` (when sent) is
  the server's own, and the ``X-CSRF-Token`` header is the session's token. The ``Host`` must be
  one the server answers to (no DNS rebinding onto 127.0.0.1).
- **The headers** of every answer: a Content-Security-Policy that allows the server's own
  scripts and styles only (nothing inline), no framing, no sniffing, no referrer, no caching.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlsplit

from umpire.errors import UmpireError
from umpire.photo.image import MAX_BYTES as PHOTO_BYTES

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

UMPIRE = "umpire"
COOKIE = "umpire_session"
CSRF_HEADER = "x-csrf-token"
SESSION_HOURS = 24  # a session lasts a long evening's game
#: sessions kept for one holder (the umpire's secret, or one link): beyond it that holder's
#: oldest goes, never another's (a login loop with one link logs out no one but that link)
MOST_PER_HOLDER = {UMPIRE: 16, "link": 8}
PUBLIC = ("/login", "/static/")  # what answers without a session: the door and the page's code
EVERY_ROLE = ("/logout",)  # what any session may do, whatever its role
#: which role each part of the site is for (the longest prefix that matches wins); a game's
#: sides add theirs (:func:`roles_for`)
PREFIX_ROLES = {"/": UMPIRE, "/console": UMPIRE}
SIDE_PREFIX = "/side/"
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")
MAX_BODY = 2 * 1024 * 1024  # bytes of a request body (an orders file is far smaller)
#: the routes whose body may be larger, each with its own limit, which the route itself enforces
#: (a photo of the table: :data:`umpire.photo.image.MAX_BYTES`)
LARGE_BODIES = {"/console/photo": PHOTO_BYTES}

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
)


def new_secret() -> str:
    """A fresh secret: 32 random bytes, URL-safe (256 bits: not to be guessed)."""
    return secrets.token_urlsafe(32)


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()


class Keys:
    """The secret of each role, kept as its SHA-256 only; :meth:`role_of` says whose a given
    secret is, comparing in constant time against every one (no early exit)."""

    def __init__(self, secrets_by_role: dict[str, str]) -> None:
        self._digests = {role: _digest(s) for role, s in secrets_by_role.items()}

    def role_of(self, given: str | None) -> str | None:
        if not given or len(given) > 512:
            return None
        d = _digest(given)
        found = None
        for role, want in self._digests.items():
            if hmac.compare_digest(d, want):
                found = role
        return found


def side_role(side: str) -> str:
    return f"side:{side}"


def roles_for(sides: Iterable[str]) -> dict[str, str]:
    """The prefixes of the site and their roles: the console's, and each side's pages."""
    return {**PREFIX_ROLES, **{f"{SIDE_PREFIX}{s}": side_role(s) for s in sides}}


@dataclass
class Session:
    id: str
    role: str
    csrf: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    made: float = field(default_factory=time.monotonic)
    link: int | None = None  # a side's session: the link it was opened with
    player: str = ""
    asked: list[float] = field(default_factory=list, repr=False)  # when its last requests came

    @property
    def holder(self) -> str:
        """Whose session it is: the umpire's secret's, or one link's (sessions are bounded per holder)."""
        return UMPIRE if self.link is None else f"link:{self.link}"

    @property
    def home(self) -> str:
        return "/console" if self.role == UMPIRE else f"{SIDE_PREFIX}{self.role.split(':', 1)[1]}"


class Sessions:
    """The logged-in browsers, in memory (a restart logs everyone out, as a new secret would)."""

    def __init__(self, hours: float = SESSION_HOURS, most: dict[str, int] | None = None) -> None:
        self._by_id: dict[str, Session] = {}
        self._lock = threading.Lock()
        self.ttl = hours * 3600
        self.most = most or MOST_PER_HOLDER

    def new(self, role: str, link: int | None = None, player: str = "") -> Session:
        """A new session; its holder's oldest ends if the holder has too many (no one else's)."""
        s = Session(secrets.token_urlsafe(32), role, link=link, player=player)
        most = self.most[UMPIRE if link is None else "link"]
        with self._lock:
            mine = [k for k, x in self._by_id.items() if x.holder == s.holder]
            for k in mine[: max(0, len(mine) + 1 - most)]:
                del self._by_id[k]
            self._by_id[s.id] = s
        return s

    def count(self, holder: str | None = None) -> int:
        with self._lock:
            return sum(1 for s in self._by_id.values() if holder is None or s.holder == holder)

    def get(self, sid: str | None) -> Session | None:
        if not sid:
            return None
        with self._lock:
            s = self._by_id.get(sid)
            if s is not None and time.monotonic() - s.made > self.ttl:
                del self._by_id[sid]
                return None
            return s

    def drop(self, sid: str) -> None:
        with self._lock:
            self._by_id.pop(sid, None)

    def drop_links(self, live: frozenset[int]) -> None:
        """End every side's session whose link is no longer live (revoked or renewed)."""
        with self._lock:
            for sid in [k for k, s in self._by_id.items() if s.link is not None and s.link not in live]:
                del self._by_id[sid]


#: logins a minute: by one link, and by one address giving secrets that open nothing
DOOR_MOST, DOOR_SECONDS = 20, 60.0
DOOR_KEPT = 4096  # the keys the door remembers (the oldest are forgotten first)


class Door:
    """How often the login door was knocked at, per key (``link:N``, ``address:A``), in the last
    :data:`DOOR_SECONDS`; bounded in memory whatever the knocking."""

    def __init__(self, most: int = DOOR_MOST, seconds: float = DOOR_SECONDS) -> None:
        self.most, self.seconds = most, seconds
        self._seen: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def full(self, key: str, now: float | None = None) -> bool:
        """Whether ``key`` has knocked :attr:`most` times within the window (nothing is counted)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            return sum(1 for t in self._seen.get(key, ()) if now - t < self.seconds) >= self.most

    def knock(self, key: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        with self._lock:
            recent = [t for t in self._seen.pop(key, []) if now - t < self.seconds][-self.most:]
            self._seen[key] = [*recent, now]
            while len(self._seen) > DOOR_KEPT:
                del self._seen[next(iter(self._seen))]


def cookie_header(session: Session | None) -> str:
    """The ``Set-Cookie`` value that gives (or, for ``None``, takes away) a session."""
    if session is None:
        return f"{COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"
    return f"{COOKIE}={session.id}; Path=/; HttpOnly; SameSite=Strict; Max-Age={SESSION_HOURS * 3600}"


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def session_id(headers: dict[str, str]) -> str | None:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except Exception:  # a malformed cookie header is no session
        return None
    morsel = jar.get(COOKIE)
    return morsel.value if morsel is not None else None


def role_for(path: str, roles: dict[str, str] = PREFIX_ROLES) -> str:
    """The role a path is for: that of the longest prefix of ``roles`` it starts with."""
    best = max((p for p in roles if path == p or path.startswith(p.rstrip("/") + "/")), key=len)
    return roles[best]


def is_public(path: str) -> bool:
    return any(path == p or (p.endswith("/") and path.startswith(p)) for p in PUBLIC)


def host_of(headers: dict[str, str]) -> str:
    return headers.get("host", "").strip().lower()


#: a whole ``Host`` header: one name (or IPv4 address, or IPv6 address in brackets) and an
#: optional port, nothing before or after (``127.0.0.1:8000, evil.example`` is no host)
HOST = re.compile(r"(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)(?::([0-9]{1,5}))?\Z")


def host_name(host: str) -> str | None:
    """The name of a ``Host`` header, checked whole (None: not one host)."""
    m = HOST.match(host)
    return m.group(1) if m else None


def cross_site(method: str, headers: dict[str, str], scheme: str) -> str | None:
    """Why a request that may write did not come from the server's own pages (None: it did),
    by what the browser says of it: ``Sec-Fetch-Site`` and ``Origin``."""
    if method in ("GET", "HEAD", "OPTIONS"):
        return None
    site = headers.get("sec-fetch-site")
    if site is not None and site != "same-origin":
        return f"a {site} request"
    origin = headers.get("origin")
    if origin == "null" and site == "same-origin":
        return None  # a form of the server's own page sent under its no-referrer policy: the browser says so
    if origin is not None:
        own = f"{scheme}://{host_of(headers)}"
        parts = urlsplit(origin.lower())
        if origin == "null" or f"{parts.scheme}://{parts.netloc}" != own:
            return f"a request from {origin!r}"
    return None


#: a side's page may ask this many times within :data:`RATE_SECONDS` (its polling asks far less):
#: beyond it the answer is 429, with nothing done
RATE_MOST, RATE_SECONDS = 120, 60.0


def too_fast(session: Session, now: float) -> bool:
    """Whether a side's session has asked more than :data:`RATE_MOST` times in the last
    :data:`RATE_SECONDS` (the umpire's console is not limited)."""
    if session.link is None:
        return False
    recent = [t for t in session.asked if now - t < RATE_SECONDS]
    recent.append(now)
    session.asked[:] = recent[-RATE_MOST - 1:]
    return len(recent) > RATE_MOST


class Guard:
    """The checks every request passes before any route sees it (see the module notes).

    ``roles``: the site's prefixes and their roles (:func:`roles_for`); ``live``: the links live
    now, asked at every request of a side's session (a link revoked by the console or by another
    command ends its sessions at once)."""

    def __init__(self, app: ASGIApp, sessions: Sessions, hosts: Iterable[str] | None,
                 roles: dict[str, str] | None = None, live: Callable[[], frozenset[int]] | None = None) -> None:
        self.app = app
        self.sessions = sessions
        self.hosts = None if hosts is None else {h.lower() for h in hosts}
        self.roles = roles or PREFIX_ROLES
        self.live = live

    def _refusal(self, scope: Scope, headers: dict[str, str], path: str, method: str) -> tuple[int, str] | None:
        """Why any request is refused before its session is looked at (its status and words): a
        Host that is not one host name, or not this server's; a body too large; a cross-site
        write. None: it may go on."""
        hosts = [v for k, v in scope.get("headers", []) if k.lower() == b"host"]
        name = host_name(host_of(headers)) if len(hosts) == 1 else None
        if name is None:
            return 400, "the request's Host is not one host name (allowed: NAME or NAME:PORT)"
        if self.hosts is not None and name not in self.hosts:
            return 421, f"this server answers to its own address only ({', '.join(sorted(self.hosts))})"
        length = headers.get("content-length", "")
        most = LARGE_BODIES.get(path, MAX_BODY)
        if length and (not length.isdigit() or int(length) > most):
            return 413, f"the request is too large (at most {most // 1024} KiB)"
        why = cross_site(method, headers, scope.get("scheme", "http"))
        if why is not None:
            return 403, f"refused: {why}; the console's forms are sent from its own pages only"
        return None

    def _session(self, headers: dict[str, str]) -> Session | None:
        """The request's session, if it has one still live (a side's link the umpire took back
        ends its sessions)."""
        session = self.sessions.get(session_id(headers))
        if session is not None and session.link is not None and self.live is not None:
            live = self.live()
            if session.link not in live:
                self.sessions.drop_links(live)
                session = None
        return session

    def _gate(self, session: Session | None, path: str, method: str,
              headers: dict[str, str]) -> str | tuple[int, str] | None:
        """What a page that is not public asks of its session: a page to go to instead (the
        login, a side's home), or a refusal (its status and words); None: it may go on."""
        if session is None:
            if method == "GET" and (path.count("/") <= 1 or path in self.roles):
                return "/login"
            return 401, "log in first: open the link umpire serve printed (a side: the link the umpire gave you)"
        if too_fast(session, time.monotonic()):
            return 429, "too many requests from this page: wait a minute"
        if path == "/" and session.role != UMPIRE:
            return session.home
        if path not in EVERY_ROLE and session.role != role_for(path, self.roles):
            return 403, "this page is not for your link"
        if method not in ("GET", "HEAD", "OPTIONS"):
            given = headers.get(CSRF_HEADER, "")
            if not hmac.compare_digest(given.encode("utf-8", "replace"), session.csrf.encode()):
                return 403, "refused: the form's token is missing or wrong; reload the page"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in HEADERS if k not in have]
                if b"cache-control" not in have:
                    extra.append((b"cache-control", b"no-store"))
                message["headers"] = list(message.get("headers", [])) + extra
            await send(message)

        headers = _headers(scope)
        path = scope.get("path", "")
        method = scope.get("method", "GET")
        refusal = self._refusal(scope, headers, path, method)
        if refusal is not None:
            await _refuse(with_headers, *refusal)
            return
        state = scope.setdefault("state", {})
        session = state["session"] = self._session(headers)
        if not is_public(path):
            answer = self._gate(session, path, method, headers)
            if isinstance(answer, str):
                await _redirect(with_headers, answer)
                return
            if answer is not None:
                await _refuse(with_headers, *answer)
                return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await with_headers(message)

        try:
            await self.app(scope, receive, sending)
        except Exception as exc:  # one line on the server's terminal, never a traceback

            if isinstance(exc, UmpireError) and not started:  # a body too large, read before any route's check
                await _refuse(with_headers, getattr(exc, "status", 400), str(exc))
                return
            from umpire.text import visible

            print(visible(f"umpire serve: {method} {path[:200]} failed: {type(exc).__name__}: {str(exc)[:300]}"
                          ).replace("\n", " "), file=sys.stderr)
            if not started:
                await _refuse(with_headers, 500, "the server could not answer this request (its terminal says "
                              "why); nothing was written")


async def _refuse(send: Send, status: int, text: str) -> None:
    import json

    body = json.dumps({"error": text}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def _redirect(send: Send, where: str) -> None:
    await send({"type": "http.response.start", "status": 303,
                "headers": [(b"location", where.encode()), (b"content-length", b"0")]})
    await send({"type": "http.response.body", "body": b""})
