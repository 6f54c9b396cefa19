"""The whole pipeline on inputs that used to backtrack for minutes (issue 16). No timing
threshold here (benchmarks/bench_adversarial.py measures); the thread guard only stops a
hang from blocking the suite, and each turn must end with a proper reply."""

import threading

import pytest
from adversarial import cases

from iris import Pipeline

HANG_GUARD_S = 120


@pytest.mark.parametrize("name", list(cases()))
def test_adversarial_message_gets_a_reply(settings, name):
    text = cases()[name]
    result: list[object] = []
    with Pipeline(settings) as pipeline:
        worker = threading.Thread(target=lambda: result.append(pipeline.handle(text)), daemon=True)
        worker.start()
        worker.join(HANG_GUARD_S)
        assert not worker.is_alive(), f"{name}: still running after {HANG_GUARD_S} s"
    (reply,) = result
    assert reply.route in ("direct", "offline", "passthrough")
    outcomes = [o.status for o in reply.outcomes]
    stored = sum(1 for s in outcomes if s == "stored")
    assert len(outcomes) == stored + outcomes.count("skipped") + outcomes.count("failed")


def test_a_list_past_the_cap_says_the_rest_was_not_read(settings):
    """ "1. I like tea 2. I like tea ..." with thousands of items: the rules stop reading after
    the cap, and the user is told so instead of losing the rest silently."""
    with Pipeline(settings) as pipeline:
        reply = pipeline.handle(cases()["remember + numbered facts"])
    cap = settings.max_memories_per_message
    assert len(reply.outcomes) == cap + 1
    last = reply.outcomes[-1]
    assert last.status == "failed"
    assert "over the limit" in last.reason and "not read" in last.reason


def test_one_endless_fact_fails_for_its_length(settings):
    with Pipeline(settings) as pipeline:
        reply = pipeline.handle(cases()["remember + commas"])
    (outcome,) = reply.outcomes
    assert outcome.status == "failed" and "characters long" in outcome.reason
