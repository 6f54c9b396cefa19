"""Schema migrations: a database made by the code before migrations existed (schema 1,
tests/store/data/schema_v1_*.sql, frozen) is upgraded in place when a store opens it, and
its memories are intact."""

import hashlib
import json
import re
import unicodedata
from datetime import datetime, timezone
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from iris.embed import HashingEmbedder
from iris.errors import StoreError
from iris.store import MemoryStore
from iris.store.migrations import LATEST, MIGRATIONS
from iris.store.models import MEMORY
from iris.types import MemoryItem

DATA = Path(__file__).parent / "data"
STEPS = [n for n, _, _ in MIGRATIONS]


def _old_key(content: str) -> tuple[str, str]:
    """The exact key (normalized text, hash) before migration 4, frozen here."""
    text_ = unicodedata.normalize("NFKC", content).translate(
        str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})).casefold()
    text_ = " ".join(text_.split())
    text_ = re.sub(r"[\s.!?,;:\u2026]+$", "", text_) or text_
    return text_, hashlib.sha256(text_.encode("utf-8")).hexdigest()


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
            {"norm": _old_key("My dog is called Rex")[0], "hash": _old_key(
                "My dog is called Rex")[1], "meta": json.dumps({"k": 1}), "now": now})
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
    assert "memory_worker" in tables  # migration 5, with the queue's per-item options
    engine = create_engine(db_url)
    assert "options" in {c["name"] for c in inspect(engine).get_columns("memory_queue")}
    engine.dispose()
    engine = create_engine(db_url)
    with engine.connect() as conn:
        assert [r[0] for r in conn.execute(text("SELECT number FROM iris_migrations ORDER BY number"))] \
            == STEPS
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
            == STEPS
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


def test_migration_4_recomputes_exact_keys_and_keeps_memories_whose_keys_collide(db_url, db_settings):
    with MemoryStore(db_settings):
        pass  # today's tables ...
    engine = create_engine(db_url)
    now = datetime(2026, 1, 2, tzinfo=timezone.utc)
    rows = [("alice", "I love ice cream", {}), ("alice", "I love icecream", {"k": 1}),
            ("alice", "Im a nurse", {}), ("alice", "I'm a nurse.", {}),
            ("alice", "I like tea", {}), ("bob", "I love icecream", {})]
    with engine.begin() as conn:  # ... as schema 3 left them: no step 4, keys of the time
        conn.execute(text("DELETE FROM iris_migrations WHERE number = 4"))
        ids = []
        for namespace, content, meta in rows:
            norm, digest = _old_key(content)
            ids.append(conn.execute(MEMORY.insert().values(
                namespace=namespace, content=content, normalized=norm, content_hash=digest,
                metadata=meta, created_at=now, updated_at=now).returning(MEMORY.c.id)).scalar())
    engine.dispose()

    with MemoryStore(db_settings, embedder=HashingEmbedder()) as store:
        alice = {m.id: m for m in store.export("alice")}
        assert [alice[i].content for i in ids[:5]] == [c for _, c, _ in rows[:5]]  # none lost
        assert alice[ids[1]].metadata == {"k": 1, "duplicate_of": ids[0]}
        assert alice[ids[3]].metadata == {"duplicate_of": ids[2]}
        assert alice[ids[0]].metadata == alice[ids[2]].metadata == alice[ids[4]].metadata == {}
        [bob] = store.export("bob")
        assert bob.metadata == {}  # another user's memory is not a duplicate
        again = store.store("alice", [MemoryItem(content="i love ice-cream"),
                                      MemoryItem(content="I am a nurse"),
                                      MemoryItem(content="I like TEA!")]).outcomes
        assert [(o.status, o.duplicate_of) for o in again] == [
            ("skipped", ids[0]), ("skipped", ids[2]), ("skipped", ids[4])]
        assert store.store("bob", [MemoryItem(content="I love ice cream")]).outcomes[0] \
            .duplicate_of == ids[5]

    engine = create_engine(db_url)
    with engine.connect() as conn:
        assert [r[0] for r in conn.execute(text("SELECT number FROM iris_migrations ORDER BY number"))] \
            == STEPS
    engine.dispose()
    with MemoryStore(db_settings) as store:  # opening again changes nothing
        assert store.count("alice") == 5
