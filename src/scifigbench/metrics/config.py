"""params.yaml ``metrics``: its own module so that ``check-params`` reads it without importing scipy."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MetricsConfig:
    """params.yaml ``metrics`` section."""

    bootstrap: int = 10_000
    seed: int = 42
    split_half_splits: int = 100
    human_scores: str | None = None
