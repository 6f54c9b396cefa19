"""Intent training data: the `intents/` folder (one YAML file per intent, plus JSONL files of
more examples for those intents), JSONL lines
`{"text": ..., "label": ...}` or CSV `text,label`. Everything loads into one `IntentData`."""

from __future__ import annotations

import csv
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from iris.errors import IntentModelError

# Memory intents surface to the pipeline as one intent with a tool hint.
MEMORY_TOOLS = {
    "memory_store": "store_memory",
    "memory_list": "list_memories",
    "memory_forget": "forget_memory",
}
NONE = "none"
MEMORY_ACTION = "memory_action"


@dataclass(frozen=True)
class Signal:
    """A named regex from an intent file; a match is both a model feature and an
    explanation shown to the user."""

    name: str
    label: str
    pattern: str

    def compiled(self) -> re.Pattern[str]:
        return _compile(self.pattern)


@dataclass(frozen=True)
class Takeover:
    """A host intent that claims other intents' examples matching a pattern, e.g. a
    `shopping_list` intent taking the shipped list examples that mention shopping."""

    label: str
    labels: tuple[str, ...]
    pattern: str

    def compiled(self) -> re.Pattern[str]:
        return _compile(self.pattern)


@dataclass(frozen=True)
class IntentSpec:
    label: str  # the classifier label, e.g. "memory_store"
    intent: str  # what the pipeline sees, e.g. "memory_action"
    tool: str | None
    description: str = ""


@dataclass
class IntentData:
    texts: list[str]
    labels: list[str]
    specs: dict[str, IntentSpec] = field(default_factory=dict)
    signals: list[Signal] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    takeovers: list[Takeover] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.texts)

    def extend(self, other: IntentData) -> None:
        self.texts += other.texts
        self.labels += other.labels
        for label, spec in other.specs.items():
            self.specs.setdefault(label, spec)
        known = {(s.label, s.name) for s in self.signals}
        self.signals += [s for s in other.signals if (s.label, s.name) not in known]
        self.sources += other.sources
        self.takeovers += other.takeovers

    def fingerprint(self) -> str:
        """Hash of everything that shapes a trained model, independent of file layout."""
        digest = hashlib.sha256()
        for text, label in zip(self.texts, self.labels, strict=True):
            digest.update(f"{label}\t{text}\n".encode())
        for label in sorted(self.specs):
            spec = self.specs[label]
            digest.update(f"spec\t{spec.label}\t{spec.intent}\t{spec.tool}\n".encode())
        for signal in self.signals:
            digest.update(f"signal\t{signal.label}\t{signal.name}\t{signal.pattern}\n".encode())
        return digest.hexdigest()


def default_spec(label: str) -> IntentSpec:
    """The spec a bare label gets from JSONL/CSV data: memory labels keep their tool,
    everything else is its own intent without a tool."""
    if label in MEMORY_TOOLS:
        return IntentSpec(label, MEMORY_ACTION, MEMORY_TOOLS[label])
    if label == NONE:
        return IntentSpec(label, NONE, None)
    return IntentSpec(label, label, None)


def load(paths: list[Path] | Path) -> IntentData:
    """Load and concatenate intent data from folders, YAML, JSONL and CSV files."""
    if isinstance(paths, (str, Path)):
        paths = [Path(paths)]
    data = IntentData([], [])
    for path in paths:
        path = Path(path)
        if path.is_dir():
            files = sorted(path.glob("*.yaml")) + sorted(path.glob("*.yml"))
            if not files:
                raise IntentModelError(f"{path}: no *.yaml intent files in this folder")
            for file in files:
                data.extend(_load_yaml(file))
            # Extra examples for the folder's intents (the shipped CLINC150 subset).
            for file in sorted(path.glob("*.jsonl")):
                data.extend(_load_jsonl(file))
        elif not path.is_file():
            raise IntentModelError(f"{path}: no such file or folder")
        elif path.suffix in (".yaml", ".yml"):
            data.extend(_load_yaml(path))
        elif path.suffix in (".jsonl", ".json"):
            data.extend(_load_jsonl(path))
        elif path.suffix in (".csv", ".tsv"):
            data.extend(_load_csv(path))
        else:
            raise IntentModelError(f"{path}: unknown format (expected a folder, .yaml, .jsonl or .csv)")
    for takeover in data.takeovers:
        pattern = takeover.compiled()
        data.labels = [takeover.label if lab in takeover.labels and pattern.search(text) else lab
                       for text, lab in zip(data.texts, data.labels, strict=True)]
    for label in dict.fromkeys(data.labels):
        data.specs.setdefault(label, default_spec(label))
    if not data.texts:
        raise IntentModelError(f"no examples found in {', '.join(map(str, paths))}")
    return data


