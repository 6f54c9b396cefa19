"""OpenAI-style tool schemas, usable as litellm `tools=`."""

from __future__ import annotations

from iris.types import MAX_CONTENT_CHARS, MAX_ITEMS, MEMORY_TYPES

_ITEM = {
    "type": "object",
    "properties": {
        "content": {
            "type": "string",
            "description": "One self-contained fact about the user, e.g. 'prefers window seats'.",
            "maxLength": MAX_CONTENT_CHARS,
        },
        "type": {"type": "string", "enum": list(MEMORY_TYPES)},
        "category": {
            "type": "string",
            "description": "Short lower-case label: health, food, travel, personal, work, family, ...",
        },
        "importance": {"type": "number", "minimum": 0, "maximum": 1},
    },
    "required": ["content", "type", "category"],
}


def store_memory_schema() -> dict:
    return {
        "type": "function",
        "function": {
            "name": "store_memory",
            "description": (
                "Save durable facts about the user. Put EVERY distinct fact from the message "
                f"into one call (1 to {MAX_ITEMS} items)."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "memories": {"type": "array", "items": _ITEM, "minItems": 1, "maxItems": MAX_ITEMS}
                },
                "required": ["memories"],
            },
        },
    }


def list_memories_schema() -> dict:
    return {
        "type": "function",
        "function": {
            "name": "list_memories",
            "description": "List what is remembered about the user, optionally about a topic.",
            "parameters": {
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "Topic to rank by, e.g. 'diet'."},
                    "limit": {"type": "integer", "minimum": 1, "maximum": 100},
                    "type": {"type": "string", "enum": list(MEMORY_TYPES)},
                    "category": {"type": "string"},
                },
            },
        },
    }


def forget_memory_schema() -> dict:
    return {
        "type": "function",
        "function": {
            "name": "forget_memory",
            "description": "Forget one memory, by its id or by a description of it; or, "
                           "with all=true, every memory of the user (asks for confirmation "
                           "first: MEMORY_CONFIRM_REQUIRED).",
            "parameters": {
                "type": "object",
                "properties": {
                    "id": {"type": "integer"},
                    "query": {"type": "string", "description": "What to forget, e.g. 'my address'."},
                    "all": {"type": "boolean",
                            "description": "Forget everything. Without confirm, only asks."},
                    "confirm": {"type": "boolean",
                                "description": "With all: the user confirmed after being asked."},
                },
            },
        },
    }


def memory_store_schema() -> dict:
    """The memory-store contract's single-memory tool (iris/tools/store_tool.py). Defaults
    that come from settings are shown as the settings' own defaults."""
    from iris.config import Settings
    from iris.tools.store_tool import DEFAULT_TYPE, MAX_AUTO_LINKS, STORE_TYPES

    fields = Settings.model_fields
    return {
        "type": "function",
        "function": {
            "name": "memory_store",
            "description": "Store a new memory with semantic indexing, deduplication, and "
                           "automatic relationship inference.",
            "parameters": {
                "type": "object",
                "properties": {
                    "content": {"type": "string", "maxLength": MAX_CONTENT_CHARS,
                                "description": "The memory to store."},
                    "memory_type": {"type": "string", "enum": list(STORE_TYPES),
                                    "default": DEFAULT_TYPE},
                    "namespace": {"type": "string", "maxLength": 200,
                                  "default": fields["default_namespace"].default,
                                  "description": "Whose memories (default: IRIS_DEFAULT_NAMESPACE)."},
                    "importance": {"type": "number", "minimum": 0, "maximum": 1,
                                   "default": fields["default_importance"].default,
                                   "description": "Default: IRIS_DEFAULT_IMPORTANCE."},
                    "metadata": {"type": "object", "description": "Any JSON object kept with it."},
                    "auto_link": {"type": "boolean", "default": True,
                                  "description": "Link to similar memories by embedding "
                                                 "similarity (no LLM needed)."},
                    "similarity_threshold": {"type": "number", "minimum": 0, "maximum": 1,
                                             "default": fields["relates_to_threshold"].default},
                    "max_auto_links": {"type": "integer", "minimum": 0,
                                       "maximum": MAX_AUTO_LINKS,
                                       "default": fields["max_links"].default},
                    "use_llm_classification": {
                        "type": "boolean", "default": True,
                        "description": "When an LLM is configured, upgrade edge types to "
                                       "supersedes / contradicts / caused_by."},
                    "queue_id": {"type": "string",
                                 "description": "Look up the outcome of an earlier queued store "
                                                "(instead of content)."},
                },
            },
        },
    }


def tool_schemas() -> list[dict]:
    """All memory tools, in the form litellm and OpenAI take as `tools=`."""
    return [store_memory_schema(), list_memories_schema(), forget_memory_schema(),
            memory_store_schema()]
