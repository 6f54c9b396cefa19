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


def tool_schemas() -> list[dict]:
    """All memory tools, in the form litellm and OpenAI take as `tools=`."""
    return [store_memory_schema(), list_memories_schema(), forget_memory_schema()]
