"""params.yaml ``judge``: its own module so that ``check-params`` reads it without pandas or the judges."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class JudgeConfig:
    kind: str = "rule"  # rule | llm
    llm_model: str | None = None  # a key of params.yaml `models` when kind = llm
    fallback_model: str | None = None  # with kind = rule: a model key that judges the claims the rules leave undecided
    caption_ab_seed: int = 42
