import os
import uuid

import pytest
from sqlalchemy import create_engine, text

from iris.embed import HashingEmbedder
from iris.store import MemoryStore

PG_URL = os.environ.get("IRIS_TEST_POSTGRES_URL")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request, tmp_path):
    """A fresh database: a SQLite file, and a throw-away schema on Postgres when
    IRIS_TEST_POSTGRES_URL is set."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'iris.db'}"
        return
    if not PG_URL:
        pytest.skip("IRIS_TEST_POSTGRES_URL is not set")
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    sep = "&" if "?" in PG_URL else "?"
    yield f"{PG_URL}{sep}options=-csearch_path%3D{schema}"
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    admin.dispose()


@pytest.fixture
def db_settings(settings, db_url):
    return settings.model_copy(update={"db_url": db_url})


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
