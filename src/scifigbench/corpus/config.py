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
    max_image_pixels: int = 50_000_000  # an imported image with more pixels is refused (row named)
    inputs: str = "corpus_inputs"  # dvc.yaml makes this folder a dependency of the corpus stage

    def unwatched(self, root: Path) -> str | None:
        """A warning when the import source lies outside ``inputs``: dvc would not see it change."""
        source = {"manifest": self.manifest, "scivqa": self.scivqa_dir}.get(self.source)
        if not source:
            return None
        inputs, where = (root / self.inputs).resolve(), (root / source).resolve()
        if where == inputs or where.is_relative_to(inputs):
            return None
        return (
            f"corpus.{'manifest' if self.source == 'manifest' else 'scivqa_dir'} = {source} is outside "
            f"corpus.inputs = {self.inputs}: dvc will not rerun the corpus stage when its files change; "
            "set corpus.inputs to the folder that holds them"
        )

    def counts(self) -> dict[str, int]:
        return {"bar": self.n_bar, "line": self.n_line, "pie": self.n_pie}


def load(path: Path | str = params.DEFAULT_PARAMS) -> tuple[CorpusConfig, int]:
    """Return the corpus section and the global seed."""
    cfg = params.section(CorpusConfig, "corpus", path)
    seed = params.load_raw(path).get("seed", 42)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise params.ParamsError(f"{path}:seed: expected an integer, got {seed!r}")
    return cfg, seed
