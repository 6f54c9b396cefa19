"""The direct handler: the fast path that stores, lists and forgets memories without a model
(iris/direct/handler.py), and its phrase data compiled from intents/fastpath
(iris/direct/lexicon.py)."""

from iris.direct.handler import DirectHandler

__all__ = ["DirectHandler"]
