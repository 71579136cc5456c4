"""Shared helpers for the runner tests: a tiny workdir with real PNG charts, a setups table and params."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pandas as pd
import yaml

from scifigbench import paths
from scifigbench.tableio import sha256_file, write_table


def draw_chart(path: Path, seed: int, size: int = 320) -> None:
    """A small bar chart drawn with OpenCV: axes, bars of seeded heights and a title (a real PNG)."""
    rng = np.random.default_rng(seed)
    img = np.full((size, size, 3), 255, np.uint8)
    cv2.line(img, (30, size - 30), (size - 10, size - 30), (0, 0, 0), 2)
    cv2.line(img, (30, 20), (30, size - 30), (0, 0, 0), 2)
    n = 4
    width = (size - 60) // n
    for i, h in enumerate(rng.uniform(0.2, 0.9, n)):
        x0 = 40 + i * width
        colour = tuple(int(c) for c in rng.integers(0, 200, 3))
        cv2.rectangle(img, (x0, int(size - 30 - h * (size - 60))), (x0 + width - 10, size - 31), colour, -1)
        cv2.putText(img, f"c{i}", (x0, size - 12), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 1)
    cv2.putText(img, f"Figure {seed}", (60, 16), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 1)
    path.parent.mkdir(parents=True, exist_ok=True)
    assert cv2.imwrite(str(path), img)


def setup_rows(root: Path, n_figures: int, tasks: tuple[str, ...] = ("describe", "capability")) -> pd.DataFrame:
    """Setups conforming to contracts/setups.py: each figure gets one row per task, texts unique per row."""
    rows = []
    for f in range(n_figures):
        fid = f"fig{f:03d}"
        rel = Path("data/conditions/images") / f"{fid}_base.png"
        if not (root / rel).exists():
            draw_chart(root / rel, seed=f)
        for task in tasks:
            rows.append({
                "setup_id": f"{fid}/base/{task}", "figure_id": fid, "condition": "base", "task": task,
                "chart_type": "bar", "prompt_id": task, "prompt_version": "0123456789ab", "system_text": None,
                "user_text": f"Task {task} on {fid}: answer from the figure.", "image_path": str(rel),
                "image_sha256": sha256_file(root / rel), "caption": f"Caption of {fid}." if task == "describe" else None,
                "probe_ids": json.dumps([]), "blur_target_id": None,
            })
    return pd.DataFrame(rows)


def write_setups(root: Path, df: pd.DataFrame) -> pd.DataFrame:
    return write_table(df, root / paths.SETUPS, "setups", root=root)


def write_params(root: Path, models: dict[str, Any], *, services: dict[str, Any] | None = None, **run: Any) -> Path:
    """params.yaml with the respondents ``models``, the service models ``services`` and test run defaults."""
    run_section = {"temperature": 0.0, "seed": 42, "max_tokens": 256, "timeout_s": 5.0, "max_retries": 4,
                   "concurrency": 4, "requests_per_minute": None, "backoff_base_s": 0.01, "backoff_max_s": 0.05,
                   "max_error_share": None}
    run_section.update(run)
    path = root / "params.yaml"
    raw = {"seed": 42, "run": run_section, "models": models}
    if services is not None:
        raw["services"] = services
    path.write_text(yaml.safe_dump(raw))
    return path


def openai_model(base_url: str, **extra: Any) -> dict[str, Any]:
    return {"backend": "openai", "base_url": base_url, "model": "test-vlm", "api_key_env": "SCIFIGBENCH_TEST_KEY",
            "price": {"input_per_mtok": 1.0, "output_per_mtok": 2.0}, **extra}


def service_model(base_url: str, roles: tuple[str, ...] = ("judge",), **extra: Any) -> dict[str, Any]:
    """A ``services`` entry over the OpenAI-compatible API, declared for ``roles``."""
    return {"roles": list(roles), **openai_model(base_url, **extra)}


def run_model(root: Path, name: str, cache_dir: Path | None = None, **kw: Any):
    """Run one model in-process over the workdir's setups (what `scifigbench respond` does)."""
    from scifigbench.llm import config
    from scifigbench.respond import runner
    from scifigbench.tableio import read_table

    eff = config.load(name, root / "params.yaml")
    setups = read_table(root / paths.SETUPS, "setups", root=root)
    return runner.respond(eff, setups, root, cache_dir or root / paths.CACHE_DIR, root / paths.responses(name),
                          root / paths.response_stats(name), progress=False, **kw)


def mark_answered(root: Path, model: str) -> None:
    """A responses table of ``model`` answering each stored setup's current request (text "answered"),
    for tests whose units are given apart: ``plan`` sees the model has answered and nothing changes."""
    from scifigbench.contracts import RESPONSES
    from scifigbench.llm import config
    from scifigbench.llm.request import build_request
    from scifigbench.tableio import read_table

    eff = config.load(model, root / "params.yaml")
    setups = read_table(root / paths.SETUPS, "setups", root=root)
    rows = [
        {"setup_id": r["setup_id"], "model": model, "model_id": eff.model.model_id, "backend": eff.model.backend,
         "request_hash": build_request(r, eff.model.identity(), eff.model.model_id, eff.generation, root).key,
         "text": "answered"}
        for r in setups.to_dict("records")
    ]
    write_table(pd.DataFrame(rows, columns=RESPONSES.column_names), root / paths.responses(model), "responses",
                root=root)
