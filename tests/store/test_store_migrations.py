"""Schema migrations: a database made by the code before migrations existed (schema 1,
tests/store/data/schema_v1_*.sql, frozen) is upgraded in place when a store opens it, and
its memories are intact."""

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from iris.embed import HashingEmbedder
from iris.errors import StoreError
from iris.store import MemoryStore
from iris.store.migrations import LATEST, MIGRATIONS
from iris.store.normalize import content_hash, normalize
from iris.types import MemoryItem

DATA = Path(__file__).parent / "data"


def _old_database(url: str) -> None:
    """What `MemoryStore._create_tables` made at commit 0f5bcdf, with one memory in it."""
    engine = create_engine(url)
    dialect = "postgresql" if engine.dialect.name == "postgresql" else "sqlite"
    ddl = (DATA / f"schema_v1_{dialect}.sql").read_text()
    now = datetime(2026, 1, 2, tzinfo=timezone.utc)
    with engine.begin() as conn:
        for statement in ddl.split(";"):
            if "CREATE" in statement:
                conn.exec_driver_sql(statement)
        conn.execute(text(
            "INSERT INTO memory (namespace, content, normalized, content_hash, type, category, "
            "importance, metadata, embedding, embed_model, created_at, updated_at) VALUES "
            "('alice', 'My dog is called Rex', :norm, :hash, 'fact', 'pets', 0.7, :meta, NULL, "
            "NULL, :now, :now)"),
            {"norm": normalize("My dog is called Rex"), "hash": content_hash(normalize(
                "My dog is called Rex")), "meta": json.dumps({"k": 1}), "now": now})
        conn.execute(text("INSERT INTO memory_namespace (namespace, version) VALUES ('alice', 3)"))
    engine.dispose()


def _schema(url: str) -> tuple[set[str], dict[str, set[str]]]:
    engine = create_engine(url)
    try:
        found = inspect(engine)
        tables = set(found.get_table_names())
        indexes = {t: {i["name"] for i in found.get_indexes(t)} for t in tables}
        return tables, indexes
    finally:
        engine.dispose()


def test_a_schema_1_database_is_upgraded_in_place_and_keeps_its_memories(db_url, db_settings):
    _old_database(db_url)
    tables, indexes = _schema(db_url)
    assert "iris_migrations" not in tables
    assert "ix_memory_edge_namespace_kind" not in indexes["memory_edge"]

    with MemoryStore(db_settings, embedder=HashingEmbedder()) as store:
        [memory] = store.export("alice")
        assert (memory.content, memory.category, memory.importance, memory.metadata) == (
            "My dog is called Rex", "pets", 0.7, {"k": 1})
        # Still the same fact to de-duplication, and found by search.
        again = store.store("alice", [MemoryItem(content="my dog is called Rex.")]).outcomes[0]
        assert again.status == "skipped" and again.duplicate_of == memory.id
        assert [r.id for r in store.list_memories("alice", query="what is my dog called")] == [memory.id]
        stored = store.store("alice", [MemoryItem(content="I walk Rex every morning")]).outcomes[0]
        assert stored.status == "stored"

    tables, indexes = _schema(db_url)
    assert "iris_migrations" in tables
    assert {"ix_memory_edge_namespace_kind"} <= indexes["memory_edge"]
    assert {"ix_memory_queue_namespace_queue_id"} <= indexes["memory_queue"]
    engine = create_engine(db_url)
    with engine.connect() as conn:
        assert [r[0] for r in conn.execute(text("SELECT number FROM iris_migrations ORDER BY number"))] \
            == [n for n, _, _ in MIGRATIONS]
        if engine.dialect.name == "postgresql":  # migration 2 widened the version column
            kind = conn.execute(text("SELECT data_type FROM information_schema.columns WHERE "
                                     "table_name = 'memory_namespace' AND column_name = 'version' "
                                     "AND table_schema = current_schema()")).scalar()
            assert kind == "bigint"
    engine.dispose()

    with MemoryStore(db_settings, embedder=HashingEmbedder()) as store:  # opening again: no-op
        assert store.count("alice") == 2


def test_a_new_database_starts_at_the_latest_schema(db_url, db_settings):
    with MemoryStore(db_settings) as store:
        store.store("bob", [MemoryItem(content="I like tea")])
    engine = create_engine(db_url)
    with engine.connect() as conn:
        assert [r[0] for r in conn.execute(text("SELECT number FROM iris_migrations ORDER BY number"))] \
            == [n for n, _, _ in MIGRATIONS]
    engine.dispose()


def test_a_database_from_a_newer_iris_is_refused(db_url, db_settings):
    with MemoryStore(db_settings):
        pass
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO iris_migrations (number, name, applied_at) "
                          "VALUES (:n, 'from the future', :t)"),
                     {"n": LATEST + 1, "t": datetime.now(timezone.utc)})
    engine.dispose()
    with pytest.raises(StoreError, match="newer than this Iris knows"):
        MemoryStore(db_settings)
