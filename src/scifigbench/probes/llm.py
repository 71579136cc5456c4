"""Probes for real figures (no spec) written by an LLM, checked by a second LLM pass and by schema.

Flow per figure: the generator prompt yields candidate capability questions, three resistance
probes and a caption-bias caption as JSON; the reply is parsed and validated against a JSON
schema; the validator prompt rates every capability candidate on the five review criteria
(answerable, unambiguous, challenging, correct category, visually grounded); the hardest accepted
candidate per category is kept. Everything lands with status ``proposed``: a person confirms it
in review before it counts, like the blur targets.

The model is called through the runner's cached, retrying ``complete`` function
(:class:`scifigbench.llm.complete.CachedComplete`) for the ``params.yaml: services`` entry named
by ``probes.llm_generator`` (declared with the role ``probe_writer``), so reruns cost no calls and
keys are handled in one place.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scifigbench import prompts
from scifigbench.concepts.names import CAPABILITY_CATEGORIES, CLAIM_TYPES, RESISTANCE_TYPES
from scifigbench.llm import ReplyFormatError, parse_json_reply
from scifigbench.probes.probe import Probe

DIFFICULTY_RANK = {"easy": 0, "hard": 1, "very_hard": 2}


class LLMProbeError(ValueError):
    """A generator or validator reply could not be used; the message names figure, step and cause."""


Complete = Callable[[list[dict[str, Any]]], str]


@dataclass(frozen=True)
class Generator:
    """The model that writes and checks probes.

    ``key`` (its ``params.yaml: models`` entry) names it in errors, ``model_id`` is recorded as the
    probes' generator, and ``complete`` sends chat messages and returns the reply text.
    """

    key: str
    model_id: str
    complete: Complete
    concurrency: int = 1  # figures generated at once (the model's configured concurrency)


@contextmanager
def open_generator(key: str, params_path: Path | str, cache: Path | None = None) -> Iterator[Generator]:
    """The generator for model ``key`` over the runner's cached, retrying client; closed on exit."""
    from scifigbench.llm import CachedComplete, ConfigError
    from scifigbench.params import ParamsError

    try:
        complete = CachedComplete(key, params_path, cache, role="probe_writer")
    except (ParamsError, ConfigError) as err:
        raise LLMProbeError(f"{params_path}: probes.llm_generator names model '{key}', "
                            f"which cannot generate probes: {err}") from None
    try:
        yield Generator(key, complete.eff.model.model_id, complete, complete.eff.concurrency)
    finally:
        complete.close()


# ------------------------------------------------------------------------------------ schemas
_ANSWER = {"type": ["number", "string", "boolean", "array"]}
GENERATOR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["capability", "resistance"],
    "properties": {
        "capability": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["category", "question", "answer", "answer_type", "reasoning", "elements"],
                "properties": {
                    "category": {"enum": list(CAPABILITY_CATEGORIES)},
                    "question": {"type": "string", "minLength": 8},
                    "answer": _ANSWER,
                    "answer_type": {"enum": ["number", "label", "yes_no", "list"]},
                    "tolerance": {"type": ["number", "null"], "minimum": 0},
                    "reasoning": {"type": "string"},
                    "elements": {"type": "array", "items": {"type": "string"}},
                },
            },
        },
        "resistance": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["category", "question", "expected_behavior", "principle"],
                "properties": {
                    "category": {"enum": list(RESISTANCE_TYPES)},
                    "question": {"type": "string", "minLength": 8},
                    "expected_behavior": {"type": "string"},
                    "principle": {"type": "string"},
                    "absent_element": {"type": "string"},
                    "entity": {"type": "string"},
                    "true_value": {"type": "number"},
                    "false_value": {"type": "number"},
                    "missing_info": {"type": "string"},
                },
                "allOf": [
                    {"if": {"properties": {"category": {"const": "inexist"}}},
                     "then": {"required": ["absent_element"]}},
                    {"if": {"properties": {"category": {"const": "contra"}}},
                     "then": {"required": ["entity", "true_value", "false_value"]}},
                    {"if": {"properties": {"category": {"const": "unanswerable"}}},
                     "then": {"required": ["missing_info"]}},
                ],
            },
        },
        "caption_bias": {
            "type": "object",
            "required": ["caption", "claims"],
            "properties": {
                "caption": {"type": "string"},
                "claims": {
                    "type": "array", "minItems": 2, "maxItems": 3,
                    "items": {
                        "type": "object", "required": ["claim", "reality", "type"],
                        "properties": {"claim": {"type": "string"}, "reality": {"type": "string"},
                                       "type": {"enum": sorted(CLAIM_TYPES)}},
                    },
                },
            },
        },
    },
}

VALIDATOR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["verdicts"],
    "properties": {
        "verdicts": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["index", "answerable", "unambiguous", "challenging", "correct_category",
                             "visually_grounded", "difficulty"],
                "properties": {
                    "index": {"type": "integer", "minimum": 0},
                    **{k: {"type": "boolean"} for k in ("answerable", "unambiguous", "challenging",
                                                         "correct_category", "visually_grounded")},
                    "difficulty": {"enum": list(DIFFICULTY_RANK)},
                    "reason": {"type": "string"},
                },
            },
        }
    },
}
CRITERIA = ("answerable", "unambiguous", "challenging", "correct_category", "visually_grounded")


def prompt(name: str) -> str:
    return prompts.load(name).template


def prompt_version() -> str:
    """Versions of both prompts: a changed prompt is a new generator version."""
    return f"{prompts.load('probe_generator').version}+{prompts.load('probe_validator').version}"


