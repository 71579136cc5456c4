"""Per-item failure records: one bad figure (or manifest row) never sinks a stage.

Stages that work item by item (corpus import, conditions, probes) catch an item's exception,
turn it into an :class:`ItemFailure` naming the item and the step it was in, finish the other
items and write all failures to an ``errors.json`` beside their tables. The stage then says how
many items failed; it fails as a whole only when nothing succeeded.
"""

from __future__ import annotations

import traceback
from dataclasses import asdict, dataclass
from pathlib import Path

from scifigbench.tableio import write_json

_PACKAGE_MARK = "scifigbench"


@dataclass(frozen=True)
class ItemFailure:
    item: str  # the figure id, or the manifest row when no figure exists yet
    step: str  # what the stage was doing for that item (e.g. "ocr", "noise", "import image")
    error: str  # the exception type and message
    where: str = ""  # innermost frame of our own code, file:line (empty for expected input errors)

    def line(self) -> str:
        at = f" [{self.where}]" if self.where else ""
        return f"{self.item}: {self.step}: {self.error}{at}"


def from_exception(item: str, step: str, exc: BaseException, expected: bool = False) -> ItemFailure:
    """A failure record for ``exc``; ``expected`` input errors carry their own message and no code location."""
    if expected:
        return ItemFailure(item, step, str(exc))
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if _PACKAGE_MARK in f.filename]
    where = ""
    if frames:
        last = frames[-1]
        where = f"{Path(last.filename).name}:{last.lineno} in {last.name}"
    return ItemFailure(item, step, f"{type(exc).__name__}: {exc}", where)


def write_failures(path: Path | str, failures: list[ItemFailure]) -> None:
    """All failures of a stage run as JSON (an empty list when every item succeeded)."""
    write_json(path, {"failed": len(failures), "failures": [asdict(f) for f in failures]})


def summary(stage: str, failures: list[ItemFailure], total: int, what: str, path: Path | str, show: int = 10) -> str:
    """Lines a stage prints: how many of its items failed, the first few, and where the rest are."""
    if not failures:
        return f"{stage}: all {total} {what} done"
    lines = [f"{stage}: {len(failures)} of {total} {what} failed (details in {path}):"]
    lines += [f"  {f.line()}" for f in failures[:show]]
    if len(failures) > show:
        lines.append(f"  ... and {len(failures) - show} more")
    return "\n".join(lines)
