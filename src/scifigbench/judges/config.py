"""params.yaml ``judge``: its own module so that ``check-params`` reads it without pandas or the judges."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scifigbench import params

KINDS = ("rule", "llm", "hybrid")
#: Keys of earlier params files that a newer setting replaced, with what to write instead.
SUPERSEDED = {
    "fallback_model": "judge.kind: hybrid with judge.llm_model: <models key> "
    "(every unit the rules leave undecided goes to that model, not only caption claims)",
}


@dataclass
class JudgeConfig:
    kind: str = "rule"  # rule | llm | hybrid
    llm_model: str | None = None  # a key of params.yaml `services` with role judge: the model of kind llm and hybrid
    caption_ab_seed: int = 42

    @property
    def uses_llm(self) -> bool:
        """Whether this judge sends units to ``llm_model``."""
        return self.kind in ("llm", "hybrid")


def check_kind(kind: str, where: str) -> None:
    """Raise :class:`params.ParamsError` at ``where`` (a params file and section) for an unknown kind."""
    if kind not in KINDS:
        raise params.ParamsError(f"{where}.kind: {kind!r} is not one of {list(KINDS)}")


def load(path: Path | str = params.DEFAULT_PARAMS) -> JudgeConfig:
    """The ``judge`` section, checked against the file's ``models``.

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
    if cfg.uses_llm:
        from scifigbench.llm.config import find_entry

        if not cfg.llm_model:
            raise params.ParamsError(
                f"{where}.llm_model: judge.kind {cfg.kind} needs a model key (under services, roles [judge])"
            )
        try:
            find_entry(params.load_raw(path), cfg.llm_model, "judge", path)
        except params.ParamsError as exc:
            raise params.ParamsError(f"{where}.llm_model: {exc}") from None
    return cfg
