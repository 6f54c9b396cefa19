"""The command line. Filled in below."""

import typer

app = typer.Typer(help="Iris: long-term memory routing for chat assistants.")


def main() -> None:
    app()
