"""ToolIntentDecisionService: the router's hint before any model sees the message.

    svc = ToolIntentDecisionService(settings, embedder=None)
    svc.decide("remember that I'm vegan")
    # IntentDecision(intent="memory_action", tool="store_memory", label="memory_store", ...)

The model is `settings.intent_model_dir` when set, else trained from the shipped `intents/`
at first use (about a second of fitting, plus ~2 s importing scikit-learn) and cached under
`settings.home`, keyed by a hash of the data, the code version and the embedder.
A memory tool needs clear evidence: `settings.intent_false_memory_cost` sets how much more a
non-memory message sent to a memory tool costs than a missed memory request, and a memory
label below cost / (1 + cost) passes through with the best non-memory hint instead, and so does
a bare deictic request ("delete that", "cancel it"): it names no memory, so "that" is something
in the host's conversation (iris/text.py `bare_deictic_request`); and so does a removal whose
object is a host's thing ("delete my pottery class booking", iris/store/probe.py). Model files
hold JSON and numpy arrays only (no pickle), and loading them does not import scikit-learn.
Sentence embeddings are used only when `settings.intent_embeddings` is on; then the embedder
is the one shared with the store, so its cache means a routed message is not embedded again
for storing."""

from __future__ import annotations

import hashlib
import threading
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from iris.errors import IntentModelError
from iris.intent.data import MEMORY_ACTION, NONE
from iris.intent.model import CODE_VERSION, IntentModel, OperatingPoint, Prediction, TrainOptions
from iris.store.probe import names_host_thing, removal_request, without_lead_in
from iris.text import bare_deictic_request, without_greeting
from iris.types import IntentDecision

if TYPE_CHECKING:
    from iris.config import Settings
    from iris.embed import Embedder

ALTERNATIVES = 3
FORGET_LABEL, FORGET_TOOL = "memory_forget", "forget_memory"


def default_model_dir(settings: Settings, data_fingerprint: str, embedder_name: str | None) -> Path:
    key = hashlib.sha256(f"{data_fingerprint}|{CODE_VERSION}|{embedder_name}".encode()).hexdigest()
    return settings.home / "intent_models" / key[:20]


