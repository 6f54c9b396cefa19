"""The FastAPI app behind `iris serve`. One `Pipeline` per worker process; the routes are
thin: they check the key, turn (tenant, user_id) into a namespace (iris/server/keys.py) and
call the pipeline or the store. Blocking work runs in plain `def` routes, which FastAPI
runs in its thread pool; the store is thread-safe.

Errors have one shape, `{"error": {"code", "message"}}` (ErrorResponse): 400 bad JSON,
401 no or bad key, 404 unknown route or memory, 413 body over MAX_BODY_BYTES, 422 a request
the schema or the pipeline's content rules refuse, 503 database unreachable."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from iris.config import Settings, load_settings
from iris.errors import InputError, IrisError, StoreError
from iris.hygiene import encoding_problem
from iris.pipeline import Pipeline
from iris.results import QUEUED, try_parse
from iris.server import metrics, openai_compat, ui
from iris.server.keys import KeyStore, namespace
from iris.server.schemas import (
    USER_ID_PATTERN,
    ErrorResponse,
    MemoryCount,
    MemoryPage,
    QueuedTurn,
    RecallRequest,
    TurnRequest,
)
from iris.types import EraseResult, ForgetResult, MemoryRecord, RecallResult, Reply, StoreResult

log = logging.getLogger("iris.server")

MAX_PAGE = 100
MAX_RANKED = 1000  # how deep ranked (query) listings page
INLINE_DECIDE_CHARS = 500  # longer messages are decided in the thread pool
_CURSOR = re.compile(r"([bo])([0-9]{1,12})")
_CODES = {400: "bad_request", 401: "unauthorized", 404: "not_found", 405: "method_not_allowed",
          413: "body_too_large", 422: "invalid_request", 503: "unavailable"}

_bearer = HTTPBearer(auto_error=False, description="A tenant key from `iris keys create`.")
_errors: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorResponse, "description": text} for code, text in (
        (400, "Not JSON"), (401, "No key, or a bad or revoked one"),
        (413, f"Body over {metrics.MAX_BODY_BYTES} bytes"), (422, "Invalid request"),
        (503, "Database unreachable"))}
_not_found: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorResponse, "description": "No such memory for this user"}}

UserId = Annotated[str, Path(pattern=USER_ID_PATTERN, description="The user, within the key's tenant.")]


class Service:
    """What the routes share in one worker: the pipeline and the key table."""

    def __init__(self, settings: Settings):
        from iris.embed import make_embedder
        from iris.llm import make_llm
        from iris.store.store import MemoryStore

        self.settings = settings
        self.auth = settings.server_auth
        embedder, llm = make_embedder(settings), make_llm(settings)
        # The store typed as itself: the routes use more of it than the pipeline's protocol.
        self.store = MemoryStore(settings, embedder=embedder, llm=llm)
        self.pipeline = Pipeline(settings, embedder=embedder, llm=llm, store=self.store)
        self.keys = KeyStore(self.store.db, migrate=False,  # opening the store migrated it
                             cache_seconds=settings.server_key_cache_seconds)

    def warm(self) -> None:
        """Build every component now, so the first requests do not pay for it."""
        self.pipeline.direct.decide("remember that warm up")
        if self.settings.intent_enabled:
            self.pipeline.intent.decide("warm up")
        if self.pipeline.embedder is not None:
            self.pipeline.embedder.encode(["warm up"])
        self.store.start_worker_thread()

    def close(self) -> None:
        self.pipeline.close()


def create_app(settings: Settings | None = None, *, service: Service | None = None) -> FastAPI:
    settings = settings or load_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        svc = service or Service(settings)
        if not svc.auth:
            log.warning("iris serve: authentication is OFF (--no-auth): loopback development only")
        svc.warm()
        app.state.service = svc
        try:
            yield
        finally:
            svc.close()

    app = FastAPI(title="Iris", version="1", lifespan=lifespan,
                  description="Long-term memory for chat assistants. Send `Authorization: Bearer "
                              "KEY` (a key from `iris keys create --tenant NAME`). Request bodies "
                              f"are limited to {metrics.MAX_BODY_BYTES} bytes.")
    _handlers(app)
    _routes(app)
    openai_compat.register(app)
    ui.install(app)  # the memory inspector at /ui (iris/server/ui.py)
    app.add_middleware(metrics.Instrumented)
    return app


def app_from_env() -> FastAPI:
    """The factory uvicorn's worker processes call (`iris serve --workers N`)."""
    return create_app(load_settings())


def _service(request: Request) -> Service:
    service: Service = request.app.state.service
    return service