def _load_yaml(path: Path) -> IntentData:
    import yaml

    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise IntentModelError(f"{path}: not valid YAML: {exc}") from exc
    if not isinstance(doc, dict) or not isinstance(doc.get("name"), str):
        raise IntentModelError(f"{path}: an intent file needs a 'name' and a list of 'examples'")
    label = doc["name"]
    examples = doc.get("examples") or []
    bad = [i for i, e in enumerate(examples) if not isinstance(e, str) or not e.strip()]
    if not isinstance(examples, list) or bad:
        where = f" (example {bad[0] + 1} is {examples[bad[0]]!r}; quote it)" if bad else ""
        raise IntentModelError(f"{path}: 'examples' must be a list of non-empty strings{where}")
    base = default_spec(label)
    spec = IntentSpec(
        label=label,
        intent=doc.get("intent") or base.intent,
        tool=doc.get("tool", base.tool),
        description=" ".join(str(doc.get("description") or "").split()),
    )
    signals = []
    for raw in doc.get("signals") or []:
        if not isinstance(raw, dict) or "name" not in raw or "pattern" not in raw:
            raise IntentModelError(f"{path}: each signal needs a 'name' and a 'pattern'")
        signal = Signal(str(raw["name"]), label, str(raw["pattern"]))
        try:
            signal.compiled()
        except re.error as exc:
            raise IntentModelError(f"{path}: signal {signal.name!r} is not a valid regex: {exc}") from exc
        signals.append(signal)
    takeovers = []
    if doc.get("takes_over") is not None:
        raw = doc["takes_over"]
        if not isinstance(raw, dict) or not isinstance(raw.get("labels"), list) or "pattern" not in raw:
            raise IntentModelError(f"{path}: 'takes_over' needs a list of 'labels' and a 'pattern'")
        takeover = Takeover(label, tuple(str(x) for x in raw["labels"]), str(raw["pattern"]))
        try:
            takeover.compiled()
        except re.error as exc:
            raise IntentModelError(f"{path}: 'takes_over' pattern is not a valid regex: {exc}") from exc
        takeovers.append(takeover)
    return IntentData([e.strip() for e in examples], [label] * len(examples), {label: spec},
                      signals, [str(path)], takeovers)


def _load_jsonl(path: Path) -> IntentData:
    texts, labels = [], []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                text, label = row["text"], row["label"]
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise IntentModelError(
                    f"{path}:{number}: expected an object with 'text' and 'label' ({exc})") from exc
            texts.append(str(text))
            labels.append(str(label))
    return IntentData(texts, labels, sources=[str(path)])


def _load_csv(path: Path) -> IntentData:
    texts, labels = [], []
    delimiter = "\t" if path.suffix == ".tsv" else ","
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle, delimiter=delimiter)
        for number, row in enumerate(reader, 1):
            if not row or not "".join(row).strip():
                continue
            if number == 1 and [c.strip().lower() for c in row[:2]] == ["text", "label"]:
                continue
            if len(row) < 2:
                raise IntentModelError(f"{path}:{number}: expected two columns, text and label")
            texts.append(row[0])
            labels.append(row[1].strip())
    return IntentData(texts, labels, sources=[str(path)])


_PATTERNS: dict[str, re.Pattern[str]] = {}


def _compile(pattern: str) -> re.Pattern[str]:
    compiled = _PATTERNS.get(pattern)
    if compiled is None:
        compiled = _PATTERNS[pattern] = re.compile(pattern, re.IGNORECASE)
    return compiled
