"""The command line. The only place that turns errors into exit codes:
0 ok, 1 a failure (a replay failed, a bad line in --jsonl), 2 bad input, 3 bad configuration,
4 any other Iris fault. The boundary is the top-level group (`_ErrorBoundary`), so every
command, mounted sub-apps (`iris intents ...`) included, gets the same mapping."""

from __future__ import annotations

import io
import json
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from iris.config import Settings, load_settings
from iris.errors import ConfigError, InputError, IrisError
from iris.intent.cli import app as intents_app
from iris.recall.cli import register as register_recall
from iris.server.cli import register as register_server


class _ErrorBoundary(TyperGroup):
    """Every command runs inside this group's `invoke`: one place maps IrisError to exit codes."""

    def invoke(self, ctx):
        with _errors():
            return super().invoke(ctx)


app = typer.Typer(help="Iris: long-term memory routing for chat assistants.",
                  no_args_is_help=True, add_completion=False, cls=_ErrorBoundary)
memories_app = typer.Typer(help="Look at, export and forget a user's memories.", no_args_is_help=True)
app.add_typer(memories_app, name="memories")
app.add_typer(intents_app, name="intents", help="Train, evaluate and explain the intent router.")
register_recall(app, memories_app)  # iris recall, iris memories import (iris/recall/cli.py)
register_server(app)  # iris serve, iris keys (iris/server/cli.py)

console = Console()
err = Console(stderr=True)

UserOpt = typer.Option("default", "--user", "-u", help="Whose memories (one namespace per user).")
DbOpt = typer.Option(None, "--db", help="SQLAlchemy URL; default $IRIS_DB_URL or $IRIS_HOME/iris.db.")
JsonOpt = typer.Option(False, "--json", help="Machine-readable output.")


def main() -> None:
    app()


@contextmanager
def _errors() -> Iterator[None]:
    try:
        yield
    except InputError as exc:
        _fail("error", exc, 2)
    except ConfigError as exc:
        _fail("configuration error", exc, 3)
    except IrisError as exc:
        _fail(type(exc).__name__, exc, 4)


def _fail(kind: str, exc: Exception, code: int) -> None:
    # Escaped and unwrapped: messages hold paths and "pip install 'iris-memory[plot]'".
    err.print(f"[red]{kind}:[/] {escape(str(exc))}", soft_wrap=True)
    raise typer.Exit(code)


def _settings(db: str | None) -> Settings:
    return load_settings(db_url=db)


def _pipeline(db: str | None):
    from iris.pipeline import Pipeline

    return Pipeline(_settings(db))


@app.command()
def run(
    message: str | None = typer.Argument(None, help="The user's message."),
    user: str = UserOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
    jsonl: Path | None = typer.Option(
        None, "--jsonl", help="Many turns: one {\"text\", \"user_id\"} object per line ('-' = stdin); "
        "prints one JSON object per line."),
) -> None:
    """Run one message (or a JSONL file of them) through the pipeline."""
    if (message is None) == (jsonl is None):
        raise InputError("give either a MESSAGE or --jsonl FILE")
    with _pipeline(db) as pipeline:
        if jsonl is not None:
            if not _run_jsonl(pipeline, jsonl, default_user=user):
                raise typer.Exit(1)
            return
        reply = pipeline.handle(message, user_id=user)
    if as_json:
        print(json.dumps(reply.model_dump(), ensure_ascii=False))
    else:
        _print_reply(reply)


def _run_jsonl(pipeline, source: Path, *, default_user: str) -> bool:
    # Read as bytes and decode line by line: a byte that is not UTF-8 costs its line only.
    stream = sys.stdin.buffer if str(source) == "-" else source.open("rb")
    ok = True
    with stream:
        for number, raw in enumerate(stream, 1):
            out = _jsonl_turn(pipeline, number, raw, default_user)
            if out is None:
                continue
            ok = ok and "error" not in out
            print(json.dumps(out, ensure_ascii=False), flush=True)
    return ok


def _jsonl_turn(pipeline, number: int, raw: bytes, default_user: str) -> dict | None:
    """One --jsonl line: the reply's JSON object, a line error, or None for a blank line."""
    try:
        line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
    except UnicodeDecodeError as exc:
        return {"line": number, "error": f"line is not valid UTF-8: byte 0x{raw[exc.start]:02X} "
                                         f"at byte {exc.start}"}
    if not line.strip():
        return None
    try:
        request = json.loads(line)
        if not isinstance(request, dict) or "text" not in request:
            raise InputError('each line must be an object with a "text" field')
        # Checked like --user: "", 0 or a list is a line error, never the default user.
        user_id = request.get("user_id")
        reply = pipeline.handle(request["text"], user_id=default_user if user_id is None else user_id)
    except json.JSONDecodeError as exc:
        return {"line": number, "error": f"not valid JSON: {exc.msg}"}
    except RecursionError:
        return {"line": number, "error": "not valid JSON: nested too deeply"}
    except InputError as exc:
        return {"line": number, "error": str(exc)}
    return reply.model_dump()


