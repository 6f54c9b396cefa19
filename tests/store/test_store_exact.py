"""Exact de-duplication, batch outcomes, listing, forgetting and the queue, on SQLite (and
Postgres when IRIS_TEST_POSTGRES_URL is set), with the deterministic hashing embedder."""

import pytest

from iris.errors import InputError
from iris.store import MemoryStore
from iris.store.normalize import content_hash, normalize
from iris.types import MemoryItem


def items(*contents, **kw):
    return [MemoryItem(content=c, **kw) for c in contents]


@pytest.mark.parametrize("variant", [
    "I prefer Apple over Orange", "i prefer apple over orange", "  I prefer Apple over Orange. ",
    "I  prefer   apple over orange!!", "I PREFER APPLE OVER ORANGE?", "I prefer Apple over Orange\u2026",
])
def test_normalize_surface_variants_share_a_hash(variant):
    assert normalize(variant) == "i prefer apple over orange"
    assert content_hash(normalize(variant)) == content_hash("i prefer apple over orange")


def test_normalize_drops_punctuation_keeps_punctuation_only_content():
    assert normalize("I'm 30, and live in N.Y.C.") == "i am 30 and live in n y c"
    assert normalize("?!") == "?!"


@pytest.mark.parametrize("one, other", [
    ("I love ice cream", "I love icecream"),
    ("I have a part time job", "I have a part-time job"),
    ("I have 3dogs", "I have 3 dogs"),
    ("im a nurse", "I'm a nurse"),
    ("I am a nurse", "I\u2019m a nurse"),
    ("I shop at Trader Joes", "I shop at trader joe's"),
    ("I dont have a car", "I do not have a car"),
    ("I am thirty two years old", "I am 32 years old"),
    ("I am ninety-nine", "I am 99"),
    ("I bought a dozen roses", "I bought 12 roses"),
    ("I have two hundred and five books", "I have 205 books"),
    ("I have 1,000 books", "I have one thousand books"),
    ("u r my fav", "You are my favorite"),
    ("My favourite colour is grey", "My favorite color is gray"),
    ("I organise events", "I organize events"),
    ("I like to watch N.H.L. hockey", "I like to watch nhl hockey"),
])
def test_surface_variants_share_the_exact_key(one, other):
    assert content_hash(normalize(one)) == content_hash(normalize(other))


@pytest.mark.parametrize("one, other", [
    ("I think cats are better pets than dogs", "I think dogs are better pets than cats"),
    ("I am thirty years old", "I am thirty two years old"),
    ("I have 3 2 dogs", "I have 32 dogs"),
    ("I have 3.5 acres", "I have 35 acres"),
    ("I code in C#", "I code in C"),
    ("I am ill", "I'll"),
    ("I have a dog", "I don't have a dog"),
    ("I have two three-year-olds", "I have five year olds"),
    ("I am expecting my third child", "I am expecting my fourth child"),
    ("I earn 50%", "I earn 50"),
])
def test_different_facts_keep_different_keys(one, other):
    assert content_hash(normalize(one)) != content_hash(normalize(other))


def test_a_surface_variant_is_skipped_as_an_exact_duplicate_and_keeps_its_words(store):
    first = store.store("alice", items("I love ice cream")).outcomes[0]
    again = store.store("alice", items("i luv icecream!!")).outcomes[0]
    assert again.status == "skipped" and again.duplicate_of == first.id
    assert again.reason == "exact duplicate"
    assert [r.content for r in store.list_memories("alice")] == ["I love ice cream"]


def test_store_reports_one_outcome_per_item_in_order(store):
    result = store.store("alice", items("I like tea", "I like tea.", "I own a red bicycle"))
    assert [o.status for o in result.outcomes] == ["stored", "skipped", "stored"]
    first = result.outcomes[0].id
    assert result.outcomes[1].duplicate_of == first
    assert result.outcomes[1].reason == "exact duplicate"
    assert store.count("alice") == 2

    again = store.store("alice", items("  i LIKE tea!! ", "My cat is called Miso"))
    assert again.outcomes[0].status == "skipped" and again.outcomes[0].duplicate_of == first
    assert again.outcomes[1].status == "stored"
    assert store.count("alice") == 3


def test_namespaces_are_separate(store):
    a = store.store("alice", items("I like tea")).outcomes[0]
    b = store.store("bob", items("I like tea")).outcomes[0]
    assert a.status == b.status == "stored" and a.id != b.id
    assert [r.content for r in store.list_memories("bob")] == ["I like tea"]
    assert store.get("bob", a.id) is None


