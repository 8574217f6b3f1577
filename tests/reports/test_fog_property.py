"""Fog of war as a property, over random games of both rulesets: in every event of every
briefing, in every format (text, Markdown, JSON, the text of the PDF), no id, name, type name,
card, weapon or ammunition name, or nationality adjective of an enemy unit appears unless what
the side knew of that unit at that event allows it; the map (SVG) and the tables after the
events hold nothing the side never knew.

What a side knew is worked out here, not by the reports: from the game state before and after
each event as the turn left it (Auftragstaktik: ``spotted_by``; MBT 24.2.2: ``notes["ident"]``),
what each shot showed (its ``sighted`` record) and base contact in close combat.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import asdict, replace
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.reports.fog_checks import (
    FirstDice,
    check_explanations,
    check_reasons,
    check_same_ordering_signal,
    check_side_outputs,
)
from umpire.core.dice import SeededDice
from umpire.core.state import GameState
from umpire.engine import Game
from umpire.registry import load_scenario, scenario_from_data
from umpire.reports.air import table_units
from umpire.reports.model import briefing, report_for_game
from umpire.reports.observe import card_identity
from umpire.reports.tablemap import build_map, to_svg
from umpire.reports.turn_text import plain_text, to_markdown

RANK = {"fired": 1, "type": 2, "full": 3}
AT = Path(__file__).resolve().parents[2] / "data" / "scenarios" / "hof-gap-meeting.yaml"
SLOW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                     HealthCheck.function_scoped_fixture])


# -- what each side knew ------------------------------------------------------------------------
def levels(state: GameState) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {s: {} for s in state.side_ids()}
    for u in state.units.values():
        for side in state.side_ids():
            if side == u.side or side not in u.spotted_by:
                continue
            out[side][u.id] = str((u.ident or {}).get(side, "full"))
    return out


class Recorder:
    """Plays a game and keeps, per event, what each side knew of each enemy unit."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.knew: dict[int, dict[str, dict[str, str]]] = {}
        self.ever: dict[str, dict[str, str]] = {s: {} for s in game.state.side_ids()}
        # the enemy helicopters each side's last air sighting saw (MBT 20.2.3.1): known until the next
        self.air: dict[str, dict[str, str]] = {s: {} for s in game.state.side_ids()}

    def act(self, kind: str, payload: dict, dice) -> None:
        before = levels(self.game.state)
        res = self.game.act(kind, payload, dice)
        after = levels(self.game.state)
        knew = {s: dict(self.air.get(s, {})) for s in before}
        for side in knew:
            for src in (before[side], after[side]):
                for uid, lvl in src.items():
                    _up(knew[side], uid, lvl)
        for r in res.resolutions:
            for x in r.facts.sighted or () if r.procedure != "sighting" else ():
                _up(knew[x["by"]], x["unit"], x["level"])
            if r.procedure == "helicopter_sighting":  # a side's air sighting names each helicopter's card
                self.air[r.facts.side] = {x["helicopter"]: "full" for x in r.facts.helicopters or ()}
                for x in r.facts.helicopters or ():
                    _up(knew[r.facts.side], x["helicopter"], "full")
            if r.procedure in ("close-combat", "overrun"):
                for a, b in ((r.facts.attacker, r.facts.target), (r.facts.target, r.facts.attacker)):
                    _up(knew[self.game.state.units[a].side], b, "full")
        self.knew[res.seq] = knew
        for side, got in knew.items():
            for uid, lvl in got.items():
                _up(self.ever[side], uid, lvl)


def _up(d: dict[str, str], uid: str, lvl: str) -> None:
    if RANK.get(lvl, 0) > RANK.get(d.get(uid, ""), 0):
        d[uid] = lvl


# -- what a unit's words are --------------------------------------------------------------------
def words(state: GameState, uid: str) -> dict[str, set[str]]:
    """The unit's words by the level a side needs to say them: ``never`` (an MBT unit's id and
    call-sign: 24.2.2 identifies "a Soviet T-80 tank", not which one), ``full`` (id and name in
    Auftragstaktik, type, card, weapons and ammunition) and ``type`` (nationality). A unit that
    flies (an MBT helicopter) is one of them."""
    u = table_units(state)[0][uid]
    full = {uid, u.name, *(x for x in (u.type, u.card) if x)}
    nation: set[str] = set()
    never: set[str] = set()
    if u.card:
        never, full = {uid, u.name}, full - {uid, u.name}
        from umpire.rules.mbt.cards import any_card

        c = any_card(u.card)  # vehicle, leg and towed cards (the Advanced Game)
        ws = [*getattr(c, "weapons", []), *(a.weapon for a in getattr(c, "attached", [])),
              *(t.weapon for t in getattr(c, "types", []))]
        full |= {c.name, *(w.name for w in ws), *(a.name for w in ws for a in w.ammo)}
        nation = {card_identity("mbt", u.card)[0]}
    return {"never": never, "full": full, "type": nation}


