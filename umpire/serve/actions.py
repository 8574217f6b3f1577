"""Every write the console makes, each through the engine's one write path.

A request names the action as the CLI command would (``place``, ``move``, ``phase``,
``orders``), with the same values, and becomes the same payload for :meth:`Game.act`; so the
checks, the refusals and their words are the CLI's, and the game is the one the same commands
typed at the terminal would make. Each request also says which event the page showed (``seen``):
the engine refuses it whole if another command has written since (:class:`StaleError`), and a
file held by another writer past the busy timeout is refused as busy. ``amend: N`` makes the
action an amendment of #N (``umpire amend N ...``). Every answer says the file's last event after the write (``last``),
so the page knows the change for its own. ``/console/preview`` runs the same handler
on the current state without writing: a move's cost against its allowance, or why it is
refused, before it is taken.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from umpire.errors import UmpireError
from umpire.serve.shown import JSONResponse
from umpire.serve.site import answer_error, body_json, site_of

if TYPE_CHECKING:
    from umpire.core.state import GameState
    from umpire.engine import ActionResult, Game
    from umpire.turns.readers import Readers

ACTIONS = ("place", "move", "phase", "orders")
SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def _num(value: Any, field: str) -> float:
    from umpire.schema.numbers import number

    return number(value, field)


def _seq(value: Any, field: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise UmpireError(f"{field}: {value!r} is not an event number")
    return value


def payload_of(game: Game, data: dict[str, Any]) -> tuple[str, dict[str, Any], str | None]:
    """The engine's kind and payload for a console request, as the CLI command makes them, and
    the orders file's text when there is one.

    :raises UmpireError: for an unknown action or a value the command would refuse.
    """
    from umpire.turns.common import check_facing

    action = data.get("action")
    facing = data.get("facing")
    facing = None if facing in (None, "") else check_facing(facing)
    if action == "place":
        x, y = _num(data.get("x"), "place: X"), _num(data.get("y"), "place: Y")
        return "place", {"unit": str(data.get("unit") or ""), "x": x, "y": y, "facing": facing}, None
    if action == "move":
        path = data.get("path")
        if not isinstance(path, list) or not path:
            raise UmpireError("move: give a destination X Y")
        points = [[_num(p[0], f"move: point {i + 1}: X"), _num(p[1], f"move: point {i + 1}: Y")]
                  for i, p in enumerate(path) if isinstance(p, list | tuple) and len(p) == 2]
        if len(points) != len(path):
            raise UmpireError("move: every point is [X, Y] in inches")
        return "move", {"unit": str(data.get("unit") or ""), "path": points, "facing": facing}, None
    ruleset = game.state.ruleset
    if action == "phase":
        return f"{ruleset}.phase", ({"allow_integrity_break": True} if data.get("allow_integrity_break") else {}), None
    if action == "orders":
        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            raise UmpireError("orders: choose a side's orders file (YAML) to enter")
        return f"{ruleset}.orders", {}, text
    raise UmpireError(f"unknown action {action!r} (allowed: {', '.join(ACTIONS)})")


def read_orders(game: Game, name: str, text: str, state: GameState | None = None,
                db: Path | None = None, readers: Readers | None = None) -> dict[str, Any]:
    """An orders file sent from the page, read as ``umpire turn orders FILE`` reads it, against
    ``state`` (default: the game's now), and refused as that command refuses it: the first
    problem placed at its line as ``umpire check`` places it, how many more there are (``db``:
    the game file the command would name), the file named by the name it was sent under;
    ``readers``: the file is a side's, read and refused in its words (:mod:`umpire.turns.readers`)."""
    from umpire.inputs import refusal

    safe = SAFE_NAME.sub("-", Path(str(name or "orders.yaml")).name).strip(".-") or "orders.yaml"
    state = game.state if state is None else state
    with tempfile.TemporaryDirectory(prefix="umpire-orders-") as tmp:
        path = Path(tmp) / safe
        path.write_text(text, encoding="utf-8")
        try:
            return game.turn_rules().read_orders(path, state, readers)
        except UmpireError as exc:
            said = refusal(path, "orders", exc, state=state, db=db, readers=readers)
            raise UmpireError(str(said).replace(f"{tmp}/", "")) from None


def _amending(game: Game, data: dict[str, Any]) -> None:
    amend = _seq(data.get("amend"), "amend")
    if amend is not None:
        game.amending(amend, drop_invalid=bool(data.get("drop_invalid")))


def _prepare(game: Game, data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    _amending(game, data)
    kind, payload, text = payload_of(game, data)
    if text is not None:
        payload = read_orders(game, str(data.get("name") or ""), text, db=game.path)
    return kind, payload


def _told(game: Game, res: ActionResult) -> dict[str, Any]:
    """What the action did, as the CLI prints it: place and move their summary; a phase or an
    orders file as the umpire's report tells it."""
    from umpire.reports.model import action_report
    from umpire.reports.status import gist
    from umpire.reports.words import phase_name

    now = res.state
    out: dict[str, Any] = {"ok": True, "seq": res.seq, "summary": f"#{res.seq} {res.summary}",
                           "short": f"#{res.seq} {gist(res.summary)}",
                           "now": f"now: turn {now.turn}, {phase_name(now.ruleset, now.phase)}"}
    if res.kind.endswith((".phase", ".orders")):
        report = action_report(game, res.seq, now)
        if report is not None:
            out["told"] = report
    return out


def act(request: Request, data: dict[str, Any]) -> dict[str, Any]:
    from umpire.papers.told import told_after
    from umpire.reports.changes import amendment_lines

    site = site_of(request)
    with site.reader.game() as game:
        game.expecting(_seq(data.get("seen"), "seen"))
        kind, payload = _prepare(game, data)
        res = game.act(kind, payload)
        if game.correction is not None:
            n = int(data["amend"])
            done = game.correction
            lines = [f"#{res.seq} {res.summary}", *amendment_lines(done, n),
                     *told_after(game, str(game.path))]  # the papers to print again, the season
            return {"ok": True, "seq": game.correction.seq, "last": game.last_seq(), "lines": lines}
        out = {**_told(game, res), "last": game.last_seq()}
    if "told" in out:
        out["told"] = site.templates.get_template("_told.html").render(r=out.pop("told"))
    return out


def _preview(request: Request, data: dict[str, Any]) -> dict[str, Any]:
    site = site_of(request)
    with site.reader.game() as game:
        _amending(game, data)
        kind, payload, _ = payload_of(game, data)
        if kind not in ("place", "move"):
            raise UmpireError("preview: only a place or a move is tried before it is taken")
        res = game.preview(kind, payload)
    return {"ok": True, "seq": res.seq, "summary": res.summary}


def _undo(request: Request, data: dict[str, Any]) -> dict[str, Any]:
    from umpire.papers.told import told_after
    from umpire.reports.changes import undo_lines

    with site_of(request).reader.game() as game:
        game.expecting(_seq(data.get("seen"), "seen"))
        done = game.undo(_seq(data.get("to"), "undo --to"))
        last = game.last_seq()
        lines = [*undo_lines(done), *told_after(game, str(game.path))]
    return {"ok": True, "seq": done.seq, "last": last, "lines": lines}


def _redo(request: Request, data: dict[str, Any]) -> dict[str, Any]:
    from umpire.papers.told import told_after
    from umpire.reports.changes import redo_lines

    with site_of(request).reader.game() as game:
        game.expecting(_seq(data.get("seen"), "seen"))
        done = game.redo()
        last = game.last_seq()
        lines = [*redo_lines(done), *told_after(game, str(game.path))]
    return {"ok": True, "seq": done.seq, "last": last, "lines": lines}


def route(work: Any) -> Any:
    async def endpoint(request: Request) -> Response:
        try:
            data = await body_json(request)
            return JSONResponse(await run_in_threadpool(work, request, data))
        except UmpireError as exc:
            return answer_error(exc)

    return endpoint


ROUTES = [
    Route("/console/act", route(act), methods=["POST"]),
    Route("/console/preview", route(_preview), methods=["POST"]),
    Route("/console/undo", route(_undo), methods=["POST"]),
    Route("/console/redo", route(_redo), methods=["POST"]),
]
