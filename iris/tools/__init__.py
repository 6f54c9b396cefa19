"""The memory tools: JSON schemas for a model, handlers that return result lines, and the
single-memory `memory_store` contract tool that returns a result dictionary."""

from iris.tools.memory import ToolRun, forget_memory, list_memories, run_tool, store_memory
from iris.tools.schemas import (
    forget_memory_schema,
    list_memories_schema,
    memory_store_schema,
    store_memory_schema,
    tool_schemas,
)
from iris.tools.store_tool import MemoryStoreTool, memory_store, set_default_store

__all__ = [
    "MemoryStoreTool",
    "ToolRun",
    "forget_memory",
    "forget_memory_schema",
    "list_memories",
    "list_memories_schema",
    "memory_store",
    "memory_store_schema",
    "run_tool",
    "set_default_store",
    "store_memory",
    "store_memory_schema",
    "tool_schemas",
]
