import os

# Offline, always: no model download, no price-list fetch, no progress bars.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


import pytest  # noqa: E402
from throwaway_db import PG_URL, postgres_schema  # noqa: E402

from iris.config import Settings  # noqa: E402


@pytest.fixture
def settings(tmp_path, monkeypatch):
    """Settings on a fresh IRIS_HOME with a real SQLite file and the fast hashing embedder.
    Tests whose behaviour depends on the real model ask for `real_settings`."""
    for key in list(os.environ):
        if key.startswith("IRIS_") and key != "IRIS_TEST_POSTGRES_URL":
            monkeypatch.delenv(key)
    monkeypatch.setenv("IRIS_HOME", str(tmp_path / "home"))
    return Settings(home=tmp_path / "home", embed_model="hashing")


@pytest.fixture
def hashing_store(settings):
    """A MemoryStore on the test's SQLite file with the fast hashing embedder."""
    from iris.embed import HashingEmbedder
    from iris.store import MemoryStore

    store = MemoryStore(settings, embedder=HashingEmbedder())
    yield store
    store.close()


@pytest.fixture
def real_settings(settings):
    return settings.model_copy(update={"embed_model": None})




@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request, tmp_path):
    """A fresh database: a SQLite file, and a throw-away schema on Postgres when
    IRIS_TEST_POSTGRES_URL is set."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'iris.db'}"
        return
    if not PG_URL:
        pytest.skip("IRIS_TEST_POSTGRES_URL is not set")
    with postgres_schema("t") as url:
        yield url


@pytest.fixture
def db_settings(settings, db_url):
    return settings.model_copy(update={"db_url": db_url})



# The scripted OpenAI-compatible server, for every test that asks for `llm_server`.
pytest_plugins = ["llm_server"]


def pytest_report_header(config):
    """Say up front that the real-model tests are off, and how to turn them on."""
    if os.environ.get("IRIS_TEST_REALMODEL_URL") or os.environ.get("IRIS_TEST_REALMODEL_GGUF"):
        return "realmodel tests: on (a real local model; 10-120 s per message)"
    return ("realmodel tests: skipped (set IRIS_TEST_REALMODEL_URL or IRIS_TEST_REALMODEL_GGUF; "
            "scripts/fetch_real_model.sh)")