def _print_reply(reply) -> None:
    if reply.route == "passthrough":
        console.print(f"[dim](not a memory action: intent={reply.intent.name}, "
                      f"tool={reply.intent.tool}; handed back to the host)[/]")
    else:
        console.print(reply.reply, markup=False, highlight=False)
        if reply.for_host:
            console.print(f"[dim](for the host: {escape(reply.for_host)})[/]")


@app.command()
def chat(user: str = UserOpt, db: str | None = DbOpt) -> None:
    """An interactive conversation. Ctrl-D or 'exit' ends it."""
    # A byte that is not UTF-8 reaches the pipeline as a surrogate, which refuses that line
    # with an InputError; strict decoding would end the chat with a traceback.
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="surrogateescape")
    with _pipeline(db) as pipeline:
        console.print("[bold]Iris[/] - tell me things to remember. Ctrl-D to quit.")
        while True:
            try:
                text = console.input("[bold cyan]you>[/] ")
            except (EOFError, KeyboardInterrupt):
                console.print()
                return
            if text.strip().lower() in {"exit", "quit"}:
                return
            if not text.strip():
                continue
            try:
                reply = pipeline.handle(text, user_id=user)
            except InputError as exc:
                console.print(f"[red]{escape(str(exc))}[/]")
                continue
            console.print(f"[dim]{reply.route} · {' · '.join(reply.results) or reply.intent.name}[/]")
            _print_reply(reply)


@memories_app.command("list")
def memories_list(
    user: str = UserOpt, db: str | None = DbOpt, as_json: bool = JsonOpt,
    query: str | None = typer.Option(None, "--query", "-q", help="Rank by relevance to this."),
    limit: int = typer.Option(20, "--limit", "-n", min=1, max=1000),
) -> None:
    """List a user's memories."""
    from iris.hygiene import encoding_problem

    problem = encoding_problem(query) if query else None
    if problem:  # the MiniLM tokenizer raises TypeError on a lone surrogate
        raise InputError(f"--query {problem}")
    with _pipeline(db) as pipeline:
        records = pipeline.store.list_memories(user, query=query, limit=limit)
        _print_records(records, as_json)


@memories_app.command("export")
def memories_export(user: str = UserOpt, db: str | None = DbOpt) -> None:
    """Every memory of a user as JSON (one array), for backup or migration."""
    with _pipeline(db) as pipeline:
        records = pipeline.store.export(user)
        print(json.dumps([r.model_dump() for r in records], ensure_ascii=False, indent=2))


@memories_app.command("forget")
def memories_forget(
    memory_id: int | None = typer.Argument(None, help="The id to forget."),
    query: str | None = typer.Option(None, "--query", "-q", help="Forget the best match for this."),
    user: str = UserOpt, db: str | None = DbOpt, as_json: bool = JsonOpt,
) -> None:
    """Forget one memory by id or by description."""
    from iris.tools import forget_memory

    with _pipeline(db) as pipeline:
        if (memory_id is None) == (query is None):
            raise InputError("give either a memory ID or --query TEXT")
        run_ = forget_memory(pipeline.store, user, {"id": memory_id, "query": query})
        if as_json:
            print(json.dumps({"result": run_.line}))
        else:
            console.print(pipeline.presenter.present([run_.line]), markup=False)
        if not run_.line.startswith("MEMORY_FORGOTTEN"):
            raise typer.Exit(1)


@memories_app.command("erase")
def memories_erase(
    user: str = typer.Option(..., "--user", "-u", help="Whose data to erase."),
    db: str | None = DbOpt,
    yes: bool = typer.Option(False, "--yes", help="Do not ask for confirmation."),
) -> None:
    """Erase ALL of a user's data: memories, links, queued items."""
    with _errors(), _pipeline(db) as pipeline:
        if not yes and not typer.confirm(f"Erase all data of user {user!r}? This cannot be undone"):
            err.print("nothing erased")
            raise typer.Exit(1)
        erased = pipeline.store.erase(user)
        console.print(f"erased {erased.memories} memories, {erased.edges} links and "
                      f"{erased.queued} queued items of user {user!r}", markup=False)


def _print_records(records, as_json: bool) -> None:
    if as_json:
        print(json.dumps([r.model_dump() for r in records], ensure_ascii=False))
        return
    if not records:
        console.print("No memories.")
        return
    table = Table("id", "content", "type", "category", "created")
    for r in records:
        mark = " [dim](superseded)[/]" if r.superseded_by else ""
        table.add_row(str(r.id), r.content + mark, r.type, r.category, r.created_at[:19])
    console.print(table)


def stop_later(stop: threading.Event) -> Callable[..., None]:
    """A signal handler that sets `stop` from another thread. A handler runs in the main
    thread between two bytecodes, possibly while that thread holds the event's own lock
    (inside `stop.wait`): setting it there waited on that lock for ever (a worker sent
    SIGTERM just after SIGCONT never exited)."""
    return lambda *_: threading.Thread(target=stop.set, name="iris-stop", daemon=True).start()


