"""Bulk import of a user's memories from JSONL (`iris memories import FILE --user U`).

Every line ends stored, skipped (as a duplicate, naming the memory) or failed (with its line
number and the reason), and the result is one line like store_memory's:
`MEMORY_STORED count=N skipped=N failed=N`, with `reasons=[...]` when lines failed. Lines
go through the same secrets guard as store_memory (IRIS_SECRETS).

A storage fault raises StoreError: the batch it hit is rolled back, earlier batches stay
stored, and running the same import again skips those as exact duplicates."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from iris import results as R
from iris.secrets import SecretsMode
from iris.store.importer import ImportLine, read_lines
from iris.tools.memory import ToolRun, screen_items
from iris.types import ItemOutcome, MemoryItem

if TYPE_CHECKING:
    from iris.store.store import MemoryStore

MAX_REASONS = 20  # reasons listed in the result line; every outcome is still returned


def import_lines(store: MemoryStore, namespace: str, lines: Iterable[str], *,
                 dedup: bool = False, secrets: SecretsMode = "refuse") -> ToolRun:
    """Import JSONL lines; outcomes come back in line order."""
    good, failed = read_lines(lines)
    slots: list[MemoryItem | ItemOutcome] = [g.item for g in good]
    screened = screen_items(slots, secrets)
    keep: list[ImportLine] = []
    by_line: dict[int, ItemOutcome] = dict(failed)
    for line, slot in zip(good, screened, strict=True):
        if isinstance(slot, ItemOutcome):
            by_line[line.line] = slot.model_copy(
                update={"reason": f"line {line.line}: {slot.reason}"})
        else:
            keep.append(ImportLine(line.line, slot, line.created_at))
    result = store.import_memories(namespace, keep, dedup=dedup)
    for line, outcome in zip(keep, result.outcomes, strict=True):
        by_line[line.line] = outcome
    outcomes = [by_line[n] for n in sorted(by_line)]
    counts = {s: sum(o.status == s for o in outcomes) for s in ("stored", "skipped", "failed")}
    reasons = [o.reason or "" for o in outcomes if o.status == "failed"]
    if outcomes and counts["failed"] == len(outcomes):
        summary = R.format_result(R.STORE_FAILED, reason=R.ALL_FAILED_REASON,
                                  details=reasons[:MAX_REASONS])
    else:
        extra = {"reasons": reasons[:MAX_REASONS]} if reasons else {}
        summary = R.format_result(R.STORED, count=counts["stored"], skipped=counts["skipped"],
                                  failed=counts["failed"], **extra)
    return ToolRun(summary, outcomes, result.warnings, items=len(outcomes))
