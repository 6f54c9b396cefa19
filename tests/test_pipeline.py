import pytest
from seed import SEED

from iris.errors import InputError, LLMTimeoutError
from iris.llm import LLMResponse, ScriptedLLM
from iris.pipeline import Pipeline
from iris.types import ToolCall


@pytest.fixture
def llm():
    return ScriptedLLM()


@pytest.fixture
def pipeline(settings, llm):
    with Pipeline(settings.model_copy(update={"llm_model": "scripted"}), llm=llm) as p:
        yield p


def test_fast_path_makes_no_model_call(pipeline, llm):
    reply = pipeline.handle("Remember that I prefer Apple over Orange", user_id="u1")
    assert reply.route == "direct" and reply.decided_by == "direct"
    assert reply.results == ["MEMORY_STORED count=1 skipped=0 failed=0"]
    assert reply.tool_calls[0].arguments["memories"][0]["content"] == "I prefer Apple over Orange"
    assert llm.history == []
    assert "intent" not in reply.timings_ms and "extract" not in reply.timings_ms


def test_seed_message_stores_four_then_skips_four(settings):
    with Pipeline(settings) as pipeline:  # no LLM configured: offline extractor
        first = pipeline.handle(SEED, user_id="u1")
        assert (first.route, first.results) == ("offline", ["MEMORY_STORED count=4 skipped=0 failed=0"])
        assert first.reply == "Got it, 4 memories saved."
        second = pipeline.handle(SEED, user_id="u1")
        assert second.results == ["MEMORY_STORED count=0 skipped=4 failed=0"]
        ids = [o.id for o in first.outcomes]
        assert [o.duplicate_of for o in second.outcomes] == ids


def test_llm_extraction_is_used_when_configured(pipeline, llm):
    items = [{"content": c, "type": "fact", "category": "personal"}
             for c in ("Allergic to shellfish", "Prefers window seats", "Anniversary is March 14th",
                       "Hates sweet burgers")]
    llm.enqueue(LLMResponse(content=None, model="scripted",
                            tool_calls=[ToolCall(name="store_memory", arguments={"memories": items})]))
    reply = pipeline.handle(SEED, user_id="u1")
    assert reply.route == "llm"
    assert reply.results == ["MEMORY_STORED count=4 skipped=0 failed=0"]
    assert len(llm.history) == 1


def test_llm_failure_falls_back_and_is_recorded(pipeline, llm):
    llm.enqueue(LLMTimeoutError("timed out after 30 s", model="scripted"))
    reply = pipeline.handle(SEED, user_id="u1")
    assert reply.route == "offline"
    assert reply.results == ["MEMORY_STORED count=4 skipped=0 failed=0"]
    assert any("timed out" in e for e in reply.errors)


def test_passthrough_hands_back_the_intent(pipeline):
    reply = pipeline.handle("remind me to call mom tomorrow at 5pm", user_id="u1")
    assert reply.route == "passthrough"
    assert reply.intent.name == "reminder"
    assert reply.results == [] and reply.reply == ""


def test_with_the_router_off_only_the_fast_path_acts(settings, llm):
    off = settings.model_copy(update={"intent_enabled": False, "llm_model": "scripted"})
    with Pipeline(off, llm=llm) as pipeline:
        weather = pipeline.handle("what's the weather?", user_id="u1")
        assert (weather.route, weather.tool_calls, weather.results) == ("passthrough", [], [])
        assert pipeline.handle(SEED, user_id="u1").route == "passthrough"
        assert llm.history == []  # nothing reached extraction
        stored = pipeline.handle("Remember that I prefer Apple over Orange", user_id="u1")
        assert stored.route == "direct"
        assert [r.content for r in pipeline.store.list_memories("u1")] == ["I prefer Apple over Orange"]


@pytest.mark.parametrize("text, message", [
    ("", "message is empty"), ("  \n", "message is empty"), (None, "must be a string"),
    ("x" * 40_001, "characters long"),
])
def test_bad_messages_raise_input_error(pipeline, text, message):
    with pytest.raises(InputError, match=message):
        pipeline.handle(text, user_id="u1")


def test_bad_user_id(pipeline):
    with pytest.raises(InputError, match="user_id"):
        pipeline.handle("hello", user_id="a b")


