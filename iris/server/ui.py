"""The memory inspector at `/ui` (issue 17): server-rendered pages (Jinja2) to see, search and
correct what Iris remembers about a tenant's users. Plain HTML forms do every action, so the
pages work by keyboard and without JavaScript; static/ui.js only adds "select all".

Sign-in: the tenant key is posted once from a form and kept in an HttpOnly, SameSite=Strict
cookie scoped to /ui, never in a URL. The cookie holds the key itself, which is already an
unforgeable credential, and every request checks it against the key table, so a revoked key
stops working at once and no signing secret has to be shared between worker processes.

Every change goes through the same MemoryStore methods as the tools and the HTTP API
(`forget(id=)`, `erase`), and none happens without a confirmation step: a forget shows the
memories it would delete first, an erase needs the user id typed again."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any
from urllib.parse import urlencode, urlsplit

from fastapi import APIRouter, FastAPI, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from iris.errors import InputError
from iris.hygiene import encoding_problem
from iris.server.keys import namespace
from iris.types import SOURCES, MemoryRecord

if TYPE_CHECKING:
    from iris.server.app import Service
    from iris.store.store import MemoryStore

COOKIE = "iris_ui"
PAGE = 50  # memories per page
USERS_PAGE = 100
MAX_RANKED = 1000  # how deep a search pages, as the HTTP API's ranked listing
MAX_FORGET = 200  # memories one confirmation may forget
_HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(_HERE / "templates"))
templates.env.globals["sources"] = SOURCES


class LoginRequired(Exception):
    """No session cookie, or its key is unknown or revoked."""


@dataclass
class Edges:
    """The edges of the memories on one page, by memory id, with the other ends' records."""

    contradicts: dict[int, list[int]] = field(default_factory=dict)
    related: dict[int, list[int]] = field(default_factory=dict)
    supersedes: dict[int, list[int]] = field(default_factory=dict)  # newer id -> older ids
    others: dict[int, MemoryRecord] = field(default_factory=dict)


def install(app: FastAPI) -> None:
    """Add the inspector's routes, its static files and its sign-in redirect to `app`."""
    app.include_router(router)
    app.mount("/ui/static", StaticFiles(directory=str(_HERE / "static")), name="ui-static")

    @app.exception_handler(LoginRequired)
    async def login(request: Request, exc: LoginRequired) -> Response:
        return RedirectResponse("/ui/login", status_code=303)


router = APIRouter(prefix="/ui", include_in_schema=False)


def _service(request: Request) -> Service:
    service: Service = request.app.state.service
    return service


def _tenant(request: Request) -> str | None:
    """The signed-in tenant (None with --no-auth, as the API); LoginRequired otherwise."""
    svc = _service(request)
    if not svc.auth:
        return None
    key = request.cookies.get(COOKIE)
    found = svc.keys.tenant(key) if key else None
    if found is None:
        raise LoginRequired()
    return found


def _same_origin(request: Request) -> None:
    """Refuse a form posted from another site (the SameSite cookie already should)."""
    origin = request.headers.get("origin") or request.headers.get("referer")
    if origin and origin != "null" and urlsplit(origin).netloc != request.url.netloc:
        raise InputError("the form was posted from another site")


def _render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    return templates.TemplateResponse(request, name, context, status_code=status)


# --- signing in ----------------------------------------------------------------------------

@router.get("/login", response_class=HTMLResponse)
def login_form(request: Request) -> HTMLResponse:
    return _render(request, "login.html", error=None)


@router.post("/login", response_class=HTMLResponse)
def login(request: Request, key: Annotated[str, Form(max_length=200)] = "") -> Response:
    _same_origin(request)
    svc = _service(request)
    if svc.auth and svc.keys.tenant(key.strip()) is None:
        return _render(request, "login.html", status=401,
                       error="That key is unknown or revoked. Create one with "
                             "`iris keys create --tenant NAME`.")
    response = RedirectResponse("/ui", status_code=303)
    response.set_cookie(COOKIE, key.strip(), httponly=True, samesite="strict", path="/ui",
                        secure=request.url.scheme == "https")
    return response


