"""The memory tools: JSON schemas for a model, and handlers that return result lines."""

from iris.tools.memory import ToolRun, forget_memory, list_memories, run_tool, store_memory
from iris.tools.schemas import (
    forget_memory_schema,
    list_memories_schema,
    store_memory_schema,
    tool_schemas,
)

__all__ = [
    "ToolRun",
    "forget_memory",
    "forget_memory_schema",
    "list_memories",
    "list_memories_schema",
    "run_tool",
    "store_memory",
    "store_memory_schema",
    "tool_schemas",
]
