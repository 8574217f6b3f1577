"""The photo tests need OpenCV (the camera extra, which the dev extra installs): without it they
are skipped, saying so, except in CI, where its absence is a failure."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS


def _have_cv2() -> bool:
    try:
        import cv2  # noqa: F401
    except ImportError:
        return False
    return True


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "no_camera: a photo test that needs no OpenCV")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if _have_cv2() or os.environ.get("CI"):
        return
    skip = pytest.mark.skip(reason='OpenCV is not installed: pip install -e ".[dev]" (the camera extra)')
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here) and "no_camera" not in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def demo_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo's game, as it starts (a fresh copy for each test: :func:`fresh`)."""
    from umpire.engine import Game
    from umpire.registry import load_scenario

    path = tmp_path_factory.mktemp("demo") / "game.db"
    Game.create(path, load_scenario(SCENARIOS / "hof-gap-meeting.yaml"), seed=7).close()
    return path


@pytest.fixture
def fresh(demo_game: Path, tmp_path: Path) -> Path:
    import shutil

    return Path(shutil.copy(demo_game, tmp_path / "game.db"))


MOVES = {"a-1-64": (3.0, 0.0, 0.0), "t80-1": (0.0, 0.0, 30.0), "c-4-8": (-2.0, 1.5, 45.0)}


@pytest.fixture(scope="session")
def shot_4mp(demo_game: Path) -> tuple[bytes, dict[str, float]]:
    """The demo's table at 4 megapixels, tilted 20 degrees: a-1-64 moved 3" right, t80-1 turned
    30 degrees, c-4-8 moved and turned, mr-1's marker under a hand; with the pixels of a cell of
    each marker in it."""
    from tests.photo.photos import game_table, shot

    return shot(game_table(demo_game, MOVES, hidden=("mr-1",)), 4.0, seed=3, tilt=20.0, blur=0.6, noise=3.0,
                quality=85)


@pytest.fixture(scope="session")
def photo_4mp(shot_4mp: tuple[bytes, dict[str, float]]) -> bytes:
    return shot_4mp[0]


@pytest.fixture(scope="session")
def shot_12mp(demo_game: Path) -> tuple[bytes, dict[str, float]]:
    """The same table at 12 megapixels from 40 degrees, the phone turned any way, nothing hidden."""
    from tests.photo.photos import game_table, shot

    return shot(game_table(demo_game, MOVES), 12.0, seed=11, tilt=40.0, turn=None)


@pytest.fixture(scope="session")
def photo_three_corners(demo_game: Path) -> bytes:
    """The demo's table with its far-right corner marker left off."""
    from tests.photo.photos import game_table, shoot

    return shoot(game_table(demo_game, corners_left_out=(2,)), 4.0, seed=5, tilt=10.0)
