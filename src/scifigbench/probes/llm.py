"""Probes for real figures (no spec) written by an LLM, checked by a second LLM pass and by schema.

Flow per figure: the generator prompt yields candidate capability questions, three resistance
probes and a caption-bias caption as JSON; the reply is parsed and validated against a JSON
schema; the validator prompt rates every capability candidate on the five review criteria
(answerable, unambiguous, challenging, correct category, visually grounded); the hardest accepted
candidate per category is kept. Everything lands with status ``proposed``: a person confirms it
in review before it counts, like the blur targets.

The model call is the single function :func:`chat`, so the project's general model runner can
replace it without touching the rest.
"""

from __future__ import annotations

import base64
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from scifigbench import prompts
from scifigbench.contracts.probes import CLAIM_TYPES
from scifigbench.llm_json import ReplyFormatError, parse_json_reply
from scifigbench.probes.records import Probe

CAPABILITY_CATEGORIES = ["counting", "computation", "comparison", "pattern"]
RESISTANCE_CATEGORIES = ["inexist", "contra", "unanswerable"]
DIFFICULTY_RANK = {"easy": 0, "hard": 1, "very_hard": 2}


class LLMProbeError(ValueError):
    """A generator or validator reply could not be used; the message names figure, step and cause."""


@dataclass(frozen=True)
class Endpoint:
    """An OpenAI-compatible chat endpoint; the key is read from the environment variable named here."""

    name: str
    base_url: str
    model: str
    api_key_env: str
    max_tokens: int = 2048
    timeout_s: float = 120.0
    seed: int = 42


def endpoint_from_models(models: dict[str, Any], key: str, where: str = "params.yaml:models") -> Endpoint:
    if key not in models:
        raise LLMProbeError(f"{where}: probes.llm_generator names model '{key}', which is not declared")
    m = models[key] or {}
    missing = [k for k in ("base_url", "model", "api_key_env") if not m.get(k)]
    if m.get("backend") not in ("openai", None) or missing:
        raise LLMProbeError(f"{where}.{key}: probe generation needs an openai-compatible model with "
                            f"base_url, model and api_key_env (missing {missing})")
    return Endpoint(key, m["base_url"], m["model"], m["api_key_env"], int(m.get("max_tokens", 2048)))


def chat(endpoint: Endpoint, messages: list[dict[str, Any]]) -> str:
    """Send one chat request at temperature 0 and return the reply text."""
    from openai import OpenAI

    api_key = os.environ.get(endpoint.api_key_env)
    if not api_key:
        raise LLMProbeError(f"model '{endpoint.name}': environment variable {endpoint.api_key_env} is not set")
    client = OpenAI(base_url=endpoint.base_url, api_key=api_key, timeout=endpoint.timeout_s, max_retries=2)
    resp = client.chat.completions.create(
        model=endpoint.model, messages=messages, temperature=0, seed=endpoint.seed, max_tokens=endpoint.max_tokens
    )
    if not resp.choices or resp.choices[0].message.content is None:
        raise LLMProbeError(f"model '{endpoint.name}': reply has no message content")
    return resp.choices[0].message.content


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
                    "category": {"enum": CAPABILITY_CATEGORIES},
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
                    "category": {"enum": RESISTANCE_CATEGORIES},
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
    figure_id: str, image: Path, chart_type: str, caption: str | None, endpoint: Endpoint,
    primary: bool, contra_offset: tuple[float, float], send: Callable[[Endpoint, list], str] = chat,
) -> tuple[list[Probe], list[dict[str, Any]]]:
    """Generate, validate and select probes for one real figure.

    Returns the kept probes (status ``proposed``) and the rejected candidates with their reasons,
    for the review queue. Raises :class:`LLMProbeError` when a reply is unusable.
    """
    gen_where = f"figure {figure_id}: generator ({endpoint.name})"
    user = f"Chart type: {chart_type}\nCaption: {caption or '(none)'}"
    data = parse_reply(send(endpoint, _messages(prompt("probe_generator"), user, image)), GENERATOR_SCHEMA, gen_where)
    cands = data["capability"]
    listing = json.dumps([{"index": i, "category": c["category"], "question": c["question"], "answer": c["answer"]}
                          for i, c in enumerate(cands)], ensure_ascii=False)
    val_where = f"figure {figure_id}: validator ({endpoint.name})"
    verdicts = parse_reply(send(endpoint, _messages(prompt("probe_validator"), listing, image)), VALIDATOR_SCHEMA,
                           val_where)["verdicts"]
    by_index = {v["index"]: v for v in verdicts}
    generator, version = f"llm:{endpoint.model}", prompt_version()
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
            kept.append(Probe(figure_id, "capability", cat, c["question"], expected, "proposed", generator, version))
    for cat in RESISTANCE_CATEGORIES:
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
        kept.append(Probe(figure_id, "resistance", cat, r["question"], expected, "proposed", generator, version))
    cb = data.get("caption_bias")
    if primary and cb:
        expected = {"claims": cb["claims"], "original_caption": caption}
        kept.append(Probe(figure_id, "caption_bias", "caption_bias", cb["caption"], expected, "proposed", generator,
                          version))
    return kept, rejected
