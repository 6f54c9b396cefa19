"""Every stored memory records where it came from (metadata["source"]): the fast path, the
offline or LLM extractor, the memory_store tool, an MCP call or an import. A model cannot
claim a source of its own."""

from iris.embed import HashingEmbedder
from iris.llm import LLMResponse, ScriptedLLM
from iris.mcp_server import MemoryTools
from iris.pipeline import Pipeline
from iris.store import MemoryStore
from iris.store.importer import read_lines
from iris.tools import MemoryStoreTool
from iris.types import ToolCall


def _sources(store, user):
    return {m.content: m.metadata.get("source") for m in store.list_memories(user, limit=50)}


def test_pipeline_records_the_route_that_stored_each_memory(settings):
    llm = ScriptedLLM()
    items = [{"content": "I keep bees", "type": "fact", "category": "hobbies",
              "metadata": {"source": "user said so"}}]
    llm.enqueue(LLMResponse(content=None, model="scripted",
                            tool_calls=[ToolCall(name="store_memory", arguments={"memories": items})]))
    with Pipeline(settings.model_copy(update={"llm_model": "scripted"}), llm=llm) as with_llm:
        reply = with_llm.handle("Please remember these: I keep bees, and I am retired", user_id="u1")
        assert reply.route == "llm"
        with_llm.handle("Remember that my van is blue", user_id="u1")
        assert _sources(with_llm.store, "u1") == {"I keep bees": "llm", "my van is blue": "direct"}
    with Pipeline(settings) as offline:
        reply = offline.handle("Remember these: I am allergic to shellfish and I prefer window seats",
                               user_id="u2")
        assert reply.route == "offline"
        assert set(_sources(offline.store, "u2").values()) == {"offline"}


def test_tool_import_and_mcp_sources(db_settings):
    store = MemoryStore(db_settings, embedder=HashingEmbedder())
    try:
        tool = MemoryStoreTool(store, db_settings)
        assert tool({"content": "I sail on weekends", "namespace": "u3"})["success"]
        assert tool({"content": "I own a kayak", "namespace": "u3",
                     "metadata": {"source": "crm"}})["success"]
        good, failed = read_lines(['{"content": "I was born in Oslo"}',
                                   '{"content": "I play chess", "metadata": {"source": "notes.txt"}}'])
        assert failed == []
        store.store("u3", [line.item for line in good])
        assert _sources(store, "u3") == {
            "I sail on weekends": "memory_store", "I own a kayak": "crm",
            "I was born in Oslo": "import", "I play chess": "notes.txt"}
    finally:
        store.close()


def test_mcp_store_memory_is_marked(settings):
    with Pipeline(settings) as pipeline:
        tools = MemoryTools(pipeline, user="u4")
        line = tools.call("store_memory", {"memories": [{"content": "I like long walks"}]})
        assert line.startswith("MEMORY_STORED count=1")
        assert _sources(pipeline.store, "u4") == {"I like long walks": "mcp"}