def test_memory_fields_round_trip(store):
    item = MemoryItem(content="Allergic to shellfish", type="fact", category="Health",
                      importance=0.9, metadata={"source": "chat", "n": [1, 2]})
    stored = store.store("alice", [item]).outcomes[0]
    record = store.get("alice", stored.id)
    assert (record.content, record.type, record.category, record.importance) == (
        "Allergic to shellfish", "fact", "health", 0.9)
    assert record.metadata == {"source": "chat", "n": [1, 2]}
    assert record.created_at.endswith("+00:00")
    assert store.export("alice") == [record]


def test_list_filters_and_newest_first(store):
    store.store("alice", [MemoryItem(content="I eat no meat", category="food"),
                          MemoryItem(content="I run marathons", category="sport", type="pattern"),
                          MemoryItem(content="Sushi is my favourite", category="food")])
    assert [r.content for r in store.list_memories("alice")] == [
        "Sushi is my favourite", "I run marathons", "I eat no meat"]
    found = store.list_memories("alice", category="food", limit=1)
    assert [r.content for r in found] == ["Sushi is my favourite"]
    assert [r.content for r in store.list_memories("alice", type="pattern")] == ["I run marathons"]


def test_list_with_query_ranks_matching_memories_first(store):
    store.store("alice", items("My dog is named Rex", "I work as a nurse in Leeds",
                               "I drink green tea every morning"))
    found = store.list_memories("alice", query="what is my dog called?")
    assert found[0].content == "My dog is named Rex"
    assert found[0].score is not None
    assert store.list_memories("alice", query="quantum chromodynamics") == []


def test_forget_by_id_removes_memory_and_edges(store):
    result = store.store("alice", items("I love green tea", "I love green tea in the morning"))
    ids = [o.id for o in result.outcomes]
    assert store.edges("alice"), "the hashing embedder puts these two close enough to link"
    result = store.forget("alice", id=ids[0])
    assert result.status == "forgotten" and result.forgotten[0].id == ids[0]
    assert store.get("alice", ids[0]) is None
    assert store.edges("alice") == []
    assert store.forget("alice", id=ids[0]).status == "not_found"


def test_forget_by_description(store):
    store.store("alice", items("I live at 42 Elm Street", "My sister is called Anna"))
    result = store.forget("alice", query="forget what I told you about Elm Street")
    assert result.status == "forgotten"
    assert result.forgotten[0].content == "I live at 42 Elm Street"
    assert [r.content for r in store.list_memories("alice")] == ["My sister is called Anna"]
    assert store.forget("alice", query="my favourite football team").status == "not_found"


def test_forget_ambiguous_deletes_nothing(store):
    store.store("alice", items("I have a cat named Tom", "I have a cat named Jerry"))
    result = store.forget("alice", query="my cat")
    assert result.status == "ambiguous"
    assert {r.content for r in result.candidates} == {"I have a cat named Tom", "I have a cat named Jerry"}
    assert store.count("alice") == 2


def test_forget_exact_text(store):
    store.store("alice", items("I have a cat named Tom", "I have a cat named Jerry"))
    result = store.forget("alice", query="i have a cat named tom.")
    assert result.status == "forgotten" and result.forgotten[0].content == "I have a cat named Tom"


def test_bad_namespace_and_forget_args_are_input_errors(store):
    with pytest.raises(InputError):
        store.store("", items("x"))
    with pytest.raises(InputError):
        store.forget("alice")


def test_empty_store_call(store):
    assert store.store("alice", []).outcomes == []


def test_queued_store_answers_then_worker_stores(store):
    store.store("alice", items("I like tea"))
    result = store.store("alice", items("I like tea", "I cycle to work", "i cycle to work."), wait=False)
    assert result.queue_id
    assert [o.status for o in result.outcomes] == ["skipped", "queued", "skipped"]
    assert store.count("alice") == 1 and store.pending() == 1

    assert store.process_queue() == 1
    assert store.pending() == 0
    status = store.queue_status("alice", result.queue_id)
    assert [o.status for o in status.outcomes] == ["skipped", "stored", "skipped"]
    assert [r.content for r in store.list_memories("alice")] == ["I cycle to work", "I like tea"]
    assert store.process_queue() == 0


def test_queue_dedups_against_facts_stored_after_queueing(store):
    queued = store.store("alice", items("I cycle to work"), wait=False)
    stored = store.store("alice", items("I CYCLE TO WORK")).outcomes[0]
    store.process_queue()
    outcome = store.queue_status("alice", queued.queue_id).outcomes[0]
    assert outcome.status == "skipped" and outcome.duplicate_of == stored.id


def test_background_worker_thread(db_settings):
    import time

    from iris.embed import HashingEmbedder

    with MemoryStore(db_settings, embedder=HashingEmbedder()) as s:
        s.start_worker_thread(interval=0.05)
        s.store("alice", items("I like tea", "I cycle to work"), wait=False)
        deadline = time.monotonic() + 10
        while s.count("alice") < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert s.count("alice") == 2 and s.pending() == 0


