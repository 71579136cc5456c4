"""Typed parameters of the ``conditions`` stage (the ``conditions`` section of params.yaml)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from scifigbench import params

OcrBackendName = Literal["renderer", "rapidocr", "easyocr"]


@dataclass(frozen=True)
class VettingConfig:
    """``conditions.vetting``: a declared model says of each ranked blur candidate what role its text
    plays and whether it can be inferred once blurred (``conditions.vetting_stage``)."""

    model: str  # a key of params.yaml `services` with roles [vetting]


@dataclass(frozen=True)
class ConditionsConfig:
    subset: Literal["primary", "all"] = "primary"  # figures that get the non-base conditions
    noise_sigma: float = 25.0
    lowc_alpha: float = 0.3
    lowc_beta: float = 50.0
    rot_degrees: float = 15.0
    blur_grey_blend: float = 0.7
    blur_kernel: int = 75
    blur_pad_px: int = 4
    ocr_backend: OcrBackendName = "renderer"        # boxes for figures with a spec
    real_ocr_backend: OcrBackendName = "rapidocr"   # figures without a spec can only be read by OCR
    fuzzy_threshold: float = 0.6
    page_dpi: int = 110                             # resolution of the rendered paper page
    workers: int = 2
    gallery: bool = True
    candidates_k: int = 3                           # ranked blur candidates kept per figure and mode (no spec)
    reread_below: float = 0.9                       # OCR confidence under which a candidate's label is read again
    reread_scale: float = 2.0                       # a doubtful label is read again enlarged this many times
    reread_backend: OcrBackendName | None = None    # a second engine reading doubtful labels too (None: the first only)
    vetting: VettingConfig | None = None            # a model re-ranks the candidates (its own stage; None: not asked)

    def __post_init__(self) -> None:
        if self.blur_kernel % 2 != 1 or self.blur_kernel < 3:
            raise params.ParamsError(f"conditions.blur_kernel must be an odd integer >= 3, got {self.blur_kernel}")
        if not 0.0 <= self.blur_grey_blend <= 1.0:
            raise params.ParamsError(f"conditions.blur_grey_blend must be in [0, 1], got {self.blur_grey_blend}")
        if not 0.0 < self.fuzzy_threshold <= 1.0:
            raise params.ParamsError(f"conditions.fuzzy_threshold must be in (0, 1], got {self.fuzzy_threshold}")
        if self.real_ocr_backend == "renderer":
            raise params.ParamsError("conditions.real_ocr_backend cannot be 'renderer': real figures have no spec")
        if self.candidates_k < 1:
            raise params.ParamsError(f"conditions.candidates_k must be >= 1, got {self.candidates_k}")
        if self.reread_scale <= 0 or self.reread_scale == 1.0:
            raise params.ParamsError(f"conditions.reread_scale must be > 0 and not 1, got {self.reread_scale}")
        if self.reread_backend == "renderer":
            raise params.ParamsError("conditions.reread_backend cannot be 'renderer': it reads pixels again")
        if self.workers < 1:
            raise params.ParamsError(f"conditions.workers must be >= 1, got {self.workers}")


def load(path: Path | str = params.DEFAULT_PARAMS) -> tuple[ConditionsConfig, int]:
    """The stage's config and the global seed."""
    seed = params.load_raw(path).get("seed", 42)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise params.ParamsError(f"{path}:seed must be an integer, got {seed!r}")
    return params.section(ConditionsConfig, "conditions", path), seed
