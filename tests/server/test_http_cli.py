"""`iris serve --no-auth` and `iris keys` at the command line."""

from __future__ import annotations

import json

from serving import iris, iris_env, start_server, stop_server


def test_no_auth_refuses_a_host_that_is_not_loopback(tmp_path):
    env = iris_env(tmp_path, f"sqlite:///{tmp_path / 'iris.db'}")
    done = iris(env, "serve", "--no-auth", "--host", "0.0.0.0", "--port", "1")
    assert done.returncode == 2
    assert "loopback" in done.stderr


def test_no_auth_on_loopback_serves_the_cli_users(server_home, tmp_path):
    db = f"sqlite:///{tmp_path / 'iris.db'}"
    srv = start_server(server_home, db, "--no-auth")
    try:
        log = next(server_home.glob(f"serve-{srv.url.rsplit(':', 1)[1]}.log")).read_text()
        assert "authentication is OFF" in log
        with srv.client() as c:  # no key at all
            r = c.post("/v1/turns", json={"text": "Remember that I like figs", "user_id": "alice"})
            assert r.status_code == 200, r.text
        # Without tenants a user id is the CLI's --user: the same memories.
        listed = iris(srv.env, "memories", "list", "--user", "alice", "--json")
        assert [m["content"] for m in json.loads(listed.stdout)] == ["I like figs"]
    finally:
        stop_server(srv)


def test_keys_create_refuses_a_bad_tenant_name_and_revoke_an_unknown_id(tmp_path):
    env = iris_env(tmp_path, f"sqlite:///{tmp_path / 'iris.db'}")
    for bad in ("acme:evil", "Acme", "", "a" * 33, "-x"):
        done = iris(env, "keys", "create", "--tenant", bad)
        assert done.returncode == 2, bad
        assert "tenant must be" in done.stderr
    assert iris(env, "keys", "revoke", "000000000000").returncode == 2
    created = iris(env, "keys", "create", "--tenant", "acme")
    assert created.returncode == 0
    key = created.stdout.strip().splitlines()[-1]
    assert key.startswith("iris_") and len(key) > 40
    assert key not in iris(env, "keys", "list").stdout
