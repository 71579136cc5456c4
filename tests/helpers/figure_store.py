"""Generated specs and drawn figures, made once per test run and shared by every module and worker.

Why: several modules draw the same corpus figures (the conditions targets and the layout reader
both draw bar 0-4, line 0-4 and pie 0-2 of seed 42 at 100 dpi; the styles test draws its paper
look again inside a test) and generate the same specs (the legend and content tests both generate
bar, line, curve and area 0-39 of seed 42 at 60 dpi, the legend test twice). Both are pure
functions of their arguments and of the code, so the first caller in the run makes each one (under
:func:`helpers.built_once.built_once`'s lock, in the folder the xdist workers share) and every
other caller reads it back.

What a test is handed cannot leak into another test: a drawn figure is its spec JSON and PNG
bytes (immutable), and a generated spec is unpickled afresh on every call (a test may render or
change its copy).
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from helpers.built_once import built_once
from scifigbench.corpus.styles import DEFAULT_STYLE
from scifigbench.spec import FigureSpec

# (seed, chart type, index, dpi[, style]): build_figure's job
Job = tuple


class FigureStore:
    """The run's shared figures; one per worker (the ``figure_store`` session fixture)."""

    def __init__(self, tmp_path_factory: pytest.TempPathFactory) -> None:
        self._factory = tmp_path_factory
        self._drawn: dict[Job, tuple[str, bytes]] = {}
        self._specs: dict[tuple, bytes] = {}

    def drawn(self, job: Job) -> tuple[str, bytes]:
        """``build_figure(job)``: (spec JSON, PNG bytes). A job without a style is the paper's look,
        as :func:`scifigbench.corpus.synthetic.build_figure` draws it."""
        from scifigbench.corpus.synthetic import build_figure

        key = (*job[:4], job[4] if len(job) > 4 else DEFAULT_STYLE)
        if key not in self._drawn:

            def build(root: Path) -> None:
                spec_json, png = build_figure(key)
                (root / "spec.json").write_text(spec_json, encoding="utf-8")
                (root / "figure.png").write_bytes(png)

            root = built_once(self._factory, "drawn-" + "-".join(map(str, key)), build)
            self._drawn[key] = ((root / "spec.json").read_text(encoding="utf-8"), (root / "figure.png").read_bytes())
        return self._drawn[key]

    def generated(self, seed: int, chart_type: str, index: int, dpi: int) -> FigureSpec:
        """A fresh copy of ``generate(seed, chart_type, index, dpi)`` (not rendered)."""
        from scifigbench.corpus.generate import generate

        key = (seed, chart_type, index, dpi)
        if key not in self._specs:

            def build(root: Path) -> None:
                (root / "spec.pickle").write_bytes(pickle.dumps(generate(*key)))

            root = built_once(self._factory, "spec-" + "-".join(map(str, key)), build)
            self._specs[key] = (root / "spec.pickle").read_bytes()
        return pickle.loads(self._specs[key])