@app.command()
def worker(
    db: str | None = DbOpt,
    once: bool = typer.Option(False, "--once", help="Process what is queued now, then exit."),
    interval: float = typer.Option(0.5, "--interval", help="Seconds between polls when idle."),
) -> None:
    """Embed, de-duplicate and link memories queued with wait=False. While it runs, its
    heartbeat row tells the memory_store tool to queue (answer at once) instead of storing."""
    with _pipeline(db) as pipeline:
        if once:
            done = pipeline.store.process_queue()
            err.print(f"processed {done} queued item(s)")
            return
        stop = threading.Event()
        # SIGTERM ends the loop like Ctrl-C, so the heartbeat row is removed on the way out.
        signal.signal(signal.SIGTERM, stop_later(stop))
        pipeline.store.run_worker(stop, interval,
                                  report=lambda n: err.print(f"processed {n} queued item(s)"))


DEMO = [
    "Remember that I prefer Apple over Orange",
    "Remember that I'm allergic to shellfish, I prefer window seats, my anniversary is "
    "March 14th, and I hate sweet burgers.",
    "Remember that I'm allergic to shellfish, I prefer window seats, my anniversary is "
    "March 14th, and I hate sweet burgers.",
    "remind me to call mom tomorrow at 5",
    "What do you remember about me?",
    "Forget what I told you about burgers",
    "What do you know about me?",
]


@app.command()
def mcp(
    user: str = UserOpt,
    db: str | None = DbOpt,
    user_from_arguments: bool = typer.Option(
        False, "--user-from-arguments", help="Let each tool call name its user with a 'user_id' argument."),
    http: bool = typer.Option(False, "--http",
                              help="Streamable HTTP at http://HOST:PORT/mcp instead of stdio."),
    host: str = typer.Option("127.0.0.1", "--host"),
    port: int = typer.Option(8765, "--port"),
) -> None:
    """Serve the memory tools over the Model Context Protocol (stdio by default)."""
    from iris.mcp_server import MemoryTools, serve_http, serve_stdio

    with _pipeline(db) as pipeline:
        tools = MemoryTools(pipeline, user=user, user_from_arguments=user_from_arguments)
        if http:
            serve_http(tools, host, port)
        else:
            serve_stdio(tools)


@app.command()
def demo() -> None:
    """A short scripted conversation through the real pipeline, offline, on a throwaway database."""
    from iris.pipeline import Pipeline

    with tempfile.TemporaryDirectory(prefix="iris-demo-") as tmp:
        from iris.embed import make_embedder

        user_settings = load_settings()
        # Never the user's own database or LLM, whatever the environment says; the embedding
        # model's exported file is a cache, so it is kept in the real IRIS_HOME.
        settings = user_settings.model_copy(update={"home": Path(tmp), "db_url": None, "llm_model": None})
        console.print(f"[dim]database: {settings.database_url} (deleted afterwards); no LLM, offline[/]\n")
        with Pipeline(settings, embedder=make_embedder(user_settings)) as pipeline:
            if pipeline.embedder is not None:
                with console.status("Loading the embedding model (once per process)..."):
                    pipeline.embedder.encode(["warm up"])
            for text in DEMO:
                reply = pipeline.handle(text, user_id="demo")
                console.print(Text.assemble(("user> ", "bold cyan"), text))
                ms = sum(reply.timings_ms.values())
                console.print(Text(f"  route={reply.route}  intent={reply.intent.name}"
                                   f"/{reply.intent.tool}  {ms:.1f} ms", style="dim"))
                for line in reply.results:
                    shown = line if len(line) <= 90 else line[:89] + "…"
                    console.print(Text(f"  {shown}", style="dim"), overflow="ellipsis", no_wrap=True)
                _print_reply(reply)
                console.print()


@app.command()
def replay(
    paths: list[Path] = typer.Argument(None,
        help="Fixture files or folders (default fixtures/conversations)."),
    as_json: bool = JsonOpt,
) -> None:
    """Run conversation fixtures through the pipeline; exit 1 if any fails."""
    from iris.replay import find_fixtures, run_fixture

    settings = load_settings()
    from iris.embed import make_embedder

    embedder = make_embedder(settings)
    fixtures = find_fixtures(paths or [Path("fixtures/conversations")])
    if not fixtures:
        raise InputError("no fixtures found")
    outcomes = [run_fixture(p, settings, embedder=embedder) for p in fixtures]
    if as_json:
        print(json.dumps([{"fixture": str(o.path), "name": o.name, "passed": o.passed,
                           "problems": o.problems()} for o in outcomes], indent=2))
    else:
        table = Table("fixture", "turns", "result")
        for o in outcomes:
            table.add_row(o.path.name, str(len(o.turns)),
                          "[green]pass[/]" if o.passed else "[red]FAIL[/]\n" + "\n".join(o.problems()))
        console.print(table)
        passed = sum(o.passed for o in outcomes)
        console.print(f"{passed} passed, {len(outcomes) - passed} failed")
    if not all(o.passed for o in outcomes):
        raise typer.Exit(1)


if __name__ == "__main__":
    main()
