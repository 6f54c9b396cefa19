"""The reads the memory inspector (/ui) pages with: namespaces by prefix with counts, keyset
pages filtered by type / category, type and category counts, the edges of several memories,
and records by id."""

from iris.types import MemoryItem


def _store(store, namespace, *items):
    result = store.store(namespace, [MemoryItem(**i) for i in items])
    assert result.count("stored") == len(items), result


def test_namespaces_of_a_prefix_with_counts_and_paging(store):
    _store(store, "a_b:u1", {"content": "I like tea"}, {"content": "I live in Oslo"})
    _store(store, "a_b:u2", {"content": "My dog is Rex"})
    _store(store, "axb:u3", {"content": "I like jazz"})  # `_` must not match any character
    _store(store, "a_b", {"content": "I like chess"})  # the prefix without its `:`
    assert store.namespaces("a_b:") == [("a_b:u1", 2), ("a_b:u2", 1)]
    assert store.namespaces("a_b:", limit=1) == [("a_b:u1", 2)]
    assert store.namespaces("a_b:", after="a_b:u1") == [("a_b:u2", 1)]
    assert [ns for ns, _ in store.namespaces()] == ["a_b", "a_b:u1", "a_b:u2", "axb:u3"]


def test_page_filters_by_type_and_category_and_keeps_keyset_order(store):
    _store(store, "u",
           {"content": "I prefer window seats", "type": "preference", "category": "travel"},
           {"content": "I am allergic to shellfish", "type": "fact", "category": "health"},
           {"content": "I prefer aisle seats on trains", "type": "preference", "category": "Travel"},
           {"content": "I like green tea", "type": "preference", "category": "food"})
    travel = store.page("u", category="travel")
    assert [m.content for m in travel] == ["I prefer aisle seats on trains", "I prefer window seats"]
    prefs = store.page("u", type="preference", limit=2)
    assert [m.content for m in prefs] == ["I like green tea", "I prefer aisle seats on trains"]
    rest = store.page("u", type="preference", limit=2, before=prefs[-1].id)
    assert [m.content for m in rest] == ["I prefer window seats"]
    assert store.page("u", type="event") == []
    assert store.facets("u") == {"type": {"fact": 1, "preference": 3},
                                 "category": {"food": 1, "health": 1, "travel": 2}}


def test_edges_of_several_memories_and_records_by_id(store):
    _store(store, "u", {"content": "I love dark roast coffee"})
    _store(store, "u", {"content": "I hate dark roast coffee"})
    _store(store, "u", {"content": "My sister lives in Rome"})
    love, hate, sister = sorted(m.id for m in store.export("u"))
    assert [(s, d, k) for s, d, k, _ in store.edges("u", ids=[love, sister])] == [
        (hate, love, "contradicts")]
    assert store.edges("u", ids=[sister]) == []
    assert [m.id for m in store.get_many("u", [sister, love, 10**9])] == [sister, love]
    assert store.get_many("other", [love]) == []
