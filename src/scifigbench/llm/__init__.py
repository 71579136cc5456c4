"""The LLM client layer: everything needed to send chat requests to a model, below every stage.

Stages use only this public face; the modules behind it are the client's own business:

- :class:`CachedComplete` — one text completion at a time through the content-addressed cache
  (the judge and the probe generator);
- :func:`cache_dir` — where the shared call cache lives;
- :class:`ConfigError`, :class:`CallFailed` — a model that cannot be configured, a call that failed;
- :class:`RunAborted` — the run cannot work as configured (wrong key, model or URL): stop, do not record;
- :func:`parse_json_reply`, :class:`ReplyFormatError` — a JSON reply checked against a schema.

The respond stage drives the lower pieces (backends, retrying, rate limits, request building)
itself. Names resolve lazily so that importing the cache does not import the OpenAI SDK.
"""

from __future__ import annotations

import importlib
from typing import Any

_PUBLIC = {
    "CachedComplete": "scifigbench.llm.complete",
    "cache_dir": "scifigbench.llm.cache",
    "ConfigError": "scifigbench.llm.apikey",
    "CallFailed": "scifigbench.llm.backends",
    "RunAborted": "scifigbench.llm.aborted",
    "parse_json_reply": "scifigbench.llm.json_reply",
    "ReplyFormatError": "scifigbench.llm.json_reply",
}
__all__ = sorted(_PUBLIC)


def __getattr__(name: str) -> Any:
    if name not in _PUBLIC:
        raise AttributeError(f"module 'scifigbench.llm' has no attribute {name!r}")
    return getattr(importlib.import_module(_PUBLIC[name]), name)