def parse_reply(text: str, schema: dict[str, Any], where: str) -> dict[str, Any]:
    """The reply's JSON object validated against ``schema``; errors are prefixed with ``where``."""
    try:
        return parse_json_reply(text, schema)
    except ReplyFormatError as exc:
        raise LLMProbeError(f"{where}: {exc}") from None


def _image_part(image: Path) -> dict[str, Any]:
    b64 = base64.b64encode(image.read_bytes()).decode()
    return {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{b64}"}}


def _messages(system: str, user_text: str, image: Path) -> list[dict[str, Any]]:
    return [
        {"role": "system", "content": system},
        {"role": "user", "content": [{"type": "text", "text": user_text}, _image_part(image)]},
    ]


def generate_for_figure(
    figure_id: str, image: Path, chart_type: str, caption: str | None, generator: Generator,
    primary: bool, contra_offset: tuple[float, float],
) -> tuple[list[Probe], list[dict[str, Any]]]:
    """Generate, validate and select probes for one real figure.

    Returns the kept probes (status ``proposed``) and the rejected candidates with their reasons,
    for the review queue. Raises :class:`LLMProbeError` when a reply is unusable.
    """
    gen_where = f"figure {figure_id}: generator ({generator.key})"
    user = f"Chart type: {chart_type}\nCaption: {caption or '(none)'}"
    data = parse_reply(generator.complete(_messages(prompt("probe_generator"), user, image)), GENERATOR_SCHEMA, gen_where)
    cands = data["capability"]
    listing = json.dumps([{"index": i, "category": c["category"], "question": c["question"], "answer": c["answer"]}
                          for i, c in enumerate(cands)], ensure_ascii=False)
    val_where = f"figure {figure_id}: validator ({generator.key})"
    verdicts = parse_reply(generator.complete(_messages(prompt("probe_validator"), listing, image)), VALIDATOR_SCHEMA,
                           val_where)["verdicts"]
    by_index = {v["index"]: v for v in verdicts}
    generator_id, version = f"llm:{generator.model_id}", prompt_version()
    kept: list[Probe] = []
    rejected: list[dict[str, Any]] = []
    for cat in CAPABILITY_CATEGORIES:
        best = None
        for i, c in enumerate(cands):
            if c["category"] != cat:
                continue
            v = by_index.get(i)
            failed = [k for k in CRITERIA if v is None or not v[k]]
            if failed:
                rejected.append({"figure_id": figure_id, "question": c["question"], "category": cat,
                                 "failed": failed, "reason": (v or {}).get("reason", "no verdict")})
                continue
            if best is None or DIFFICULTY_RANK[v["difficulty"]] > DIFFICULTY_RANK[best[1]["difficulty"]]:
                best = (c, v)
        if best:
            c, v = best
            expected = {k: c.get(k) for k in ("answer", "answer_type", "tolerance", "reasoning", "elements")}
            expected["difficulty"] = v["difficulty"]
            kept.append(Probe(figure_id, "capability", cat, c["question"], expected, "proposed", generator_id, version))
    for cat in RESISTANCE_TYPES:
        probes = [r for r in data["resistance"] if r["category"] == cat]
        if not probes:
            rejected.append({"figure_id": figure_id, "category": cat, "failed": ["missing"], "reason": "not generated"})
            continue
        r = probes[0]
        if cat == "contra":
            off = r["false_value"] / r["true_value"] - 1 if r["true_value"] else float("inf")
            if not contra_offset[0] - 1e-9 <= abs(off) <= contra_offset[1] + 1e-9:
                rejected.append({"figure_id": figure_id, "question": r["question"], "category": cat,
                                 "failed": ["offset"], "reason": f"false value is {off:+.0%} off, not within "
                                 f"{contra_offset[0]:.0%}-{contra_offset[1]:.0%}"})
                continue
            r = {**r, "offset": round(off, 4)}
        expected = {k: v for k, v in r.items() if k not in ("category", "question")}
        kept.append(Probe(figure_id, "resistance", cat, r["question"], expected, "proposed", generator_id, version))
    cb = data.get("caption_bias")
    if primary and cb:
        expected = {"claims": cb["claims"], "original_caption": caption}
        kept.append(Probe(figure_id, "caption_bias", "caption_bias", cb["caption"], expected, "proposed", generator_id,
                          version))
    return kept, rejected


def generate_all(figures: Sequence[Any], generator: Generator, contra_offset: tuple[float, float],
                 root: Path) -> list[tuple[list[Probe], list[dict[str, Any]]] | LLMProbeError]:
    """:func:`generate_for_figure` for each figure row (in order), ``generator.concurrency`` at once.

    A figure whose reply is unusable gives its :class:`LLMProbeError` in its place; any other
    failure (the generator model cannot work at all) cancels the figures not yet started.
    """

    def one(fig: Any) -> tuple[list[Probe], list[dict[str, Any]]] | LLMProbeError:
        try:
            return generate_for_figure(fig.figure_id, root / fig.image_path, fig.chart_type, fig.caption, generator,
                                       bool(fig.subset_primary), contra_offset)
        except LLMProbeError as exc:
            return exc

    with ThreadPoolExecutor(max_workers=max(1, generator.concurrency), thread_name_prefix="probes") as pool:
        futures = [pool.submit(one, fig) for fig in figures]
        try:
            return [f.result() for f in futures]
        finally:
            for f in futures:
                f.cancel()
