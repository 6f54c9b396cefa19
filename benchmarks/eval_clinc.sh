#!/usr/bin/env bash
# CLINC150 with the intent-tuning CLI (minutes on 2 CPU cores: MiniLM embeds 18k sentences).
#   A: out-of-scope rule tuned on out-of-fold predictions of train; scored on val (held out).
#   B: the rule tuned on val itself (the command; score it on a split it did not see).
# Usage: benchmarks/eval_clinc.sh [OUT_DIR]
set -euo pipefail
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_HUB_DISABLE_PROGRESS_BARS=1
DATA=${CLINC_DIR:-/work/shared/datasets/clinc150}
OUT=${1:-$(mktemp -d)}
IRIS=${IRIS:-.venv/bin/iris}

$IRIS intents train --data "$DATA/train.jsonl" --out "$OUT/cv"
$IRIS intents eval --model "$OUT/cv" --data "$DATA/val.jsonl" --oos-label oos
$IRIS intents eval --model "$OUT/cv" --data "$DATA/val.jsonl" --oos-label oos --no-embeddings

$IRIS intents train --data "$DATA/train.jsonl" --val "$DATA/val.jsonl" --out "$OUT/val"
$IRIS intents eval --model "$OUT/val" --data "$DATA/val.jsonl" --oos-label oos --plot "$OUT/val.png"
echo "models and plot in $OUT"
