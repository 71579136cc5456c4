"""A copy of the real pipeline (dvc.yaml, src/, review/) in a temporary git+dvc repo, on tiny params.

The stages run the copied source (PYTHONPATH points at it), so the repo's dvc.yaml is exercised
exactly as written, code deps included, without hashing or touching the working tree.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from scifigbench import paths

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
DVC = BIN / "dvc"


def tiny_params(models: tuple[str, ...] = ("sim-careful", "sim-weak")) -> dict[str, Any]:
    """params.yaml with a 6-figure corpus, a short bootstrap and the named simulated models."""
    params = yaml.safe_load((REPO / "params.yaml").read_text())
    params["corpus"].update(
        n_bar=2,
        n_line=2,
        n_pie=2,
        workers=1,
        dpi=80,
        primary={"bar": 1, "line": 1, "pie": 1},
        ablation={"bar": 1, "line": 0, "pie": 0},
    )
    params["conditions"].update(workers=1, page_dpi=40)
    params["metrics"].update(bootstrap=100, split_half_splits=5)
    params["models"] = {m: {"backend": "simulated", "profile": m.removeprefix("sim-")} for m in models}
    return params


def manifest_params(manifest: str, figures: int, base_url: str, key_env: str) -> dict[str, Any]:
    """params.yaml for a manifest of real figures, every one in the primary subset, answered by
    one model (``api``) behind an OpenAI-compatible server at ``base_url``; no simulated model
    (they skip figures without a spec) and no generator model (the layout reading writes probes)."""
    params = tiny_params(())
    primary = {kind: figures for kind in ("bar", "line", "pie", "histogram")}
    params["corpus"].update(source="manifest", manifest=manifest, primary=primary, ablation={})
    params["models"] = {
        "api": {
            "backend": "openai",
            "api_key_env": key_env,
            "base_url": base_url,
            "model": "vlm",
            "requests_per_minute": None,
            "concurrency": 4,
        }
    }
    assert not params["probes"].get("llm_generator")
    return params


def sh(cwd: Path, *args: str, check: bool = True, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    full_env = {
        **os.environ,
        "DVC_NO_ANALYTICS": "1",
        "PYTHONPATH": str(cwd / "src"),
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.org",
        **(env or {}),
    }
    res = subprocess.run(list(args), cwd=cwd, env=full_env, capture_output=True, text=True, timeout=900)
    if check:
        assert res.returncode == 0, f"{' '.join(args)} failed:\n{res.stdout[-3000:]}\n{res.stderr[-3000:]}"
    return res


def make_repo(root: Path, params: dict[str, Any]) -> Path:
    """A git + dvc repository holding the pipeline; returns its path."""
    root.mkdir(parents=True)
    shutil.copytree(REPO / "src", root / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    shutil.copytree(REPO / "review", root / "review")
    shutil.copytree(REPO / "bin", root / "bin")  # the launcher the stages run
    shutil.copytree(REPO / "corpus_inputs", root / "corpus_inputs")  # a dvc dep of the corpus stage
    (root / paths.JUDGE_CARD).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / paths.JUDGE_CARD, root / paths.JUDGE_CARD)  # a dvc dep of the report stage
    shutil.copy(REPO / "dvc.yaml", root / "dvc.yaml")
    shutil.copy(REPO / ".gitignore", root / ".gitignore")
    write_params(root, params)
    sh(root, "git", "init", "-q")
    sh(root, str(DVC), "init", "-q")
    # the project's own ignores over `dvc init`'s empty one: without them the bytecode the stages
    # write into src/ changes its folder deps' hashes, and a finished run looks out of date
    shutil.copy(REPO / ".dvcignore", root / ".dvcignore")
    sh(root, str(DVC), "config", "core.analytics", "false")
    return root


def write_params(root: Path, params: dict[str, Any]) -> None:
    (root / "params.yaml").write_text(yaml.safe_dump(params, sort_keys=False))


def snapshot(root: Path, *folders: str) -> dict[str, bytes]:
    """Every file under ``folders`` (relative path -> bytes)."""
    out = {}
    for folder in folders:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file():
                out[str(path.relative_to(root))] = path.read_bytes()
    return out
