"""The secrets guard (iris/secrets.py): each kind is found, ordinary facts that look like
one are not, and the IRIS_SECRETS setting decides what the store tool and the extractor do."""

import json

import pytest

from iris.extract import FactExtractor
from iris.llm import LLMResponse, ScriptedLLM
from iris.pipeline import Pipeline
from iris.results import parse_result
from iris.secrets import find_secrets, redact, screen
from iris.tools import store_memory

SECRETS = [
    # (text, kind, the secret itself)
    ("remember that my password is hunter2", "password", "hunter2"),
    ("my gmail password: Tr0ub4dor&3", "password", "Tr0ub4dor&3"),
    ("the wifi password for the cabin is s3cret!", "password", "s3cret"),
    ("hunter2 is my password", "password", "hunter2"),
    ("my PIN is 4821", "password", "4821"),
    ("my card number is 4111 1111 1111 1111", "card number", "4111 1111 1111 1111"),
    ("my visa is 4111-1111-1111-1111", "card number", "4111-1111-1111-1111"),
    ("my amex is 378282246310005", "card number", "378282246310005"),
    ("my openai key is sk-proj-abcDEF1234567890abcdefGHIJ", "API key or token",
     "sk-proj-abcDEF1234567890abcdefGHIJ"),
    ("token ghp_16C7e42F292c6912E7710c838347Ae178B4a", "API key or token",
     "ghp_16C7e42F292c6912E7710c838347Ae178B4a"),
    ("AKIAIOSFODNN7EXAMPLE is my aws key", "API key or token", "AKIAIOSFODNN7EXAMPLE"),
    ("our slack bot uses xoxb-123456789012-abcdefABCDEF", "API key or token",
     "xoxb-123456789012-abcdefABCDEF"),
    ("the deploy token is Zx8kP2qLm9vR4tY7wB3nC6dF1gH5jK0s", "API key or token",
     "Zx8kP2qLm9vR4tY7wB3nC6dF1gH5jK0s"),  # no known prefix: high entropy
    ("my api key is 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b", "API key or token",
     "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b"),  # hex
    ("my SSN is 123-45-6789", "national id number", "123-45-6789"),
    ("my social security number is 123 45 6789", "national id number", "123 45 6789"),
    ("my NI number is AB 12 34 56 C", "national id number", "AB 12 34 56 C"),
    ("my DNI is 12345678Z", "national id number", "12345678Z"),
    ("my passport number is X1234567", "national id number", "X1234567"),
    ("my IBAN is GB82 WEST 1234 5698 7654 32", "bank account number", "GB82 WEST 1234 5698 7654 32"),
    ("DE89370400440532013000 is my account", "bank account number", "DE89370400440532013000"),
    ("my bank account number is 12345678", "bank account number", "12345678"),
]

ORDINARY = [
    "my extension is 4417", "my favourite number is 4111", "I live at 221B Baker Street",
    "I was born in 1987", "my zip code is 94110", "my dog's name is Sk8r",
    "I forgot my password", "my password manager is Bitwarden", "my wifi password is on the fridge",
    "my passport expires in May 2027", "my driver's license expires in 2027",
    "my phone number is +1 202 555 0143", "my phone number is 4155552671",
    "my phone is 020 7946 0958", "my ISBN is 9780141036144", "I was born on 1987-03-14",
    "my order number is 112-7845123-4456789", "my license plate is 7ABC123",
    "I work on state-of-the-art-2024-edition software", "my username is alice_smith_1990_rocks",
    "my favourite word is Supercalifragilisticexpialidocious", "I pin my notes on the wall",
    "I have a Samsung QN65Q80CAFXZA tv", "I ran a 5k in 25:30", "I earn 120000 a year",
    "my card 4111 1111 1111 1112 expired",  # 16 digits that fail the Luhn check
    "my passport number is in the drawer",
]


@pytest.mark.parametrize("text, kind, secret", SECRETS, ids=[s[0] for s in SECRETS])
def test_each_kind_is_found_and_redacted(text, kind, secret):
    found = find_secrets(text)
    assert [(s.kind, text[s.start:s.end]) for s in found] == [(kind, secret)]
    redacted = redact(text)
    assert secret not in redacted and "[redacted " in redacted
    assert redact(redacted) == redacted  # placeholders are left alone
    assert find_secrets(redacted)[0].kind == kind  # and still say what they hide


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_facts_are_not_secrets(text):
    assert find_secrets(text) == []
    assert screen(text, "refuse").text == text


