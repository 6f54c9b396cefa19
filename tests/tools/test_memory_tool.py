"""The store_memory tool: one outcome per item the model sent, in the model's order."""

import pytest

from iris import results as R
from iris.tools import store_memory


@pytest.fixture
def store(hashing_store):
    return hashing_store


def test_invalid_items_keep_their_place_among_stored_ones(store):
    """Issue 15, defect 2: a failed item used to be appended after the stored ones, so
    outcomes and "memory N" reasons did not follow the model's items."""
    arguments = {"memories": [{"content": "I like tea"}, {"content": ""},
                              {"content": "I own a dog"}, {"content": "bell \x07 here"}]}
    run = store_memory(store, "alice", arguments)
    assert [o.status for o in run.outcomes] == ["stored", "failed", "stored", "failed"]
    assert [o.content for o in run.outcomes][0::2] == ["I like tea", "I own a dog"]
    line = R.parse_result(run.line)
    assert (line["count"], line["skipped"], line["failed"]) == (2, 0, 2)
    assert [r.split(":")[0] for r in line["reasons"]] == ["memory 2", "memory 4"]


def test_a_refused_secret_keeps_its_place_too(store):
    arguments = {"memories": [{"content": "my password is hunter2"}, {"content": "I like tea"}]}
    run = store_memory(store, "alice", arguments)
    assert [o.status for o in run.outcomes] == ["failed", "stored"]
    assert R.parse_result(run.line)["reasons"][0].startswith("memory 1: looks like a password")
