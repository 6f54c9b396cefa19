"""Development sweep for `intent_false_memory_cost` (issue 9): never touches the measurement sets.

    .venv/bin/python benchmarks/sweep_memory_cost.py

- memory side: 5-fold out-of-fold probabilities of the shipped memory examples (intents/);
- non-memory side: HWU64 *train* (development data; its valid split is the measurement),
  scored with the model trained on all of intents/ (HWU64 is never trained on).
For each cost c a memory label needs probability >= c / (1 + c). Memory figures are given
for the router alone and for the pipeline's order (the fast path first, the router for the
rest); HWU64 figures are per neighbouring group (the worst one counts).
"""

from __future__ import annotations

import json

import numpy as np

from iris.intent import data as intent_data
from iris.intent.data import MEMORY_ACTION
from iris.intent.model import TrainOptions, train
from iris.paths import datasets_dir, intents_dir

COSTS = (0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0, 9.0)


def memory_tool(model, prediction, need: float) -> str | None:
    spec = model.specs.get(prediction.label)
    if spec is None or spec.intent != MEMORY_ACTION or prediction.confidence < need:
        return None
    return spec.tool


def main() -> None:
    from eval_routing import NEIGHBOURS, hwu_group
    from sklearn.model_selection import StratifiedKFold

    from iris.direct import DirectHandler

    direct = DirectHandler()
    tools = {"store": "store_memory", "list": "list_memories", "forget": "forget_memory"}
    data = intent_data.load(intents_dir())
    y = np.asarray(data.labels)
    memory_rows = []  # (true tool, prediction, model)
    for train_idx, test_idx in StratifiedKFold(5, shuffle=True, random_state=0).split(data.texts, y):
        part = intent_data.IntentData([data.texts[i] for i in train_idx], [data.labels[i] for i in train_idx],
                                      data.specs, data.signals)
        model = train(part, TrainOptions())
        picked = [i for i in test_idx if data.specs[data.labels[i]].intent == MEMORY_ACTION]
        for i, p in zip(picked, model.predict([data.texts[i] for i in picked]), strict=True):
            fast = direct.decide(data.texts[i]).action
            memory_rows.append((data.specs[data.labels[i]].tool, p, model, tools.get(fast or "")))
    full = train(data, TrainOptions())
    hwu = [json.loads(line) for line in (datasets_dir() / "hwu64/train.jsonl").read_text().splitlines()]
    hwu_pred = full.predict([r["text"] for r in hwu])
    groups = [hwu_group(r["label"]) for r in hwu]
    n = len(memory_rows)
    print(f"{'cost':>5}{'p needed':>9}{'router right':>14}{'pipeline right':>16}"
          f"{'HWU to memory':>15}{'worst group':>22}")
    for cost in COSTS:
        need = cost / (1 + cost)
        right = sum(memory_tool(m, p, need) == tool for tool, p, m, _ in memory_rows)
        piped = sum((fast or memory_tool(m, p, need)) == tool for tool, p, m, fast in memory_rows)
        wrong = [memory_tool(full, p, need) is not None for p in hwu_pred]
        shares = {g: np.mean([w for w, gg in zip(wrong, groups, strict=True) if gg == g]) for g in NEIGHBOURS
                  if g in groups}
        worst = max(shares, key=shares.__getitem__)
        print(f"{cost:>5.1f}{need:>9.3f}{100 * right / n:>13.1f}%{100 * piped / n:>15.1f}%"
              f"{100 * np.mean(wrong):>14.2f}%{worst:>14} {100 * shares[worst]:5.2f}%")
    print(f"({n} memory examples out of fold; {len(hwu)} HWU64 train utterances)")


if __name__ == "__main__":
    main()
