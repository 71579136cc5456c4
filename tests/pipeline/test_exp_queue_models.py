"""Two models as queued DVC experiments on two queue workers at once, against a real HTTP server:
each request reaches the server exactly once, each experiment keeps its own model's answers, and a
later experiment repeating a model is served from the workspace's call cache the copies share."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import queued_models as Q
from helpers.tiny_pipeline import DVC
from scifigbench import paths
from scifigbench.devserver import DevServer

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not DVC.exists(), reason="dvc not installed beside the interpreter")]
FIGURES = 4  # x (describe, capability): 8 requests per model


def test_two_queued_models_on_two_workers_share_the_call_cache(tmp_path: Path) -> None:
    with DevServer(api_key=Q.KEY, latency_s=0.2) as srv:
        root = Q.build(tmp_path / "repo", srv.base_url, FIGURES, concurrency=2)
        Q.run_queued(root, ["vlm-a", "vlm-b"], jobs=2)
        per_request = 2 * FIGURES
        assert Q.per_model(srv.records) == {"vlm-a": per_request, "vlm-b": per_request}
        assert max(srv.requests.values()) == 1  # no content sent twice, though two workers ran at once
        # the workers wrote into the workspace's cache, not into their throwaway copies
        assert (root / paths.CACHE_DIR / "responses.sqlite").is_file()

        # the same model again in a new queued experiment: its answers come from the shared cache
        before = len(srv.records)
        Q.run_queued(root, ["vlm-a"], jobs=1)
        assert len(srv.records) == before
