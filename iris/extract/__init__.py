"""Fact extraction: a message in, `store_memory` tool calls out.

    extractor.py  FactExtractor: the LLM when configured, else (or when it fails) offline
    segmenter.py  the offline extractor: a learned fact segmenter (a CRF), the rules behind it
    offline.py    split a message into facts with rules, no model; its parts:
      wrappers.py   the command in front and the thanks, asides and closers after
      structure.py  lists, header lines, semicolons, sentence ends
      clauses.py    is_clause and the clause boundaries inside a sentence
      joiners.py, layout.py, segments.py, asides.py, chat.py, closers.py, pronouns.py
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
