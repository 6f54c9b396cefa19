"""Fact extraction: a message in, `store_memory` tool calls out.

    extractor.py  FactExtractor: the LLM when configured, else (or when it fails) offline
    offline.py    split a message into facts with rules, no model
    tagging.py    type and category of one fact, from a lexicon"""

from iris.extract.extractor import (
    PROMPT_VERSION,
    FactExtractor,
    build_messages,
    parse_reply,
    system_prompt,
    to_tool_calls,
)
from iris.extract.tagging import tag

__all__ = ["PROMPT_VERSION", "FactExtractor", "build_messages", "parse_reply", "system_prompt",
           "tag", "to_tool_calls"]