@router.post("/logout")
def logout(request: Request) -> Response:
    _same_origin(request)
    response = RedirectResponse("/ui/login", status_code=303)
    response.delete_cookie(COOKIE, path="/ui")
    return response


# --- reading -------------------------------------------------------------------------------

@router.get("", response_class=HTMLResponse)
def users(request: Request, after: Annotated[str | None, Query(max_length=200)] = None) -> HTMLResponse:
    tenant = _tenant(request)
    prefix = f"{tenant}:" if tenant else ""
    found = _service(request).store.namespaces(prefix, after=prefix + after if after else None,
                                               limit=USERS_PAGE + 1)
    more = len(found) > USERS_PAGE
    rows = [(ns[len(prefix):], n) for ns, n in found[:USERS_PAGE]]
    return _render(request, "users.html", tenant=tenant, users=rows,
                   next_after=rows[-1][0] if more else None)


@router.get("/users/{user_id}", response_class=HTMLResponse)
def memories(request: Request, user_id: str,
             q: Annotated[str, Query(max_length=2000)] = "",
             type: Annotated[str, Query(max_length=20)] = "",
             category: Annotated[str, Query(max_length=40)] = "",
             before: Annotated[int | None, Query(ge=1)] = None,
             start: Annotated[int, Query(ge=0, le=MAX_RANKED)] = 0) -> HTMLResponse:
    """One user's memories: newest first (keyset paged) or, with `q`, ranked by the same
    search as `GET /v1/users/{id}/memories?query=`, both filtered by type / category."""
    tenant = _tenant(request)
    store = _service(request).store
    ns = namespace(tenant, user_id)
    query = q.strip()
    problem = encoding_problem(query) if query else None
    if problem:
        raise InputError(f"search {problem}")
    filters = {"type": type or None, "category": category or None}
    next_url = None
    if query:
        end = min(start + PAGE, MAX_RANKED)
        ranked = store.list_memories(ns, query=query, limit=end + 1, **filters)
        shown = ranked[start:end]
        if len(ranked) > end and end < MAX_RANKED:
            next_url = _url(user_id, q=query, type=type, category=category, start=end)
    else:
        found = store.page(ns, limit=PAGE + 1, before=before, **filters)
        shown = found[:PAGE]
        if len(found) > PAGE:
            next_url = _url(user_id, type=type, category=category, before=shown[-1].id)
    return _render(request, "user.html", tenant=tenant, user_id=user_id, memories=shown,
                   edges=_edges(store, ns, shown), total=store.count(ns),
                   facets=store.facets(ns), q=query, type=type, category=category,
                   paged=before is not None or start > 0, next_url=next_url,
                   first_url=_url(user_id, q=query, type=type, category=category))


@router.get("/users/{user_id}/memories/{memory_id}", response_class=HTMLResponse)
def memory(request: Request, user_id: str, memory_id: int) -> HTMLResponse:
    """One memory with every edge: a contradiction side by side, what replaced it or what it
    replaced, related memories."""
    tenant = _tenant(request)
    store = _service(request).store
    ns = namespace(tenant, user_id)
    found = store.get(ns, memory_id)
    if found is None:
        return _render(request, "missing.html", status=404, tenant=tenant, user_id=user_id,
                       memory_id=memory_id)
    return _render(request, "memory.html", tenant=tenant, user_id=user_id, m=found,
                   edges=_edges(store, ns, [found]))


