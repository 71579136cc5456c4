"""A cached, retrying ``complete(messages) -> text`` for callers other than the respond stage.

The LLM judge takes any function from chat messages to reply text. This one sends through the
configured backend of a ``params.yaml: models`` entry with the runner's pacing and retries, and
stores answers in the same content-addressed cache (images inlined as data URLs are keyed by the
sha256 of their bytes), so rerunning a judge costs no calls and a changed rubric is never served
a stale verdict. A request that finally fails raises :class:`CallFailed` (scrubbed of the key).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from scifigbench import params
from scifigbench.llm import config
from scifigbench.llm.backends import CallFailed, ConfigError, make_backend
from scifigbench.llm.cache import CACHE_FILE, Answer, ResponseCache, cache_dir
from scifigbench.llm.request import reference_images, request_key
from scifigbench.llm.retrying import Attempts
from scifigbench.llm.run_stats import RunStats


class CachedComplete:
    """Call it with chat messages; read ``stats`` for calls, cache hits, retries and cost; ``close()`` at the end."""

    def __init__(self, model: str, params_path: Path | str = params.DEFAULT_PARAMS, cache: Path | None = None) -> None:
        self.eff = config.load(model, params_path)
        if self.eff.model.backend == "simulated":
            raise ConfigError(f"model '{model}' is a simulated respondent: it cannot answer arbitrary prompts")
        self.cache = ResponseCache(cache_dir(cache) / CACHE_FILE)
        self.stats = RunStats(model, self.eff.model.backend, self.eff.model.model_id)
        self._loop = asyncio.new_event_loop()  # one loop for the client's whole life: its connections belong to it
        self._attempts: Attempts | None = None

    def key(self, messages: list[dict[str, Any]]) -> str:
        m = self.eff.model
        return request_key(m.identity(), m.model_id, self.eff.generation, reference_images(messages))

    def __call__(self, messages: list[dict[str, Any]]) -> str:
        key = self.key(messages)
        hit = self.cache.get(key)
        if hit is not None:
            self.stats.cache_hits += 1
            return hit.text
        if self._attempts is None:
            backend = make_backend(self.eff.model, self.eff.generation, self.eff.timeout_s)
            backend.open()
            self._attempts = Attempts(self.eff, backend, self.stats)
        out = self._loop.run_until_complete(self._attempts.run(messages))
        if out.failure is not None:
            self.stats.errors += 1
            raise out.failure
        comp = out.completion
        self.cache.put(key, Answer(comp.text, comp.finish_reason, comp.prompt_tokens, comp.completion_tokens, out.latency_s))
        return comp.text

    def close(self) -> None:
        if self._attempts is not None:
            self._loop.run_until_complete(self._attempts.backend.close())
        self._loop.close()
        self.cache.close()


__all__ = ["CachedComplete", "CallFailed"]