def forbidden(state: GameState, side: str, knew: dict[str, str]) -> set[str]:
    allowed: set[str] = set()
    banned: set[str] = set()
    for uid, u in table_units(state)[0].items():
        w = words(state, uid)
        if u.side == side:
            allowed |= w["never"] | w["full"] | w["type"]
            continue
        lvl = RANK.get(knew.get(uid, ""), 0)
        banned.update(w["never"])
        (allowed if lvl >= 3 else banned).update(w["full"])
        (allowed if lvl >= 2 else banned).update(w["type"])
    return {w for w in banned - allowed if w}


def _leaks(text: str, words_: set[str]) -> list[str]:
    return [w for w in words_ if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


CLI_EVERY = 3  # the per-side commands are run on every third game drawn (they cost a PDF each)
_drawn = [0]


def check_briefings(rec: Recorder, folder: Path | None = None, *, commands: bool | None = None) -> dict[str, dict]:
    """Every event of every briefing (both the whole game's and the last turn's) in text,
    Markdown and JSON against what the side knew then; its reasons, modifiers, dice and cells
    (:mod:`tests.reports.fog_checks`); and every per-side command's output (status, log, map,
    report in every format, roster, orders sheet) against all the side ever knew (on every
    :data:`CLI_EVERY` th game, or as ``commands`` says). Returns those outputs by side."""
    import tempfile

    game = rec.game
    state = game.state
    for report in (report_for_game(game), report_for_game(game, turn=state.turn - 1 or 1)):
        for side in state.side_ids():
            b = briefing(report, side)
            for e in b.events:
                bad = forbidden(state, side, rec.knew.get(e.seq, {}).get(side, {}))
                one = replace(b, events=(replace(e, lines=tuple(replace(x, later=()) for x in e.lines)),),
                              units=(), losses=())
                texts = {"text": plain_text(one), "md": to_markdown(one),
                         "json": json.dumps([asdict(replace(x, later=())) for x in e.lines], ensure_ascii=False)}
                for fmt, text in texts.items():
                    assert not _leaks(text, bad), (side, e.seq, fmt, _leaks(text, bad), text[:1500])
                for x in e.lines:  # a later remark is told as of when it was learnt: by then the side knew
                    assert not _leaks(" ".join(x.later), forbidden(state, side, rec.ever[side]))
            check_reasons(b)
            check_explanations(b)
            ever = forbidden(state, side, rec.ever[side])
            tail = replace(b, events=())
            for fmt, text in (("text", plain_text(tail)), ("md", to_markdown(tail)),
                              ("json", json.dumps(tail.to_json(), ensure_ascii=False)),
                              ("svg", to_svg(build_map(b)))):
                assert not _leaks(text, ever), (side, fmt, _leaks(text, ever))
    _drawn[0] += 1
    if not (commands if commands is not None else _drawn[0] % CLI_EVERY == 1):
        return {}
    where = Path(folder or tempfile.mkdtemp(prefix="fog-"))
    out = {}
    for side in state.side_ids():
        ever = forbidden(state, side, rec.ever[side])
        out[side] = check_side_outputs(game.path, side, [s for s in state.side_ids() if s != side], where,
                                       lambda text, ever=ever: _leaks(text, ever))
    return out


# -- random Auftragstaktik games ----------------------------------------------------------------
at_orders = st.fixed_dictionaries({
    "order": st.sampled_from(["HA", "DA", "TR", "WD", "NO"]), "heading": st.floats(0, 359),
    "first": st.floats(0, 1), "second": st.floats(0, 1), "targets": st.permutations(range(5)),
})


def _at_payload(state: GameState, side: str, drawn: list[dict]) -> dict:
    units = {}
    foes = sorted(u.id for u in state.units.values() if u.side != side and u.status == "ok")
    own = sorted(u.id for u in state.units.values() if u.side == side and u.status in ("ok", "checked"))
    for uid, d in zip(own, drawn, strict=False):
        u = state.units[uid]
        rad = math.radians(d["heading"])
        legs, at = {}, (u.x, u.y)
        for key in ("first", "second"):
            step = d[key] * 6
            at = (min(max(at[0] + step * math.sin(rad), 0), 72), min(max(at[1] + step * math.cos(rad), 0), 48))
            legs[key] = [[round(at[0], 2), round(at[1], 2)]]
        units[uid] = {"order": d["order"], **legs, "fire": [foes[i] for i in d["targets"] if i < len(foes)],
                      "override": True}
    return {"side": side, "units": units, "file": f"{side}.yaml"}


@SLOW
@given(seed=st.integers(1, 10_000), nato=st.lists(at_orders, min_size=4, max_size=4),
       pact=st.lists(at_orders, min_size=5, max_size=5))
def test_auftragstaktik_briefings_tell_only_what_was_known(tmp_path_factory, seed, nato, pact):
    game = Game.create(tmp_path_factory.mktemp("at") / "g.db", load_scenario(AT), seed=seed)
    game.turn_rules()
    rec, dice = Recorder(game), SeededDice(seed)
    for _ in range(2):
        for side, drawn in (("nato", nato), ("pact", pact)):
            try:
                rec.act("auftragstaktik.orders", _at_payload(game.state, side, drawn), dice)
            except Exception as exc:  # a Checked or Routed battalion refuses some orders
                assert "Checked" in str(exc) or "Routed" in str(exc), exc
                rec.act("auftragstaktik.orders", {"side": side, "file": f"{side}.yaml"}, dice)
        turn = game.state.turn
        while game.state.turn == turn:
            rec.act("auftragstaktik.phase", {}, dice)
    check_briefings(rec)


# -- random MBT games ---------------------------------------------------------------------------
BLUE, RED = ["alphawolf", "bravowolf", "charliewolf"], ["deltabear", "echobear", "foxtrotbear"]
point = st.tuples(st.floats(2, 46), st.floats(2, 34)).map(lambda p: [round(p[0], 1), round(p[1], 1)])


def _mbt_scenario(pos: dict[str, list[float]]) -> dict:
    def unit(uid: str, card: str) -> dict:
        return {"id": uid, "name": f"Name-{uid.capitalize()}", "card": card, "at": pos[uid],
                "facing": 90 if card == "USA-1B" else 270}

    return {
        "name": "fog", "ruleset": "mbt", "table": {"width": 48, "depth": 36}, "seed": 1, "mbt": {"turns": 3},
        "terrain": [{"id": "w1", "type": "woods", "polygon": [[20, 10], [26, 10], [26, 18], [20, 18]]},
                    {"id": "s1", "type": "scrub", "polygon": [[30, 20], [38, 20], [38, 28], [30, 28]]}],
        "sides": [{"id": "blue", "name": "Blue force", "units": [unit(u, "USA-1B") for u in BLUE]},
                  {"id": "red", "name": "Red force", "units": [unit(u, "USSR-1B") for u in RED]}],
    }


def _mbt_payload(game: Game, side: str, own: list[str], enemy: list[str], picks: list[int]) -> dict:
    from umpire.rules.mbt import data, orders
    from umpire.turns.mbt.orders_file import unit_capability

    units = {}
    ends = {v.id: [v.x, v.y] for v in game.state.units_of(side)}
    for k, (uid, pick) in enumerate(zip(own, picks, strict=True)):
        u = game.state.units[uid]
        if u.status != "ok":
            continue
        allowed = orders.allowed_orders(unit_capability(u, data.card(u.card)))
        step = [min(max(u.x + (1.5 if side == "blue" else -1.5), 0.5), 47.5), u.y]
        clear = all(math.dist(step, at) >= 0.5 for v, at in ends.items() if v != uid)
        if pick == 0 and "F" in allowed:
            units[uid] = {"order": "F", "fire": {"target": enemy[(k + pick) % len(enemy)]}}
        elif pick == 2 and "M" in allowed and clear:
            units[uid] = {"order": "M", "move": {"path": [step]}}
            ends[uid] = step
        elif "OW" in allowed:
            units[uid] = {"order": "OW"}
    return {"side": side, "units": units}


def _play_mbt(path: Path, pos: dict, picks: list[int], seed: int, first: str) -> Recorder:
    """Two turns of a random MBT game on the game's keyed dice, ``first`` given the initiative."""
    game = Game.create(path, scenario_from_data(_mbt_scenario(pos), "fog"), seed=seed)
    game.turn_rules()
    rec = Recorder(game)
    for _ in range(2):
        rec.act("mbt.phase", {}, FirstDice(first))  # the Initiative Phase (24.3.1)
        rec.act("mbt.orders", _mbt_payload(game, "blue", BLUE, RED, picks[:3]), None)
        rec.act("mbt.orders", _mbt_payload(game, "red", RED, BLUE, picks[3:]), None)
        for _ in range(4):
            rec.act("mbt.phase", {}, None)
    return rec


@SLOW
@given(pos=st.fixed_dictionaries({u: point for u in BLUE + RED}),
       picks=st.lists(st.integers(0, 2), min_size=6, max_size=6), seed=st.integers(1, 10_000))
def test_mbt_briefings_tell_only_what_was_known(tmp_path_factory, pos, picks, seed):
    """The fog property over random MBT Basic games, and the same game with the initiative the
    other way round (kept from the players, 24.3.1): where a phase gives a side the same lines,
    they come in the same order."""
    folder = tmp_path_factory.mktemp("mbt")
    games = {first: _play_mbt(folder / f"{first}.db", pos, picks, seed, first) for first in ("blue", "red")}
    check_briefings(games["blue"], folder)
    a, b = (report_for_game(r.game) for r in games.values())
    for side in ("blue", "red"):
        check_same_ordering_signal(briefing(a, side), briefing(b, side))


# -- counter-battery fire at a battery the side never saw -----------------------------------------
@settings(SLOW, max_examples=4)
@given(at=st.tuples(st.integers(44, 49), st.integers(14, 46)), seed=st.integers(1, 10_000))
def test_counter_battery_fire_never_tells_where_an_unseen_battery_stands(tmp_path_factory, at, seed):
    """Ruling cb.locating (default none, as the rules give no locating means): the side firing
    counter-battery fire at a battery it has not spotted learns that it fired, never where the
    battery stands, in any per-side output; the umpire's report says where."""
    from copy import deepcopy

    from tests.turns.test_at_support import SCENARIO

    sc = deepcopy(SCENARIO)
    # a corner of a wood the side's map draws is no battery's place told
    assume(list(at) not in [list(v) for t in sc["terrain"] for v in t["polygon"]])
    bty = sc["sides"][1]["formations"][0]["units"][0]
    bty["at"] = [float(at[0]), float(at[1])]
    folder = tmp_path_factory.mktemp("cb")
    game = Game.create(folder / "g.db", scenario_from_data(sc, "cb"), seed=seed)
    rec = Recorder(game)
    rec.act("auftragstaktik.orders", {"side": "nato", "battalions": {"tf": {"order": "DA", "direction": 90}},
                                      "units": {"bty-n2": {"indirect": {"counter_battery": "bty-p"}}}}, None)
    rec.act("auftragstaktik.orders", {"side": "pact", "battalions": {"1-tb": {"order": "DA", "direction": 270}},
                                      "units": {"bty-p": {"indirect": {"at": [20, 24], "planned": True}}}}, None)
    for _ in range(3):
        rec.act("auftragstaktik.phase", {}, None)
    fired = [r for e in game.events() for r in e.results if r.get("procedure") == "counter-battery"]
    assert fired and fired[0]["target"] == "bty-p"
    where = re.compile(rf"[(\[]\s*{at[0]}(\.0+)?,\s*{at[1]}(\.0+)?\s*[)\]]")  # (44, 14) or [44.0, 14.0]
    spotted = "bty-p" in rec.ever["nato"]
    umpire = plain_text(report_for_game(game))
    assert where.search(umpire), "the umpire's report says where the battery stood"
    outputs = check_briefings(rec, folder, commands=True)
    if not spotted:
        drawn = briefing(report_for_game(game), "nato").templates
        assert all(math.dist(t.at, at) > 3 for t in drawn), "the template drawn where the battery stood"
        for name, text in outputs["nato"].items():
            assert not where.search(text), (name, where.search(text).group(0))
