"""The LLM judge: the paper's rubric as prompts in our words, replies validated against a schema.

Flow per unit: render the family's prompt, call the model, parse the reply as JSON and validate
it. An invalid reply gets exactly one repair request (the model sees its reply and the validation
error); if that also fails, or the call itself fails, the unit carries an explicit ``error`` and no
verdict — a judge failure is never turned into a zero.

The model call is injected (``complete``: messages -> reply text), so any backend can serve it;
:func:`openai_complete` is the minimal stand-alone one over the official SDK.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scifigbench import prompts
from scifigbench.judges import llm_schemas
from scifigbench.llm import ReplyFormatError, RunAborted, parse_json_reply

Complete = Callable[[list[dict]], str]

PROMPT_IDS = {
    "resistance": "judge_resistance",
    "blur_active": "judge_blur_active",
    "blur_passive": "judge_blur_passive",
    "caption_claim": "judge_caption",
    "capability": "judge_capability",
    "description": "judge_mqm",
}
_MODE_NOTES = {
    "admittance": "the hidden element cannot be recovered from the rest of the chart",
    "inductance": "the hidden element can be worked out from the rest of the chart",
}


class JudgeReplyError(ValueError):
    """A reply that is not valid JSON for the family's schema."""


@dataclass(frozen=True)
class LLMResult:
    """One judged unit: ``verdict`` is None exactly when ``error`` is set."""

    verdict: dict | None
    raw: str | None
    error: str | None
    judge_id: str


def judge_id(model: str, family: str) -> str:
    return f"llm:{model}:{prompts.load(PROMPT_IDS[family]).version}"


def parse_reply(text: str, schema: dict) -> dict:
    """The reply's JSON object, validated; code fences and text around one object are tolerated."""
    try:
        return parse_json_reply(text, schema)
    except ReplyFormatError as err:
        if err.path is None:
            raise JudgeReplyError(f"reply is not a JSON object ({err.detail})") from None
        raise JudgeReplyError(f"schema violation at {err.path}: {err.detail}") from None


def caption_order(seed: int, unit_key: str) -> bool:
    """True when the caption's claim is shown as A for this claim (seeded per claim, not per run)."""
    return random.Random(f"{seed}:{unit_key}").random() < 0.5


def caption_items(claims: Sequence[dict], seed: int, unit_keys: Sequence[str]) -> tuple[str, list[dict[str, str]]]:
    """Numbered A/B pairs with per-claim order, and the A/B -> follows mapping of each pair."""
    lines, mapping = [], []
    for i, (claim, key) in enumerate(zip(claims, unit_keys, strict=True), start=1):
        claim_first = caption_order(seed, key)
        a, b = (claim["claim"], claim["reality"]) if claim_first else (claim["reality"], claim["claim"])
        lines.append(f"{i}. A: {a}\n   B: {b}")
        mapping.append({"A": "caption" if claim_first else "image", "B": "image" if claim_first else "caption", "C": "none"})
    return "\n".join(lines), mapping


def _tolerance_note(fields: dict) -> str:
    accept = fields.get("accept")
    if accept:
        return f"Any value from {accept[0]} to {accept[1]} counts as the expected answer."
    notes = (fields.get("reviewer_notes") or "").strip()
    return f"Reviewer's note on tolerance: {notes}" if notes else ""


def _expected_note(fields: dict) -> str:
    expected = fields.get("expected") or {}
    if fields["probe_type"] == "contra" and expected.get("true_value") is not None:
        return (f"Reference: the chart shows {expected['true_value']} for {expected.get('entity', 'the entity in question')}; "
                f"the question claims {expected.get('false_value')}.")
    if fields["probe_type"] == "inexist" and expected.get("absent_element"):
        return f"Reference: the chart has no {expected['absent_element']}."
    if fields["probe_type"] == "unanswerable" and expected.get("missing_info"):
        return f"Reference: the chart does not contain {expected['missing_info']}."
    return ""


