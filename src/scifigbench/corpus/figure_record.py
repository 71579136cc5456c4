"""One figure as it enters the corpus tables, whatever its source (synthetic or imported)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scifigbench.spec import FigureSpec
from scifigbench.tableio import sha256_bytes


@dataclass
class FigureRecord:
    figure_id: str
    source: str
    chart_type: str
    variant: str
    n_panels: int
    title: str | None
    image_path: str
    image_sha256: str
    width: int
    height: int
    spec_path: str | None
    caption: str | None
    reference_description: str | None
    style: str | None = None  # only synthetic figures have one (their spec says it); the breakdowns split by it
    text_elements: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def from_spec(cls, spec: FigureSpec, png: bytes, corpus_dir: Path) -> FigureRecord:
        elements = [{"figure_id": spec.figure_id, "element_id": t.element_id, "role": t.role, "text": t.text,
                     "panel": t.panel, "axis": t.axis, "series": t.series, "category": t.category,
                     "value": t.value, "x0": t.x0, "y0": t.y0, "x1": t.x1, "y1": t.y1}
                    for t in spec.text_elements]
        return cls(
            figure_id=spec.figure_id, source="synthetic", chart_type=spec.chart_type, variant=spec.variant,
            n_panels=len(spec.panels), title=spec.title,
            image_path=(corpus_dir / "images" / f"{spec.figure_id}.png").as_posix(),
            image_sha256=sha256_bytes(png), width=spec.width, height=spec.height,
            spec_path=(corpus_dir / "specs" / f"{spec.figure_id}.json").as_posix(),
            caption=spec.caption, reference_description=spec.reference_description, style=spec.style,
            text_elements=elements,
        )

    def figure_row(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "text_elements"}