@router.get("/users/{user_id}/export.json")
def export(request: Request, user_id: str) -> Response:
    """Every memory of the user, oldest first: the same records as `iris memories export`."""
    ns = namespace(_tenant(request), user_id)
    body = [m.model_dump(mode="json") for m in _service(request).store.export(ns)]
    return Response(json.dumps(body, ensure_ascii=False, indent=1), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{user_id}-memories.json"'})


# --- changing (each behind a confirmation) -------------------------------------------------

@router.post("/users/{user_id}/forget", response_class=HTMLResponse)
def forget(request: Request, user_id: str,
           ids: Annotated[list[int] | None, Form()] = None,
           confirm: Annotated[str, Form(max_length=10)] = "",
           back: Annotated[str, Form(max_length=3000)] = "") -> Response:
    """Without `confirm`: a page listing what would be forgotten. With it: forget each."""
    _same_origin(request)
    tenant = _tenant(request)
    store = _service(request).store
    ns = namespace(tenant, user_id)
    chosen = list(dict.fromkeys(ids or []))[:MAX_FORGET]
    back = back if back.startswith("/ui/") else _url(user_id)
    if confirm != "yes":
        found = [m for m in (store.get(ns, i) for i in chosen) if m is not None]
        return _render(request, "forget.html", tenant=tenant, user_id=user_id, memories=found,
                       back=back)
    forgotten = sum(store.forget(ns, id=i).status == "forgotten" for i in chosen)
    return RedirectResponse(_with(back, done=f"Forgot {forgotten} "
                                  f"memor{'y' if forgotten == 1 else 'ies'}."), status_code=303)


@router.get("/users/{user_id}/erase", response_class=HTMLResponse)
def erase_form(request: Request, user_id: str) -> HTMLResponse:
    tenant = _tenant(request)
    count = _service(request).store.count(namespace(tenant, user_id))
    return _render(request, "erase.html", tenant=tenant, user_id=user_id, count=count, error=None)


@router.post("/users/{user_id}/erase", response_class=HTMLResponse)
def erase(request: Request, user_id: str,
          typed: Annotated[str, Form(max_length=200)] = "") -> Response:
    """Erase every memory, edge and queued item of the user once the user id is typed."""
    _same_origin(request)
    tenant = _tenant(request)
    store = _service(request).store
    ns = namespace(tenant, user_id)
    if typed.strip() != user_id:
        return _render(request, "erase.html", status=422, tenant=tenant, user_id=user_id,
                       count=store.count(ns),
                       error="The typed user id does not match; nothing was erased.")
    result = store.erase(ns)
    return RedirectResponse(_with("/ui", done=f"Erased {user_id}: {result.memories} memories, "
                                               f"{result.edges} links, {result.queued} queued "
                                               "items."), status_code=303)


# --- helpers -------------------------------------------------------------------------------

def _url(user_id: str, **params: object) -> str:
    kept = {k: v for k, v in params.items() if v not in (None, "", 0)}
    return f"/ui/users/{user_id}" + (f"?{urlencode(kept)}" if kept else "")


def _with(url: str, **params: str) -> str:
    parts = urlsplit(url)
    query = "&".join(p for p in (parts.query, urlencode(params)) if p)
    return f"{parts.path}?{query}"


def _edges(store: MemoryStore, ns: str, shown: list[MemoryRecord]) -> Edges:
    """The edges touching the shown memories, and the records at their other ends (one
    query each, so a page costs the same at 10k memories as at 10)."""
    edges = Edges()
    on_page = {m.id: m for m in shown}
    if not on_page:
        return edges
    for src, dst, kind, _ in store.edges(ns, ids=on_page):
        for a, b in ((src, dst), (dst, src)):
            if a not in on_page:
                continue
            if kind == "contradicts":
                edges.contradicts.setdefault(a, []).append(b)
            elif kind == "relates_to":
                edges.related.setdefault(a, []).append(b)
            elif kind == "supersedes" and a == src:
                edges.supersedes.setdefault(a, []).append(b)
    wanted = {b for group in (edges.contradicts, edges.related, edges.supersedes)
              for ends in group.values() for b in ends}
    wanted |= {m.superseded_by for m in shown if m.superseded_by is not None}
    edges.others = {m.id: m for m in store.get_many(ns, sorted(wanted - set(on_page)))}
    edges.others.update(on_page)
    return edges