async def tenant(request: Request,
                 credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
                 ) -> str | None:
    """The key's tenant (None with --no-auth); 401 for no key or a bad or revoked one.
    Async, so a key the worker verified moments ago costs no trip to the thread pool."""
    svc = _service(request)
    if not svc.auth:
        return None
    if credentials is None or credentials.scheme.lower() != "bearer":
        raise HTTPException(401, "send Authorization: Bearer KEY (a key from iris keys create)")
    key = credentials.credentials
    found = svc.keys.trusted(key) or await run_in_threadpool(svc.keys.tenant, key)
    if found is None:
        raise HTTPException(401, "unknown or revoked API key")
    return found


Tenant = Annotated[str | None, Depends(tenant)]


def _error(status: int, code: str, message: str) -> JSONResponse:
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status,
                        headers=headers)


def _handlers(app: FastAPI) -> None:
    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return _error(400, "bad_json", "the request body is not valid JSON")
        if "json" not in request.headers.get("content-type", "") and any(
                tuple(e.get("loc", ())) == ("body",) for e in errors):
            return _error(422, "invalid_request", "the body must be a JSON object sent with "
                                                  "Content-Type: application/json")
        parts = []
        for e in errors[:5]:
            where = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "body"
            parts.append(f"{where}: {e.get('msg', 'invalid')}")
        return _error(422, "invalid_request", "; ".join(parts))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return _error(exc.status_code, _CODES.get(exc.status_code, "error"), str(exc.detail))

    @app.exception_handler(InputError)
    async def bad_input(request: Request, exc: InputError) -> JSONResponse:
        return _error(422, "invalid_input", str(exc))

    @app.exception_handler(StoreError)
    async def store_down(request: Request, exc: StoreError) -> JSONResponse:
        log.error("store fault: %s", exc)
        return _error(503, "store_unavailable", str(exc))

    @app.exception_handler(IrisError)
    async def fault(request: Request, exc: IrisError) -> JSONResponse:
        log.error("%s: %s", type(exc).__name__, exc)
        return _error(500, "internal_error", f"{type(exc).__name__}: {exc}")

    @app.exception_handler(Exception)
    async def crash(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return _error(500, "internal_error", "unexpected error; see the server log")


def _decides_on_loop(svc: Service, text: str) -> bool:
    """Whether `Pipeline.decide` is cheap enough for the event loop: a short message and no
    embedding model in the router (a 1000-character message takes the router ~10 ms)."""
    return len(text) <= INLINE_DECIDE_CHARS and not svc.settings.intent_embeddings


def _cursor(cursor: str | None, query: str | None) -> tuple[int | None, int]:
    """(before id, ranked offset) from a cursor this API handed out; 422 for anything else."""
    if cursor is None:
        return None, 0
    match = _CURSOR.fullmatch(cursor)
    if match is None or (match.group(1) == "o") != bool(query):
        raise InputError("cursor is not one this listing handed out (pass next_cursor as is, "
                         "with the same query)")
    value = int(match.group(2))
    return (None, value) if query else (value, 0)


def _routes(app: FastAPI) -> None:
    @app.get("/healthz", tags=["ops"])
    async def healthz() -> dict[str, str]:
        """The process is up."""
        return {"status": "ok"}

    @app.get("/readyz", tags=["ops"], responses={503: _errors[503]})
    def readyz(request: Request) -> dict[str, str]:
        """The database answers."""
        _service(request).store.ping()
        return {"status": "ready"}

    @app.get("/metrics", tags=["ops"], response_class=Response,
             responses={200: {"content": {"text/plain": {}}, "description": "Prometheus text"}})
    async def prometheus() -> Response:
        body, content_type = metrics.exposition()
        return Response(body, media_type=content_type)

    @app.post("/v1/turns", tags=["memory"], response_model=Reply,
              responses={**_errors, 202: {"model": QueuedTurn, "description": "Queued (wait: false)"}})
    async def turn(body: TurnRequest, request: Request, tenant: Tenant) -> Any:
        """One user message through the pipeline; the same object as `iris run --json`."""
        svc = _service(request)
        pipeline, user = svc.pipeline, namespace(tenant, body.user_id)
        # A short message is decided on the event loop (well under a millisecond of CPU, which
        # would hold the GIL in a worker thread just the same); a passthrough then never
        # visits the thread pool. Store, list and forget turns finish there, and so does a
        # passthrough with a probe ("forget Rusty": the store looks for Rusty first).
        if _decides_on_loop(svc, body.text):
            decided = pipeline.decide(body.text, user_id=user, wait=body.wait)
        else:
            decided = await run_in_threadpool(pipeline.decide, body.text, user_id=user,
                                              wait=body.wait)
        if decided.route == "passthrough" and decided.probe is None:
            reply = pipeline.finish(decided)
        else:
            reply = await run_in_threadpool(pipeline.finish, decided)
        reply = reply.model_copy(update={"user_id": body.user_id})
        metrics.count_outcomes(reply)
        if body.wait:
            # Already a valid Reply: sent as is, not validated again against response_model.
            return Response(reply.model_dump_json(), media_type="application/json")
        parsed = [try_parse(line) for line in reply.results]
        queue_id = next((str(r["queue_id"]) for r in parsed if r is not None and r.code == QUEUED), None)
        return JSONResponse(QueuedTurn(queue_id=queue_id, reply=reply).model_dump(mode="json"),
                            status_code=202)

    @app.post("/v1/recall", tags=["memory"], response_model=RecallResult, responses=_errors)
    def recall(body: RecallRequest, request: Request, tenant: Tenant) -> RecallResult:
        """The user's memories most relevant to a message, with a `context` block for a system
        prompt in which the memories are delimited as data, not instructions."""
        return _service(request).pipeline.recall(body.text, user_id=namespace(tenant, body.user_id),
                                                 k=body.k)

    @app.get("/v1/users/{user_id}/memories", tags=["memory"], response_model=MemoryPage,
             responses=_errors)
    def list_memories(request: Request, user_id: UserId, tenant: Tenant,
                      query: Annotated[str | None, Query(max_length=2000)] = None,
                      limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 20,
                      cursor: Annotated[str | None, Query(max_length=20)] = None) -> MemoryPage:
        """Newest first; with `query`, ranked by relevance (up to 1000 deep)."""
        store = _service(request).store
        ns = namespace(tenant, user_id)
        query = query if query and query.strip() else None
        problem = encoding_problem(query) if query else None
        if problem:
            raise InputError(f"query {problem}")
        before, offset = _cursor(cursor, query)
        if query is None:
            found = store.page(ns, limit=limit + 1, before=before)
            more = len(found) > limit
            found = found[:limit]
            return MemoryPage(memories=found, next_cursor=f"b{found[-1].id}" if more else None)
        end = min(offset + limit, MAX_RANKED)
        ranked = store.list_memories(ns, query=query, limit=end + 1) if offset < end else []
        more = len(ranked) > end and end < MAX_RANKED
        return MemoryPage(memories=ranked[offset:end], next_cursor=f"o{end}" if more else None)

    @app.get("/v1/users/{user_id}/memories/count", tags=["memory"], response_model=MemoryCount,
             responses=_errors)
    def count(request: Request, user_id: UserId, tenant: Tenant) -> MemoryCount:
        return MemoryCount(count=_service(request).store.count(namespace(tenant, user_id)))

    @app.delete("/v1/users/{user_id}/memories", tags=["memory"], response_model=EraseResult,
                responses=_errors)
    def erase(request: Request, user_id: UserId, tenant: Tenant) -> EraseResult:
        """Erase every memory, link and queued item of the user; says how many of each."""
        return _service(request).store.erase(namespace(tenant, user_id))

    @app.get("/v1/users/{user_id}/memories/{memory_id}", tags=["memory"],
             response_model=MemoryRecord, responses={**_errors, **_not_found})
    def get_memory(request: Request, user_id: UserId, memory_id: int, tenant: Tenant) -> MemoryRecord:
        found = _service(request).store.get(namespace(tenant, user_id), memory_id)
        if found is None:
            raise HTTPException(404, f"user {user_id!r} has no memory {memory_id}")
        return found

    @app.delete("/v1/users/{user_id}/memories/{memory_id}", tags=["memory"],
                response_model=ForgetResult, responses={**_errors, **_not_found})
    def forget(request: Request, user_id: UserId, memory_id: int, tenant: Tenant) -> ForgetResult:
        result = _service(request).store.forget(namespace(tenant, user_id), id=memory_id)
        if result.status == "not_found":
            raise HTTPException(404, f"user {user_id!r} has no memory {memory_id}")
        return result

    @app.get("/v1/users/{user_id}/export", tags=["memory"], response_model=list[MemoryRecord],
             responses=_errors)
    def export(request: Request, user_id: UserId, tenant: Tenant) -> list[MemoryRecord]:
        """Every memory of the user, oldest first (as `iris memories export`)."""
        return _service(request).store.export(namespace(tenant, user_id))

    @app.get("/v1/users/{user_id}/queue/{queue_id}", tags=["memory"], response_model=StoreResult,
             responses=_errors)
    def queued(request: Request, user_id: UserId, tenant: Tenant,
               queue_id: Annotated[str, Path(pattern=r"^[0-9a-f]{1,40}$")]) -> StoreResult:
        """The outcomes of a turn sent with `wait: false`: `queued` until the worker stores it."""
        return _service(request).store.queue_status(namespace(tenant, user_id), queue_id)