def test_screen_modes():
    text = "my password is hunter2"
    refused = screen(text, "refuse")
    assert refused.text is None and refused.reason == "looks like a password; I don't store secrets"
    redacted = screen(text, "redact")
    assert redacted.text == "my password is [redacted password]" and redacted.kinds == ("password",)
    assert screen(text, "allow").text == text


@pytest.fixture
def store(hashing_store):
    return hashing_store


def test_store_tool_refuses_a_secret_and_keeps_the_other_items(store):
    run = store_memory(store, "u1", {"memories": [
        "I like tea", "my card number is 4111 1111 1111 1111", "I own a cat"]})
    assert [o.status for o in run.outcomes] == ["stored", "failed", "stored"]
    failed = run.outcomes[1]
    assert failed.reason == "looks like a card number; I don't store secrets"
    assert "4111" not in failed.content  # the outcome never shows the secret back
    assert parse_result(run.line)["reasons"] == [
        "memory 2: looks like a card number; I don't store secrets"]
    assert sorted(r.content for r in store.list_memories("u1")) == ["I like tea", "I own a cat"]


def test_store_tool_redacts_when_configured(store):
    run = store_memory(store, "u1", ["my github token is ghp_16C7e42F292c6912E7710c838347Ae178B4a"],
                       secrets="redact")
    assert run.line == "MEMORY_STORED count=1 skipped=0 failed=0"
    assert run.outcomes[0].reason == "redacted: API key or token"
    [record] = store.list_memories("u1")
    assert record.content == "my github token is [redacted key]"
    assert record.metadata["redacted"] == ["API key or token"]


def test_store_tool_allows_when_configured(store):
    run = store_memory(store, "u1", ["my password is hunter2"], secrets="allow")
    assert run.line == "MEMORY_STORED count=1 skipped=0 failed=0"
    assert store.list_memories("u1")[0].content == "my password is hunter2"


def test_fast_path_refuses_a_password_with_a_clear_reply(settings):
    with Pipeline(settings) as pipeline:
        reply = pipeline.handle("Remember that my password is hunter2", user_id="u1")
        assert reply.route == "direct"
        assert reply.results == ['MEMORY_STORE_FAILED reason="All items failed to persist." '
                                 'details=["memory 1: looks like a password; I don\'t store secrets"]']
        assert "I don't store secrets" in reply.reply and "hunter2" not in reply.reply
        assert "hunter2" not in json.dumps([o.model_dump() for o in reply.outcomes])
        assert pipeline.store.list_memories("u1") == []


def test_secrets_never_reach_the_llm_and_its_placeholder_is_refused(settings, store):
    text = "Please note: I like jazz, and my password is hunter2, and my SSN is 123-45-6789"
    llm = ScriptedLLM(LLMResponse.with_tool_call("store_memory", {"memories": [
        {"content": "I like jazz"}, {"content": "My password is [redacted password]"},
        {"content": "My SSN is [redacted id number]"}]}))
    extraction = FactExtractor(settings, llm=llm).extract(text)
    sent = json.dumps(llm.history[0]["messages"])
    assert "hunter2" not in sent and "123-45-6789" not in sent
    assert "[redacted password]" in sent and "[redacted id number]" in sent
    run = store_memory(store, "u1", extraction.tool_calls[0].arguments)
    assert [o.status for o in run.outcomes] == ["stored", "failed", "failed"]
    assert [o.reason for o in run.outcomes[1:]] == [
        "looks like a password; I don't store secrets",
        "looks like a national id number; I don't store secrets"]


def test_allow_sends_the_message_as_it_is(settings):
    llm = ScriptedLLM(LLMResponse(content='{"memories": []}'))
    extractor = FactExtractor(settings.model_copy(update={"secrets": "allow"}), llm=llm)
    extractor.extract("my password is hunter2")
    assert llm.history[0]["messages"][-1]["content"] == "my password is hunter2"


def test_secrets_setting_comes_from_the_environment(settings, monkeypatch):
    from iris.config import load_settings
    from iris.errors import ConfigError

    monkeypatch.setenv("IRIS_SECRETS", "redact")
    assert load_settings().secrets == "redact"
    monkeypatch.setenv("IRIS_SECRETS", "sometimes")
    with pytest.raises(ConfigError, match="secrets"):
        load_settings()
