import os

# Offline, always: no model download, no price-list fetch, no progress bars.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import pytest  # noqa: E402

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


# The scripted OpenAI-compatible server, for every test that asks for `llm_server`.
pytest_plugins = ["llm_server"]
