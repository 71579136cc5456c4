"""Typed configuration of one model (an entry of ``params.yaml: models``) and of the ``run`` section.

Only the *name* of the environment variable holding a key appears here; the key itself is read
from the environment at call time and never stored. Per-model values override the ``run`` defaults;
a limit written as ``null`` means "no limit" wherever it is written (a model's explicit null is not
replaced by the run default), and a limit that is zero or negative is refused, naming its key.

Generation parameters follow the model family. Sampling models get ``temperature``, ``seed`` and
``max_tokens`` (per model, else from ``run``). Reasoning models (o-series, GPT-5 family) refuse
those: a model entry lists what not to send in ``omit``, caps its output with
``max_completion_tokens`` (sent instead of ``max_tokens``) and may set ``reasoning_effort``. A key
both set and omitted, ``max_tokens`` beside ``max_completion_tokens``, or a generation key written
``null`` (ambiguous: default or not sent?) is refused, naming the key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from scifigbench import params

Backend = Literal["openai", "azure", "simulated"]
# generation parameters a model entry may leave out of its requests (``omit: [temperature, seed]``)
OMITTABLE = ("temperature", "seed", "max_tokens")
# generation keys of a model entry whose explicit null is refused (write omit, or leave the key out)
_GENERATION = (*OMITTABLE, "max_completion_tokens", "reasoning_effort", "top_p")


@dataclass(frozen=True)
class Price:
    """US dollars per million tokens."""

    input_per_mtok: float = 0.0
    output_per_mtok: float = 0.0

    def cost(self, prompt_tokens: int | None, completion_tokens: int | None) -> float | None:
        if prompt_tokens is None and completion_tokens is None:
            return None
        return ((prompt_tokens or 0) * self.input_per_mtok + (completion_tokens or 0) * self.output_per_mtok) / 1e6


@dataclass(frozen=True)
class RunConfig:
    """Defaults for every model call (paper Appendix E: temperature 0, seed 42, 2,048 tokens)."""

    temperature: float = 0.0
    seed: int = 42
    max_tokens: int = 2048
    timeout_s: float = 120.0
    max_retries: int = 4
    concurrency: int = 8
    requests_per_minute: float | None = 600
    tokens_per_minute: float | None = None
    backoff_base_s: float = 1.0
    backoff_max_s: float = 60.0
    retry_after_max_s: float = 300.0
    max_error_share: float | None = 0.05  # a run with a larger share of error rows exits non-zero; null = any


# key -> (may be null, smallest allowed value, whether that value itself is allowed)
_LIMITS: dict[str, tuple[bool, float, bool]] = {
    "concurrency": (False, 1, True), "requests_per_minute": (True, 0, False), "tokens_per_minute": (True, 0, False),
    "timeout_s": (False, 0, False), "max_retries": (False, 0, True), "max_tokens": (False, 1, True),
    "max_completion_tokens": (False, 1, True),
    "backoff_base_s": (False, 0, True), "backoff_max_s": (False, 0, True), "retry_after_max_s": (False, 0, True),
    "max_error_share": (True, 0, True),
}


def check_limits(values: dict[str, Any], where: str) -> None:
    """Refuse a limit that is not a number in range, naming the key (``where.key``)."""
    for key, (nullable, low, inclusive) in _LIMITS.items():
        if key not in values:
            continue
        value = values[key]
        if value is None:
            if nullable:
                continue
            raise params.ParamsError(f"{where}.{key}: must be set (null is not allowed here)")
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and (value >= low if inclusive else value > low)
        if key == "concurrency" and ok:
            ok = float(value).is_integer()
        if not ok:
            bound = f">= {low:g}" if inclusive else f"> {low:g}"
            extra = " or null for no limit" if nullable else ""
            raise params.ParamsError(f"{where}.{key}: {value!r} is not allowed; use a number {bound}{extra}")
    if values.get("max_error_share") is not None and values["max_error_share"] > 1:
        raise params.ParamsError(f"{where}.max_error_share: {values['max_error_share']!r} is a share; use 0..1 or null")


@dataclass(frozen=True)
class ModelConfig:
    """One model: its backend and identity, generation overrides, limits and prices."""

    backend: Backend
    model: str | None = None
    base_url: str | None = None
    endpoint: str | None = None
    api_version: str | None = None
    deployment: str | None = None
    api_key_env: str | None = None
    profile: str | None = None
    profile_overrides: dict[str, Any] | None = None
    temperature: float | None = None
    seed: int | None = None
    max_tokens: int | None = None
    max_completion_tokens: int | None = None  # reasoning models: the output cap, sent instead of max_tokens
    reasoning_effort: str | None = None       # reasoning models: e.g. minimal, low, medium, high
    omit: list[str] | None = None             # generation parameters not to send (see OMITTABLE)
    top_p: float | None = None
    extra_body: dict[str, Any] | None = None
    concurrency: int | None = None
    requests_per_minute: float | None = None
    tokens_per_minute: float | None = None
    timeout_s: float | None = None
    max_retries: int | None = None
    price: Price | None = None

    def check(self, where: str) -> None:
        """Reject entries that cannot be called, naming the missing key."""
        need = {"openai": ("base_url", "model", "api_key_env"), "azure": ("endpoint", "api_version", "deployment", "api_key_env"),
                "simulated": ("profile",)}[self.backend]
        missing = [k for k in need if getattr(self, k) is None]
        if missing:
            raise params.ParamsError(f"{where}: backend '{self.backend}' needs key(s) {missing}")
        self._check_generation(where)

    def _check_generation(self, where: str) -> None:
        """Refuse generation settings that contradict each other, naming the keys."""
        omit = self.omit or []
        unknown = sorted(set(omit) - set(OMITTABLE))
        if unknown:
            raise params.ParamsError(f"{where}.omit: {unknown} cannot be omitted; omit may list {list(OMITTABLE)}")
        both = [k for k in omit if getattr(self, k) is not None]
        if both:
            raise params.ParamsError(f"{where}: {both} both set and listed in omit; keep one")
        if self.max_completion_tokens is not None and self.max_tokens is not None:
            raise params.ParamsError(f"{where}: max_tokens and max_completion_tokens are both set; a model takes one "
                                     "(reasoning models: max_completion_tokens)")
        if self.reasoning_effort is not None and not self.reasoning_effort.strip():
            raise params.ParamsError(f"{where}.reasoning_effort: must name an effort such as low, medium or high")

    @property
    def model_id(self) -> str:
        """The provider's name for the model (the deployment on Azure)."""
        if self.backend == "azure":
            return str(self.deployment)
        return str(self.model or self.profile)

    def identity(self) -> dict[str, Any]:
        """Where requests go, as part of the cache key. Never includes the key."""
        if self.backend == "openai":
            return {"backend": "openai", "base_url": str(self.base_url).rstrip("/")}
        if self.backend == "azure":
            return {"backend": "azure", "endpoint": str(self.endpoint).rstrip("/"), "deployment": self.deployment,
                    "api_version": self.api_version}
        return {"backend": "simulated", "profile": self.profile, "profile_overrides": self.profile_overrides or {}}


