"""The cache of validated tables: read back only when made from the very same files, made again
when missing, damaged or stale, never in the way when it cannot be written."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from umpire.core.rulings import RulingBook
from umpire.rules.auftragstaktik import data
from umpire.schema.cache import cached


class Counter:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> dict:
        self.calls += 1
        return {"value": self.calls}


@pytest.fixture
def source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("UMPIRE_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "table.yaml"
    path.write_text("a: 1\n")
    return path


def test_made_once_then_read_back(source):
    build = Counter()
    assert cached("t", [source], dict, build) == {"value": 1}
    assert cached("t", [source], dict, build) == {"value": 1}
    assert build.calls == 1


def test_a_changed_source_makes_it_again_and_drops_the_old_copy(source, tmp_path):
    build = Counter()
    cached("t", [source], dict, build)
    source.write_text("a: 2\n")
    assert cached("t", [source], dict, build) == {"value": 2}
    assert build.calls == 2
    assert len(list((tmp_path / "cache").glob("t-*.pickle"))) == 1


@pytest.mark.parametrize("content", [b"not a pickle", pickle.dumps(["a", "list"]), b""])
def test_a_damaged_or_foreign_copy_is_made_again(source, tmp_path, content):
    build = Counter()
    cached("t", [source], dict, build)
    (copy,) = (tmp_path / "cache").glob("t-*.pickle")
    copy.write_bytes(content)
    assert cached("t", [source], dict, build) == {"value": 2}
    assert isinstance(pickle.loads(copy.read_bytes()), dict)  # and written again


def test_a_folder_that_cannot_be_written_is_no_error(source, tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("UMPIRE_CACHE_DIR", str(blocker / "cache"))  # under a plain file
    build = Counter()
    assert cached("t", [source], dict, build) == {"value": 1}
    assert cached("t", [source], dict, build) == {"value": 2}


def test_an_empty_setting_turns_the_cache_off(source, tmp_path, monkeypatch):
    monkeypatch.setenv("UMPIRE_CACHE_DIR", "")
    build = Counter()
    cached("t", [source], dict, build)
    cached("t", [source], dict, build)
    assert build.calls == 2 and not (tmp_path / "cache").exists()


def test_cached_tables_and_rulings_are_the_tables_read_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv("UMPIRE_CACHE_DIR", str(tmp_path / "cache"))
    fresh = data._read_tables()
    book = data._load(RulingBook, "rulings.yaml", data._dir())
    for _ in range(2):  # made and stored, then read back
        data.tables.cache_clear()
        data.ruling_book.cache_clear()
        assert data.tables() == fresh
        assert data.ruling_book() == book
    assert len(list((tmp_path / "cache").glob("*.pickle"))) == 2
    data.tables.cache_clear()
    data.ruling_book.cache_clear()