class ToolIntentDecisionService:
    def __init__(self, settings: Settings, embedder: Embedder | None = None, *,
                 model: IntentModel | None = None):
        self.settings = settings
        self._embedder = embedder
        self._model = model
        self._lock = threading.Lock()

    # --- the model ---------------------------------------------------------------------

    @property
    def use_embeddings(self) -> bool:
        return bool(self.settings.intent_embeddings)

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            from iris.embed import make_embedder

            # Intent embeddings are asked for explicitly, even if the store's are off.
            embedder = make_embedder(self.settings.model_copy(update={"embeddings": True}))
            assert embedder is not None  # embeddings=True always gives one
            self._embedder = embedder
        return self._embedder

    @property
    def model(self) -> IntentModel:
        if self._model is None:
            with self._lock:
                if self._model is None:
                    self._model = self._load_or_train()
        return self._model

    def _load_or_train(self) -> IntentModel:
        if self.settings.intent_model_dir is not None:
            model = IntentModel.load(self.settings.intent_model_dir)
            self._check_embedder(model)
            return model
        from iris.intent import data as intent_data
        from iris.intent import model as intent_model
        from iris.paths import intents_dir

        data = intent_data.load(intents_dir())
        name = self.embedder.name if self.use_embeddings else None
        cache = default_model_dir(self.settings, data.fingerprint(), name)
        if cache.is_dir():
            try:
                return IntentModel.load(cache)
            except IntentModelError:
                pass  # a damaged or foreign cache entry: retrain over it below
        model = intent_model.train(
            data, TrainOptions(embeddings=self.use_embeddings),
            embedder=self.embedder if self.use_embeddings else None)
        try:
            model.save(cache)
        except OSError:
            pass  # an unwritable home costs a retrain next time, not the decision
        return model

    def _check_embedder(self, model: IntentModel) -> None:
        if self.use_embeddings and model.has_embeddings and model.embedder_name != self.embedder.name:
            raise IntentModelError(
                f"intent model {self.settings.intent_model_dir} was trained with embeddings from "
                f"{model.embedder_name!r}, but the configured embedder is {self.embedder.name!r}")

    # --- decisions ---------------------------------------------------------------------

    def operating_point(self) -> OperatingPoint:
        model = self.model
        point = model.operating[model.mode(self.use_embeddings)]
        if self.settings.intent_min_confidence is not None:
            point = OperatingPoint(self.settings.intent_min_confidence, point.margin,
                                   tuned_on="settings.intent_min_confidence")
        return point

    def predict(self, texts: list[str]) -> list[Prediction]:
        model = self.model
        embeddings = None
        if self.use_embeddings and model.has_embeddings:
            embeddings = self.embedder.encode(texts)
        return model.predict(texts, embeddings, self.operating_point())

    def decide(self, text: str) -> IntentDecision:
        return self.decide_batch([text])[0]

    def decide_batch(self, texts: list[str]) -> list[IntentDecision]:
        blank = {i for i, t in enumerate(texts) if not t or not t.strip()}
        cap = self.settings.intent_max_chars
        todo = [t[:cap] for i, t in enumerate(texts) if i not in blank]
        decided = iter([self._to_decision(p, t) for p, t in zip(self.predict(todo), todo, strict=True)]
                       if todo else [])
        return [IntentDecision(intent=NONE, label=NONE, signals=["empty_message"])
                if i in blank else next(decided) for i in range(len(texts))]

    def memory_evidence(self) -> float:
        """The calibrated probability a memory label needs before a memory tool is chosen:
        with a false memory route costing `c` missed ones, route when p * 1 >= (1 - p) * c."""
        cost = self.settings.intent_false_memory_cost
        return cost / (1.0 + cost)

    def _gate_memory(self, prediction: Prediction, text: str) -> Prediction:
        """A memory label gives way to the best non-memory label when it is below the evidence
        bar, or when the message is a bare deictic request that names no memory, or a removal
        of something a host keeps ("delete my pottery class booking")."""
        model = self.model
        spec = model.specs.get(prediction.label)
        if spec is None or spec.intent != MEMORY_ACTION:
            return prediction
        if bare_deictic_request(text) or names_host_thing(text):
            reason = "no_memory_object"
        elif prediction.confidence < self.memory_evidence():
            reason = "memory_evidence"
        else:
            return prediction
        fallback = next((label for label, _ in prediction.ranked
                         if (s := model.specs.get(label)) is None or s.intent != MEMORY_ACTION),
                        model.oos_label or NONE)
        return replace(prediction, label=fallback, rejected=reason)

    def _to_decision(self, prediction: Prediction, text: str) -> IntentDecision:
        decision = self._model_decision(prediction, text)
        if decision.intent == MEMORY_ACTION:
            return decision
        request = without_lead_in(text)
        if request is not None:
            # "can u forget what i do for a living": the model reads a polite lead-in as a
            # question to the assistant; the request after it may be one to forget, which the
            # store answers on evidence. Only forget: with stores and lists the lead-in turned
            # CLINC150/HWU64 requests ("please file a fraud report") into memories.
            plain_decision = self._model_decision(self.predict([request])[0], request)
            if plain_decision.tool == FORGET_TOOL:
                return plain_decision.model_copy(
                    update={"signals": [*plain_decision.signals, "polite_lead_in"]})
        rest = without_greeting(text)
        if rest is not None:
            # "Hi! Could you please remember that ...": the model reads the greeting and
            # answers none; the request after it is judged alone, and taken when it is one
            # for memory.
            greeted = self._model_decision(self.predict([rest])[0], rest)
            if greeted.intent == MEMORY_ACTION:
                return greeted.model_copy(update={"signals": [*greeted.signals, "after_greeting"]})
        removal = removal_request(text)
        if removal is None or not removal.routed:
            return decision
        # A request to forget by its shape ("frogot rahul pls", "i dont want u to remember my
        # job anymore"): forget_memory answers, and says so when nothing matches. The model's
        # guess leads the alternatives.
        return IntentDecision(
            intent=MEMORY_ACTION, tool=FORGET_TOOL, label=FORGET_LABEL, confidence=1.0,
            signals=[*decision.signals, "removal_shape"],
            alternatives=[(decision.label or NONE, decision.confidence),
                          *decision.alternatives][:ALTERNATIVES])

    def _model_decision(self, prediction: Prediction, text: str) -> IntentDecision:
        model = self.model
        prediction = self._gate_memory(prediction, text)
        confidence = round(prediction.confidence, 4)
        signals = list(prediction.signals)
        alternatives = [(label, round(p, 4)) for label, p in prediction.ranked[1:ALTERNATIVES + 1]]
        if prediction.rejected in ("memory_evidence", "no_memory_object"):
            # Passthrough with the best non-memory hint; the memory guess leads the alternatives.
            signals.append(f"memory_evidence:{confidence:.2f}<{self.memory_evidence():.2f}"
                           if prediction.rejected == "memory_evidence" else "no_memory_object")
            alternatives = [(prediction.top_label, confidence)] + [
                a for a in alternatives if a[0] != prediction.label][:ALTERNATIVES - 1]
            fallback = model.specs.get(prediction.label)
            if prediction.label == model.oos_label or fallback is None or fallback.intent == NONE:
                return IntentDecision(intent=NONE, tool=None, label=NONE, confidence=confidence,
                                      signals=signals, alternatives=alternatives)
            return IntentDecision(intent=fallback.intent, tool=fallback.tool, label=prediction.label,
                                  confidence=round(dict(prediction.ranked)[prediction.label], 4),
                                  signals=signals, alternatives=alternatives)
        if prediction.rejected:
            # The rejected guess leads the alternatives, so the pipeline and a human can see it.
            signals.append(f"out_of_scope:{prediction.rejected}")
            alternatives = [(prediction.top_label, confidence)] + alternatives[:ALTERNATIVES - 1]
        if prediction.label == model.oos_label or prediction.rejected:
            return IntentDecision(intent=NONE, tool=None, label=NONE, confidence=confidence,
                                  signals=signals, alternatives=alternatives)
        spec = model.specs.get(prediction.label)
        return IntentDecision(
            intent=spec.intent if spec else prediction.label,
            tool=spec.tool if spec else None,
            label=prediction.label,
            confidence=confidence,
            signals=signals,
            alternatives=alternatives,
        )

    def explain(self, text: str, top: int = 10) -> tuple[IntentDecision, list[tuple[str, float]]]:
        """The decision plus the TF-IDF features and signals that pushed it."""
        return self.decide(text), self.model.explain(text, top=top)
