"""The exception tree. Expected outcomes (no intent, duplicates skipped, no facts found)
are values; these are faults. Extraction has no error of its own: a model that fails or
answers badly is an LLMError (the raw output kept on it), which the extractor turns into a
value, the offline fallback with `Extraction.error` set.

    IrisError
    ├── ConfigError          bad settings, unreadable config file
    ├── InputError           bad input to a tool or the pipeline (empty, huge, malformed)
    ├── LLMError             anything that went wrong talking to the language model
    │   ├── LLMUnavailableError   not configured, connection refused, auth failure
    │   ├── LLMTimeoutError
    │   ├── LLMRateLimitError
    │   └── LLMResponseError      the model answered, but not with something we can use
    ├── StoreError           the memory store failed (database, embeddings)
    └── IntentModelError     the intent model could not be trained or loaded
"""

from __future__ import annotations


class IrisError(Exception):
    """Root of every error Iris raises on purpose."""


class ConfigError(IrisError):
    pass


class InputError(IrisError):
    pass


class LLMError(IrisError):
    def __init__(self, message: str, *, model: str | None = None, attempts: int = 1,
                 raw: str | None = None):
        super().__init__(message)
        self.model = model
        self.attempts = attempts
        self.raw = raw


class LLMUnavailableError(LLMError):
    pass


class LLMTimeoutError(LLMError):
    pass


class LLMRateLimitError(LLMError):
    pass


class LLMResponseError(LLMError):
    pass


class StoreError(IrisError):
    pass


class IntentModelError(IrisError):
    pass
