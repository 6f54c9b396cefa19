"""Store fixtures; `db_url` and `db_settings` (SQLite, and Postgres when
IRIS_TEST_POSTGRES_URL is set) live in tests/conftest.py."""

import pytest

from iris import Pipeline
from iris.embed import HashingEmbedder
from iris.store import MemoryStore


@pytest.fixture
def store(db_settings):
    s = MemoryStore(db_settings, embedder=HashingEmbedder())
    yield s
    s.close()


@pytest.fixture(scope="session")
def minilm():
    """The real model, loaded once per session for the tests whose outcome depends on it."""
    from iris.embed import SentenceTransformerEmbedder

    embedder = SentenceTransformerEmbedder()
    embedder.encode(["warm up"])
    return embedder


@pytest.fixture
def real_store(db_settings, minilm):
    s = MemoryStore(db_settings.model_copy(update={"embed_model": None}), embedder=minilm)
    yield s
    s.close()


@pytest.fixture
def pipeline(real_settings, minilm):
    """The whole pipeline on the real model (forget tests)."""
    with Pipeline(real_settings, embedder=minilm) as p:
        yield p
