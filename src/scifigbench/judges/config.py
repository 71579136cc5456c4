"""params.yaml ``judge``: its own module so that ``check-params`` reads it without pandas or the judges."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from scifigbench import params

KINDS = ("rule", "llm", "hybrid")
#: Keys of earlier params files that a newer setting replaced, with what to write instead.
SUPERSEDED = {
    "fallback_model": "judge.kind: hybrid with judge.llm_model: <models key> "
    "(every unit the rules leave undecided goes to that model, not only caption claims)",
}


@dataclass
class AuditConfig:
    """``judge.audit``: a second (LLM) judge re-judges a seeded share of each model's units, so every
    run says how often its own judge agrees with another one on that run's data."""

    model: str  # a key of params.yaml `models`
    share: float = 0.1  # of each model's judgeable units, exactly round(share * n), picked by seeded hash


@dataclass
class ReviewConfig:
    """``judge.review``: the sample ``scifigbench review verdicts`` draws for a person to check."""

    per_stratum: int = 5  # units per (family, model), seeded by the top-level `seed`


@dataclass
class JudgeConfig:
    kind: str = "rule"  # rule | llm | hybrid
    llm_model: str | None = None  # a key of params.yaml `services` with role judge: the model of kind llm and hybrid
    caption_ab_seed: int = 42
    audit: AuditConfig | None = None  # null: no second judge
    review: ReviewConfig = field(default_factory=ReviewConfig)

    @property
    def uses_llm(self) -> bool:
        """Whether this judge sends units to ``llm_model``."""
        return self.kind in ("llm", "hybrid")


def check_kind(kind: str, where: str) -> None:
    """Raise :class:`params.ParamsError` at ``where`` (a params file and section) for an unknown kind."""
    if kind not in KINDS:
        raise params.ParamsError(f"{where}.kind: {kind!r} is not one of {list(KINDS)}")


def load(path: Path | str = params.DEFAULT_PARAMS) -> JudgeConfig:
    """The ``judge`` section, checked against the file's ``services``.

    A superseded key gets an error that names its replacement (not the generic unknown-key one),
    and a judge that sends units to a model must name a declared one: found here, before any
    stage runs, instead of by the judge stage after the responses are in. The judge model is a
    ``services`` entry with the role ``judge``: a respondent under ``models`` would be billed for
    answering every setup too.
    """
    raw = params.load_raw(path).get("judge") or {}
    where = f"{path}:judge"
    for key, instead in SUPERSEDED.items():
        if isinstance(raw, dict) and key in raw:
            raise params.ParamsError(f"{where}.{key}: no longer read; use {instead}")
    cfg = params.build(JudgeConfig, raw, where)
    check_kind(cfg.kind, where)
    from scifigbench.llm.config import find_entry  # light: the llm package's config reads params only

    if cfg.uses_llm:
        if not cfg.llm_model:
            raise params.ParamsError(
                f"{where}.llm_model: judge.kind {cfg.kind} needs a model key (under services, roles [judge])"
            )
        try:
            find_entry(params.load_raw(path), cfg.llm_model, "judge", path)
        except params.ParamsError as exc:
            raise params.ParamsError(f"{where}.llm_model: {exc}") from None
    if cfg.audit is not None:
        try:
            find_entry(params.load_raw(path), cfg.audit.model, "judge", path)
        except params.ParamsError as exc:
            raise params.ParamsError(f"{where}.audit.model: {exc}") from None
        if not 0 < cfg.audit.share <= 1:
            raise params.ParamsError(f"{where}.audit.share: {cfg.audit.share} is not in (0, 1]")
    if cfg.review.per_stratum < 1:
        raise params.ParamsError(f"{where}.review.per_stratum: {cfg.review.per_stratum} must be at least 1")
    return cfg
