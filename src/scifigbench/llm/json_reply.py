"""One JSON object from an LLM reply, validated against a JSON schema.

The judge and the probe generator both ask a model for a single JSON object and must turn any
other reply into a clear error rather than a silent default. Replies often wrap the object in a
Markdown code fence or a sentence, so both are tolerated; anything else raises
:class:`ReplyFormatError`, which carries the JSON path of a schema violation so each caller can
name its own context (figure, step, rubric) around it.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

import jsonschema

_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)


class ReplyFormatError(ValueError):
    """A reply that is not one JSON object valid for the schema.

    ``path`` is None when no JSON object could be read at all, else the slash-joined JSON path of
    the schema violation (``"(top level)"`` for the root); ``detail`` is the cause in words.
    """

    def __init__(self, message: str, path: str | None, detail: str) -> None:
        super().__init__(message)
        self.path = path
        self.detail = detail


def _json_object(text: str) -> Any:
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1)
    try:
        return json.loads(body)
    except json.JSONDecodeError as exc:
        first = exc
    start, end = body.find("{"), body.rfind("}")
    if 0 <= start < end:
        try:
            return json.loads(body[start:end + 1])
        except json.JSONDecodeError:
            pass
    detail = f"{first.msg} at line {first.lineno} column {first.colno}"
    raise ReplyFormatError(f"reply is not valid JSON ({detail}); reply starts {text[:80]!r}", None, detail)


@functools.lru_cache(maxsize=64)
def _validator(schema_json: str) -> Any:
    """A checked validator per schema: checking the schema itself costs more than validating a reply."""
    schema = json.loads(schema_json)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def parse_json_reply(text: str, schema: dict[str, Any]) -> Any:
    """The reply's JSON object, validated against ``schema``; raises :class:`ReplyFormatError`."""
    data = _json_object(text)
    exc = jsonschema.exceptions.best_match(_validator(json.dumps(schema, sort_keys=True)).iter_errors(data))
    if exc is not None:
        path = "/".join(str(p) for p in exc.absolute_path) or "(top level)"
        raise ReplyFormatError(f"reply violates the schema at {path}: {exc.message}", path, exc.message)
    return data
