"""schemathesis against the running server's /openapi.json: generated requests (valid and
invalid) for every operation, a bounded number each. No 5xx, every status code documented,
content types and bodies as the schema says."""

from __future__ import annotations

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from serving import start_server, stop_server  # noqa: E402

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]
EXAMPLES = 25  # per operation; the suite's time budget, not a coverage target


@pytest.fixture(scope="module")
def fuzzed_server(server_home, tmp_path_factory):
    srv = start_server(server_home, f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'iris.db'}")
    srv.key("fuzz")
    with srv.client("fuzz") as c:  # something to find, list and forget
        for fact in ("my dog is called Rex", "I live in Oslo", "I like green tea"):
            c.post("/v1/turns", json={"text": f"Remember that {fact}", "user_id": "default"})
    yield srv
    stop_server(srv)


@pytest.mark.parametrize("mode", ["positive", "negative"])
def test_api_conforms_to_its_schema(fuzzed_server, mode):
    """Every operation, EXAMPLES generated requests each (schemathesis's pytest plugin does
    not load with this pytest, so the operations are driven through hypothesis directly)."""
    from hypothesis import given
    from hypothesis.errors import Unsatisfiable
    from schemathesis.generation.modes import GenerationMode

    schema = schemathesis.openapi.from_url(f"{fuzzed_server.url}/openapi.json")
    headers = {"Authorization": f"Bearer {fuzzed_server.keys['fuzz']}"}
    failures, tried = [], []
    for result in schema.get_all_operations():
        operation = result.ok()
        tried.append(operation.label)

        @given(case=operation.as_strategy(generation_mode=GenerationMode(mode)))
        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        def check(case):
            case.call_and_validate(base_url=fuzzed_server.url, checks=CHECKS, headers=headers)

        try:
            check()
        except Unsatisfiable:
            if mode == "negative" and not operation.path.startswith("/v1"):
                continue  # no parameters and no body: nothing to make invalid
            failures.append(f"{operation.label}: no {mode} example could be generated")
        except Exception as exc:  # collect every operation's failure, then fail once
            failures.append(f"{operation.label}: {type(exc).__name__}: {str(exc)[:1500]}")
    assert len(tried) >= 12
    assert not failures, "\n\n".join(failures)
