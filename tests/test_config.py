import pytest

from iris.config import load_settings
from iris.errors import ConfigError


def test_defaults_put_the_database_in_home(settings, tmp_path):
    loaded = load_settings()
    assert loaded.home == tmp_path / "home"
    assert loaded.database_url == f"sqlite:///{tmp_path / 'home' / 'iris.db'}"
    assert loaded.llm_model is None


def test_toml_file_then_environment(settings, tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    (home / "config.toml").write_text('llm_model = "openai/gpt-4o-mini"\nllm_timeout = 5\n')
    assert load_settings().llm_model == "openai/gpt-4o-mini"
    monkeypatch.setenv("IRIS_LLM_MODEL", "ollama/llama3.1")
    loaded = load_settings()
    assert (loaded.llm_model, loaded.llm_timeout) == ("ollama/llama3.1", 5)
    assert load_settings(llm_model="anthropic/x").llm_model == "anthropic/x"


def test_bad_values_are_config_errors(settings, monkeypatch):
    monkeypatch.setenv("IRIS_LLM_TIMEOUT", "-1")
    with pytest.raises(ConfigError, match="llm_timeout"):
        load_settings()


def test_missing_explicit_config_file(settings, monkeypatch, tmp_path):
    monkeypatch.setenv("IRIS_CONFIG", str(tmp_path / "nope.toml"))
    with pytest.raises(ConfigError, match="not a file"):
        load_settings()


def test_unknown_key_in_toml_is_refused(settings, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "config.toml").write_text('llm_modle = "typo"\n')
    with pytest.raises(ConfigError, match="llm_modle"):
        load_settings()
