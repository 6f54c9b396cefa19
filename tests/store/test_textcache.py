"""Per-text caches drop only the texts they are told to (iris/store/textcache.py), so a
forget does not make the next one analyse every other memory again."""

from iris.store import search, verifier
from iris.store.textcache import text_cache
from iris.types import MemoryItem


def test_discard_drops_one_text_and_keeps_the_others():
    calls = []

    @text_cache(maxsize=10)
    def length(text: str) -> int:
        calls.append(text)
        return len(text)

    length("tea"), length("coffee")
    length.discard(["tea"])
    assert length("coffee") == 6 and length("tea") == 3
    assert calls == ["tea", "coffee", "tea"]


def test_the_least_recently_used_text_goes_first():
    @text_cache(maxsize=2)
    def upper(text: str) -> str:
        return text.upper()

    upper("a"), upper("b"), upper("a"), upper("c")
    assert len(upper) == 2
    upper.cache_clear()
    assert len(upper) == 0


def test_forgetting_one_memory_keeps_the_others_analysis(store):
    contents = ["I like coffee", "I have a cat named Tom", "My wife's name is Ana"]
    store.store("u", [MemoryItem(content=c) for c in contents])
    for content in contents:
        verifier.analyze(content)
        search._memory_words(content)
    result = store.forget("u", query="my cat")
    assert result.status == "forgotten"
    kept = {"I like coffee", "My wife's name is Ana"}
    assert kept <= set(verifier.analyze._values) and kept <= set(search._memory_words._values)
    assert "I have a cat named Tom" not in verifier.analyze._values
    assert "I have a cat named Tom" not in search._memory_words._values
