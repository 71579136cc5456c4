"""params.yaml ``probes``: its own module so that ``check-params`` reads it without the probe generators."""

from __future__ import annotations

from dataclasses import dataclass, field

from scifigbench.params import ParamsError


@dataclass
class ProbesConfig:
    capability_candidates: int = 3  # candidates per category; the hardest passing one is kept
    contra_offset: list[float] = field(default_factory=lambda: [0.2, 0.3])
    # [min, max] false claims in a synthetic figure's caption; a real figure's captions carry one each
    caption_claims: list[int] = field(default_factory=lambda: [2, 3])
    caption_anchor_offset: list[float] = field(default_factory=lambda: [0.2, 0.4])
    llm_generator: str | None = None  # a `services` key with role probe_writer, for real figures
    read_tolerance: float = 0.025  # share of the axis span a reader may misread an unlabelled value by
    pie_read_pp: float = 2.0  # percentage points a reader may misjudge an unlabelled wedge by
    compare_tolerance: float = 0.01  # share of the axis span below which two marks' order is unclear
    scivqa_qa: str | None = None  # SciVQA qa.json whose QA pairs become probes of imported figures
    layout_probes: bool = True  # real figures without a generator get probes from their layout reading

    def __post_init__(self) -> None:
        for name, lo, hi in (("contra_offset", 0, 1), ("caption_anchor_offset", 0, 1)):
            v = getattr(self, name)
            if len(v) != 2 or not lo < v[0] < v[1] < hi:
                raise ParamsError(f"probes.{name} must be [low, high] with 0 < low < high < 1, got {v}")
        if len(self.caption_claims) != 2 or not 1 <= self.caption_claims[0] <= self.caption_claims[1]:
            raise ParamsError(f"probes.caption_claims must be [min, max], got {self.caption_claims}")
        if self.capability_candidates < 1:
            raise ParamsError("probes.capability_candidates must be at least 1")
