"""The corpus stage of the real dvc.yaml depends on the import folder: a changed caption or image reruns it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
DVC = Path(sys.executable).parent / "dvc"


def _dvc(cwd: Path, *args: str) -> str:
    env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "DVC_NO_ANALYTICS": "1", "HOME": str(cwd)}
    res = subprocess.run([str(DVC), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, f"dvc {' '.join(args)} failed:\n{res.stdout}\n{res.stderr}"
    return res.stdout


@pytest.mark.slow
def test_changed_caption_or_image_reruns_corpus(tmp_path: Path) -> None:
    if not DVC.exists():
        pytest.skip(f"dvc not installed next to {sys.executable}")
    shutil.copy(REPO / "dvc.yaml", tmp_path / "dvc.yaml")
    shutil.copytree(REPO / "bin", tmp_path / "bin")  # the launcher the stages run
    shutil.copytree(
        REPO / "src" / "scifigbench", tmp_path / "src" / "scifigbench", ignore=shutil.ignore_patterns("__pycache__")
    )
    params = yaml.safe_load((REPO / "params.yaml").read_text())
    params["corpus"].update(source="manifest", manifest="corpus_inputs/manifest.csv", inputs="corpus_inputs")
    (tmp_path / "params.yaml").write_text(yaml.safe_dump(params))
    inputs = tmp_path / "corpus_inputs"
    (inputs / "img").mkdir(parents=True)
    Image.new("RGB", (120, 80), "white").save(inputs / "img" / "a.png")
    manifest = inputs / "manifest.csv"
    manifest.write_text("id,image,chart_type,caption\nfa,img/a.png,bar,First.\n")
    _dvc(tmp_path, "init", "--no-scm", "-q")
    _dvc(tmp_path, "repro", "corpus")
    assert "up to date" in _dvc(tmp_path, "status", "corpus")

    manifest.write_text('id,image,chart_type,caption\nfa,img/a.png,bar,"First, edited."\n')
    assert "modified:           corpus_inputs" in _dvc(tmp_path, "status", "corpus")
    _dvc(tmp_path, "repro", "corpus")
    Image.new("RGB", (80, 120), "white").save(inputs / "img" / "a.png")  # "rotated"
    assert "modified:           corpus_inputs" in _dvc(tmp_path, "status", "corpus")