def render(family: str, fields: dict, seed: int = 42) -> tuple[str, dict, list[dict[str, str]] | None]:
    """(prompt text, reply schema, caption A/B mapping or None) for one unit of ``family``."""
    prompt = prompts.load(PROMPT_IDS[family])
    if family == "resistance":
        return prompt.render(probe_type=fields["probe_type"], question=fields["question"], answer=fields["answer"],
                             expected_note=_expected_note(fields)), llm_schemas.RESISTANCE, None
    if family == "blur_active":
        return prompt.render(mode=fields["mode"], mode_note=_MODE_NOTES[fields["mode"]], question=fields["question"],
                             expected_answer=fields["expected_answer"], answer=fields["answer"],
                             tolerance_note=_tolerance_note(fields)), llm_schemas.BLUR_ACTIVE, None
    if family == "blur_passive":
        expected = fields["expected_answer"]
        if fields.get("accept"):  # a value inferred by estimate
            expected = f"{expected} ({_tolerance_note(fields)})"
        return prompt.render(expected_answer=expected, element_role=fields.get("element_role", "unknown"),
                             description=fields["description"]), llm_schemas.BLUR_PASSIVE, None
    if family == "caption_claim":
        claims = fields["claims"]
        items, mapping = caption_items(claims, seed, fields["unit_keys"])
        return prompt.render(description=fields["description"], items=items), llm_schemas.caption(len(claims)), mapping
    if family == "capability":
        expected = fields["expected"]
        tol = expected.get("tolerance")
        return prompt.render(question=fields.get("question", ""), reference=expected["answer"],
                             answer_type=expected["answer_type"], answer=fields["answer"],
                             tolerance_note=f", tolerance ±{tol}" if tol else ""), llm_schemas.CAPABILITY, None
    if family == "description":
        return prompt.render(reference=fields["reference"], description=fields["description"],
                             chart_type=fields["chart_type"], checklist=fields["checklist"]), llm_schemas.MQM, None
    raise ValueError(f"unknown judge family {family!r}; known: {sorted(PROMPT_IDS)}")


def to_verdict(family: str, data: dict, mapping: list[dict[str, str]] | None) -> dict:
    """The family's verdict fields (the same names the rule judge writes) from a valid reply."""
    if family == "resistance":
        score = float(data["score"])
        return {"score": score, "verdict": {1.0: "resists", 0.5: "hedges", 0.0: "accepts"}[score]}
    if family == "blur_active":
        return {"admits": data["admits"], "fabricates": data["fabricates"], "correct": data["correct"] and data["fabricates"]}
    if family == "blur_passive":
        return {k: data[k] for k in ("mentioned", "admits", "fabricates")} | {"correct": data["correct"] and data["fabricates"]}
    if family == "caption_claim":
        assert mapping is not None
        return {"follows": [mapping[i][data[str(i + 1)]["answer"]] for i in range(len(mapping))]}
    if family == "capability":
        return {"correct": data["correct"]}
    return data


class LLMJudge:
    """Judges units of any family through ``complete``, with one repair retry per unit."""

    def __init__(self, complete: Complete, model: str, seed: int = 42, image_url: Callable[[dict], str | None] | None = None):
        self.complete = complete
        self.model = model
        self.seed = seed
        self.image_url = image_url

    def judge(self, family: str, fields: dict) -> LLMResult:
        jid = judge_id(self.model, family)
        text, schema, mapping = render(family, fields, self.seed)
        url = self.image_url(fields) if self.image_url else None
        content: str | list[dict] = text if not url else [
            {"type": "text", "text": text}, {"type": "image_url", "image_url": {"url": url}}]
        messages: list[dict] = [{"role": "user", "content": content}]
        raw: str | None = None
        for attempt in range(2):
            try:
                raw = self.complete(messages)
            except RunAborted:
                raise  # the judge model cannot work as configured: stop the stage, not this unit
            except Exception as err:  # any other backend failure is this unit's judge error
                return LLMResult(None, raw, f"judge call failed: {type(err).__name__}: {err}", jid)
            try:
                data = parse_reply(raw, schema)
            except JudgeReplyError as err:
                if attempt == 1:
                    return LLMResult(None, raw, f"invalid judge reply after one repair: {err}", jid)
                messages = messages + [
                    {"role": "assistant", "content": raw},
                    {"role": "user", "content": f"That reply cannot be used ({err}). Answer again with only the JSON object in the requested format."},
                ]
                continue
            return LLMResult(to_verdict(family, data, mapping), raw, None, jid)
        raise AssertionError("unreachable")


def openai_complete(base_url: str, model: str, api_key_env: str | None, *, max_tokens: int = 2048,
                    timeout: float = 120.0, max_retries: int = 2) -> Complete:
    """A ``complete`` function over the official SDK (temperature 0, seed 42).

    The key is read from the named environment variable; a reply without choices or content is a
    failure, not an empty verdict.
    """
    import openai

    key = os.environ.get(api_key_env, "") if api_key_env else ""
    client = openai.OpenAI(base_url=base_url, api_key=key or "unused", timeout=timeout, max_retries=max_retries)

    def complete(messages: list[dict]) -> str:
        reply = client.chat.completions.create(model=model, messages=messages, temperature=0, seed=42,
                                               max_tokens=max_tokens)
        if not reply.choices or reply.choices[0].message.content is None:
            raise RuntimeError("reply has no choices or no content")
        return reply.choices[0].message.content

    return complete
