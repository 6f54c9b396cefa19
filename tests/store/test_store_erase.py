"""Erasure that erases: a forgotten memory's text is gone from every table and cache, and
erase(namespace) removes all of one user's data."""

from sqlalchemy import text

from iris.store import forget
from iris.types import MemoryItem


def items(*texts):
    return [MemoryItem(content=t) for t in texts]


def _rows_mentioning(store, needle):
    found = {}
    with store.engine.connect() as conn:
        for table, columns in {"memory": ["content", "normalized"], "memory_queue": ["item", "outcome"],
                               "memory_edge": ["kind"]}.items():
            for column in columns:
                n = conn.execute(text(f"SELECT count(*) FROM {table} WHERE CAST({column} AS TEXT) "
                                      f"LIKE :n"), {"n": f"%{needle}%"}).scalar()
                if n:
                    found[f"{table}.{column}"] = n
    return found


def test_forgetting_removes_the_text_from_queue_rows_and_caches(store):
    queued = store.store("alice", items("My PIN hint is marmalade", "I like tea"), wait=False)
    store.process_queue()
    store.list_memories("alice", query="marmalade")  # fills the matrix and word caches
    assert store.forget("alice", query="that Bob likes tea").status == "not_found"  # and forget's
    target = next(r for r in store.export("alice") if "marmalade" in r.content)
    assert _rows_mentioning(store, "marmalade")
    assert target.content in forget._names_in._values  # (read by the description above)

    assert store.forget("alice", id=target.id).status == "forgotten"
    assert _rows_mentioning(store, "marmalade") == {}
    assert all("marmalade" not in c for m in [store._matrices._matrices.get("alice")] if m
               for c in m.contents)
    assert target.content not in store.embedder._cache
    assert target.content not in forget._names_in._values
    assert [o.content for o in store.queue_status("alice", queued.queue_id).outcomes] == ["I like tea"]


def test_erase_removes_all_of_one_users_data_and_returns_counts(store):
    first = store.store("alice", items("My dog Rex likes long walks in the park",
                                       "I like tea")).outcomes[0].id
    store.store("alice", items("My dog Rex likes long walks in the park at night", "I own a cat"))
    store.store("alice", items("I own a bike"), wait=False)
    store.store("bob", items("I like tea"))
    edges = len(store.edges("alice"))
    assert edges and first

    erased = store.erase("alice")
    assert (erased.memories, erased.edges, erased.queued, erased.namespaces) == (4, edges, 1, 1)
    assert store.export("alice") == [] and store.edges("alice") == []
    with store.engine.connect() as conn:
        for table in ("memory", "memory_edge", "memory_queue", "memory_namespace"):
            assert conn.execute(text(f"SELECT count(*) FROM {table} WHERE namespace = 'alice'")).scalar() == 0
    assert "alice" not in store._matrices
    assert [r.content for r in store.export("bob")] == ["I like tea"]
    # The user can start again: nothing from before counts as a duplicate.
    assert store.store("alice", items("I like tea")).outcomes[0].status == "stored"


def test_queue_status_is_scoped_to_the_namespace(store):
    queued = store.store("alice", items("My secret is 42"), wait=False)
    assert store.queue_status("mallory", queued.queue_id).outcomes == []
    assert [o.content for o in store.queue_status("alice", queued.queue_id).outcomes] == ["My secret is 42"]
