"""What every ruleset object offers: its name, its procedures, handlers, turn, scenario checks and books."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pydantic import BaseModel

    from umpire.core.rulings import RulingBook
    from umpire.core.state import GameState
    from umpire.geometry.facts import Pose
    from umpire.rules.answer import CalcProcedure
    from umpire.rules.campaign_book import CampaignBook
    from umpire.rules.setup import ScenarioChecks
    from umpire.turns import TurnRules
    from umpire.turns.common import Handler


class Ruleset(ABC):
    """One ruleset, all it contributes. Its parts are imported when first asked for, so naming a
    ruleset (``umpire --help``, a quick answer) costs nothing of its turn sequence."""

    name: str
    title: str
    aliases: tuple[str, ...]

    # -- the pure rules (umpire.rules.<name>) --------------------------------------------
    @abstractmethod
    def procedures(self) -> dict[str, CalcProcedure]:
        """The ``umpire calc`` procedures this ruleset offers, by name."""

    @abstractmethod
    def case_models(self) -> dict[str, type[BaseModel]]:
        """The case model of each ``umpire calc`` procedure (for ``umpire calc fields``)."""

    @abstractmethod
    def scenario_checks(self) -> ScenarioChecks:
        """What this ruleset checks and adds when a scenario becomes a game."""

    @abstractmethod
    def inside_depth(self, rulings: Mapping[str, str], scale: float) -> float | None:
        """How far a stand sees through the wood or town it stands in (None: not at all)."""

    @abstractmethod
    def aspect(self, firer: Pose, target: Pose, rulings: Mapping[str, str]) -> str:
        """The aspect of ``target`` as ``firer`` sees it (for ``measure``), by the same rule the
        ruleset's fire takes it by; ``rulings`` are the choices that differ from the defaults."""

    def read_name(self, text: str) -> tuple[str, bool] | None:
        """The unit or card ``text`` names, as an answer shows it, and whether ``text`` was that
        name as such (not an alias, a nickname or a short form); None if it names none."""
        return None

    def rulings_book(self) -> RulingBook:
        """Every named ruling of this ruleset (``rulesets/<name>/rulings.yaml``), validated."""
        from umpire.core.rulings import RulingBook
        from umpire.resources import ruleset_dir
        from umpire.schema.load import cached_model

        book = cached_model(RulingBook, ruleset_dir(self.name) / "rulings.yaml")
        assert isinstance(book, RulingBook)
        return book

    def campaign_book(self) -> CampaignBook:
        """This ruleset's campaign rules (``rulesets/<name>/campaign.yaml``).

        :raises UmpireError: if it has none, or the file is not valid.
        """
        from umpire.rules.campaign_book import load_campaign_book

        return load_campaign_book(self.name)

    # -- the turn sequence (umpire.turns.<name>) -------------------------------------------
    def players(self, state: GameState) -> dict[str, dict[str, tuple[str, ...]]]:
        """Side -> player -> the units that player commands, where a game has several players a
        side (each player's briefing is composed from what his own units saw); empty otherwise."""
        return {}

    @abstractmethod
    def turn(self) -> TurnRules:
        """Where a game's turn stands (``view``) and how a side's orders file is read."""

    @abstractmethod
    def _own_handlers(self) -> dict[str, Handler]:
        """The handlers of this ruleset's own actions, and the generic ones with its checks."""

    @cached_property
    def handlers(self) -> dict[str, Handler]:
        """Every action a game of this ruleset takes, by event kind: the turn's own, with
        ``place``, ``move`` and ``end``. The engine makes and replays events only through these."""
        from umpire.turns import ending

        return {"end": ending.end, **self._own_handlers()}

    def __repr__(self) -> str:
        return f"<ruleset {self.name}>"
