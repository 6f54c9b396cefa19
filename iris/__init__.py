"""Iris: long-term memory routing for chat assistants.

    from iris import Pipeline
    reply = Pipeline().handle("Remember that I prefer window seats", user_id="alice")
    reply.reply    # "Got it, 1 memory saved."
"""

from iris.config import Settings, load_settings
from iris.errors import (
    ConfigError,
    InputError,
    IntentModelError,
    IrisError,
    LLMError,
    StoreError,
)
from iris.pipeline import Pipeline
from iris.present import Presenter
from iris.results import format_result, parse_result
from iris.tools import tool_schemas
from iris.types import IntentDecision, MemoryItem, Reply, StoreMemoryArgs, Turn

__all__ = [
    "ConfigError",
    "InputError",
    "IntentDecision",
    "IntentModelError",
    "IrisError",
    "LLMError",
    "MemoryItem",
    "Pipeline",
    "Presenter",
    "Reply",
    "Settings",
    "StoreError",
    "StoreMemoryArgs",
    "Turn",
    "format_result",
    "load_settings",
    "parse_result",
    "tool_schemas",
]
