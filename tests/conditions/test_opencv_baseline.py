"""The conditions stage draws its images with OpenCV's baseline kernels, in its own process and in
every pool worker: the AVX2 / AVX-512 kernels OpenCV picks by CPU round differently, and a fresh
clone on a machine without AVX-512 wrote other condition images than the committed dvc.lock's."""

from __future__ import annotations

import multiprocessing as mp
from pathlib import Path

import cv2
import pytest

from scifigbench.conditions import stage
from scifigbench.conditions.config import ConditionsConfig


def _optimized() -> bool:
    return bool(cv2.useOptimized())


def test_pool_workers_use_the_baseline_kernels() -> None:
    with mp.get_context("spawn").Pool(1, initializer=stage._init_worker) as pool:
        assert pool.apply(_optimized) is False


def test_the_stage_process_uses_the_baseline_kernels(tmp_path: Path) -> None:
    cv2.setUseOptimized(True)
    try:
        # an empty folder: the stage stops at the missing figures table, after choosing its kernels
        with pytest.raises(FileNotFoundError, match="figures.parquet"):
            stage.run(ConditionsConfig(workers=1, gallery=False), 42, tmp_path, progress=False)
        assert cv2.useOptimized() is False
    finally:
        cv2.setUseOptimized(True)
