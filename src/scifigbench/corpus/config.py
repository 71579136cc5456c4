"""The ``corpus`` section of params.yaml as a typed dataclass (read through scifigbench.params)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from scifigbench import params
from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.corpus.styles import DEFAULT_STYLE, STYLES

Source = Literal["synthetic", "manifest", "scivqa", "release"]


@dataclass
class CorpusConfig:
    source: Source = "synthetic"
    n_bar: int = 99
    n_line: int = 99
    n_pie: int = 52
    dpi: int = 150
    manifest: str | None = None
    scivqa_dir: str | None = None
    # source release: the folder paper/release.dvc imports (the same pin), and an optional folder of
    # the clean figure images named as the release's groundtruth files name them (fig_NNN.png)
    release_dir: str = "paper/release"
    release_images: str | None = None
    primary: dict[str, int] = field(default_factory=lambda: {"bar": 40, "line": 40, "pie": 20})
    ablation: dict[str, int] = field(default_factory=lambda: {"bar": 20, "line": 20, "pie": 10})
    workers: int = 2
    max_image_pixels: int = 50_000_000  # an imported image with more pixels is refused (row named)
    inputs: str = "corpus_inputs"  # dvc.yaml makes this folder a dependency of the corpus stage
    kinds: dict[str, int] = field(default_factory=dict)  # more registered kinds by count, e.g. {area: 20}
    # looks the synthetic figures are drawn in (corpus.styles registry); each kind's figures take them in turn
    styles: list[str] = field(default_factory=lambda: [DEFAULT_STYLE])

    def __post_init__(self) -> None:
        """Extra kinds must be registered, counted at least 0, and not one that has an ``n_<kind>`` key;
        styles must be registered, each named once.

        The paper's three keep their own keys so the paper's design reads as it always did; a
        typo in a kind's name would silently make no figures, hence the error naming the key.
        """
        own = set(self._paper_counts())
        for name, n in self.kinds.items():
            if name in own:
                raise params.ParamsError(f"corpus.kinds.{name}: set corpus.n_{name} instead")
            if name not in CHART_KINDS:
                raise params.ParamsError(f"corpus.kinds.{name}: unknown chart kind (known: {', '.join(CHART_KINDS)})")
            if n < 0:
                raise params.ParamsError(f"corpus.kinds.{name}: a count of figures cannot be negative, got {n}")
        if not self.styles:
            raise params.ParamsError("corpus.styles: name at least one style (the paper's look is 'paper')")
        for k, name in enumerate(self.styles):
            if name not in STYLES:
                raise params.ParamsError(f"corpus.styles[{k}]: unknown style {name!r} (known: {', '.join(STYLES)})")
        if len(set(self.styles)) != len(self.styles):
            raise params.ParamsError(f"corpus.styles: a style is named twice in {self.styles}")

    def unwatched(self, root: Path) -> str | None:
        """A warning when the import source lies outside ``inputs``: dvc would not see it change."""
        keys = {"manifest": ("manifest",), "scivqa": ("scivqa_dir",), "release": ("release_dir", "release_images")}
        inputs = (root / self.inputs).resolve()
        for key in keys.get(self.source, ()):
            source = getattr(self, key)
            if not source:
                continue
            where = (root / source).resolve()
            if where == inputs or where.is_relative_to(inputs):
                continue
            return (
                f"corpus.{key} = {source} is outside corpus.inputs = {self.inputs}: dvc will not rerun the "
                "corpus stage when its files change; set corpus.inputs to the folder that holds them"
            )
        return None

    def _paper_counts(self) -> dict[str, int]:
        return {"bar": self.n_bar, "line": self.n_line, "pie": self.n_pie}

    def counts(self) -> dict[str, int]:
        """Figures to make of each kind: the paper's three, then any further kinds asked for."""
        return {**self._paper_counts(), **self.kinds}


DEFAULT_SEED = 42  # the top-level `seed` (paper: seed 42)


def load(path: Path | str = params.DEFAULT_PARAMS) -> tuple[CorpusConfig, int]:
    """Return the corpus section and the global seed."""
    cfg = params.section(CorpusConfig, "corpus", path)
    seed = params.load_raw(path).get("seed", DEFAULT_SEED)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise params.ParamsError(f"{path}:seed: expected an integer, got {seed!r}")
    return cfg, seed
