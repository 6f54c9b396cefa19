import pytest

from iris.results import format_result, parse_result, try_parse


@pytest.mark.parametrize("fields", [
    {"count": 2, "skipped": 1, "failed": 0},
    {"reason": 'he said "no"\nthen left'},
    {"reason": "tab\tand unicode é ✓ and = signs and spaces"},
    {"count": 1, "items": [{"id": 3, "content": 'a "quoted" fact\nline two', "type": "fact"}]},
    {"count": 0, "query": "my diet", "items": []},
    {"queue_id": "q-123", "count": 3},
    {"details": ["memory 1: content is empty"], "reason": "All items failed to persist."},
])
def test_round_trip(fields):
    line = format_result("MEMORY_TEST", **fields)
    assert "\n" not in line
    parsed = parse_result(line)
    assert parsed.code == "MEMORY_TEST"
    assert parsed.fields == fields


def test_known_line_has_the_documented_shape():
    assert format_result("MEMORY_STORED", count=2, skipped=1, failed=0) == \
        "MEMORY_STORED count=2 skipped=1 failed=0"
    assert format_result("MEMORY_STORE_FAILED", reason="All items failed to persist.") == \
        'MEMORY_STORE_FAILED reason="All items failed to persist."'


def test_bare_code_parses():
    assert parse_result("MEMORY_NOT_FOUND").fields == {}


@pytest.mark.parametrize("bad", ["", "hello world", "MEMORY_STORED count", "MEMORY_STORED count=1  x=2",
                                 'MEMORY_STORED reason="unterminated'])
def test_garbage_is_rejected(bad):
    assert try_parse(bad) is None
    with pytest.raises(ValueError):
        parse_result(bad)


def test_format_refuses_a_lower_case_code():
    with pytest.raises(ValueError):
        format_result("stored", count=1)
