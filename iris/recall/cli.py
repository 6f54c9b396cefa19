"""`iris recall` and `iris memories import`, mounted on the main app by `register` (one
line in iris/cli.py). Errors go through the app's error boundary like every other command."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from iris.errors import InputError


def register(app: typer.Typer, memories_app: typer.Typer) -> None:
    app.command("recall")(recall)
    memories_app.command("import")(memories_import)


def _pipeline(db: str | None):
    from iris.config import load_settings
    from iris.pipeline import Pipeline

    return Pipeline(load_settings(db_url=db))


def recall(
    text: str = typer.Argument(..., help="The message to find memories for."),
    user: str = typer.Option("default", "--user", "-u", help="Whose memories."),
    k: int = typer.Option(10, "-k", "--k", help="How many memories (1-100)."),
    db: str | None = typer.Option(None, "--db", help="SQLAlchemy URL."),
    as_json: bool = typer.Option(False, "--json", help='{"memories": [...], "context": "..."}'),
) -> None:
    """The memories that best inform a reply to TEXT, and a context block for a prompt."""
    with _pipeline(db) as pipeline:
        result = pipeline.recall(text, user_id=user, k=k)
    if as_json:
        print(json.dumps(result.model_dump(), ensure_ascii=False))
        return
    console = Console()
    if not result.memories:
        console.print("No memories.")
        return
    table = Table("id", "score", "created", "content")
    for m in result.memories:
        table.add_row(str(m.id), f"{m.score:.3f}", m.created_at[:10], m.content)
    console.print(table)


def memories_import(
    file: Path = typer.Argument(
        ..., help='JSONL, one {"content", "created_at", "metadata"} a line; "-" reads stdin.'),
    user: str = typer.Option(..., "--user", "-u", help="Whose memories."),
    dedup: bool = typer.Option(False, "--dedup",
                               help="Also skip semantic duplicates (default: exact only)."),
    db: str | None = typer.Option(None, "--db", help="SQLAlchemy URL."),
    as_json: bool = typer.Option(False, "--json", help="The result line and every line's outcome."),
) -> None:
    """Import memories from a JSONL file, keeping each line's date and metadata."""
    from iris.tools.importing import import_lines

    if str(file) == "-":
        lines = sys.stdin.read().splitlines()
    elif not file.is_file():
        raise InputError(f"{file} is not a file")
    else:
        lines = file.read_text(encoding="utf-8").splitlines()
    with _pipeline(db) as pipeline:
        started = time.perf_counter()
        run = import_lines(pipeline.store, user, lines, dedup=dedup,
                           secrets=pipeline.settings.secrets)
        seconds = time.perf_counter() - started
    if as_json:
        print(json.dumps({"result": run.line, "seconds": round(seconds, 3),
                          "outcomes": [o.model_dump() for o in run.outcomes]}, ensure_ascii=False))
    else:
        print(run.line)
        print(f"{len(run.outcomes)} lines in {seconds:.1f} s", file=sys.stderr)
    if run.outcomes and all(o.status == "failed" for o in run.outcomes):
        raise typer.Exit(1)
