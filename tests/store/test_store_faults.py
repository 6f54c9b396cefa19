"""Storage faults surface as a StoreError that names the file and the fix; nothing is
reported saved when it was not."""

import os

import pytest

from iris.config import Settings
from iris.errors import ConfigError, StoreError
from iris.store import MemoryStore
from iris.types import MemoryItem


def _settings(tmp_path, url):
    return Settings(home=tmp_path / "home", embed_model="hashing", db_url=url)


def test_a_foreign_file_is_a_clear_error(tmp_path):
    path = tmp_path / "notes.db"
    path.write_text("these are my notes, not a database\n" * 100)
    with pytest.raises(StoreError, match="not an SQLite database") as caught:
        MemoryStore(_settings(tmp_path, f"sqlite:///{path}"))
    assert str(path) in str(caught.value)


def test_a_truncated_database_is_a_clear_error(tmp_path):
    path = tmp_path / "iris.db"
    with MemoryStore(_settings(tmp_path, f"sqlite:///{path}")) as store:
        store.store("u", [MemoryItem(content=f"Fact {i}: " + "x" * 500) for i in range(200)])
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    for suffix in ("-wal", "-shm"):
        if os.path.exists(f"{path}{suffix}"):
            os.remove(f"{path}{suffix}")
    with pytest.raises(StoreError, match="damaged|not an SQLite") as caught:
        with MemoryStore(_settings(tmp_path, f"sqlite:///{path}")) as store:
            store.export("u")
    assert str(path) in str(caught.value)


def test_a_folder_that_cannot_be_made_is_a_clear_error(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot create the folder") as caught:
        MemoryStore(_settings(tmp_path, f"sqlite:///{blocker}/sub/iris.db"))
    assert "iris.db" in str(caught.value)


def test_a_read_only_database_never_says_saved(tmp_path):
    path = tmp_path / "iris.db"
    with MemoryStore(_settings(tmp_path, f"sqlite:///{path}")):
        pass
    url = f"sqlite:///file:{path}?mode=ro&uri=true"
    with pytest.raises(StoreError):
        with MemoryStore(_settings(tmp_path, url)) as store:
            store.store("u", [MemoryItem(content="I like tea")])


def test_a_database_deleted_while_open_fails_later_writes(tmp_path):
    path = tmp_path / "iris.db"
    with MemoryStore(_settings(tmp_path, f"sqlite:///{path}")) as store:
        assert store.store("u", [MemoryItem(content="I like tea")]).outcomes[0].status == "stored"
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(f"{path}{suffix}"):
                os.remove(f"{path}{suffix}")
        with pytest.raises(StoreError, match="deleted or replaced") as caught:
            store.store("u", [MemoryItem(content="I like coffee")])
        assert str(path) in str(caught.value)


def test_an_unknown_url_scheme_is_a_configuration_error(tmp_path):
    with pytest.raises(ConfigError, match="nosuchdb"):
        MemoryStore(_settings(tmp_path, "nosuchdb://x"))


def test_an_id_past_64_bits_names_no_memory(tmp_path):
    """An id the database cannot hold (an HTTP client's or a model's) is not found, not a crash."""
    from iris.config import load_settings
    from iris.embed import HashingEmbedder
    from iris.store import MemoryStore

    with MemoryStore(load_settings(home=tmp_path, db_url=f"sqlite:///{tmp_path}/m.db"),
                     embedder=HashingEmbedder()) as store:
        assert store.get("u", 2**70) is None and store.get("u", -1) is None
        assert store.forget("u", id=2**64).status == "not_found"
