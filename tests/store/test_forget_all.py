"""Forget everything: two steps, the pending request in the database (issue 16)."""

import pytest

from iris import Pipeline
from iris import results as R
from iris.present import CONFIRM_PHRASE, Presenter
from iris.store import erase
from iris.tools import forget_memory
from iris.types import MemoryItem


def _fill(store, user, *contents):
    store.store(user, [MemoryItem(content=c) for c in contents])


def test_forget_all_asks_then_deletes_only_that_user(store):
    _fill(store, "u", "I like coffee", "I have a cat")
    _fill(store, "other", "I like tea")
    asked = store.forget_all("u")
    assert (asked.status, asked.count) == ("confirm_required", 2)
    assert store.count("u") == 2
    done = store.forget_all("u", confirm=True)
    assert (done.status, done.count) == ("forgotten", 2)
    assert store.count("u") == 0 and store.edges("u") == []
    assert store.count("other") == 1


def test_a_confirmation_without_a_question_only_asks(store):
    _fill(store, "u", "I like coffee")
    assert store.forget_all("u", confirm=True).status == "confirm_required"
    assert store.count("u") == 1


def test_a_memory_stored_after_the_question_needs_a_new_question(store):
    _fill(store, "u", "I like coffee")
    store.forget_all("u")
    _fill(store, "u", "I have a cat")
    again = store.forget_all("u", confirm=True)
    assert (again.status, again.count) == ("confirm_required", 2)
    assert store.count("u") == 2
    assert store.forget_all("u", confirm=True).count == 2
    assert store.count("u") == 0


def test_an_expired_question_is_asked_again(store, monkeypatch):
    _fill(store, "u", "I like coffee")
    monkeypatch.setattr(erase, "CONFIRM_SECONDS", -1)
    store.forget_all("u")
    assert store.forget_all("u", confirm=True).status == "confirm_required"
    assert store.count("u") == 1


def test_queued_items_are_forgotten_too(store):
    _fill(store, "u", "I like coffee")
    store.store("u", [MemoryItem(content="I have a cat")], wait=False)
    store.forget_all("u")
    store.forget_all("u", confirm=True)
    assert store.pending() == 0 and store.process_queue() == 0
    assert store.count("u") == 0


def test_nothing_stored_is_nothing_to_confirm(store):
    assert store.forget_all("u") .status == "forgotten"
    assert Presenter().present([R.format_result(R.FORGOTTEN, count=0)]).startswith(
        "There was nothing to forget")


def test_the_tool_takes_all_and_everything_queries(store):
    _fill(store, "u", "I like coffee")
    line = forget_memory(store, "u", {"query": "everything"}).line
    assert line == 'MEMORY_CONFIRM_REQUIRED action="forget_all" count=1'
    assert R.parse_result(line).fields == {"action": "forget_all", "count": 1}
    assert forget_memory(store, "u", {"all": True, "confirm": True}).line == "MEMORY_FORGOTTEN count=1"
    bad = forget_memory(store, "u", {"all": "yes"}).line
    assert bad.startswith("TOOL_FAILED") and "all must be true or false" in bad


def test_the_presenter_asks_with_the_count_and_the_phrase():
    text = Presenter().present(['MEMORY_CONFIRM_REQUIRED action="forget_all" count=3'])
    assert "all 3 memories" in text and f'"{CONFIRM_PHRASE}"' in text


@pytest.mark.parametrize("ask", ["forget everything", "erase all my data", "delete all my memories",
                                 "wipe ur whole memory of me", "start over and forget all about me"])
def test_two_turns_in_two_processes(settings, ask):
    """Each Pipeline is a fresh process's worth of state: only the database is shared."""
    with Pipeline(settings) as first:
        first.handle("remember that I like coffee", user_id="u")
        first.handle("remember that I have a cat", user_id="u")
        asked = first.handle(ask, user_id="u")
    assert asked.results == ['MEMORY_CONFIRM_REQUIRED action="forget_all" count=2']
    assert CONFIRM_PHRASE in asked.reply
    with Pipeline(settings) as second:
        assert second.store.count("u") == 2
        done = second.handle(CONFIRM_PHRASE, user_id="u")
        assert done.results == ["MEMORY_FORGOTTEN count=2"]
        assert done.reply == "Done, I forgot 2 memories."
        assert second.store.count("u") == 0


def test_a_topic_after_everything_is_a_description_not_forget_all(settings):
    with Pipeline(settings) as p:
        p.handle("remember that I like coffee", user_id="u")
        reply = p.handle("forget everything I said about work", user_id="u")
        assert R.parse_result(reply.results[0]).code == R.NOT_FOUND
        assert p.store.count("u") == 1
