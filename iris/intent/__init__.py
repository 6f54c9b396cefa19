"""Intent routing: which tool (if any) a message asks for, before any model sees it.

    data.py      intents/*.yaml, JSONL or CSV -> IntentData
    features.py  TF-IDF words + characters, sentence cues, regex signals
    model.py     train / save / load the classifier and its out-of-scope rule
    evaluate.py  held-out and cross-validated scores
    service.py   ToolIntentDecisionService: the pipeline's stage
    cli.py       `iris intents train|eval|predict|explain`"""

from iris.intent.service import ToolIntentDecisionService, default_model_dir

__all__ = ["ToolIntentDecisionService", "default_model_dir"]
