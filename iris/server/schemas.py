"""The HTTP bodies. Responses are the pipeline's and the store's own contracts (`Reply`,
`MemoryRecord`, `RecallResult`, `EraseResult`, `ForgetResult`, `StoreResult` in
iris/types.py); the models here are only the requests and the envelopes around those.
Content rules (what a message or a memory may be) are not repeated here: the pipeline
checks them and its InputError becomes a 422 with the reason."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from iris.pipeline import MAX_RECALL
from iris.types import MemoryRecord, Reply, StoreResult

USER_ID_PATTERN = r"^[\w.@:+-]{1,128}$"


class Request(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TurnRequest(Request):
    text: str = Field(description="The user's message.")
    user_id: str = Field("default", description="Whose memories (within the key's tenant).")
    wait: bool = Field(True, description="False: facts get the exact duplicate check and are "
                                         "queued; the response is 202 with the queue id.")


class QueuedTurn(BaseModel):
    """The 202 answer to a turn sent with `wait: false`: the reply and the queue to poll."""

    queue_id: str | None = Field(description="null when nothing was queued (all duplicates, "
                                             "or not a store)")
    reply: Reply


class RecallRequest(Request):
    text: str = Field(description="The message to find memories for.")
    user_id: str = "default"
    k: int = Field(10, ge=1, le=MAX_RECALL)


class MemoryPage(BaseModel):
    memories: list[MemoryRecord]
    next_cursor: str | None = Field(None, description="Pass as `cursor` for the next page; "
                                                      "null on the last page.")


class MemoryCount(BaseModel):
    count: int


class QueueStatus(BaseModel):
    queue_id: str
    result: StoreResult


class ErrorBody(BaseModel):
    code: str
    message: str


class ErrorResponse(BaseModel):
    """Every error, whatever the route: `{"error": {"code", "message"}}`."""

    error: ErrorBody
