"""A ruleset implements the protocols of what it plays and leaves the others out
(``umpire.registry.base``): what it leaves out is refused in one line, never a traceback; what
it implements works as for the bundled rulesets.

``Oracle`` here answers one question (Skirmish's ``shoot``) and does nothing else: no game, no
measuring, no campaign, no files of its own.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import yaml
from typer.testing import CliRunner

import umpire.registry
from tests.third.ruleset import Skirmish
from umpire.cli import app
from umpire.registry import base

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.rules.answer import CalcProcedure

HERE = Path(__file__).parent


class Oracle(base.QuickAnswers):
    name = "oracle"
    title = "Oracle (answers one question, for the tests)"
    aliases = ()

    def folder(self) -> Path:
        return HERE / "third" / "rules"

    def procedures(self) -> dict[str, CalcProcedure]:
        from tests.third.shoot import calc_shoot

        return {"shoot": calc_shoot}

    def case_models(self) -> dict[str, type[BaseModel]]:
        from tests.third.shoot import ShootCase

        return {"shoot": ShootCase}


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Oracle's one procedure is Skirmish's (which reads its rulings), so both are registered."""
    monkeypatch.setattr(umpire.registry, "RULESETS", (*umpire.registry.RULESETS, Skirmish(), Oracle()))


def run(*args: str | Path) -> tuple[int, str]:
    r = CliRunner().invoke(app, [str(a) for a in args])
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, r.output, r.exception)
    return r.exit_code, r.output + r.stderr


def test_what_it_implements_works() -> None:
    code, out = run("calc", "oracle", "shoot", "range=3", "--roll", "6", "--json")
    assert code == 0 and '"need": 4' in out
    code, out = run("procedures")
    assert code == 0 and "oracle" in out


def test_what_it_leaves_out_is_refused_in_one_line(tmp_path: Path) -> None:
    scenario = yaml.safe_load((HERE / "third" / "scenario.yaml").read_text(encoding="utf-8"))
    scenario["ruleset"] = "oracle"
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(scenario), encoding="utf-8")
    code, out = run("new", tmp_path / "s.yaml", "--db", tmp_path / "g.db")
    assert code == 2 and "umpire plays no game of oracle turn by turn" in out and not (tmp_path / "g.db").exists()
    code, out = run("calc", "oracle", "measure", "a=1,1", "b=2,2")
    assert code == 2 and "procedure 'measure' is auftragstaktik, mbt and skirmish's, not oracle's" in out
    code, out = run("data", "status", "oracle")
    assert code == 0 and "does not record where each value comes from" in out
    season = yaml.safe_load((HERE / "third" / "season.yaml").read_text(encoding="utf-8"))
    season["ruleset"] = "oracle"
    (tmp_path / "season.yaml").write_text(yaml.safe_dump(season), encoding="utf-8")
    code, out = run("check", tmp_path / "season.yaml")
    assert code == 2 and "ruleset: umpire plays no game of oracle turn by turn" in out


def test_the_protocols_say_what_they_ask() -> None:
    """Each protocol is documented, says what leaving it out does, and asks only its abstract hooks."""
    protocols = [base.Ruleset, base.QuickAnswers, base.Measuring, base.Reporting, base.TrackedGame, base.Campaigns,
                 base.DataFiles]
    for p in protocols[1:]:
        assert "Left out" in (p.__doc__ or "") or "default" in (p.__doc__ or ""), p
    assert set(base.QuickAnswers.__abstractmethods__) == {"procedures", "case_models"}
    assert set(base.TrackedGame.__abstractmethods__) == {"scenario_checks", "phase_names", "turn", "own_handlers",
                                                         "aspect", "inside_depth"}
    assert not base.Reporting.__abstractmethods__ and not base.Campaigns.__abstractmethods__
    assert not base.DataFiles.__abstractmethods__
    for rs in umpire.registry.RULESETS[:3]:
        assert all(isinstance(rs, p) for p in protocols), rs
    assert not inspect.isabstract(Oracle)