def test_a_message_embedded_for_routing_is_not_embedded_again(settings):
    from iris.embed import HashingEmbedder

    embedder = HashingEmbedder()
    s = settings.model_copy(update={"intent_embeddings": True, "direct_enabled": False})
    with Pipeline(s, embedder=embedder) as pipeline:
        pipeline.intent.decide("warm up")  # trains the intent model (its examples are embedded)
        before = embedder.encoded
        reply = pipeline.handle("remember that I prefer window seats", user_id="u1")
        pipeline.handle("remember that I prefer window seats", user_id="u2")
    assert reply.results == ["MEMORY_STORED count=1 skipped=0 failed=0"]
    # The message (routing) and the fact (storing) are two texts, each embedded once,
    # however many times they are routed and stored.
    assert embedder.encoded - before == 2


def test_store_warnings_reach_the_reply(settings):
    from iris.types import ItemOutcome, StoreResult

    class WarningStore:
        def store(self, namespace, items, *, wait=True):
            return StoreResult(outcomes=[ItemOutcome(status="stored", content=i.content, id=1)
                                         for i in items], warnings=["judge timed out"])

        def close(self):
            pass

    with Pipeline(settings, store=WarningStore()) as pipeline:
        reply = pipeline.handle("Remember that I prefer window seats", user_id="u1")
    assert reply.results == ["MEMORY_STORED count=1 skipped=0 failed=0"]
    assert reply.errors == ["store: judge timed out"]


@pytest.mark.parametrize("text, general, broad", [
    ("forget the car stuff", True, True), ("forget all the stuff about my job", True, True),
    ("forget my car", False, False),
    # words that mean several facts are broad (round 23): the store asks about a nearer rival
    ("forget the bits about religion", False, True), ("forget what i said about the wedding", False, True),
    ("forget what i told you about my job", False, True), ("forget my education details", False, True),
    ("delete my health info", False, True),
    # one thing, not several
    ("forget the thing about my dogs", True, False), ("forget the bit about church", False, False),
])
def test_a_request_about_a_subject_in_general_says_so_to_the_store(pipeline, text, general, broad):
    # the query is only the subject ("car"): without the flags the store could not tell
    # "the car stuff" from "my car" (forget_eval_fresh13, development since its scoring)
    pipeline.handle("remember that our car insurance renews in August", user_id="g1")
    reply = pipeline.handle(text, user_id="g1")
    calls = [c for c in reply.tool_calls if c.name == "forget_memory"]
    assert calls and calls[0].arguments.get("general", False) is general
    assert calls[0].arguments.get("broad", False) is broad


@pytest.mark.parametrize("text, stated", [
    ("forget that i take sweeteners", True), ("please delete the fact that my car is blue", True),
    ("forget that stuff about my car", False), ("forget my car", False),
])
def test_a_request_that_states_the_fact_says_so_to_the_store(pipeline, text, stated):
    pipeline.handle("remember that our car insurance renews in August", user_id="g2")
    reply = pipeline.handle(text, user_id="g2")
    calls = [c for c in reply.tool_calls if c.name == "forget_memory"]
    assert calls and calls[0].arguments.get("stated", False) is stated


@pytest.mark.parametrize("text,takes", [
    ("yes", True), ("Yes please!", True), ("yep, thats the one", True), ("yes forget it", True),
    ("that one please", True), ("ok delete it", True), ("delete it", True),
    # "forget it" alone also means "never mind"; "ok" is no yes; a yes with more is not only one
    ("forget it", False), ("ok", False), ("no", False), ("yes but keep my dog", False),
    ("yes, forget everything", False)])
def test_what_takes_an_offered_memory(text, takes):
    from iris.pipeline import _TAKE_OFFER

    assert bool(_TAKE_OFFER.fullmatch(text)) is takes


def test_the_offered_memory_is_read_from_the_result_lines():
    from iris import results as R
    from iris.pipeline import _offered

    item = {"id": 7, "content": "I like tea", "type": "fact", "category": "personal"}
    assert _offered([R.format_result(R.NOT_FOUND, query="tea", closest=item)]) == 7
    assert _offered([R.format_result(R.AMBIGUOUS, items=[item])]) == 7
    assert _offered([R.format_result(R.AMBIGUOUS, items=[item, {**item, "id": 8}])]) is None
    assert _offered([R.format_result(R.NOT_FOUND, query="tea")]) is None
    assert _offered(["MEMORY_NOT_FOUND closest={\"id\": true}"]) is None