def test_store_without_embedder_does_exact_dedup_and_lexical_search(db_settings):
    with MemoryStore(db_settings, embedder=None) as s:
        out = s.store("alice", items("I like tea", "i like tea", "I like green tea")).outcomes
        assert [o.status for o in out] == ["stored", "skipped", "stored"]
        assert s.edges("alice") == []
        assert s.list_memories("alice", query="green tea")[0].content == "I like green tea"


def test_reopening_the_database_keeps_everything(db_settings):
    from iris.embed import HashingEmbedder

    with MemoryStore(db_settings, embedder=HashingEmbedder()) as s:
        first = s.store("alice", items("I like tea")).outcomes[0].id
    with MemoryStore(db_settings, embedder=HashingEmbedder()) as s:
        again = s.store("alice", items("I like tea!")).outcomes[0]
        assert again.status == "skipped" and again.duplicate_of == first


def test_sqlite_uses_wal_and_busy_timeout(settings, tmp_path):
    from sqlalchemy import text

    with MemoryStore(settings.model_copy(update={"db_url": f"sqlite:///{tmp_path}/w.db"})) as s:
        with s.engine.connect() as conn:
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 30000


def test_unique_index_is_the_last_word(store, monkeypatch):
    """Even when planning misses an existing copy (another writer committed it after we
    looked), the unique index turns the insert into a skip with the right id."""
    from sqlalchemy.exc import IntegrityError

    first = store.store("alice", items("I like tea")).outcomes[0].id
    from iris.store import dedup

    real_plan = dedup.Deduper.plan

    def plan_blind(self, conn, namespace, prepared, matrix, grey=None):
        with monkeypatch.context() as m:
            m.setattr(dedup, "existing", lambda *a: {})
            return real_plan(self, conn, namespace, prepared, matrix, grey)

    monkeypatch.setattr(dedup.Deduper, "plan", plan_blind)
    outcome = store.store("alice", items("I LIKE TEA.")).outcomes[0]
    assert outcome.status == "skipped" and outcome.duplicate_of == first
    assert store.count("alice") == 1

    from iris.store.models import Memory

    with pytest.raises(IntegrityError), store.engine.begin() as conn:
        conn.execute(Memory.__table__.insert().values(
            namespace="alice", content="x", normalized="i like tea",
            content_hash=content_hash("i like tea")))


def test_each_new_item_is_embedded_once_in_one_batch(db_settings):
    from iris.embed import HashingEmbedder

    embedder = HashingEmbedder()
    calls = []
    real = embedder._encode_uncached
    embedder._encode_uncached = lambda texts: calls.append(list(texts)) or real(texts)
    with MemoryStore(db_settings, embedder=embedder) as s:
        s.store("alice", items("I like tea"))
        calls.clear()
        s.store("alice", items("I like tea!", "I cycle to work", "I own a red bicycle",
                               "i cycle to work"))
    # One model call for the two new facts; the duplicates are never embedded.
    assert calls == [["I cycle to work", "I own a red bicycle"]]


def test_two_workers_process_each_queued_item_once(db_settings):
    import threading

    from iris.embed import HashingEmbedder

    facts = [f"Queued fact {i} about topic {i * 13}" for i in range(60)]
    with MemoryStore(db_settings, embedder=HashingEmbedder()) as s:
        queue_ids = [s.store("u", items(*facts[i:i + 20]), wait=False).queue_id
                     for i in range(0, 60, 20)]
    stores = [MemoryStore(db_settings, embedder=HashingEmbedder()) for _ in range(2)]
    done = [0, 0]

    def work(n):
        while True:
            got = stores[n].process_queue(limit=10)
            done[n] += got
            if not got and not stores[n].pending():
                return

    threads = [threading.Thread(target=work, args=(n,)) for n in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    try:
        assert sum(done) == 60
        assert stores[0].count("u") == 60
        outcomes = [o for q in queue_ids for o in stores[0].queue_status("u", q).outcomes]
        assert [o.status for o in outcomes] == ["stored"] * 60
    finally:
        for st in stores:
            st.close()


def test_search_results_match_the_database(store):
    """Search answers from the cached matrix; it must agree with a fresh read."""
    store.store("alice", [MemoryItem(content="My dog is named Rex", category="pets",
                                     importance=0.8, metadata={"k": 1})])
    store.store("alice", items("I walk my dog Rex every morning"))
    found = store.list_memories("alice", query="my dog Rex")
    assert len(found) == 2
    for record in found:
        assert record.model_copy(update={"score": None}) == store.get("alice", record.id)
