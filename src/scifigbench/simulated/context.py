"""What the simulated respondents may look at: figure specs, probes and blur targets.

A simulated respondent "sees" the figure through its ground-truth spec (that is the point: its
errors are drawn, not accidental). The context loads the three tables once for a whole run, or is
built from objects in memory for tests.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from scifigbench import paths
from scifigbench.caching.keys import content_key
from scifigbench.spec import FigureSpec


@dataclass
class SimContext:
    specs: dict[str, FigureSpec]
    probes: dict[str, dict] = field(default_factory=dict)  # probe_id -> probes row
    blur_targets: dict[str, dict] = field(default_factory=dict)  # target_id -> blur_targets row
    # figure_id -> the spec file's text (its to_json), kept from loading so a digest need not re-serialise
    spec_texts: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_data(cls, root: Path | str = ".") -> SimContext:
        from scifigbench.tableio import read_table

        root = Path(root)
        figures = read_table(root / paths.FIGURES, "figures", root=root)
        specs, texts = {}, {}
        for row in figures.itertuples(index=False):
            if row.spec_path is None or (isinstance(row.spec_path, float)) or str(row.spec_path) in ("", "<NA>"):
                continue
            texts[row.figure_id] = (root / str(row.spec_path)).read_text()
            specs[row.figure_id] = FigureSpec.from_dict(json.loads(texts[row.figure_id]))
        probes = {}
        if (root / paths.PROBES).exists():
            for r in read_table(root / paths.PROBES, "probes", root=root).to_dict("records"):
                probes[r["probe_id"]] = r
        targets = {}
        if (root / paths.BLUR_TARGETS).exists():
            for r in read_table(root / paths.BLUR_TARGETS, "blur_targets", root=root).to_dict("records"):
                targets[r["target_id"]] = r
        return cls(specs, probes, targets, texts)

    def spec(self, figure_id: str) -> FigureSpec:
        try:
            return self.specs[figure_id]
        except KeyError:
            raise KeyError(
                f"simulated respondent: no spec for figure '{figure_id}' (real figures have none; "
                "simulated respondents need synthetic figures)"
            ) from None

    def probe(self, probe_id: str) -> tuple[dict, dict]:
        """(probes row, parsed expected_json) of one probe."""
        try:
            row = self.probes[probe_id]
        except KeyError:
            raise KeyError(f"simulated respondent: probe '{probe_id}' is not in the probes table") from None
        try:
            expected = json.loads(row["expected_json"])
        except (TypeError, ValueError) as exc:
            raise ValueError(f"probes.parquet row probe_id={probe_id!r}: expected_json is not JSON: {exc}") from None
        return row, expected

    def figure_digests(self) -> dict[str, str]:
        """Per figure, a hash of all a respondent may read about it: its spec, its probes and its
        blur targets. A runner keys reused answers by it, so
        an edit to any of them is a new answer, while other figures' edits leave it alone."""
        probes, targets = _by_figure(self.probes), _by_figure(self.blur_targets)
        return {
            fid: content_key(self._spec_text(fid), probes.get(fid, []), targets.get(fid, []))
            for fid in {*self.specs, *probes, *targets}
        }

    def _spec_text(self, figure_id: str) -> str | None:
        """The spec's JSON text: as read from its file (the corpus writes ``to_json()`` there, so it is
        the same text), else serialised; re-serialising 250 specs per run cost 0.8 s."""
        if figure_id in self.spec_texts:
            return self.spec_texts[figure_id]
        return self.specs[figure_id].to_json() if figure_id in self.specs else None

    def blur_target(self, target_id: str) -> dict:
        try:
            return self.blur_targets[target_id]
        except KeyError:
            raise KeyError(f"simulated respondent: blur target '{target_id}' is not in blur_targets") from None


def _by_figure(rows: dict[str, dict]) -> dict[str, list[dict]]:
    """Rows keyed by id, grouped by their figure in id order."""
    out: dict[str, list[dict]] = {}
    for key in sorted(rows, key=str):
        out.setdefault(str(rows[key]["figure_id"]), []).append(rows[key])
    return out


_LOADED: dict[tuple, SimContext] = {}


def as_context(context: SimContext | dict) -> SimContext:
    """A SimContext, or one loaded once per data root from ``{"root": <repo root>}``.

    The loaded context is reused while the three tables are unchanged (keyed by their mtimes), so
    a runner may pass the same plain mapping for every setup.
    """
    if isinstance(context, SimContext):
        return context
    if not isinstance(context, dict) or "root" not in context:
        raise TypeError(
            f"simulated respondent: context must be a SimContext or a mapping with 'root', got {type(context).__name__}"
        )
    root = Path(context["root"]).resolve()
    stamp = tuple(
        (root / t).stat().st_mtime_ns if (root / t).exists() else None
        for t in (paths.FIGURES, paths.PROBES, paths.BLUR_TARGETS)
    )
    key = (str(root), stamp)
    if key not in _LOADED:
        _LOADED.clear()
        _LOADED[key] = SimContext.from_data(root)
    return _LOADED[key]


def figures_with_spec(context: SimContext | dict) -> set[str]:
    """The figures a simulated respondent can answer about: those with a ground-truth spec."""
    return set(as_context(context).specs)


def figure_digests(context: SimContext | dict) -> dict[str, str]:
    """Per figure, a hash of all a respondent may read about it (see :meth:`SimContext.figure_digests`)."""
    return as_context(context).figure_digests()
