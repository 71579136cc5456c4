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
from collections.abc import Callable
from dataclasses import dataclass

from scifigbench import prompts
from scifigbench.concepts.families import unit_family
from scifigbench.families.registry import Asked, registered
from scifigbench.llm import ReplyFormatError, RunAborted, parse_json_reply

Complete = Callable[[list[dict]], str]


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
    return f"llm:{model}:{prompts.load(unit_family(family).judge_prompt).version}"


def parse_reply(text: str, schema: dict) -> dict:
    """The reply's JSON object, validated; code fences and text around one object are tolerated."""
    try:
        return parse_json_reply(text, schema)
    except ReplyFormatError as err:
        if err.path is None:
            raise JudgeReplyError(f"reply is not a JSON object ({err.detail})") from None
        raise JudgeReplyError(f"schema violation at {err.path}: {err.detail}") from None


def render(family: str, fields: dict, seed: int = 42) -> Asked:
    """(prompt text, reply schema, reply reader) for one unit of ``family``."""
    judged = registered(family)
    return judged.render(prompts.load(judged.facts.judge_prompt), fields, seed)


class LLMJudge:
    """Judges units of any family through ``complete``, with one repair retry per unit."""

    def __init__(self, complete: Complete, model: str, seed: int = 42, image_url: Callable[[dict], str | None] | None = None):
        self.complete = complete
        self.model = model
        self.seed = seed
        self.image_url = image_url

    def judge(self, family: str, fields: dict) -> LLMResult:
        jid = judge_id(self.model, family)
        text, schema, read = render(family, fields, self.seed)
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
            return LLMResult(read(data), raw, None, jid)
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
