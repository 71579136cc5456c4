"""A test judge server's replies: a schema-valid verdict for any family's judge prompt.

The server sees only the prompt, so the family is told by the reply format the prompt asks for
(each judge prompt ends by spelling out its JSON object). Verdicts are fixed, not graded: the
tests that use this count requests, they do not check judgments.
"""

from __future__ import annotations

import json
import re
from typing import Any


def prompt_text(body: dict[str, Any]) -> str:
    """The text of the last user message (a string or the text parts of a list)."""
    content = body["messages"][-1]["content"]
    if isinstance(content, str):
        return content
    return "\n".join(p.get("text", "") for p in content if p.get("type") == "text")


def valid_verdict(body: dict[str, Any]) -> str:
    """A reply that validates against the schema of the family whose prompt ``body`` carries."""
    text = prompt_text(body)
    if '"items": [' in text:
        return json.dumps({"items": [], "violations": [], "binding_errors": []})
    if "one entry per pair number" in text:
        pairs = len(re.findall(r"^\d+\. A: ", text, flags=re.M))
        return json.dumps({str(i): {"answer": "A", "reason": "r"} for i in range(1, pairs + 1)})
    if '"mentioned": true|false' in text:
        return json.dumps({"mentioned": False, "admits": False, "fabricates": False, "correct": False, "reason": "r"})
    if '"admits": true|false' in text:
        return json.dumps({"admits": True, "fabricates": False, "correct": False, "reason": "r"})
    if '"score":' in text:
        return json.dumps({"score": 1.0, "reason": "r"})
    if '"correct": true|false' in text:
        return json.dumps({"correct": True, "reason": "r"})
    raise AssertionError(f"not a judge prompt: {text[:120]!r}")
