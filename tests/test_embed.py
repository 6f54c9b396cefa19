import subprocess
import sys

import numpy as np
import pytest

from iris.embed import HashingEmbedder, OnnxEmbedder, SentenceTransformerEmbedder, make_embedder

TEXTS = ["I love dark roast coffee", "I hate dark roast coffee", "I like hot chicken wings",
         "what do you remember about my diet?", "a sentence far past the token limit " * 60]


@pytest.fixture(scope="module")
def onnx_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("models")


@pytest.mark.slow
def test_onnx_gives_the_same_vectors_as_sentence_transformers(onnx_dir):
    onnx = OnnxEmbedder(None, onnx_dir).encode(TEXTS)
    torch_ = SentenceTransformerEmbedder().encode(TEXTS)
    assert onnx.shape == torch_.shape == (len(TEXTS), 384)
    assert np.abs(onnx - torch_).max() < 1e-5
    assert np.allclose(np.linalg.norm(onnx, axis=1), 1.0, atol=1e-5)


@pytest.mark.slow
def test_an_exported_model_loads_without_torch(onnx_dir):
    OnnxEmbedder(None, onnx_dir).encode(["export once"])
    code = ("import sys; from pathlib import Path; from iris.embed import OnnxEmbedder;"
            f"v = OnnxEmbedder(None, Path({str(onnx_dir)!r})).encode(['hello']);"
            "print(v.shape, 'torch' in sys.modules, 'sentence_transformers' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "(1, 384) False False"


def test_cache_serves_repeats_and_batches_larger_than_the_cache():
    embedder = HashingEmbedder(cache_size=2)
    first = embedder.encode(["a b", "c d", "e f", "a b"])
    assert first.shape == (4, 384) and np.array_equal(first[0], first[3])
    assert embedder.encoded == 3
    embedder.encode(["e f"])  # still cached
    assert embedder.encoded == 3


def test_settings_choose_the_backend(settings):
    assert isinstance(make_embedder(settings), HashingEmbedder)
    assert isinstance(make_embedder(settings.model_copy(update={"embed_model": None})), OnnxEmbedder)
    torch_ = make_embedder(settings.model_copy(update={"embed_model": None, "embed_backend": "torch"}))
    assert isinstance(torch_, SentenceTransformerEmbedder)
    assert make_embedder(settings.model_copy(update={"embeddings": False})) is None


def test_a_truncated_exported_model_is_rebuilt(onnx_dir, tmp_path, monkeypatch):
    import shutil

    import iris.embed as embed

    OnnxEmbedder(None, onnx_dir).encode(["export once"])
    [good] = list(onnx_dir.glob("*.onnx"))
    cache = tmp_path / "models"
    cache.mkdir()
    (cache / good.name).write_bytes(good.read_bytes()[:1000])  # truncated
    rebuilt = []
    monkeypatch.setattr(embed, "_export_onnx", lambda model_dir, path: rebuilt.append(path)
                        or shutil.copy(good, path))
    vectors = OnnxEmbedder(None, cache).encode(["hello"])
    assert rebuilt and vectors.shape == (1, 384)
    assert (cache / good.name).stat().st_size == good.stat().st_size