@dataclass(frozen=True)
class Effective:
    """A model's settings after merging the ``run`` defaults with its overrides."""

    name: str
    model: ModelConfig
    generation: dict[str, Any] = field(default_factory=dict)
    concurrency: int = 8
    requests_per_minute: float | None = None
    tokens_per_minute: float | None = None
    timeout_s: float = 120.0
    max_retries: int = 4
    backoff_base_s: float = 1.0
    backoff_max_s: float = 60.0
    retry_after_max_s: float = 300.0
    max_error_share: float | None = 0.05
    seed: int = 42
    output_budget: int = 2048  # the most output tokens a request may bring (reservations, plans), sent or not


def _pick(override: Any, default: Any) -> Any:
    return default if override is None else override


def effective(name: str, model: ModelConfig, run: RunConfig, no_limit: frozenset[str] = frozenset()) -> Effective:
    """Merge the run defaults with the model's overrides; keys in ``no_limit`` were written ``null``."""

    def limit(key: str) -> Any:
        return None if key in no_limit else _pick(getattr(model, key), getattr(run, key))

    return Effective(
        name=name,
        model=model,
        generation=generation(model, run),
        concurrency=_pick(model.concurrency, run.concurrency),
        requests_per_minute=limit("requests_per_minute"),
        tokens_per_minute=limit("tokens_per_minute"),
        timeout_s=_pick(model.timeout_s, run.timeout_s),
        max_retries=_pick(model.max_retries, run.max_retries),
        backoff_base_s=run.backoff_base_s,
        backoff_max_s=run.backoff_max_s,
        retry_after_max_s=run.retry_after_max_s,
        max_error_share=run.max_error_share,
        seed=_pick(model.seed, run.seed),
        output_budget=_pick(model.max_completion_tokens, _pick(model.max_tokens, run.max_tokens)),
    )


def generation(model: ModelConfig, run: RunConfig) -> dict[str, Any]:
    """The generation parameters sent with (and hashed into the key of) every request of ``model``.

    Exactly the keys the model takes: sampling defaults from ``run`` unless omitted,
    ``max_completion_tokens`` instead of ``max_tokens`` when set, and the optional ones only when set.
    """
    omit = set(model.omit or [])
    gen: dict[str, Any] = {
        key: _pick(getattr(model, key), getattr(run, key))
        for key in ("temperature", "max_tokens", "seed")
        if key not in omit and not (key == "max_tokens" and model.max_completion_tokens is not None)
    }
    optional = {"max_completion_tokens": model.max_completion_tokens, "reasoning_effort": model.reasoning_effort,
                "top_p": model.top_p}
    gen.update({key: value for key, value in optional.items() if value is not None})
    if model.extra_body:
        gen["extra_body"] = dict(model.extra_body)
    return gen


def load(name: str, path: Path | str = params.DEFAULT_PARAMS) -> Effective:
    """The effective settings of model ``name`` from the params file."""
    raw = params.load_raw(path)
    models = raw.get("models") or {}
    if name not in models:
        raise params.ParamsError(f"{path}:models: no model '{name}'; known models are {sorted(models)}")
    where = f"{path}:models.{name}"
    entry = models[name] or {}
    if not isinstance(entry, dict):
        raise params.ParamsError(f"{where}: must be a mapping of settings")
    nulls = [k for k in _GENERATION if k in entry and entry[k] is None]
    if nulls:
        raise params.ParamsError(f"{where}: {nulls} written null; to not send a parameter list it in omit, "
                                 "to use the run default leave the key out")
    check_limits(entry, where)
    check_limits(raw.get("run") or {}, f"{path}:run")
    model = params.build(ModelConfig, entry, where)
    model.check(where)
    run = params.section(RunConfig, "run", path)
    no_limit = frozenset(k for k in ("requests_per_minute", "tokens_per_minute") if k in entry and entry[k] is None)
    return effective(name, model, run, no_limit)
