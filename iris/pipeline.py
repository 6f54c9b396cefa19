"""The pipeline: one message in, one `Reply` out.

    split   -> a memory request and a host request in one message: the second goes to the host
    direct  -> the fast path; when it decides, intent and extract are skipped
    intent  -> ToolIntentDecisionService: memory_action (+ tool hint), another intent, or none
    extract -> facts for store_memory (LLM when configured and reachable, offline otherwise)
    tools   -> run the tool calls against the store: one result line each
    present -> result lines -> friendly text

Each stage takes the frozen `Turn` and returns `turn.model_copy(update=...)`. Components are
built lazily, so a turn only pays for the stages (and heavy imports) it actually uses."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from iris.compound import split
from iris.config import Settings, load_settings
from iris.errors import InputError, StoreError
from iris.hygiene import encoding_problem, strip_invisible
from iris.present import Presenter
from iris.removal import read_removal
from iris.results import AMBIGUOUS, FORGOTTEN, NOT_FOUND, STORE_FAILED, format_result, try_parse
from iris.store.forget import BROAD, GENERAL, STATED
from iris.store.forget_all import forget_all_request
from iris.store.probe import described_removal, fronted_removal, removal_request
from iris.tools import run_tool
from iris.types import (
    MAX_CONTENT_CHARS,
    Asked,
    IntentSummary,
    RecallResult,
    Reply,
    ToolCall,
    Turn,
    content_problem,
)

if TYPE_CHECKING:
    from iris.embed import Embedder
    from iris.llm import LLMClient
    from iris.store.protocol import Store

MAX_MESSAGE_CHARS = 20 * MAX_CONTENT_CHARS
MAX_RECALL = 100  # memories one recall may return
MAX_NAMED_LOOKUP = 5  # memories looked at for a name before a shopping item is probed
_USER_ID = re.compile(r"[\w.@:+-]{1,128}")
# "what do you remember about my diet?" -> "my diet": the topic a list or forget is about.
# The keyword alone is matched; the rest of the line is the topic, end punctuation stripped
# by rstrip (a lazy group before a trailing class was quadratic on long runs of spaces).
_ABOUT = re.compile(r"\b(?:about|regarding|on the subject of)\s+(?=\S)", re.I)
# A forget answer that offers one memory ("The closest I have is: [7] ..."; "I'm not sure this
# is the one you mean") may be taken by the user's next message, within this many seconds:
# "yes", "yep that's the one", "yes please delete it", "delete it". "forget it" alone is no
# answer (it also means "never mind"), nor is "ok" alone.
OFFER_SECONDS = 600
_DELETE_IT = r"(?:delete|remove|erase|bin|scrap) (?:it|that(?: one)?)"
_YES = (r"(?:yes|yeah|yea|yep|yup|ya|sure|correct|exactly|that(?:'s|s| is) (?:the one|it|right)"
        rf"|that one|(?:(?:ok|okay)[\s,]+)?(?:please |pls )?{_DELETE_IT})")
_AND_YES = (r"(?:please|pls|plz|that(?:'s|s| is) (?:the one|it|right)|that one|the one|do it|go ahead"
            rf"|thanks|thank you|thx|ta|{_DELETE_IT}|forget (?:it|that(?: one)?))")
_TAKE_OFFER = re.compile(rf"{_YES}(?:[\s,.!]+{_AND_YES})*[\s.!]*", re.I)


class Pipeline:
    def __init__(self, settings: Settings | None = None, *, llm: LLMClient | None = None,
                 embedder: Embedder | None = None, store: Store | None = None):
        self.settings = settings or load_settings()
        self._llm = llm
        self._embedder = embedder
        if store is not None:  # pre-fill the cached_property below
            self.__dict__["store"] = store
        self.presenter = Presenter()
        # user id -> (the memory id one forget answer offered, when): used up by the user's
        # next message, whatever it is. Kept in this process only: a "yes" that reaches
        # another process finds no offer and goes to the host ("forget memory N" always works).
        self._offers: dict[str, tuple[int, float]] = {}

    # Components, built on first use.
    @cached_property
    def direct(self):
        from iris.direct import DirectHandler

        return DirectHandler(learned=self.settings.offline_extractor == "learned")

    @cached_property
    def intent(self):
        from iris.intent import ToolIntentDecisionService

        return ToolIntentDecisionService(self.settings, embedder=self.embedder)

    @cached_property
    def extractor(self):
        from iris.extract import FactExtractor

        return FactExtractor(self.settings, llm=self.llm)

    @cached_property
    def llm(self) -> LLMClient | None:
        if self._llm is not None:
            return self._llm
        from iris.llm import make_llm

        return make_llm(self.settings)

    @cached_property
    def embedder(self) -> Embedder | None:
        if self._embedder is not None:
            return self._embedder
        from iris.embed import make_embedder

        return make_embedder(self.settings)

    @cached_property
    def store(self) -> Store:
        from iris.store import MemoryStore

        return MemoryStore(self.settings, embedder=self.embedder, llm=self.llm)

    # The stages.
    def handle(self, text: str, *, user_id: str = "default", wait: bool = True) -> Reply:
        """Run one message through every stage. Raises InputError for a message that is not
        text (or not valid UTF-8), empty, too long, or has a malformed user id; never for what
        the message says. Invisible format characters are removed (iris/hygiene.py).
        `wait` False: facts to store get the exact check and are queued (outcome `queued`)."""
        return self.finish(self.decide(text, user_id=user_id, wait=wait))

    def decide(self, text: str, *, user_id: str = "default", wait: bool = True) -> Turn:
        """The first half of `handle`: the checked message through the stages that only read
        it (direct, intent). They touch no store, LLM or network (the router runs the
        embedding model only with `intent_embeddings` on), so an async server may run them on
        its event loop; `finish` of a passthrough turn then waits for nothing either."""
        text = _check_message(text, user_id)
        return self._run(Turn(text=text, user_id=user_id, wait=wait), self._deciding())

    def finish(self, turn: Turn) -> Reply:
        """The second half of `handle`: extract, tools and present on a turn from `decide`."""
        turn = self._run(turn, self._acting())
        offered = _offered(turn.results)
        if offered is not None:
            self._offers[turn.user_id] = (offered, time.monotonic())
        return _reply(turn)

    @staticmethod
    def _run(turn: Turn, stages: list[tuple[str, Callable[[Turn], Turn]]]) -> Turn:
        for name, stage in stages:
            started = time.perf_counter()
            after = stage(turn)
            if after is not turn:  # a stage that skipped returns the turn it was given
                elapsed = round((time.perf_counter() - started) * 1000, 3)
                turn = after.model_copy(update={"timings_ms": {**after.timings_ms, name: elapsed}})
        return turn

    def recall(self, text: str, *, user_id: str = "default", k: int = 10) -> RecallResult:
        """The k memories of `user_id` that best inform a reply to `text`, best first, and a
        context block for the system prompt (iris/store/recall.py). Raises InputError for
        a bad message, user id or k."""
        from iris.store.recall import recalled

        text = _check_message(text, user_id)
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_RECALL:
            raise InputError(f"k must be an integer from 1 to {MAX_RECALL}")
        return recalled(self.store.recall(user_id, text, k=k))

    def _deciding(self) -> list[tuple[str, Callable[[Turn], Turn]]]:
        return [("split", self._split), ("direct", self._direct), ("intent", self._intent)]

    def _acting(self) -> list[tuple[str, Callable[[Turn], Turn]]]:
        return [("extract", self._extract), ("tools", self._tools), ("present", self._present)]

    def _split(self, turn: Turn) -> Turn:
        """A memory request and a request for the host in one message ("remember that my
        sister is Ana and remind me to call her"): the stages after this one see the memory
        request alone, and the reply hands the other to the host (iris/compound.py)."""
        if not self.settings.intent_enabled:
            return turn
        parts = split(turn.text, self.intent.decide_batch)
        if parts is None:
            return turn
        return turn.model_copy(update={"text": parts.memory, "for_host": parts.host,
                                       "sent": turn.text})

    def _direct(self, turn: Turn) -> Turn:
        offer = self._offers.pop(turn.user_id, None)
        if offer is not None and time.monotonic() - offer[1] < OFFER_SECONDS \
                and _TAKE_OFFER.fullmatch(turn.text.strip()):
            call = ToolCall(name="forget_memory", arguments={"id": offer[0]})
            return turn.model_copy(update={"route": "direct", "decided_by": "direct",
                                           "tool_calls": [call]})
        # "forget everything" / "yes, forget everything" are never left to the router: a
        # miss would leave the data, a guess could wipe it. The store asks before it deletes.
        forget_all = forget_all_request(turn.text)
        if forget_all:
            call = ToolCall(name="forget_memory",
                            arguments={"all": True, "confirm": forget_all == "confirm"})
            return turn.model_copy(update={"route": "direct", "decided_by": "direct",
                                           "tool_calls": [call]})
        if not self.settings.direct_enabled:
            return turn
        decision = self.direct.decide(turn.text)
        if decision.action is None:
            return turn.model_copy(update={"direct": decision})
        if decision.action == "store":
            from iris.extract import tag

            content = decision.content or ""
            # Content the store would refuse goes to the tool as it is: the tool reports why.
            item = {"content": content} if content_problem(content) else \
                tag(content).model_dump(exclude={"metadata"})
            call = ToolCall(name="store_memory", arguments={"memories": [item]})
        elif decision.action == "list":
            call = ToolCall(name="list_memories",
                            arguments={"query": decision.content} if decision.content else {})
        else:
            call = ToolCall(name="forget_memory",
                            arguments=_forget_arguments(decision.content or "", turn.text))
        return turn.model_copy(update={"direct": decision, "route": "direct",
                                       "decided_by": "direct", "tool_calls": [call]})

    def _intent(self, turn: Turn) -> Turn:
        if turn.decided_by:
            return turn
        if not self.settings.intent_enabled:
            # Without the router nothing says a message is about memory: only the fast path
            # may act, everything else goes back to the host untouched.
            return turn.model_copy(update={"route": "passthrough"})
        # "the treehouse thing, forget it" is read as "forget the treehouse thing"; the host
        # still gets the message as it was written.
        asked = fronted_removal(turn.text) or turn.text
        decision = self.intent.decide(asked)
        update: dict[str, Any] = {"intent": decision, "decided_by": "intent"}
        # "forget rahul pls", "remove softball": the router routes the clear ones itself
        # (a removal shape); the others are probed by their object before going to the host.
        removal = removal_request(asked)
        if decision.intent != "memory_action":
            described = None if removal else described_removal(asked)
            update.update(route="passthrough", probe=removal.object if removal else described,
                          probe_as_name=bool(removal and removal.as_name),
                          probe_literal=described is None)
        elif decision.tool == "list_memories":
            topic = _topic(asked)
            update.update(route="offline", tool_calls=[
                ToolCall(name="list_memories", arguments={"query": topic} if topic else {})])
        elif decision.tool == "forget_memory":
            # The object of a recognised request, else the text with its verb spelled out
            # ("forgetabout my brother" -> "my brother").
            read = read_removal(asked)
            query = removal.object if removal else _topic(read) or read
            update.update(route="offline", tool_calls=[
                ToolCall(name="forget_memory", arguments=_forget_arguments(query, read))])
        return turn.model_copy(update=update)

    def _extract(self, turn: Turn) -> Turn:
        if turn.route is not None:  # already decided: direct, list/forget, or passthrough
            return turn
        extraction = self.extractor.extract(turn.text)
        errors = [*turn.errors, f"llm: {extraction.error}"] if extraction.error else turn.errors
        return turn.model_copy(update={"extraction": extraction, "route": extraction.source,
                                       "decided_by": "extract",
                                       "tool_calls": list(extraction.tool_calls), "errors": errors})

    def _tools(self, turn: Turn) -> Turn:
        if turn.route == "passthrough":
            return self._probe(turn) if turn.probe else turn
        if not turn.tool_calls:
            line = format_result(STORE_FAILED, reason="I could not find a fact to save in that message.")
            return turn.model_copy(update={"results": [line]})
        # Items over the per-message cap follow the last call's items, in the model's order.
        failures = list(turn.extraction.failures) if turn.extraction else []
        results, outcomes, errors = [], [], list(turn.errors)
        position, last = 1, len(turn.tool_calls) - 1
        for i, call in enumerate(turn.tool_calls):
            run = run_tool(call, self.store, turn.user_id, wait=turn.wait, secrets=self.settings.secrets,
                           position=position, prior_failures=failures if i == last else None,
                           source=turn.route)
            position += run.items
            results.append(run.line)
            outcomes.extend(run.outcomes)
            errors.extend(f"store: {w}" for w in run.warnings)
        return turn.model_copy(update={"results": results, "outcomes": outcomes, "errors": errors})

    def _probe(self, turn: Turn) -> Turn:
        """"delete rusty": deleted when every word of the object (frame words such as
        "lessons" too) is in exactly one memory; a "forget ..." the router left to the host
        ("forget the late opening on thursdays") when its description names one memory on
        evidence (forget.decide); otherwise (no such memory, several, an error) the turn
        stays the host's, untouched.
        A shopping item ("get rid of biscuit") is looked for only when a memory names it."""
        if turn.probe_as_name and not self._named(turn.user_id, turn.probe or ""):
            return turn
        how = {"literal": True} if turn.probe_literal else _forget_flags(turn.text)
        call = ToolCall(name="forget_memory", arguments={"query": turn.probe, **how})
        run = run_tool(call, self.store, turn.user_id, wait=turn.wait,
                       secrets=self.settings.secrets, position=1, source="offline")
        parsed = try_parse(run.line)
        if parsed is None or parsed.code != FORGOTTEN:
            return turn
        return turn.model_copy(update={"route": "offline", "decided_by": "probe",
                                       "tool_calls": [call], "results": [run.line],
                                       "outcomes": list(run.outcomes)})

    def _named(self, user_id: str, word: str) -> bool:
        """Whether a memory of the user holds `word` where a name stands ("My dog Biscuit")."""
        from iris.spelling import name_like

        try:
            records = self.store.list_memories(user_id, query=word, limit=MAX_NAMED_LOOKUP)
        except StoreError:
            return False  # the turn stays the host's, as when the probe itself fails
        return any(word.lower() in name_like(r.content) for r in records)

    def _present(self, turn: Turn) -> Turn:
        if turn.route == "passthrough":
            return turn.model_copy(update={"reply": ""})
        return turn.model_copy(update={"reply": self.presenter.present(turn.results)})

    def close(self) -> None:
        if "store" in self.__dict__:
            self.store.close()

    def __enter__(self) -> Pipeline:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _check_message(text: object, user_id: object) -> str:
    """The message as the stages see it, or InputError."""
    if not isinstance(text, str):
        raise InputError(f"message must be a string, got {type(text).__name__}")
    problem = encoding_problem(text)
    if problem:
        raise InputError(f"message {problem}")
    text = strip_invisible(text)
    if not text.strip():
        raise InputError("message is empty")
    if len(text) > MAX_MESSAGE_CHARS:
        raise InputError(f"message is {len(text)} characters long (max {MAX_MESSAGE_CHARS})")
    check_user_id(user_id)
    return text


def check_user_id(user_id: object, name: str = "user_id") -> str:
    """`user_id` when it is a valid user id (it names the user's namespace), else InputError."""
    if not isinstance(user_id, str) or not _USER_ID.fullmatch(user_id):
        raise InputError(f"{name} must be 1-128 characters of letters, digits and . @ : + - _")
    return user_id


# "forget memory 12", "forget #12", "forget [12]": the id a reply showed (the closest memory
# of a not-found answer, a candidate of an ambiguous one). Not a bare number: "forget 12" may
# describe a memory ("I am 12").
_BY_ID = re.compile(r"(?:(?:memory|mem|id)\s*[#\[]?\s*|#\s*|\[\s*)(\d{1,9})\s*\]?", re.I)


def _forget_arguments(query: str, text: str) -> dict[str, Any]:
    by_id = _BY_ID.fullmatch(query.strip())
    if by_id:
        return {"id": int(by_id.group(1))}
    # dictated: "forget where i park at work full stop" names where I park at work
    from iris.extract.dictation import spoken_marks

    return {"query": spoken_marks(query).rstrip(" .") or query, **_forget_flags(text)}


def _offered(results: list[str]) -> int | None:
    """The id of the one memory a forget answer offered to delete, if it offered one."""
    for line in results:
        parsed = try_parse(line)
        if parsed is None:
            continue
        if parsed.code == NOT_FOUND and isinstance(closest := parsed.get("closest"), dict):
            offered = closest.get("id")
        elif parsed.code == AMBIGUOUS and len(items := parsed.get("items") or []) == 1:
            offered = items[0].get("id") if isinstance(items[0], dict) else None
        else:
            continue
        return offered if isinstance(offered, int) and not isinstance(offered, bool) else None
    return None


def _forget_flags(text: str) -> dict[str, bool]:
    """The forget_memory arguments for a request about a subject in general ("forget the car
    stuff", "the things about my job", "what I said about the wedding"): the query the store
    gets is only the subject, so the store is told (it then asks when another memory is as
    near, see forget.decide); and for one that states the fact ("forget that I ...")."""
    lowered = text.lower()
    asked = Asked(general=GENERAL.search(lowered) is not None, broad=BROAD.search(lowered) is not None,
                  stated=STATED.search(lowered) is not None)
    return asked.model_dump(exclude_defaults=True)


def _topic(text: str) -> str | None:
    line = text.strip().rsplit("\n", 1)[-1]
    match = _ABOUT.search(line)
    topic = line[match.end():].rstrip(" \t\r?.!").strip() if match else ""
    return topic or None


def _reply(turn: Turn) -> Reply:
    intent = turn.intent
    if intent is not None:
        summary = IntentSummary(name=intent.intent, tool=intent.tool, confidence=intent.confidence)
    elif turn.route == "direct":  # the fast path matched a trigger phrase: no doubt left
        summary = IntentSummary(name="memory_action", tool=turn.tool_calls[0].name, confidence=1.0)
    else:
        summary = IntentSummary()
    route = turn.route or "passthrough"
    return Reply(reply=turn.reply or "", route=route, intent=summary,
                 tool_calls=turn.tool_calls, results=turn.results, timings_ms=turn.timings_ms,
                 user_id=turn.user_id, decided_by=turn.decided_by or "none", direct=turn.direct,
                 outcomes=turn.outcomes, errors=turn.errors,
                 for_host=(turn.sent or turn.text) if route == "passthrough" else turn.for_host)
