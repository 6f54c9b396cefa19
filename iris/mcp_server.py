"""Iris as a Model Context Protocol server: `iris mcp` (stdio) or `iris mcp --http`.

Tools: `store_memory`, `list_memories`, `forget_memory`, `memory_store`, with the JSON
schemas of `iris.tool_schemas()`, and `recall`. Each answers with the tool's result line as
text content (`MEMORY_STORED count=2 skipped=0 failed=0`, see iris/results.py), except
`memory_store`, whose text is its result dictionary as JSON (iris/tools/store_tool.py); a bad
call is an MCP tool error (`is_error`) whose text says why.

The user whose memories a call reads or changes is the server's `--user`, or the call's
`user_id` argument when the server was started with `--user-from-arguments` (for a host that
serves several users through one server). The official `mcp` SDK is imported only here.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from iris.errors import InputError, IrisError
from iris.pipeline import check_user_id
from iris.tools import tool_schemas
from iris.types import ToolCall

if TYPE_CHECKING:
    import mcp_types

    from iris.pipeline import Pipeline

RECALL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "text": {"type": "string", "description": "The message or question to find memories for."},
        "k": {"type": "integer", "minimum": 1, "maximum": 100,
              "description": "How many memories to return (default 10)."},
    },
    "required": ["text"],
}
_RECALL_DESCRIPTION = ("The user's memories most relevant to a message, ranked, with a context "
                       "block ready for a system prompt.")


def tool_definitions() -> list[dict[str, Any]]:
    """(name, description, input schema) of every tool the server offers."""
    tools = [{"name": s["function"]["name"], "description": s["function"]["description"],
              "input_schema": s["function"]["parameters"]} for s in tool_schemas()]
    return [*tools, {"name": "recall", "description": _RECALL_DESCRIPTION, "input_schema": RECALL_SCHEMA}]


class MemoryTools:
    """The tool calls, without any MCP types: what the server runs and what tests call."""

    def __init__(self, pipeline: Pipeline, *, user: str = "default", user_from_arguments: bool = False):
        self.pipeline = pipeline
        self.user = check_user_id(user, "--user")
        self.user_from_arguments = user_from_arguments

    def call(self, name: str, arguments: dict[str, Any] | None) -> str:
        """The result text of one call. Raises InputError for a call that cannot run."""
        args = dict(arguments or {})
        user = self._user(args.pop("user_id", None))
        if name == "recall":
            return self._recall(user, args)
        if name == "memory_store":
            return self._memory_store(user, args)
        if name not in {"store_memory", "list_memories", "forget_memory"}:
            raise InputError(f"unknown tool {name!r}")
        from iris.tools import run_tool

        run = run_tool(ToolCall(name=name, arguments=args), self.pipeline.store, user,
                       secrets=self.pipeline.settings.secrets, source="mcp")
        return run.line

    def _user(self, given: object) -> str:
        if given is None:
            return self.user
        if not self.user_from_arguments:
            raise InputError("user_id is fixed by the server (--user); start it with "
                             "--user-from-arguments to choose the user per call")
        return check_user_id(given)

    def _memory_store(self, user: str, args: dict[str, Any]) -> str:
        """The result dictionary as JSON text; a failed store is `success: false` in it, not
        a tool error. Its `namespace` is the user: the server's, unless the server lets
        calls choose (--user-from-arguments)."""
        from iris.tools.store_tool import MemoryStoreTool

        namespace = args.get("namespace")
        if namespace is not None and namespace != user:
            if not self.user_from_arguments:
                raise InputError("namespace is fixed by the server (--user); start it with "
                                 "--user-from-arguments to choose it per call")
            user = check_user_id(namespace, "namespace")
        tool = MemoryStoreTool(self.pipeline.store, self.pipeline.settings)
        return json.dumps(tool({**args, "namespace": user}), ensure_ascii=False)

    def _recall(self, user: str, args: dict[str, Any]) -> str:
        # Pipeline.recall checks the text and k and raises InputError with the reason.
        return self.pipeline.recall(args.get("text", ""), user_id=user, k=args.get("k", 10)).context


def build_server(tools: MemoryTools) -> Any:
    """An MCP low-level server whose handlers run `tools`."""
    import mcp_types as types
    from mcp.server import Server

    listed = [types.Tool(**t) for t in tool_definitions()]

    async def list_tools(ctx: Any, params: Any) -> mcp_types.ListToolsResult:
        return types.ListToolsResult(tools=listed)

    async def call_tool(ctx: Any, params: mcp_types.CallToolRequestParams) -> mcp_types.CallToolResult:
        try:
            text, failed = tools.call(params.name, params.arguments), False
        except IrisError as exc:  # bad input or a store fault: the client sees why
            text, failed = f"{type(exc).__name__}: {exc}", True
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=failed)

    return Server("iris", on_list_tools=list_tools, on_call_tool=call_tool)


def serve_stdio(tools: MemoryTools) -> None:
    import anyio
    from mcp.server.stdio import stdio_server

    server = build_server(tools)

    async def main() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(main)


def serve_http(tools: MemoryTools, host: str, port: int) -> None:
    """Streamable HTTP at http://HOST:PORT/mcp."""
    import uvicorn

    app = build_server(tools).streamable_http_app()
    uvicorn.run(app, host=host, port=port, log_level="warning")
