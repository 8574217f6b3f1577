"""A campaign: its file, its state, and the actions that change it (as :class:`umpire.engine.Game`).

Every action runs inside the file's one write transaction (:meth:`UmpireFile.write`: ``BEGIN
IMMEDIATE`` with the busy timeout): the state is read fresh under the lock, the handlers of
:mod:`umpire.campaign.actions` run with keyed dice (recorded), and the events, their rolls, the
snapshot and the projections are written before the commit. A bad input anywhere, even in the
last of several games imported together, writes nothing.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from umpire import __version__
from umpire.campaign import store
from umpire.campaign.actions import Applied
from umpire.campaign.dice import KeyedDice
from umpire.campaign.files import CAMPAIGN, CampaignFile
from umpire.campaign.handlers import HANDLERS
from umpire.campaign.season import Season
from umpire.campaign.state import CampaignState, initial_state
from umpire.core.dice import Dice, RecordingDice, Roll, ScriptedDice
from umpire.core.diff import json_diff
from umpire.errors import StoreError, UmpireError, unknown
from umpire.registry import scenario_from_data
from umpire.store import events as log
from umpire.store.campaign_file import projection, snapshot
from umpire.store.errors import sql_errors
from umpire.store.history import CONTROL, takes_back, walk
from umpire.store.rows import read_events
from umpire.store.rows_of import insert_row, read_row


@dataclass
class Done:
    seq: int
    kind: str
    summary: str
    rolls: list[Roll] = field(default_factory=list)


class Campaign:
    """One campaign file. Use :meth:`create` or :meth:`open`."""

    def __init__(self, file: CampaignFile) -> None:
        self.file = file
        self.path = file.path
        self._state: CampaignState | None = None
        self._info: dict[str, Any] | None = None
        self.forged: list[str] = []  # the keyed rolls the last check() found not to be the seed's

    @property
    def conn(self) -> sqlite3.Connection:
        """The connection that answers reads."""
        return self.file.conn

    # -- opening --------------------------------------------------------------------------
    @classmethod
    def create(cls, path: Path, season: Season, scenarios: dict[str, Any], *, campaign_id: str | None = None,
               replace: bool = False) -> Campaign:
        """Start a campaign from a validated season; the file is made whole or not at all."""
        import secrets

        from umpire.store.newfile import create_file

        cid = campaign_id or secrets.token_hex(8)
        state = initial_state(season, campaign_id=cid)
        row = {
            "id": 1, "campaign_id": cid, "name": season.name, "ruleset": season.ruleset, "seed": season.seed,
            "season": json.dumps(season.model_dump(mode="json"), ensure_ascii=False),
            "scenarios": json.dumps(scenarios, ensure_ascii=False, sort_keys=True),
            "rulings": json.dumps(season.rulings, sort_keys=True),
            "created": datetime.now(UTC).isoformat(timespec="seconds"), "umpire_version": __version__,
        }

        def fill(conn: sqlite3.Connection) -> None:
            insert_row(conn, store.SCHEMA, "campaign", row)
            store.write_projection(conn, state, 0)

        create_file(Path(path), fill, replace=replace, kind=CAMPAIGN)
        c = cls.open(Path(path))
        c._state = state
        return c

    @classmethod
    def open(cls, path: Path) -> Campaign:
        """Open a campaign file. :raises StoreError: no file, not a campaign file, damaged, busy."""
        file = CampaignFile.open(Path(path))
        assert isinstance(file, CampaignFile)
        return cls(file)

    def close(self) -> None:
        self.file.close()

    # -- reading --------------------------------------------------------------------------
    @property
    def info(self) -> dict[str, Any]:
        if self._info is None:
            with sql_errors(self.path, "campaign file"):
                info = read_row(self.conn, store.SCHEMA, "campaign")
            if info is None:
                raise StoreError(f"{self.path}: the file holds no campaign (the campaign row is missing)")
            for key in ("season", "scenarios", "campaign_id"):
                if not isinstance(info.get(key), str):
                    raise StoreError(f"{self.path}: the campaign row is damaged ({key} is not text)")
            self._info = info
        return self._info

    @property
    def state(self) -> CampaignState:
        if self._state is None:
            with self.file.read() as conn, sql_errors(self.path, "campaign file"):
                self._state = _load_state(conn, self.path)
        return self._state

    def _json(self, key: str) -> Any:
        try:
            return json.loads(self.info[key])
        except (ValueError, RecursionError):
            raise StoreError(f"{self.path}: the stored {key} is not valid JSON") from None

    def season(self) -> Season:
        from umpire.schema.load import validate

        return validate(Season, self._json("season"), f"{self.path} (stored season)")

    def base_scenario(self, game_id: str) -> Any:
        scenarios = self._json("scenarios")
        data = scenarios.get(game_id) if isinstance(scenarios, dict) else None
        if data is None:
            raise unknown("game", game_id, self.state.games)
        return scenario_from_data(data, f"{self.path} (stored scenario of {game_id})")

    def initial_state(self) -> CampaignState:
        return initial_state(self.season(), campaign_id=str(self.info["campaign_id"]))

    def events(self) -> list[log.StoredEvent]:
        """Every event of the log, each row checked. :raises StoreError: at the first bad one."""
        with self.file.read() as conn, sql_errors(self.path, "campaign file"):
            events = read_events(conn, self.path)
        for e in events:
            if e.kind not in CONTROL and e.kind not in HANDLERS:
                raise StoreError(f"{self.path}: event #{e.seq} has an unknown campaign action {e.kind!r}")
        return events

    # -- acting ---------------------------------------------------------------------------
    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """The file's one write transaction (the lock, then commit or roll back)."""
        with self.file.write() as conn:
            yield conn

    def act(self, actions: list[tuple[str, dict[str, Any]]], dice: Dice | None = None) -> list[Done]:
        """Apply the actions in order and append them, with their dice, in one transaction:
        all of them or none."""
        for kind, _ in actions:
            if kind not in HANDLERS:
                raise unknown("campaign action", kind, HANDLERS)
        done: list[Done] = []
        with self._write() as conn:
            state = _load_state(conn, self.path)
            seq = 0
            for kind, payload in actions:
                recording = RecordingDice(dice or KeyedDice(state.seed))
                applied = HANDLERS[kind](state, payload, recording)
                rolls = recording.take()
                seq = log.append(conn, log.NewEvent(kind, payload, rolls, applied.round, str(payload.get("game", "")),
                                                    summary=applied.summary))
                state = applied.state
                done.append(Done(seq, kind, applied.summary, rolls))
            store.write_projection(conn, state, seq)
        self._state = state
        return done

    def undo(self) -> log.StoredEvent:
        """Take back the last action still in force (an ``undo`` event is appended); right after
        an update (``import --update``) the whole update, so the campaign is as it was before it.
        Returns the action (or the update) taken back."""
        with self._write() as conn:
            events = read_events(conn, self.path)
            w = walk(events)
            live = [e for e in events if e.seq in w.live]
            if not live:
                raise StoreError("undo: nothing to undo (no action has been taken in this campaign)")
            target = live[-1]
            back, put, group = [target.seq], [], target.part_of
            payload: dict[str, Any] = {"undoes": target.seq}
            if group is not None and all(s in w.live for s in w.members.get(group, [])):
                back = list(w.members[group])
                put = [s for s in takes_back("amend", w.controls[group]) if s not in w.live]
                payload = {"undoes": back[-1], "takes_back": back, "restores": put, "amendment": group}
                target = next(e for e in events if e.seq == group)
            state = self._fold(self.initial_state(), [e for e in events if (e.seq in w.live and e.seq not in back)
                                                      or e.seq in put])
            seq = log.append(conn, log.NewEvent("undo", payload, [], target.turn, target.phase or "",  # type: ignore[arg-type]
                                                summary=f"undo #{target.seq}: {target.summary}", undoes=back[-1]))
            store.write_projection(conn, state, seq)
        self._state = state
        return target

    # -- replay ---------------------------------------------------------------------------
    @staticmethod
    def _fold(state: CampaignState, events: list[log.StoredEvent], problems: list[str] | None = None) -> CampaignState:
        """``state`` with ``events`` applied, their dice played back; with ``problems``, each
        stored summary that is not what its action gives is named there."""
        for ev in events:
            if ev.kind not in HANDLERS:
                raise StoreError(f"event #{ev.seq}: unknown campaign action {ev.kind!r}")
            try:
                applied: Applied = HANDLERS[ev.kind](state, ev.payload,
                                                     ScriptedDice(v for r in ev.rolls for v in r.values))
            except UmpireError as exc:
                raise StoreError(f"event #{ev.seq} ({ev.kind}) does not replay: {exc}") from None
            if problems is not None and ev.summary != applied.summary:
                problems.append(f"event #{ev.seq} ({ev.kind}): its stored summary is not what the action gives "
                                f"(stored {ev.summary!r}, the replay {applied.summary!r})")
            state = applied.state
        return state

    def replay(self) -> CampaignState:
        return self._fold(self.initial_state(), log.effective(self.events()))

    def check(self) -> list[str]:
        """Differences between the stored state (and projections, and the summaries stored with
        the actions) and the replay of the log. Every roll is derived again from the campaign's
        seed and its key on the way: those that differ are kept in :attr:`forged`."""
        from umpire.engine.replay import dice_differences

        events = self.events()
        self.forged = dice_differences(self.state.seed, events, whose="campaign", keyed_by_why=True)
        texts: list[str] = []
        replayed = self._fold(self.initial_state(), log.effective(events), texts)
        diffs = list(json_diff(self.state.model_dump(mode="json"), replayed.model_dump(mode="json"), ""))
        diffs += texts
        with self.file.read() as conn, sql_errors(self.path, "campaign file"):
            rows = projection(conn, "forces")
            games = projection(conn, "games")
        for r in store.force_rows(replayed):
            if rows.get(r[0]) != r:
                diffs.append(f"forces table row {r[0]!r} differs from the replay")
        for r in store.game_rows(replayed):
            if games.get(r[0]) != r:
                diffs.append(f"games table row {r[0]!r} differs from the replay")
        return diffs


def _load_state(conn: sqlite3.Connection, path: Path) -> CampaignState:
    """The stored state (the snapshot), checked: up to the last event, a valid campaign state."""
    row = snapshot(conn)
    if row is None:
        raise StoreError(f"{path}: the file holds no campaign state (the snapshot is missing)")
    seq, text, last = row
    if seq != last:
        raise StoreError(f"{path}: the stored state is at event #{seq} but the log ends at event #{last}")
    if not isinstance(text, str | bytes):
        raise StoreError(f"{path}: the stored state (snapshot) is not JSON text")
    try:
        return CampaignState.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise StoreError(f"{path}: the stored campaign state is damaged ({where}: {first['msg']})") from None
    except ValueError:
        raise StoreError(f"{path}: the stored campaign state is damaged (not valid JSON)") from None


__all__ = ["Campaign", "Done", "UmpireError"]
