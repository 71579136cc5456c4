"""The ``corpus`` section of params.yaml as a typed dataclass (read through scifigbench.params)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from scifigbench import params

Source = Literal["synthetic", "manifest", "scivqa"]


@dataclass
class CorpusConfig:
    source: Source = "synthetic"
    n_bar: int = 99
    n_line: int = 99
    n_pie: int = 52
    dpi: int = 150
    manifest: str | None = None
    scivqa_dir: str | None = None
    primary: dict[str, int] = field(default_factory=lambda: {"bar": 40, "line": 40, "pie": 20})
    ablation: dict[str, int] = field(default_factory=lambda: {"bar": 20, "line": 20, "pie": 10})
    workers: int = 2
    max_image_pixels: int = 50_000_000   # an imported image with more pixels is refused (row named)

    def counts(self) -> dict[str, int]:
        return {"bar": self.n_bar, "line": self.n_line, "pie": self.n_pie}


def load(path: Path | str = params.DEFAULT_PARAMS) -> tuple[CorpusConfig, int]:
    """Return the corpus section and the global seed."""
    cfg = params.section(CorpusConfig, "corpus", path)
    seed = params.load_raw(path).get("seed", 42)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise params.ParamsError(f"{path}:seed: expected an integer, got {seed!r}")
    return cfg, seed
