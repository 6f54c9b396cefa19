"""`iris serve` and `iris keys create|list|revoke`, mounted on the main app by `register`
(one line in iris/cli.py). Errors go through the app's error boundary like every command."""

from __future__ import annotations

import ipaddress
import os
import tempfile

import typer
from rich.console import Console
from rich.table import Table

from iris.errors import InputError

keys_app = typer.Typer(help="Tenant API keys for iris serve (only hashes are stored).",
                       no_args_is_help=True)
_DB = typer.Option(None, "--db", help="SQLAlchemy URL; default $IRIS_DB_URL or $IRIS_HOME/iris.db.")


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
    app.add_typer(keys_app, name="keys")


def _keys(db: str | None):
    from iris.config import load_settings
    from iris.server.keys import KeyStore

    return KeyStore.open(load_settings(db_url=db).database_url)


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve(
    host: str = typer.Option("127.0.0.1", "--host"),
    port: int = typer.Option(8000, "--port", min=0, max=65535),
    workers: int = typer.Option(1, "--workers", min=1, max=64,
                                help="Worker processes, all on the same database."),
    db: str | None = _DB,
    no_auth: bool = typer.Option(False, "--no-auth",
                                 help="No API keys: loopback development only."),
) -> None:
    """The HTTP API (OpenAPI at /docs). Requests send Authorization: Bearer KEY."""
    import uvicorn

    from iris.config import load_settings

    settings = load_settings(db_url=db, server_auth=False if no_auth else None)
    if not settings.server_auth:
        if not _loopback(host):
            raise InputError(f"--no-auth only serves a loopback address (127.0.0.1), not {host!r}: "
                             f"without keys anyone who can reach the port reads every memory")
        Console(stderr=True).print("[yellow]authentication is OFF (--no-auth): any request acts "
                                   "for any user; for loopback development only[/]")
    # Worker processes read their settings from the environment, as any Iris process does.
    if db:
        os.environ["IRIS_DB_URL"] = db
    if no_auth:
        os.environ["IRIS_SERVER_AUTH"] = "0"
    if workers > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="iris-metrics-")
    Console(stderr=True).print(f"Iris on http://{host}:{port} ({workers} worker(s), database "
                               f"{_safe(settings.database_url)}); API docs at /docs")
    if workers > 1:
        uvicorn.run("iris.server.app:app_from_env", factory=True, host=host, port=port,
                    workers=workers, log_level="warning")
    else:
        from iris.server.app import create_app

        uvicorn.run(create_app(settings), host=host, port=port, log_level="warning")


def _safe(url: str) -> str:
    from iris.store.engine import safe_url

    return safe_url(url)


@keys_app.command("create")
def create(tenant: str = typer.Option(..., "--tenant", help="The tenant the key acts for."),
           db: str | None = _DB) -> None:
    """A new key for TENANT. The key is the last line of the output; it is shown only now."""
    info, key = _keys(db).create(tenant)
    typer.echo(f"created key {info.id} for tenant {info.tenant!r}; store it now, it is not "
               f"shown again:", err=False)
    typer.echo(key)


@keys_app.command("list")
def list_keys(tenant: str | None = typer.Option(None, "--tenant", help="Only this tenant's keys."),
              db: str | None = _DB) -> None:
    """Every key: id, tenant, created, revoked (never the key itself)."""
    table = Table("id", "tenant", "created", "revoked")
    for k in _keys(db).list(tenant):
        table.add_row(k.id, k.tenant, k.created_at.isoformat()[:19],
                      k.revoked_at.isoformat()[:19] if k.revoked_at else "")
    Console().print(table)


@keys_app.command("revoke")
def revoke(key_id: str = typer.Argument(..., help="The key's id (from iris keys list)."),
           db: str | None = _DB) -> None:
    """Refuse a key from now on."""
    if not _keys(db).revoke(key_id):
        raise InputError(f"no active key with id {key_id!r}")
    typer.echo(f"revoked key {key_id}")
